/* SPDX-License-Identifier: GPL-2.0-only */
/* udev 117's record of the add events that failed, for udevadm trigger
 * --retry-failed (failed.c): in <udev_root>/.udev/failed, a link named by
 * the DEVPATH ('/' written \x2f, '\' \x5c) that points to it, made when an
 * add ends with a code other than 0 and removed when any other event of
 * the device ends; a move takes it along. */
#ifndef UDEVD_FAILED_H
#define UDEVD_FAILED_H

#define FAILED_DIR "/.udev/failed"

struct failed {
	char dir[512];
	int any;        /* the folder may hold a link: only then are they looked for */
};

/* The folder under udev_root (udev.conf), and whether it holds anything. */
void failed_init(struct failed *f, const char *udev_root);
/* An event of the device ended with rc. */
void failed_note(struct failed *f, const char *action, const char *devpath,
		 const char *devpath_old, int rc);

#endif
