// SPDX-License-Identifier: GPL-2.0-only
/* A build without udev 100-117's extras inside udev (EXTRAS_BUILTIN=false,
 * the firmware builds' default): IMPORT{builtin} of one runs the program
 * LIBUDEVDIR/NAME ($UDEV_EXTRAS_DIR/NAME), the same code with a process of
 * its own (builtin_extras.h). Only their names are here: the smallest
 * table, for a udev with a size budget. */
#include "compat.h"
#include "builtin_extras.h"

#include <stddef.h>
#include <string.h>

static const char names[] = "usb_id\0path_id\0scsi_id\0ata_id\0cdrom_id\0edd_id\0collect\0";
static const struct builtin program;   /* run NULL: the program runs */
const char *builtin_devpath;

const struct builtin *builtin_extra_find(const char *name, size_t len)
{
	const char *n;

	for (n = names; *n; n += strlen(n) + 1)
		if (strncmp(n, name, len) == 0 && !n[len])
			return &program;
	return NULL;
}
