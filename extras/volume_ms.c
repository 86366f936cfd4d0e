// SPDX-License-Identifier: GPL-2.0-only
/* Microsoft's file systems after FAT, whose labels are UTF-16LE and live
 * in the file system rather than in its boot sector: NTFS (the $Volume
 * record of the MFT) and exFAT (an entry of the root directory). See
 * volume.h; the checks are those of the boot sector's specification. */
#include "compat.h"
#include "fmt.h"
#include "volume.h"

#include <string.h>

/* The largest MFT record read, and the root directory entries read for
 * an exFAT label: a label further in is not looked for. */
#define NTFS_RECORD_MAX 4096
#define EXFAT_ENTRIES_MAX 1024

/* The bytes of a cluster (sector size at 11, sectors per cluster at 13,
 * 240..249 meaning 2^(256 - n)), 0 when the boot sector's are not sane. */
static unsigned long ntfs_cluster(const unsigned char *bs)
{
	unsigned int sector = le16(bs + 11), spc = bs[13];

	if (sector < 256 || sector > 4096 || (sector & (sector - 1)))
		return 0;
	if (spc >= 240 && spc <= 249)
		spc = 1U << (256 - spc);
	else if (spc == 0 || spc > 128 || (spc & (spc - 1)))
		return 0;
	return (unsigned long)sector * spc <= 2UL << 20 ? (unsigned long)sector * spc : 0;
}

/* The MFT record's size from the boot sector (64: clusters, or when
 * negative 2^-n bytes), 0 when not one NTFS makes or larger than read. */
static unsigned long ntfs_record(const unsigned char *bs, unsigned long cluster)
{
	int c = (signed char)bs[64];

	if (c >= -31 && c <= -9)
		return 1UL << -c <= NTFS_RECORD_MAX ? 1UL << -c : 0;
	if (c <= 0 || c > 64 || (c & (c - 1)))
		return 0;
	return c * cluster <= NTFS_RECORD_MAX ? c * cluster : 0;
}

/* The volume name attribute (type 0x60) of the $Volume record rec. */
static void ntfs_label(struct volume *v, const unsigned char *rec, unsigned long size)
{
	unsigned long off = le16(rec + 20), alloc = le32(rec + 28), len, voff, vlen;

	while (off + 22 <= size && off <= alloc) {
		len = le32(rec + off + 4);
		if (len == 0 || le32(rec + off) == 0xffffffffUL)
			return;
		if (le32(rec + off) == 0x60) {
			voff = le16(rec + off + 20);
			vlen = le32(rec + off + 16);
			if (voff <= size - off && vlen <= size - off - voff)
				volume_label_unicode(v, rec + off + voff, vlen, VOL_UTF16LE);
			return;
		}
		if (len > size - off)
			return;   /* past the record (and no wrap where long is 32 bits) */
		off += len;
	}
}

/* NTFS: "NTFS    " at 3, the FAT fields NTFS leaves zero, the MFT (48,
 * in clusters) inside the volume (40, sectors) with "FILE" records at its
 * start and at record 3 ($Volume); the serial at 72 is the UUID. */
int probe_ntfs(struct volume *v)
{
	unsigned char bs[80], rec[NTFS_RECORD_MAX];
	unsigned long cluster, size;
	unsigned long long clusters, off;
	int r = volume_at(v, 0, bs, sizeof(bs), 3, "NTFS    ", 8);

	if (r <= 0)
		return r;
	cluster = ntfs_cluster(bs);
	if (!cluster || le16(bs + 14) || bs[16] || le16(bs + 17) || le16(bs + 19) ||
	    le16(bs + 22) || le32(bs + 32))
		return 0;
	size = ntfs_record(bs, cluster);
	clusters = le64(bs + 40) / (cluster / le16(bs + 11));
	if (!size || le64(bs + 48) > clusters || le64(bs + 56) > clusters)
		return 0;
	off = le64(bs + 48) * cluster;
	r = volume_at(v, off, rec, size, 0, "FILE", 4);
	if (r > 0)
		r = volume_at(v, off + 3 * size, rec, size, 0, "FILE", 4);
	if (r <= 0)
		return r;
	ntfs_label(v, rec, size);
	volume_hex_le(v->uuid, bs + 72, 8, 0);
	return volume_found(v, "filesystem", "ntfs");
}

