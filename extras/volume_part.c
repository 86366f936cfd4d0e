// SPDX-License-Identifier: GPL-2.0-only
/* Partition tables (see volume_part.h): the MBR of the IBM PC (dos: four
 * 16-byte entries at byte 446 and the 0x55 0xaa signature at 510, logical
 * partitions in a chain of extended boot records) and the UEFI GPT (a
 * protective MBR, the header at LBA 1 or its backup in the last sector,
 * its array of entries, both with a CRC32), as the UEFI specification
 * (chapter 5) lays them out. */
#include "compat.h"
#include "enc.h"
#include "fmt.h"
#include "proc.h"
#include "str.h"
#include "sysfs.h"
#include "volume.h"
#include "volume_part.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define MBR_EXTENDED(t) ((t) == 0x05 || (t) == 0x0f || (t) == 0x85)
#define MBR_LOGICAL_MAX 128          /* extended boot records followed at most */
#define GPT_ARRAY_MAX (1024 * 1024)  /* bytes of entries read at most */
#define GPT_LBA_MAX (1ULL << 40)     /* no entries beyond (4 PiB of 4 KiB sectors) */

static void hex(char *out, unsigned long long v, int digits)
{
	static const char x[] = "0123456789abcdef";

	out[digits] = '\0';
	while (digits--) {
		out[digits] = x[v & 15];
		v >>= 4;
	}
}

/* ---- dos ------------------------------------------------------------------ */

/* The first sector holds an MBR: the signature, boot indicators 0 or 0x80,
 * and no protective (GPT) entry. 1, 0 when not, -errno. */
static int mbr_read(struct volume *v, unsigned char *mbr)
{
	int i, r = volume_at(v, 0, mbr, 512, 510, "\x55\xaa", 2);

	if (r <= 0)
		return r;
	for (i = 0; i < 4; i++) {
		const unsigned char *p = mbr + 446 + 16 * i;

		if ((p[0] != 0 && p[0] != 0x80) || p[4] == 0xee)
			return 0;
	}
	return 1;
}

/* Entry number n of the table at sector base (the MBR or an EBR) into e. */
static void mbr_entry(const unsigned char *p, unsigned long long base, unsigned int n,
		      const char *id, struct part_entry *e)
{
	e->scheme = "dos";
	e->number = n;
	e->offset = base + le32(p + 8);
	e->size = le32(p + 12);
	e->flags = p[0];
	e->type[0] = '0';
	e->type[1] = 'x';
	hex(e->type + 2, p[4], p[4] > 15 ? 2 : 1);
	e->uuid[0] = '\0';
	if (id[0]) {
		str_copy(e->uuid, id, sizeof(e->uuid));
		str_append(e->uuid, "-", sizeof(e->uuid));
		hex(e->uuid + 9, n, 2);
	}
}

static int match(const struct part_entry *e, unsigned int number, unsigned long long start)
{
	return start ? e->offset == start : e->number == number;
}

/* The logical partitions of the extended one at ext (sectors), numbered
 * from 5, each EBR's link inside the extended partition. */
static int mbr_logical(struct volume *v, unsigned long long ext, unsigned long long ext_size,
		       const char *id, unsigned int number, unsigned long long start,
		       struct part_entry *e)
{
	unsigned char ebr[512];
	unsigned long long at = ext;
	unsigned int i, n = 5;
	int r;

	for (i = 0; i < MBR_LOGICAL_MAX; i++) {
		r = volume_at(v, at * 512, ebr, sizeof(ebr), 510, "\x55\xaa", 2);
		if (r <= 0)
			return r;
		if (le32(ebr + 446 + 12)) {
			mbr_entry(ebr + 446, at, n++, id, e);
			if (match(e, number, start))
				return 1;
		}
		if (!MBR_EXTENDED(ebr[462 + 4]) || !le32(ebr + 462 + 8) ||
		    le32(ebr + 462 + 8) >= ext_size)
			return 0;
		at = ext + le32(ebr + 462 + 8);
	}
	return 0;
}

