/* SPDX-License-Identifier: GPL-2.0-only */
/* Running PROGRAM, IMPORT{program}, RUN and dev.d scripts: no shell,
 * '...' quoting, a time bound, optional capture of stdout. */
#ifndef UDEV_EXEC_H
#define UDEV_EXEC_H

#include <stddef.h>

#define EXEC_ARGS_MAX 32

/* Splits cmd in place into argv at blanks; '...' groups words. Returns argc. */
int exec_split(char *cmd, char **argv, int max);
/* Runs argv with envp as its whole environment; stdout into out
 * (NUL-terminated, trailing newlines cut) when out is not NULL. Returns the
 * exit status, or -ETIMEDOUT when killed after timeout seconds, or -errno
 * when it could not run. */
int exec_run(char *const argv[], char *const envp[], char *out, size_t size, int timeout);
/* Seconds a program may run: UDEV_EXEC_TIMEOUT's value s, default 30. */
#define EXEC_TIMEOUT_DEFAULT 30
int exec_timeout_parse(const char *s);

#endif
