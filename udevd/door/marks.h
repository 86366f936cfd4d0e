/* SPDX-License-Identifier: GPL-2.0-only */
/* The variables udevd sets in the environment of the events it runs, for
 * udev, its rules and its programs. They are believed because no event
 * brings its own: each door removes them from what it receives before it
 * adds its own (docs/hardening.md, threat model item 9). */
#ifndef UDEVD_MARKS_H
#define UDEVD_MARKS_H

#include <stddef.h>

#define MARK_LATE   "UDEVD_LATE"          /* a newer event of the device ran (queue.c) */
#define MARK_SOURCE "UDEVD_EVENT_SOURCE"  /* netlink, rescan or watch (netlink.c, rescan.c, watch.c) */
#define MARK_RESCAN "UDEVD_RESCAN"        /* 1: made by the rescan (rescan.c) */
/* and MSG_UDEVD_EVENT_KEY (msg.h): 1 in every event udevd runs (pool.c, fork.c) */

/* Removes every entry of those four from env, len bytes of NUL-ended
 * KEY=value entries (msg_check'd), in place. Returns the new length;
 * *first is the key of the first entry removed, NULL when there was none. */
size_t marks_drop(char *env, size_t len, const char **first);

#endif
