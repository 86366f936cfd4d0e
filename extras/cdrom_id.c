// SPDX-License-Identifier: GPL-2.0-only
/* cdrom_id: what udev 100-117's cdrom_id printed for a CD or DVD drive,
 * from the kernel's CDROM_GET_CAPABILITY: ID_CDROM=1 and one key per
 * capability (ID_CDROM_CD_R ...).
 *   cdrom_id [--export] NODE
 * --export changes nothing (the keys are always printed), as in 117; any
 * other word is the node, the last one winning.
 * Exit codes: 0 printed; 1 no node, or it cannot be opened; 3 not a CD
 * drive (the ioctl failed). See docs/cdrom_id.8. */
#include "compat.h"
#include "log.h"
#include "probes.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define CDROM_GET_CAPABILITY 0x5331   /* <linux/cdrom.h> */

/* The capability bits of <linux/cdrom.h> that 117 printed, in its order. */
static const struct cap {
	unsigned int bit;
	const char *key;
} caps[] = {
	{ 0x2000, "ID_CDROM_CD_R" },
	{ 0x4000, "ID_CDROM_CD_RW" },
	{ 0x8000, "ID_CDROM_DVD" },
	{ 0x10000, "ID_CDROM_DVD_R" },
	{ 0x20000, "ID_CDROM_DVD_RAM" },
	{ 0x80000, "ID_CDROM_MRW" },
	{ 0x100000, "ID_CDROM_MRW_W" },
	{ 0x200000, "ID_CDROM_RAM" },
};

int cdrom_id_run(int argc, char **argv, char *out, size_t size)
{
	const char *node = NULL;
	unsigned int i;
	int fd, result;

	out[0] = '\0';
	for (i = 1; i < (unsigned int)argc; i++)
		if (strcmp(argv[i], "--export") != 0)
			node = argv[i];
	if (!node) {
		log_info("cdrom_id: no node specified");
		return 1;
	}
	fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		log_info("cdrom_id: unable to open '%s': %s", node, strerror(errno));
		return 1;
	}
	result = ioctl(fd, CDROM_GET_CAPABILITY, NULL);
	close(fd);
	if (result < 0) {
		log_info("cdrom_id: CDROM_GET_CAPABILITY failed for '%s': %s", node, strerror(errno));
		return 3;
	}
	extras_kv(out, size, "ID_CDROM", "1");
	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if ((unsigned int)result & caps[i].bit)
			extras_kv(out, size, caps[i].key, "1");
	return 0;
}
