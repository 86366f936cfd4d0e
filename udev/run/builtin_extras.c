// SPDX-License-Identifier: GPL-2.0-only
/* udev 100-117's extras built into udev (builtin_extras.h); a firmware build links
 * builtin_extras_none.c instead and runs them as programs. */
#include "compat.h"
#include "builtin_extras.h"
#include "../../extras/probes.h"

#include <string.h>

const char *builtin_devpath;

/* scsi_id reads $DEVPATH when -s names no device, as 117's did as a
 * program: the event's. */
static int scsi_id_builtin(int argc, char **argv, char *out, size_t size)
{
	int rc;

	extras_devpath_env = builtin_devpath;
	rc = scsi_id_run(argc, argv, out, size);
	extras_devpath_env = NULL;
	return rc;
}

static const struct builtin builtin_extras[] = {
	{ "usb_id", usb_id_run, 1 },
	{ "path_id", path_id_run, 1 },
	{ "scsi_id", scsi_id_builtin, 0 },
	{ "ata_id", ata_id_run, 0 },
	{ "cdrom_id", cdrom_id_run, 0 },
	{ "edd_id", edd_id_run, 0 },
	{ "collect", collect_run, 0 },
};

const struct builtin *builtin_extra_find(const char *name, size_t len)
{
	unsigned int i;

	for (i = 0; i < sizeof(builtin_extras) / sizeof(builtin_extras[0]); i++)
		if (strncmp(builtin_extras[i].name, name, len) == 0 && !builtin_extras[i].name[len])
			return &builtin_extras[i];
	return NULL;
}
