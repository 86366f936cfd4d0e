// SPDX-License-Identifier: GPL-2.0-only
/* ata_id: what udev 100-117's ata_id printed for an ATA disk or ATAPI
 * drive, from the kernel's HDIO_GET_IDENTITY (the IDE drivers' and
 * libata's answer to it): model, serial number, firmware revision, type.
 *   ata_id [-x|--export] NODE
 * Exit codes: 0 printed; 1 a usage error, no node, or it cannot be opened;
 * 2 the device does not answer HDIO_GET_IDENTITY (ENOTTY: no ATA device);
 * 3 the ioctl failed otherwise. See docs/ata_id.8. */
#include "compat.h"
#include "log.h"
#include "probes.h"
#include "str.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define HDIO_GET_IDENTITY 0x030d   /* <linux/hdreg.h> */

/* The 512 bytes of IDENTIFY DEVICE as the kernel gives them: the strings
 * in reading order (the kernel swapped their bytes), words in host order. */
struct ata_identity {
	unsigned short config;       /* word 0: bit 15 ATAPI, 12-8 its type */
	unsigned short words1_9[9];
	char serial[20];             /* words 10-19 */
	unsigned short words20_22[3];
	char revision[8];            /* words 23-26 */
	char model[40];              /* words 27-46 */
	unsigned short rest[209];
};

static const char *ata_type(unsigned int config)
{
	if (!(config & 0x8000))
		return "disk";
	switch ((config >> 8) & 0x1f) {
	case 0: case 5: return "cd";
	case 1: return "tape";
	case 7: return "optical";
	default: return "generic";
	}
}

static void ata_print(const struct ata_identity *id, int export, char *out, size_t size)
{
	char model[41], serial[21], revision[9];

	extras_clean(model, sizeof(model), id->model, sizeof(id->model));
	extras_clean(serial, sizeof(serial), id->serial, sizeof(id->serial));
	extras_clean(revision, sizeof(revision), id->revision, sizeof(id->revision));
	if (export) {
		extras_kv(out, size, "ID_TYPE", ata_type(id->config));
		extras_kv(out, size, "ID_MODEL", model);
		extras_kv(out, size, "ID_SERIAL", serial);
		extras_kv(out, size, "ID_REVISION", revision);
		extras_kv(out, size, "ID_BUS", "ata");
		return;
	}
	str_append(out, model, size);
	if (serial[0]) {
		str_append(out, "_", size);
		str_append(out, serial, size);
	}
	str_append(out, "\n", size);
}

int ata_id_run(int argc, char **argv, char *out, size_t size)
{
	struct ata_identity id;
	const char *node = NULL;
	int i, fd, export = 0;

	out[0] = '\0';
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-x") == 0 || strcmp(argv[i], "--export") == 0)
			export = 1;
		else if (argv[i][0] == '-' && argv[i][1])
			return extras_usage("ata_id", ATA_ID_USAGE, "unknown option", argv[i]);
		else if (!node)
			node = argv[i];
	}
	if (!node) {
		log_err("ata_id: no node specified");
		return 1;
	}
	if ((fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		log_err("ata_id: unable to open '%s': %s", node, strerror(errno));
		return 1;
	}
	memset(&id, 0, sizeof(id));
	if (ioctl(fd, HDIO_GET_IDENTITY, &id) != 0) {
		int e = errno;

		close(fd);
		if (e == ENOTTY) {
			log_info("ata_id: HDIO_GET_IDENTITY unsupported for '%s'", node);
			return 2;
		}
		log_err("ata_id: HDIO_GET_IDENTITY failed for '%s': %s", node, strerror(e));
		return 3;
	}
	close(fd);
	ata_print(&id, export, out, size);
	return 0;
}