static int mbr_find(struct volume *v, const unsigned char *mbr, unsigned int number,
		    unsigned long long start, struct part_entry *e)
{
	const unsigned char *p;
	char id[9] = "";
	int i, r;

	if (le32(mbr + 440))
		hex(id, le32(mbr + 440), 8);
	for (i = 0; i < 4; i++) {
		p = mbr + 446 + 16 * i;
		if (!le32(p + 12))
			continue;
		mbr_entry(p, 0, (unsigned int)i + 1, id, e);
		if (match(e, number, start))
			return 1;
	}
	for (i = 0; i < 4; i++) {
		p = mbr + 446 + 16 * i;
		if (MBR_EXTENDED(p[4]) && le32(p + 12)) {
			r = mbr_logical(v, le32(p + 8), le32(p + 12), id, number, start, e);
			if (r)
				return r;
		}
	}
	e->scheme = NULL;
	return 0;
}

/* ---- GPT ------------------------------------------------------------------ */

static unsigned long crc32_update(unsigned long crc, const unsigned char *p, size_t len)
{
	int k;

	while (len--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320UL & (0UL - (crc & 1)));
	}
	return crc;
}

/* A GUID as the specification stores it (three little-endian fields, then
 * bytes) in its text form, lower case. */
static void guid(char *out, const unsigned char *g)
{
	static const unsigned char order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	unsigned char b[16];
	int i;

	for (i = 0; i < 16; i++)
		b[i] = g[order[i]];
	volume_uuid16((unsigned char *)out, b);
}

/* The logical sector size: the device's, 512 for an image. */
static unsigned int sector_size(const struct volume *v)
{
	struct stat st;
	int ssz = 0;

	if (fstat(v->fd, &st) == 0 && S_ISBLK(st.st_mode) && ioctl(v->fd, BLKSSZGET, &ssz) == 0 &&
	    ssz >= 512 && ssz <= 65536 && !(ssz & (ssz - 1)))
		return (unsigned int)ssz;
	return 512;
}

/* The entries' CRC: 1 when the array hdr names has it, 0, -errno. */
static int gpt_entries_ok(struct volume *v, const unsigned char *hdr, unsigned int ssz)
{
	unsigned char buf[4096];
	unsigned long long off = le64(hdr + 72) * ssz, done, all = le32(hdr + 80) * 1ULL * le32(hdr + 84);
	unsigned long crc = 0xffffffffUL, len;
	int r;

	for (done = 0; done < all; done += len) {
		len = all - done < sizeof(buf) ? (unsigned long)(all - done) : sizeof(buf);
		r = volume_read(v, off + done, buf, len);
		if (r < 0)
			return r == -ENODATA ? 0 : r;
		crc = crc32_update(crc, buf, len);
	}
	return (crc ^ 0xffffffffUL) == le32(hdr + 88);
}

/* The GPT header at lba: signature, its CRC, where it says it is, counts
 * and sizes in bounds, its entries' CRC. 1 and hdr (92 bytes), 0, -errno. */
static int gpt_header_at(struct volume *v, unsigned long long lba, unsigned int ssz,
			 unsigned char *hdr)
{
	unsigned char buf[512];
	unsigned long crc, len, num, esz;
	int r = volume_at(v, lba * ssz, buf, sizeof(buf), 0, "EFI PART", 8);

	len = r > 0 ? le32(buf + 12) : 0;
	if (r <= 0 || len < 92 || len > sizeof(buf) || le64(buf + 24) != lba)
		return r < 0 ? r : 0;
	crc = le32(buf + 16);
	memset(buf + 16, 0, 4);
	if ((crc32_update(0xffffffffUL, buf, len) ^ 0xffffffffUL) != crc)
		return 0;
	memcpy(hdr, buf, 92);
	num = le32(hdr + 80);
	esz = le32(hdr + 84);
	if (!num || esz < 128 || esz % 8 || esz > GPT_ARRAY_MAX || num > GPT_ARRAY_MAX / esz ||
	    le64(hdr + 40) > le64(hdr + 48) || le64(hdr + 72) > GPT_LBA_MAX)
		return 0;
	return gpt_entries_ok(v, hdr, ssz);
}

