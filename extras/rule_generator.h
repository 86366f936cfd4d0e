/* SPDX-License-Identifier: GPL-2.0-only */
/* What write_net_rules and write_cd_rules share (rule_generator.c): the
 * generated rules file (in the last rules folder of udev.conf, or beside
 * udev_root when that folder cannot be written), its lock, the names its
 * rules already give, and the appending of new rules. */
#ifndef EXTRAS_RULE_GENERATOR_H
#define EXTRAS_RULE_GENERATOR_H

#include <stddef.h>

/* Exit codes, as udev 117's scripts gave them (docs/write_net_rules.8, write_cd_rules.8). */
#define RULEGEN_EXIT_INVALID 1   /* a variable missing, no match to write */
#define RULEGEN_EXIT_WRITE   2   /* the lock not taken, the file not written */

struct rulegen {
	char file[512];      /* where new rules go */
	char ro_file[512];   /* the read-only file read too ("" when none) */
	char lock[512];      /* the lock folder ("" when there is none) */
	char prog[256];      /* the program's name as the header gives it */
	int header;          /* neither file exists yet: the header first */
};

/* Finds the files for rules file NAME (70-persistent-net.rules) and takes
 * the lock, waiting as 117 did (30 s). 0, or an exit code after a log. */
int rulegen_open(struct rulegen *rg, const char *argv0, const char *name);
/* Drops the lock. */
void rulegen_close(struct rulegen *rg);
/* Whether a rule of either file has KEY"name" (KEY: `NAME=`). */
int rulegen_taken(const struct rulegen *rg, const char *key, const char *name);
/* The number to put after base for a new KEY"baseN": one more than the
 * highest in either file (base alone counts as 0), -1 when none has one. */
long rulegen_next(const struct rulegen *rg, const char *key, const char *base);
/* Appends text to the file in one write; 0 or RULEGEN_EXIT_WRITE. */
int rulegen_append(const struct rulegen *rg, const char *text);
/* A value that is not safe inside a rule's quotes ('"', '\', a control
 * character): 1 after a log, 0 when it is. */
int rulegen_bad_value(const char *what, const char *value);
/* Copies s into a comment line: control characters become spaces. */
void rulegen_comment(char *to, size_t size, const char *s);
/* getenv, with "" as unset (the scripts' [ "$X" ]). */
const char *rulegen_env(const char *name);

#endif
