/* SPDX-License-Identifier: GPL-2.0-only */
/* Variables every event gets (udevadm control --env=KEY=VALUE, udev 117's
 * global environment): held by udevd, added to an event's environment
 * where the event has no such key (globals.c). */
#ifndef UDEVD_GLOBALS_H
#define UDEVD_GLOBALS_H

#include <stddef.h>

/* Room for all of them, "KEY=VALUE\0" each; the longest key. */
#define GLOBALS_MAX 4096
#define GLOBALS_KEY_MAX 256

/* "KEY=VALUE" sets KEY, "KEY=" drops it; 0, -EINVAL (no '=' or no key),
 * -E2BIG (no room). */
int globals_set(const char *kv);
/* The ones the environment block env (envlen bytes) lacks, "KEY=VALUE\0"
 * after another, into out when they fit in size: their length, else 0. */
size_t globals_for(const char *env, size_t envlen, char *out, size_t size);
/* In a forked child: envp (NULL-terminated) with the ones env lacks
 * after it and room for one entry more, or envp itself when there are
 * none (or no memory). */
char **globals_envp(char **envp, const char *env, size_t envlen);

#endif
