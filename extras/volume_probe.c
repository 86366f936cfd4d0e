// SPDX-License-Identifier: GPL-2.0-only
/* vol_id's probe loop over every format, and the formats that are not
 * file systems or need no superblock walk: swap, LUKS, squashfs (see
 * volume.h; the file systems are in volume_fs.c). */
#include "compat.h"
#include "str.h"
#include "volume.h"

#include <errno.h>
#include <string.h>

/* Linux swap, version 1 ("SWAPSPACE2" in the last 10 bytes of the first
 * page) or 0 ("SWAP-SPACE"), for the page sizes Linux uses. The v1 header
 * after the 1024 boot bytes: version, last_page, nr_badpages, uuid[16],
 * volume name[16], in the byte order of the machine that made it. */
int probe_swap(struct volume *v)
{
	static const unsigned int pages[] = { 4096, 8192, 16384, 65536 };
	unsigned char magic[10], hdr[44];
	unsigned int i;
	int r;

	for (i = 0; i < sizeof(pages) / sizeof(pages[0]); i++) {
		r = volume_at(v, pages[i] - 10, magic, sizeof(magic), 0, NULL, 0);
		if (r <= 0)
			return r;
		if (memcmp(magic, "SWAP-SPACE", 10) == 0) {
			str_copy(v->version, "0", sizeof(v->version));
			break;
		}
		if (memcmp(magic, "SWAPSPACE2", 10) != 0)
			continue;
		r = volume_at(v, 1024, hdr, sizeof(hdr), 0, NULL, 0);
		if (r <= 0)
			return r;
		if (le32(hdr) != 1 && be32(hdr) != 1)
			return 0;
		str_copy(v->version, "1", sizeof(v->version));
		volume_uuid16(v->uuid, hdr + 12);
		volume_label(v, hdr + 28, 16);
		break;
	}
	if (i == sizeof(pages) / sizeof(pages[0]))
		return 0;
	return volume_found(v, "other", "swap");
}

/* LUKS: "LUKS\xba\xbe", a big-endian version (1 or 2), the UUID as text
 * at byte 168 in both versions; LUKS2 has a label at byte 24. */
int probe_luks(struct volume *v)
{
	unsigned char hdr[208];
	unsigned int version;
	int r = volume_at(v, 0, hdr, sizeof(hdr), 0, "LUKS\xba\xbe", 6);

	if (r <= 0)
		return r;
	version = be16(hdr + 6);
	if (version != 1 && version != 2)
		return 0;
	v->version[0] = (char)('0' + version);
	v->version[1] = '\0';
	volume_text(v->uuid, sizeof(v->uuid), hdr + 168, 40);
	if (version == 2)
		volume_label(v, hdr + 24, 48);
	return volume_found(v, "crypto", "crypto_LUKS");
}

/* squashfs: "hsqs" (little-endian) or "sqsh" (big-endian, before 4.0) at
 * byte 0; major and minor version at bytes 28 and 30. No UUID, no label. */
int probe_squashfs(struct volume *v)
{
	unsigned char sb[32];
	unsigned int major, minor;
	int r = volume_at(v, 0, sb, sizeof(sb), 0, NULL, 0);

	if (r <= 0)
		return r;
	if (memcmp(sb, "hsqs", 4) == 0) {
		major = le16(sb + 28);
		minor = le16(sb + 30);
	} else if (memcmp(sb, "sqsh", 4) == 0) {
		major = be16(sb + 28);
		minor = be16(sb + 30);
	} else {
		return 0;
	}
	if (major == 0 || major > 9 || minor > 9)
		return 0;
	v->version[0] = (char)('0' + major);
	v->version[1] = '.';
	v->version[2] = (char)('0' + minor);
	v->version[3] = '\0';
	return volume_found(v, "filesystem", "squashfs");
}

/* The members of a RAID or volume group first (the file system of an md
 * member with its metadata at the end is there too, but is not the
 * device's), then the formats with magic at a fixed place; FAT, whose boot
 * sector is only recognised by its sanity checks, last. */
int volume_probe(struct volume *v)
{
	static int (*const probes[])(struct volume *) = {
		probe_md, probe_lvm2, probe_luks, probe_xfs, probe_squashfs, probe_ext,
		probe_btrfs, probe_shapes, probe_ntfs, probe_exfat, probe_minix,
		probe_udf, probe_iso9660, probe_hfs, probe_swap, probe_zfs, probe_vfat,
	};
	unsigned int i;
	int r;

	for (i = 0; i < sizeof(probes) / sizeof(probes[0]); i++) {
		r = probes[i](v);
		if (r != 0)
			return r < 0 ? r : 0;
	}
	return -ENOENT;
}
