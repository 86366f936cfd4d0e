// SPDX-License-Identifier: GPL-2.0-only
/* edd_id: what udev 100-117's edd_id printed for a disk: the BIOS's name
 * for it (int13_dev80 ...), the entry of /sys/firmware/edd whose
 * mbr_signature is the 32-bit disk signature at byte 440 of the disk's MBR.
 *   edd_id [--export] NODE
 * Exit codes, 117's: 0 printed; 1 no node, or no entry matches; 2 no
 * /sys/firmware/edd (no kernel EDD support); 3 the node cannot be opened;
 * 4 or 5 no MBR validity bytes (seek, read); 6 they are not 55 AA;
 * 7 or 8 no signature (seek, read); 9 the signature is zero; 10 two
 * entries have the signature (not unique). See docs/edd_id.8. */
#include "compat.h"
#include "fd.h"
#include "fmt.h"
#include "log.h"
#include "probes.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The disk's signature (0 with a code above when it has none). */
static int edd_disk_signature(const char *node, unsigned long *sig)
{
	unsigned char b[4];
	ssize_t n;
	int fd = open(node, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		log_info("edd_id: unable to open '%s': %s", node, strerror(errno));
		return 3;
	}
	n = pread(fd, b, 2, 510);
	if (n != 2) {
		close(fd);
		log_info("edd_id: read MBR validity failed '%s'", node);
		return n < 0 && errno == ESPIPE ? 4 : 5;
	}
	if (b[0] != 0x55 || b[1] != 0xaa) {
		close(fd);
		log_info("edd_id: no valid MBR signature '%s'", node);
		return 6;
	}
	n = pread(fd, b, 4, 440);
	close(fd);
	if (n != 4) {
		log_info("edd_id: read signature failed '%s'", node);
		return n < 0 && errno == ESPIPE ? 7 : 8;
	}
	*sig = (unsigned long)b[0] | (unsigned long)b[1] << 8 | (unsigned long)b[2] << 16 |
	       (unsigned long)b[3] << 24;
	if (*sig == 0) {
		log_info("edd_id: '%s' signature is zero", node);
		return 9;
	}
	return 0;
}

/* A name the kernel gives an EDD entry (int13_dev80): nothing else is
 * printed. */
static int edd_name_ok(const char *name)
{
	for (; *name; name++)
		if (!((*name >= 'a' && *name <= 'z') || (*name >= 'A' && *name <= 'Z') ||
		      (*name >= '0' && *name <= '9') || *name == '_' || *name == '-'))
			return 0;
	return 1;
}

/* The entry of dir whose mbr_signature is sig into match; 0, 1 (none)
 * or 10 (more than one). */
static int edd_lookup(DIR *dir, const char *edd, unsigned long sig, char *match, size_t size)
{
	struct dirent *e;
	char file[SYSFS_PATH_MAX], buf[256];

	match[0] = '\0';
	while ((e = readdir(dir))) {
		if (e->d_name[0] == '.' || !edd_name_ok(e->d_name))
			continue;
		fmt_s(file, sizeof(file), "%s/%s/mbr_signature", edd, e->d_name);
		if (fd_read_file(file, buf, sizeof(buf)) <= 0)
			continue;
		if ((strtoul(buf, NULL, 16) & 0xffffffffUL) != sig)
			continue;
		if (match[0]) {
			log_info("edd_id: signature of %s and %s is the same", match, e->d_name);
			return 10;
		}
		str_copy(match, e->d_name, size);
	}
	return match[0] ? 0 : 1;
}

int edd_id_run(int argc, char **argv, char *out, size_t size)
{
	const char *node = NULL;
	char edd[SYSFS_PATH_MAX], match[256];
	unsigned long sig = 0;
	int i, export = 0, rc;
	DIR *dir;

	out[0] = '\0';
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--export") == 0)
			export = 1;
		else
			node = argv[i];
	}
	if (!node) {
		log_err("edd_id: no node specified");
		return 1;
	}
	fmt_s(edd, sizeof(edd), "%s/firmware/edd", sysfs_root());
	if (!(dir = opendir(edd))) {
		log_info("edd_id: no kernel EDD support");
		return 2;
	}
	rc = edd_disk_signature(node, &sig);
	if (rc == 0)
		rc = edd_lookup(dir, edd, sig, match, sizeof(match));
	closedir(dir);
	if (rc == 0)
		extras_kv(out, size, export ? "ID_EDD" : NULL, match);
	return rc;
}
