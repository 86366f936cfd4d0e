/* SPDX-License-Identifier: GPL-2.0-only */
/* OPTIONS watch (udev(8)): udevd watches the nodes that udev's watch list
 * names (<udev_db>/.watch, udev/db/db.h) with inotify, and a close
 * after a write on one (mkfs, a new label, a new partition table) becomes
 * a "change" event of its device, so that the rules read it again. The
 * list is read at start-up (a watch outlives a restart of udevd) and
 * followed: an entry written adds its node, an entry removed (remove)
 * drops it. A write while an event of the device runs brings no event (the
 * rules' own programs, as udev's worker stops watching while it works in
 * later udev): the caller reads the watch before the workers' results.
 * udevd makes .watch in udev_db when it starts and when udev_db appears (an
 * empty list wakes nobody; udev keeps it when its last entry goes); while
 * udev_db is missing, the nearest folder of its path that is there is
 * watched for the next step (udevd makes no folder above .watch). */
#ifndef UDEVD_WATCH_H
#define UDEVD_WATCH_H

#include "rescan.h"
#include "../queue/queue.h"

struct watch_node;

struct watch {
	int fd;                  /* inotify, -1 when there is none */
	int db_wd, dir_wd;       /* a folder above .watch while it is missing; .watch */
	char dir[528], root[512];
	char next[256];          /* the name db_wd waits for */
	struct watch_node *v;
	int n, cap;
};

/* Reads udev.conf (UDEV_CONFIG_FILE) and watches what the list names.
 * 0, or -errno (no watching then: the rest of udevd goes on). */
int watch_init(struct watch *w);
/* Reads what inotify has: the list's changes, and for each node closed
 * after a write, fn with its change event, unless an event of the same
 * device runs in q. */
void watch_read(struct watch *w, const struct queue *q, rescan_fn *fn, void *ctx);

#endif
