/* SPDX-License-Identifier: GPL-2.0-only */
/* Running PROGRAM, IMPORT{program}, RUN and dev.d scripts: no shell,
 * '...' quoting, a time bound, optional capture of stdout. */
#ifndef UDEV_EXEC_H
#define UDEV_EXEC_H

#include <stddef.h>

#define EXEC_ARGS_MAX 32

/* Splits cmd in place into argv (room for max + 1) as udev 050 and 064
 * did: a command without a space is one word, followed by bare_arg (the
 * subsystem) unless that is NULL; else every space ends a word (two spaces
 * make an empty word, as does a trailing one; tabs are no separators), and
 * a word that starts with ' runs to the next ' (spaces after it skipped).
 * One difference: no empty word after a closing ' at the end (064 added
 * one). Returns argc, 0 for an empty command. */
int exec_split(char *cmd, char **argv, int max, const char *bare_arg);
/* Runs argv with envp, less the loader's variables (loader.h), as its whole
 * environment; stdout into out
 * (NUL-terminated, trailing newlines cut) when out is not NULL. Returns the
 * exit status, or -ETIMEDOUT when killed after timeout seconds, or -errno
 * when it could not run. */
int exec_run(char *const argv[], char *const envp[], char *out, size_t size, int timeout);
/* The folder where a program named without a '/' is looked for before
 * $PATH (udev.conf udev_libexec, default /lib/udev as udev 100-117 did). */
void exec_set_libexec(const char *dir);
/* The file a program named without a '/' runs from when it is in that
 * folder, else name itself: into buf. */
const char *exec_locate(const char *name, char *buf, size_t size);
/* Seconds a program may run: UDEV_EXEC_TIMEOUT's value s, default 30. */
#define EXEC_TIMEOUT_DEFAULT 30
int exec_timeout_parse(const char *s);

#endif
