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
#include "synth.h"

#include <stddef.h>

struct seen;
typedef void rescan_fn(void *ctx, struct msg_event *m);

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