/* The device's size in sectors of ssz bytes (0 when unknown). */
static unsigned long long device_sectors(const struct volume *v, unsigned int ssz)
{
	unsigned long long bytes = 0;
	struct stat st;

	if (fstat(v->fd, &st) < 0)
		return 0;
	if (S_ISREG(st.st_mode))
		bytes = (unsigned long long)st.st_size;
	else if (S_ISBLK(st.st_mode) && ioctl(v->fd, BLKGETSIZE64, &bytes) < 0)
		bytes = 0;
	return bytes / ssz;
}

/* After a protective MBR, the GPT header at LBA 1, or else its backup in
 * the last sector: 1 and hdr (92 bytes) filled in, 0, -errno. */
static int gpt_header(struct volume *v, unsigned char *hdr, unsigned int *ssz)
{
	unsigned char mbr[512];
	unsigned long long last;
	int i, r = volume_at(v, 0, mbr, sizeof(mbr), 510, "\x55\xaa", 2);

	for (i = 0; r > 0 && i < 4 && mbr[446 + 16 * i + 4] != 0xee; i++)
		;
	if (r <= 0 || i == 4)
		return r < 0 ? r : 0;
	*ssz = sector_size(v);
	r = gpt_header_at(v, 1, *ssz, hdr);
	last = device_sectors(v, *ssz);
	if (r == 0 && last > 2)
		r = gpt_header_at(v, last - 1, *ssz, hdr);
	return r;
}

static int gpt_find(struct volume *v, const unsigned char *hdr, unsigned int ssz,
		    unsigned int number, unsigned long long start, struct part_entry *e)
{
	static const unsigned char zero[16];
	unsigned char ent[128];
	unsigned long long per = ssz / 512;
	unsigned long i, num = le32(hdr + 80), esz = le32(hdr + 84);
	int r;

	for (i = 0; i < num; i++) {
		if (!start && i + 1 != number)
			continue;
		r = volume_read(v, le64(hdr + 72) * ssz + i * esz, ent, sizeof(ent));
		if (r < 0)
			return r == -ENODATA ? 0 : r;
		if (!memcmp(ent, zero, 16) || (start && le64(ent + 32) * per != start))
			continue;
		e->scheme = "gpt";
		e->number = (unsigned int)i + 1;
		e->offset = le64(ent + 32) * per;
		e->size = (le64(ent + 40) - le64(ent + 32) + 1) * per;
		e->flags = le64(ent + 48);
		guid(e->type, ent);
		guid(e->uuid, ent + 16);
		volume_trim(e->name, volume_unicode(e->name, sizeof(e->name), ent + 56, 72,
						    VOL_UTF16LE));
		return 1;
	}
	return 0;
}

/* ---- the table, the entry ------------------------------------------------- */

int part_table_probe(struct volume *v)
{
	unsigned char buf[512];
	unsigned int ssz;
	int r = gpt_header(v, buf, &ssz);

	if (r > 0) {
		v->part.table = "gpt";
		guid(v->part.table_uuid, buf + 56);
		return 1;
	}
	/* FAT and NTFS boot sectors have the MBR's signature too (blkid
	 * takes neither for a table; an exFAT one it does) */
	if (r < 0 || (v->type && (strcmp(v->type, "vfat") == 0 || strcmp(v->type, "ntfs") == 0)) ||
	    (r = mbr_read(v, buf)) <= 0)
		return r;
	v->part.table = "dos";
	if (le32(buf + 440))
		hex(v->part.table_uuid, le32(buf + 440), 8);
	return 1;
}

int part_entry_find(struct volume *v, unsigned int number, unsigned long long start,
		    struct part_entry *e)
{
	unsigned char buf[512];
	unsigned int ssz;
	int r = gpt_header(v, buf, &ssz);

	if (r > 0)
		r = gpt_find(v, buf, ssz, number, start, e);
	else if (r == 0 && (r = mbr_read(v, buf)) > 0)
		r = mbr_find(v, buf, number, start, e);
	/* the start in sysfs names none of them: the number then */
	if (r == 0 && start)
		return part_entry_find(v, number, 0, e);
	if (r <= 0)   /* the search leaves the last entry it read */
		e->scheme = NULL;
	return r;
}

