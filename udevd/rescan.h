/* SPDX-License-Identifier: GPL-2.0-only */
/* After the kernel reported lost netlink events (ENOBUFS): a walk of sysfs
 * that makes an "add" event for every device whose node is missing or stale. */
#ifndef UDEVD_RESCAN_H
#define UDEVD_RESCAN_H

#include "msg.h"

#include <stddef.h>

typedef void rescan_fn(void *ctx, struct msg_event *m);

/* Reads udev.conf (UDEV_CONFIG_FILE) for udev_root and udev_db, walks sysfs
 * in coldplug order and calls add() for each device whose database record
 * or node is missing, or whose node has another type or device number.
 * Returns how many events it made, or -errno when udev.conf is unreadable. */
int rescan_run(rescan_fn *add, void *ctx);

#endif
