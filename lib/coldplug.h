/* SPDX-License-Identifier: GPL-2.0-only */
/* The devices of sysfs that have a `dev` file (or all of them), in coldplug
 * order (mem first, block after the others, device-mapper last): shared by
 * udevstart and by udevd's rescan after lost netlink events. */
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
	int all;        /* devices without a dev file too */
};

/* Walks the legacy /class and /block directories and the modern /devices
 * tree (today's /class symlinks are skipped, never counted twice) below
 * SYSFS_PATH and fills l, sorted. With all, devices without a node too
 * (every /class/X/Y directory; below /devices, those with a uevent file). */
void coldplug_scan(struct coldplug_list *l, int all);
void coldplug_free(struct coldplug_list *l);
/* The one walk of sysfs (udevstart, udevd's rescan, udevtrigger): below
 * SYSFS_PATH's top ("/devices", "/class" or "/block"), real directories
 * only (never a symlink), each folder in name order, a parent before its
 * children. fn(ctx, devpath, subsystem) sees: below /devices every
 * directory with a subsystem link, /class/NAME/DEV (subsystem NAME), and
 * /block/DISK (subsystem "block"), then DISK's subdirectories (partitions
 * and others) when fn returned > 0 for DISK. */
typedef int (*coldplug_fn)(void *ctx, const char *devpath, const char *subsystem);
void coldplug_walk(const char *top, coldplug_fn fn, void *ctx);
/* Appends one device (devpath copied); nothing when memory runs out. */
void coldplug_add(struct coldplug_list *l, const char *devpath, const char *subsystem);

#endif
