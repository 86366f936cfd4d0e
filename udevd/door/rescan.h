/* SPDX-License-Identifier: GPL-2.0-only */
/* After the kernel reported lost netlink events (ENOBUFS): a walk of udev's
 * database and of sysfs that makes /dev and the database converge to sysfs:
 * a "remove" for each record whose device is gone and for each device seen
 * without a node (seen.h) that is gone, an "add" for each device without a
 * record (and, when it has no node, not seen) or whose node is missing or
 * stale. */
#ifndef UDEVD_RESCAN_H
#define UDEVD_RESCAN_H

#include "msg.h"
#include "sysfs.h"

#include <stddef.h>

struct seen;
typedef void rescan_fn(void *ctx, struct msg_event *m);

/* What the rescan (and the watch, watch.h) needs of a record: its P:, N:,
 * U: and M: lines. */
struct rescan_rec {
	char devpath[SYSFS_PATH_MAX], name[256], subsystem[64], major[24], *minor;
};
/* Reads the record file (or a watch entry) into r; 0, or -errno
 * (-EINVAL without a DEVPATH). */
int rescan_rec_read(const char *file, struct rescan_rec *r);
/* The event the kernel would give into m: ACTION, DEVPATH, SUBSYSTEM,
 * MAJOR and MINOR when known ("" when not), UDEVD_EVENT_SOURCE=source
 * (and UDEVD_RESCAN=1 when that is "rescan"); an add also gets DEVNAME.
 * 0, or -E2BIG. */
int rescan_event(struct msg_event *m, const char *action, const char *source,
		 const char *devpath, const char *subsystem, const char *major, const char *minor);

/* Reads udev.conf (UDEV_CONFIG_FILE) for udev_root and udev_db; calls fn
 * first for a remove of each record whose DEVPATH is gone from sysfs and
 * of each device of seen (may be NULL) that is gone and has no record
 * (deepest first; *removed counts them), then, walking sysfs in coldplug
 * order, for an add of each device with a node that has no record, or
 * whose node is missing or has another type or device number, and of each
 * device without a node that has no record and is not in seen. Returns
 * how many adds it made, or -errno when udev.conf is unreadable. */
int rescan_run(const struct seen *seen, rescan_fn *fn, void *ctx, int *removed);

#endif
