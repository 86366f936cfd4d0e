/* SPDX-License-Identifier: GPL-2.0-only */
/* The devices udevd has seen added without a node (an add with no MAJOR
 * and MINOR, finished with 0), by DEVPATH, with their SUBSYSTEM. udev
 * writes no record for such a device when the rules gave it nothing to
 * remember (udev/db/db.h), so the rescan after lost netlink events
 * (rescan.h) asks here whether it has seen the device (then it is not
 * added again) and which of them are gone from sysfs (they get a remove).
 * Kept with --netlink only (nothing else rescans), in memory only: after
 * udevd restarts, a rescan may add such a device once more. At most
 * SEEN_MAX devices and SEEN_BYTES of their names; beyond that one more is
 * not remembered (logged once), and a rescan may add it again. */
#ifndef UDEVD_SEEN_H
#define UDEVD_SEEN_H

#include "../queue/queue.h"

#include <stddef.h>
#include <stdint.h>

#define SEEN_MAX   65536
#define SEEN_BYTES (4 << 20)

struct seen_slot {
	uint64_t hash;
	char *dev;                 /* "DEVPATH\0SUBSYSTEM\0"; NULL: free */
};

/* Open addressing by a hash of DEVPATH; empty is all zeroes. */
struct seen {
	struct seen_slot *v;
	size_t cap, n, used;       /* slots, devices, devices and deleted slots */
	size_t bytes;              /* of the devices' names */
	size_t rebuilds;           /* tables built (test/unit/seen-rebuilds.c) */
	int full_logged;
};

/* What a finished event says: an add without a node (rc 0) is seen, a
 * remove is not any more, a move carries its device to the new DEVPATH. */
void seen_note(struct seen *t, const struct event *ev, int rc);
int seen_has(const struct seen *t, const char *devpath);
typedef void seen_fn(void *ctx, const char *devpath, const char *subsystem);
void seen_each(const struct seen *t, seen_fn *fn, void *ctx);

#endif