/* The disk, through a temporary node of its number beside node (in
 * udev_root when udev runs the probe), removed at once. */
static int disk_open(const char *node, dev_t dev)
{
	char path[1024];
	const char *slash = strrchr(node, '/');
	int fd;

	fmt_s(path, sizeof(path), "%s%s", slash ? "" : "./", node);
	fmt_s(strrchr(path, '/') + 1, sizeof(path) - (size_t)(strrchr(path, '/') + 1 - path),
	      ".tmp-disk-%u-%u-%d", (unsigned int)major(dev), (unsigned int)minor(dev),
	      (int)proc_self());
	if (mknod(path, S_IFBLK | 0600, dev) < 0)
		return -1;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	unlink(path);
	return fd;
}

void part_entry_probe(struct volume *v, const char *node, const char *devpath)
{
	char self[64], parent[SYSFS_PATH_MAX], num[24];
	unsigned long long start = 0, number = 0;
	unsigned int maj, min;
	struct volume disk;
	struct stat st;

	if (!devpath) {
		if (fstat(v->fd, &st) < 0 || !S_ISBLK(st.st_mode))
			return;
		fmt_s(self, sizeof(self), "/dev/block/%u:%u", (unsigned int)major(st.st_rdev),
		      (unsigned int)minor(st.st_rdev));
		devpath = self;
	}
	if (sysfs_attr_read(devpath, "partition", num, sizeof(num)) <= 0 ||
	    str_to_u64(num, &number) < 0 || !number || number > 65535)
		return;
	if (sysfs_attr_read(devpath, "start", num, sizeof(num)) > 0)
		(void)str_to_u64(num, &start);
	fmt_s(parent, sizeof(parent), "%s/..", devpath);
	if (sysfs_devnum(parent, &maj, &min) < 0)
		return;
	memset(&disk, 0, sizeof(disk));
	disk.fd = disk_open(node, makedev(maj, min));
	if (disk.fd < 0)
		return;
	if (part_entry_find(&disk, (unsigned int)number, start, &v->part.entry) > 0)
		fmt_s(v->part.entry.disk, sizeof(v->part.entry.disk), "%u:%u", maj, min);
	close(disk.fd);
}

static void put_num(char *out, size_t size, const char *key, unsigned long long n)
{
	char buf[24];

	fmt_s(buf, sizeof(buf), "%llu", n);
	enc_line(out, size, key, buf);
}

void part_export(const struct volume *v, char *out, size_t size)
{
	const struct part_entry *e = &v->part.entry;
	char buf[VOL_ENC_MAX];

	if (v->part.table) {
		if (v->part.table_uuid[0])
			enc_line(out, size, "ID_PART_TABLE_UUID", v->part.table_uuid);
		enc_line(out, size, "ID_PART_TABLE_TYPE", v->part.table);
	}
	if (!e->scheme)
		return;
	enc_line(out, size, "ID_PART_ENTRY_SCHEME", e->scheme);
	if (e->name[0]) {
		enc_encode(buf, sizeof(buf), e->name, strlen((const char *)e->name));
		enc_line(out, size, "ID_PART_ENTRY_NAME", buf);
	}
	if (e->uuid[0])
		enc_line(out, size, "ID_PART_ENTRY_UUID", e->uuid);
	enc_line(out, size, "ID_PART_ENTRY_TYPE", e->type);
	if (e->flags) {
		buf[0] = '0';
		buf[1] = 'x';
		hex(buf + 2, e->flags, 16);
		/* without the leading zeros */
		memmove(buf + 2, buf + 2 + strspn(buf + 2, "0"), 17 - strspn(buf + 2, "0"));
		enc_line(out, size, "ID_PART_ENTRY_FLAGS", buf);
	}
	if (e->number)   /* 0: the caller printed it (disk_id, from sysfs) */
		put_num(out, size, "ID_PART_ENTRY_NUMBER", e->number);
	put_num(out, size, "ID_PART_ENTRY_OFFSET", e->offset);
	put_num(out, size, "ID_PART_ENTRY_SIZE", e->size);
	if (e->disk[0])
		enc_line(out, size, "ID_PART_ENTRY_DISK", e->disk);
}
