// SPDX-License-Identifier: GPL-2.0-only
/* The file system probes of vol_id, each from its on-disk format: the
 * superblock offsets and flags are those of the format's documentation
 * (see docs/vol_id.8 for the list). */
#include "compat.h"
#include "str.h"
#include "volume.h"

#include <errno.h>
#include <string.h>

/* ext2/3/4: superblock at byte 1024; magic 0xEF53 at 56; revision at 76
 * and 62; compat, incompat and ro_compat feature words at 92, 96, 100;
 * UUID at 104, label at 120 (16 bytes). ext3 is ext2 with a journal; a
 * feature neither knows (extents, 64bit, flex_bg, huge_file...) is ext4. */
#define EXT_COMPAT_HAS_JOURNAL 0x0004
#define EXT_INCOMPAT_JOURNAL_DEV 0x0008
#define EXT2_INCOMPAT_KNOWN (0x0002 | 0x0010)           /* filetype, meta_bg */
#define EXT3_INCOMPAT_KNOWN (EXT2_INCOMPAT_KNOWN | 0x0004) /* + recover */
#define EXT23_RO_KNOWN (0x0001 | 0x0002 | 0x0004)        /* sparse, large, btree */

int probe_ext(struct volume *v)
{
	unsigned char sb[136];
	unsigned long compat, incompat, ro;
	const char *type;
	int r = volume_at(v, 1024, sb, sizeof(sb), 56, "\x53\xef", 2);

	if (r <= 0)
		return r;
	compat = le32(sb + 92);
	incompat = le32(sb + 96);
	ro = le32(sb + 100);
	if (incompat & EXT_INCOMPAT_JOURNAL_DEV)
		type = "jbd";
	else if (compat & EXT_COMPAT_HAS_JOURNAL)
		type = (incompat & ~EXT3_INCOMPAT_KNOWN) || (ro & ~EXT23_RO_KNOWN) ? "ext4" : "ext3";
	else
		type = (incompat & ~EXT2_INCOMPAT_KNOWN) || (ro & ~EXT23_RO_KNOWN) ? "ext4" : "ext2";
	v->version[0] = (char)('0' + le32(sb + 76) % 10);
	v->version[1] = '.';
	v->version[2] = (char)('0' + le16(sb + 62) % 10);
	v->version[3] = '\0';
	volume_uuid16(v->uuid, sb + 104);
	volume_label(v, sb + 120, 16);
	return volume_found(v, type[0] == 'j' ? "other" : "filesystem", type);
}

/* The BIOS parameter block's sanity checks: sector size, a power-of-two
 * cluster, reserved sectors, FAT count and media byte. */
static int fat_bpb_ok(const unsigned char *bs)
{
	unsigned int sector = le16(bs + 11), spc = bs[13];

	return (sector == 512 || sector == 1024 || sector == 2048 || sector == 4096) &&
	       spc && !(spc & (spc - 1)) && le16(bs + 14) && bs[16] >= 1 && bs[16] <= 4 &&
	       (bs[21] == 0xf0 || bs[21] >= 0xf8);
}

/* FAT12 or FAT16: by the count of clusters, as the specification says. */
static const char *fat_version(const unsigned char *bs)
{
	unsigned long total = le16(bs + 19) ? le16(bs + 19) : le32(bs + 32);
	unsigned long root = (le16(bs + 17) * 32UL + le16(bs + 11) - 1) / le16(bs + 11);
	unsigned long meta = le16(bs + 14) + bs[16] * (unsigned long)le16(bs + 22) + root;

	if (total < meta)
		return NULL;
	return (total - meta) / bs[13] < 4085 ? "FAT12" : "FAT16";
}

/* vfat: the boot sector. FAT32 (16-bit FAT size 0) keeps the extended
 * boot record (signature 0x29, serial, label) at 66, FAT12/16 at 38. */
int probe_vfat(struct volume *v)
{
	unsigned char bs[512];
	const unsigned char *ext;
	const char *version = "FAT32";
	int r = volume_at(v, 0, bs, sizeof(bs), 0, NULL, 0);

	if (r <= 0 || !fat_bpb_ok(bs))
		return r < 0 ? r : 0;
	if (le16(bs + 22) == 0) {
		if (le32(bs + 36) == 0)
			return 0;
		ext = bs + 66;
	} else {
		version = fat_version(bs);
		if (!version)
			return 0;
		ext = bs + 38;
	}
	if (ext[0] == 0x29 || ext[0] == 0x28)
		volume_hex_le(v->uuid, ext + 1, 4, 4);
	if (ext[0] == 0x29 && memcmp(ext + 5, "NO NAME    ", 11) != 0)
		volume_label(v, ext + 5, 11);
	str_copy(v->version, version, sizeof(v->version));
	return volume_found(v, "filesystem", "vfat");
}

