/* SPDX-License-Identifier: GPL-2.0-only */
/* udev's exit codes (0..15, so that udevsend can pass them through); the
 * table is repeated at the top of udev.c and in docs. */
#ifndef UDEV_EXITCODE_H
#define UDEV_EXITCODE_H

enum udev_exit {
	UDEV_EXIT_OK = 0,        /* done (also: ignored by a rule, or stale) */
	UDEV_EXIT_USAGE = 1,     /* no ACTION, DEVPATH or SUBSYSTEM */
	UDEV_EXIT_CONFIG = 2,    /* udev.conf unreadable or with bad lines */
	UDEV_EXIT_RULES = 3,     /* a rule file unreadable or with bad rules */
	UDEV_EXIT_NODEVICE = 4,  /* no sysfs data and no MAJOR/MINOR for add */
	UDEV_EXIT_NODE = 5,      /* the device node could not be created */
	UDEV_EXIT_SYMLINK = 6,   /* a symlink could not be created */
	UDEV_EXIT_PERM = 7,      /* chown/chmod failed */
	UDEV_EXIT_DB = 8,        /* the database record could not be written */
	UDEV_EXIT_RUN = 9,       /* a RUN program failed or timed out */
	UDEV_EXIT_NETIF = 10,    /* a network interface could not be renamed */
	UDEV_EXIT_REMOVE = 11,   /* a node or symlink could not be removed */
	UDEV_EXIT_NOMEM = 12,    /* out of memory */
	UDEV_EXIT_INTERNAL = 15, /* anything else */
};

#endif
