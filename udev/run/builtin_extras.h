/* SPDX-License-Identifier: GPL-2.0-only */
/* udev 100-117's extras (usb_id, path_id, scsi_id ...) as built-ins: built in
 * (builtin_extras.c), or in a build without them (the firmware ones:
 * EXTRAS_BUILTIN in the Makefile) named with run NULL
 * (builtin_extras_none.c), and run as the program LIBUDEVDIR/NAME instead
 * ($UDEV_EXTRAS_DIR/NAME when that is set; builtin.h). */
#ifndef UDEV_BUILTIN_EXTRAS_H
#define UDEV_BUILTIN_EXTRAS_H

#include <stddef.h>

struct builtin {
	const char *name;
	int (*run)(int argc, char **argv, char *out, size_t size);
	int event_devpath;   /* BUILTIN_DEVPATH_*, or 0: no event DEVPATH */
};

/* The event's DEVPATH (udev 100's $DEVPATH) is given to the built-in as its
 * last word: when it has no other word that is no option (usb_id ...), or
 * always ("" when none), for run to take off and read as $DEVPATH would be
 * read (scsi_id, whose -s may name another device). */
#define BUILTIN_DEVPATH_ARG 1
#define BUILTIN_DEVPATH_ENV 2

extern const struct builtin builtin_extras[];
extern const unsigned int builtin_extras_n;

#endif