/* btrfs: superblock at 64 KiB; fsid at 32, magic "_BHRfS_M" at 64, the
 * device item at 201 (its UUID at 201 + 66), label at 299 (256 bytes). */
int probe_btrfs(struct volume *v)
{
	unsigned char sb[299 + 256];
	int r = volume_at(v, 65536, sb, sizeof(sb), 64, "_BHRfS_M", 8);

	if (r <= 0)
		return r;
	volume_uuid16(v->uuid, sb + 32);
	volume_uuid16(v->uuid_sub, sb + 201 + 66);
	volume_label(v, sb + 299, 256);
	return volume_found(v, "filesystem", "btrfs");
}

/* xfs: superblock at 0, big-endian: "XFSB", block size at 4, UUID at 32,
 * version number at 100 (low 4 bits), label (fname) at 108, 12 bytes. */
int probe_xfs(struct volume *v)
{
	unsigned char sb[120];
	unsigned long bs;
	int r = volume_at(v, 0, sb, sizeof(sb), 0, "XFSB", 4);

	if (r <= 0)
		return r;
	bs = be32(sb + 4);
	if (bs < 512 || bs > 65536 || (bs & (bs - 1)))
		return 0;
	volume_uuid16(v->uuid, sb + 32);
	volume_label(v, sb + 108, 12);
	v->version[0] = (char)('0' + (be16(sb + 100) & 15) % 10);
	v->version[1] = '\0';
	return volume_found(v, "filesystem", "xfs");
}

/* The supplementary descriptor with a Joliet escape sequence, if any:
 * its label into out ("" when none). */
static int iso_joliet(struct volume *v, unsigned char *out, size_t size)
{
	unsigned char vd[128];
	int i, r;

	out[0] = '\0';
	for (i = 1; i < 32; i++) {
		r = volume_at(v, 32768 + 2048ULL * (unsigned int)i, vd, sizeof(vd), 1, "CD001", 5);
		if (r <= 0 || vd[0] == 255)
			return r < 0 ? r : 0;
		if (vd[0] == 2 && vd[88] == '%' && vd[89] == '/' &&
		    (vd[90] == '@' || vd[90] == 'C' || vd[90] == 'E')) {
			volume_trim(out, volume_unicode(out, size, vd + 40, 32, VOL_UTF16BE));
			break;
		}
	}
	return 0;
}

/* The "UUID" of an ISO image: its modification date (or else its
 * creation date), YYYY-MM-DD-HH-MM-SS-cc. */
static void iso_date_uuid(unsigned char *out, const unsigned char *pvd)
{
	const unsigned char *d = pvd + 830;
	int i, o = 0;

	if (d[0] == 0 || memcmp(d, "0000", 4) == 0)
		d = pvd + 813;
	if (d[0] == 0 || memcmp(d, "0000", 4) == 0) {
		out[0] = '\0';
		return;
	}
	for (i = 0; i < 16; i++) {
		if (i == 4 || (i > 4 && i % 2 == 0))
			out[o++] = '-';
		out[o++] = d[i];
	}
	out[o] = '\0';
}

/* 1 when the Joliet label j starts the primary label p, ignoring case. */
static int iso_same_name(const unsigned char *j, const unsigned char *p)
{
	for (; *j; j++, p++) {
		unsigned char a = *j, b = *p;

		if (a >= 'a' && a <= 'z')
			a = (unsigned char)(a - 32);
		if (b >= 'a' && b <= 'z')
			b = (unsigned char)(b - 32);
		if (a != b)
			return 0;
	}
	return 1;
}

/* ISO 9660: the primary volume descriptor in sector 16 (type 1, "CD001",
 * version 1); volume identifier at 40 (32 bytes), dates at 813 and 830.
 * A Joliet label replaces the primary one when it is not the same name
 * in the upper case the primary descriptor allows. */
int probe_iso9660(struct volume *v)
{
	unsigned char pvd[847], joliet[VOL_LABEL_MAX];
	int r = volume_at(v, 32768, pvd, sizeof(pvd), 1, "CD001", 5);

	if (r <= 0 || pvd[0] != 1 || pvd[6] != 1)
		return r < 0 ? r : 0;
	volume_label(v, pvd + 40, 32);
	iso_date_uuid(v->uuid, pvd);
	r = iso_joliet(v, joliet, sizeof(joliet));
	if (r < 0)
		return r;
	if (joliet[0] && !iso_same_name(joliet, v->label))
		volume_text(v->label, sizeof(v->label), joliet, sizeof(joliet));
	return volume_found(v, "filesystem", "iso9660");
}
