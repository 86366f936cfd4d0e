// SPDX-License-Identifier: GPL-2.0-only
/* The members of a volume made of other devices: LVM2 physical volumes
 * and Linux software RAID (md) members, whose metadata 0.90 and 1.0 sit
 * at the device's end (see volume.h). Usage "raid", as blkid says. */
#include "compat.h"
#include "fmt.h"
#include "str.h"
#include "volume.h"

#include <string.h>
#include <unistd.h>

/* LVM2: "LABELONE" at the start of one of the first four sectors, which
 * says its own sector number (8); the type "LVM2 001" at 24 is the
 * version, the PV UUID at 32 is 32 characters, shown 6-4-4-4-4-4-6. */
int probe_lvm2(struct volume *v)
{
	unsigned char label[64];
	unsigned int s, i, o = 0;
	int r;

	for (s = 0; s < 4; s++) {
		r = volume_at(v, s * 512ULL, label, sizeof(label), 0, "LABELONE", 8);
		if (r < 0)
			return r;
		if (r > 0 && le64(label + 8) == s && memcmp(label + 24, "LVM2 001", 8) == 0)
			break;
	}
	if (s == 4)
		return 0;
	for (i = 0; i < 32; i++) {
		if (i == 6 || (i > 6 && i < 30 && (i - 6) % 4 == 0))
			v->uuid[o++] = '-';
		v->uuid[o++] = label[32 + i];
	}
	v->uuid[o] = '\0';
	volume_text((unsigned char *)v->version, sizeof(v->version), label + 24, 8);
	return volume_found(v, "raid", "LVM2_member");
}

#define MD_MAGIC 0xa92b4efcUL
#define MD_RESERVED 0x10000ULL

/* md 0.90: 64 KiB before the end rounded down to 64 KiB; the magic in
 * either byte order, version at 4, 8, 12, the UUID's first word at 20 and
 * (from minor version 90) the other three at 52, shown as the words'
 * big-endian bytes; the size it uses (32, KiB) ends before it. */
static int md_090(struct volume *v, unsigned long long size)
{
	unsigned char sb[64], id[16];
	unsigned long long off = (size & ~(MD_RESERVED - 1)) - MD_RESERVED;
	unsigned long (*rd)(const unsigned char *) = le32;
	unsigned int i, words;
	int r = volume_at(v, off, sb, sizeof(sb), 0, NULL, 0);

	if (r <= 0)
		return r;
	if (be32(sb) == MD_MAGIC)
		rd = be32;
	else if (le32(sb) != MD_MAGIC)
		return 0;
	if ((unsigned long long)rd(sb + 32) * 1024 + MD_RESERVED > size ||
	    off < (unsigned long long)rd(sb + 32) * 1024)
		return 0;
	memset(id, 0, sizeof(id));
	words = rd(sb + 8) >= 90 ? 4 : 1;
	for (i = 0; i < words; i++) {
		unsigned long w = rd(sb + (i ? 48 + 4 * i : 20));

		id[4 * i] = (unsigned char)(w >> 24);
		id[4 * i + 1] = (unsigned char)(w >> 16);
		id[4 * i + 2] = (unsigned char)(w >> 8);
		id[4 * i + 3] = (unsigned char)w;
	}
	volume_uuid16(v->uuid, id);
	fmt_s(v->version, sizeof(v->version), "%lu.%lu.%lu", rd(sb + 4), rd(sb + 8), rd(sb + 12));
	return volume_found(v, "raid", "linux_raid_member");
}

/* md 1.x at off: little-endian magic, major version 1 (4), the
 * superblock's own sector (144); set UUID at 16, name at 32 (32 bytes),
 * the device's UUID at 168. */
static int md_1(struct volume *v, unsigned long long off, const char *version)
{
	unsigned char sb[184];
	int r = volume_at(v, off, sb, sizeof(sb), 0, "\xfc\x4e\x2b\xa9", 4);

	if (r <= 0 || le32(sb + 4) != 1 || le64(sb + 144) != off >> 9)
		return r < 0 ? r : 0;
	volume_uuid16(v->uuid, sb + 16);
	volume_uuid16(v->uuid_sub, sb + 168);
	volume_label(v, sb + 32, 32);
	str_copy(v->version, version, sizeof(v->version));
	return volume_found(v, "raid", "linux_raid_member");
}

/* md: 0.90 and 1.0 at the end (1.0: 8 KiB before the end rounded down
 * to 4 KiB), 1.1 at the start, 1.2 at 4 KiB, in blkid's order. */
int probe_md(struct volume *v)
{
	off_t end = lseek(v->fd, 0, SEEK_END);
	unsigned long long size = end > 0 ? (unsigned long long)end : 0;
	int r;

	if (size > MD_RESERVED) {
		r = md_090(v, size);
		if (r == 0)
			r = md_1(v, (size & ~0xfffULL) - 0x2000, "1.0");
		if (r != 0)
			return r;
	}
	r = md_1(v, 0, "1.1");
	return r != 0 ? r : md_1(v, 4096, "1.2");
}
