// SPDX-License-Identifier: GPL-2.0-only
/* udev 100-117's extras built into udev (builtin_extras.h); a firmware build links
 * builtin_extras_none.c instead and runs them as programs. */
#include "compat.h"
#include "builtin_extras.h"
#include "../../extras/probes.h"

/* scsi_id reads $DEVPATH when -s names no device, as 117's did as a
 * program: the event's comes as its last word (BUILTIN_DEVPATH_ENV). */
static int scsi_id_builtin(int argc, char **argv, char *out, size_t size)
{
	int rc;

	extras_devpath_env = argv[argc - 1][0] ? argv[argc - 1] : NULL;
	argv[argc - 1] = NULL;
	rc = scsi_id_run(argc - 1, argv, out, size);
	extras_devpath_env = NULL;
	return rc;
}

const struct builtin builtin_extras[] = {
	{ "usb_id", usb_id_run, BUILTIN_DEVPATH_ARG },
	{ "path_id", path_id_run, BUILTIN_DEVPATH_ARG },
	{ "scsi_id", scsi_id_builtin, BUILTIN_DEVPATH_ENV },
	{ "ata_id", ata_id_run, 0 },
	{ "cdrom_id", cdrom_id_run, 0 },
	{ "edd_id", edd_id_run, 0 },
	{ "collect", collect_run, 0 },
};
const unsigned int builtin_extras_n = sizeof(builtin_extras) / sizeof(builtin_extras[0]);
