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
	int event_devpath;   /* no DEVPATH argument: the event's (udev 100's $DEVPATH) */
};

/* The extra of that name (len bytes of name), or NULL. */
const struct builtin *builtin_extra_find(const char *name, size_t len);
/* The event's DEVPATH while a built-in runs (builtin.c sets it), or NULL:
 * what scsi_id reads as its $DEVPATH. */
extern const char *builtin_devpath;

#endif
