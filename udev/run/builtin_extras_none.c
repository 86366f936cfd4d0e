// SPDX-License-Identifier: GPL-2.0-only
/* A build without udev 100-117's extras inside udev (EXTRAS_BUILTIN=false,
 * the firmware builds' default): IMPORT{builtin} of one runs the program
 * LIBUDEVDIR/NAME ($UDEV_EXTRAS_DIR/NAME), the same code with a process of
 * its own (builtin_extras.h). */
#include "compat.h"
#include "builtin_extras.h"

#include <stddef.h>

const struct builtin builtin_extras[] = {
	{ "usb_id", NULL, BUILTIN_DEVPATH_ARG },
	{ "path_id", NULL, BUILTIN_DEVPATH_ARG },
	{ "scsi_id", NULL, BUILTIN_DEVPATH_ENV },
	{ "ata_id", NULL, 0 },
	{ "cdrom_id", NULL, 0 },
	{ "edd_id", NULL, 0 },
	{ "collect", NULL, 0 },
};
const unsigned int builtin_extras_n = sizeof(builtin_extras) / sizeof(builtin_extras[0]);
