/* SPDX-License-Identifier: GPL-2.0-only */
/* The command-line conventions every program of the suite keeps
 * (docs/conventions.md): --help and --version print and exit 0 before
 * anything else happens; a usage error exits 1; "--name value" and
 * "--name=value" are the same; a timeout exits 16. No stdio, no heap. */
#ifndef LIB_OPTS_H
#define LIB_OPTS_H

#define EXIT_USAGE   1
#define EXIT_TIMEOUT 16   /* = MSG_RC_TIMEOUT: udevd silent, or --timeout passed */

/* 1 when argv holds --help (usage, the text of one or more lines, on stdout)
 * or --version ("PROG, version N (udev-legacy)"): the caller exits 0 and does
 * nothing else. Arguments after "--" are not looked at. */
int opts_std(int argc, char **argv, const char *prog, const char *usage);
/* A usage error: "PROG: WHAT 'ARG'" and the usage on stderr; EXIT_USAGE. */
int opts_usage_error(const char *prog, const char *usage, const char *what, const char *arg);
/* The suite's one wording of the three option errors (docs/conventions.md):
 *   PROG: unknown option '--bogus'
 *   PROG: missing value of '--timeout'
 *   PROG: bad value of --max-childs 'abc'
 * each followed by the usage on stderr; EXIT_USAGE. */
int opts_unknown(const char *prog, const char *usage, const char *arg);
int opts_missing(const char *prog, const char *usage, const char *name);
int opts_bad_value(const char *prog, const char *usage, const char *name, const char *value);
/* "--name=value" or "--name value" at argv[*i] (advancing *i over a separate
 * value); NULL when argv[*i] is not --name. *missing is set when --name ends
 * the command line without its value. */
const char *opts_value(int argc, char **argv, int *i, const char *name, int *missing);

#endif
