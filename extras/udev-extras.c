// SPDX-License-Identifier: GPL-2.0-only
/* One binary for udev 100-117's extras, installed in /lib/udev under each
 * one's name (usb_id, scsi_id ...): the rules of that time run them by name as
 * IMPORT{program}; udev runs the same code as IMPORT{builtin}. */
#include "compat.h"
#include "fd.h"
#include "log.h"
#include "opts.h"
#include "probes.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct extra {
	const char *name, *usage;
	int (*run)(int argc, char **argv, char *out, size_t size);
} extras[] = {
	{ "usb_id", USB_ID_USAGE, usb_id_run },
	{ "path_id", PATH_ID_USAGE, path_id_run },
	{ "scsi_id", SCSI_ID_USAGE, scsi_id_run },
	{ "ata_id", ATA_ID_USAGE, ata_id_run },
	{ "cdrom_id", CDROM_ID_USAGE, cdrom_id_run },
	{ "edd_id", EDD_ID_USAGE, edd_id_run },
	{ "collect", COLLECT_USAGE, collect_run },
	{ "write_net_rules", WRITE_NET_RULES_USAGE, write_net_rules_run },
	{ "write_cd_rules", WRITE_CD_RULES_USAGE, write_cd_rules_run },
};

#define USAGE "usage: udev-extras is run as one of: usb_id, path_id, scsi_id, ata_id, cdrom_id,\n" \
	"       edd_id, collect, write_net_rules, write_cd_rules"

static char out[16384];

int main(int argc, char **argv)
{
	const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
	const struct extra *e = NULL;
	unsigned int i;
	int rc;

	for (i = 0; i < sizeof(extras) / sizeof(extras[0]); i++)
		if (strcmp(extras[i].name, name) == 0)
			e = &extras[i];
	log_init(e ? e->name : "udev-extras", 0);
	if (opts_std(argc, argv, e ? e->name : "udev-extras", e ? e->usage : USAGE))
		return 0;
	if (!e)
		return opts_usage_error("udev-extras", USAGE, "unknown name", name);
	extras_as_program = 1;
	extras_devpath_env = getenv("DEVPATH");
	if (extras_devpath_env && !extras_devpath_env[0])
		extras_devpath_env = NULL;
	rc = e->run(argc, argv, out, sizeof(out));
	if (out[0] && fd_write_all(STDOUT_FILENO, out, strlen(out)) < 0)
		return 2;
	return rc;
}