/* The exFAT boot sector's sanity: signature, jump, the 53 bytes FAT kept
 * its BPB in all zero, and the sizes and places the specification allows
 * (sector shift 108, cluster shift 109, FAT count 110, FAT at 80 of
 * length 84, cluster heap at 88 of 92 clusters, root directory at 96). */
static int exfat_sane(const unsigned char *bs)
{
	unsigned long long fat = le32(bs + 80), fats = le32(bs + 84) * (unsigned long long)bs[110];
	unsigned long long heap = le32(bs + 88);
	unsigned int i;

	if (le16(bs + 510) != 0xaa55 || memcmp(bs, "\xeb\x76\x90", 3) != 0)
		return 0;
	for (i = 11; i < 64; i++)
		if (bs[i])
			return 0;
	return bs[110] >= 1 && bs[110] <= 2 && bs[108] >= 9 && bs[108] <= 12 &&
	       bs[109] <= 25 - bs[108] && fat >= 24 && fat + fats <= heap && heap <= 1ULL << 31 &&
	       le32(bs + 96) >= 2 && le32(bs + 96) <= le32(bs + 92) + 1;
}

/* The next cluster of a chain, from the FAT; 0 at its end or when bad. */
static unsigned long exfat_next(struct volume *v, const unsigned char *bs, unsigned long c)
{
	unsigned char next[4];

	if (volume_at(v, ((unsigned long long)le32(bs + 80) << bs[108]) + 4ULL * c, next, 4, 0,
		      NULL, 0) <= 0)
		return 0;
	c = le32(next);
	return c >= 2 && c <= 0xffffff6UL ? c : 0;
}

static unsigned long long exfat_cluster(const unsigned char *bs, unsigned long c)
{
	return (le32(bs + 88) + ((unsigned long long)(c - 2) << bs[109])) << bs[108];
}

/* The volume label entry (type 0x83: length at 1, UTF-16LE name at 2) of
 * the root directory, followed along its FAT chain. */
static int exfat_label(struct volume *v, const unsigned char *bs)
{
	unsigned char e[32];
	unsigned long c = le32(bs + 96), csize = 1UL << (bs[108] + bs[109]);
	unsigned long long off = exfat_cluster(bs, c);
	unsigned int i;
	int r;

	for (i = 0; i < EXFAT_ENTRIES_MAX; i++) {
		r = volume_at(v, off, e, sizeof(e), 0, NULL, 0);
		if (r <= 0 || e[0] == 0)
			return r;
		if (e[0] == 0x83) {
			volume_label_unicode(v, e + 2, e[1] * 2U < 22 ? e[1] * 2U : 22, VOL_UTF16LE);
			return 0;
		}
		off += sizeof(e);
		if (off % csize == 0) {
			c = exfat_next(v, bs, c);
			if (c == 0)
				return 0;
			off = exfat_cluster(bs, c);
		}
	}
	return 0;
}

/* exFAT: "EXFAT   " at 3; serial at 100 (shown as FAT's), revision at
 * 104 (minor) and 105 (major). */
int probe_exfat(struct volume *v)
{
	unsigned char bs[512];
	int r = volume_at(v, 0, bs, sizeof(bs), 3, "EXFAT   ", 8);

	if (r <= 0 || !exfat_sane(bs))
		return r < 0 ? r : 0;
	r = exfat_label(v, bs);
	if (r < 0)
		return r;
	volume_hex_le(v->uuid, bs + 100, 4, 4);
	fmt_s(v->version, sizeof(v->version), "%u.%u", bs[105], bs[104]);
	return volume_found(v, "filesystem", "exfat");
}
