/* SPDX-License-Identifier: GPL-2.0-only */
/* What udevd tells others of an event (the broadcast on netlink, which any
 * user may read, and udevmonitor): the event's own variables (the kernel's;
 * by hand, those udevsend took for the event: msg.h's arg) and what udev's
 * rules set or imported, never its sender's environment, udevd's additions
 * (UDEV_*, SYSFS_PATH, HOME and PATH on a netlink event) nor udev's and
 * udevd's own variables (UDEV_*, UDEVD_*). */
#ifndef UDEVD_PUBLIC_H
#define UDEVD_PUBLIC_H

#include "../queue/queue.h"

#include <stddef.h>

/* The block into out (cap bytes); from udev's properties when props and
 * the worker sent them, else from the event's environment. Its length. */
size_t event_public(const struct event *ev, int props, char *out, size_t cap);

#endif
