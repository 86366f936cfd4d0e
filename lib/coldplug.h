/* SPDX-License-Identifier: GPL-2.0-only */
/* The devices of sysfs that have a `dev` file, in coldplug order (mem first,
 * block after the others, device-mapper last): shared by udevstart and by
 * udevd's rescan after lost netlink events. */
#ifndef LIB_COLDPLUG_H
#define LIB_COLDPLUG_H

struct coldplug_dev {
	char *devpath;
	char subsystem[64];
	int prio, index;
};

struct coldplug_list {
	struct coldplug_dev *v;
	int n, cap;
};

/* Walks the legacy /class and /block directories and the modern /devices
 * tree (today's /class symlinks are skipped, never counted twice) below
 * SYSFS_PATH and fills l, sorted. */
void coldplug_scan(struct coldplug_list *l);
void coldplug_free(struct coldplug_list *l);

#endif
