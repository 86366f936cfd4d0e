/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the line parser (parse.c) and the file reader (load.c). */
#ifndef UDEV_RULES_PARSE_H
#define UDEV_RULES_PARSE_H

#include "rules.h"

/* Parses one logical line into tokens and a rule; a bad line is logged,
 * counted in rs->errors and dropped. */
void parse_line(struct rules *rs, const char *line, const char *file, int lineno);
/* Finishes a rule once its file's syntax is known: dialect is RULES_050,
 * RULES_064 or RULES_100; *program: a PROGRAM was seen earlier in the file. */
void finish_rule(struct rules *rs, struct rule *r, int dialect, int *program);
/* Frees the tokens from index from on. */
void drop_tokens(struct rules *rs, int from);

#endif
