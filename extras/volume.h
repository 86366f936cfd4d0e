/* SPDX-License-Identifier: GPL-2.0-only */
/* Superblock probes for vol_id: each reads the few bytes its on-disk
 * format puts at a fixed offset and, when the magic and the sanity checks
 * hold, fills in the usage, type, version, UUID and label it found. */
#ifndef EXTRAS_VOLUME_H
#define EXTRAS_VOLUME_H

#include <stddef.h>

#define VOL_LABEL_MAX 256
#define VOL_UUID_MAX 64

/* A partition table and a partition's entry (volume_part.h). */
struct part_entry {
	const char *scheme;          /* "dos", "gpt"; NULL: no entry found */
	char uuid[40], type[40];
	unsigned char name[112];     /* GPT: 36 UTF-16 units as UTF-8 */
	unsigned long long flags;    /* dos: the boot indicator; GPT: attributes */
	unsigned long long offset, size;   /* 512-byte sectors */
	unsigned int number;         /* 0 once printed (part_export skips it) */
	char disk[24];               /* the disk's MAJOR:MINOR */
};

struct part_info {
	const char *table;           /* the table on this device: "dos", "gpt" */
	char table_uuid[40];
	struct part_entry entry;     /* this device's entry in its disk's table */
};

struct volume {
	int fd;
	const char *usage;     /* "filesystem", "other", "crypto" */
	const char *type;      /* "ext4", "vfat", "crypto_LUKS"... */
	char version[16];
	unsigned char uuid[VOL_UUID_MAX];    /* text, as the format has it */
	unsigned char label[VOL_LABEL_MAX];  /* raw bytes, NUL-terminated */
	unsigned char uuid_sub[VOL_UUID_MAX];
	struct part_info part;  /* a partition table, an entry (volume_part.h) */
};

/* Reads len bytes at off into buf: 0, or -errno (-EIO on a short read). */
int volume_read(struct volume *v, unsigned long long off, void *buf, size_t len);
/* Reads len bytes at off into buf and compares mlen bytes of magic at moff
 * (none when magic is NULL): 1 when they match, 0 when not or when the
 * device ends before (not this format), -errno when it cannot be read. */
int volume_at(struct volume *v, unsigned long long off, void *buf, size_t len,
	      size_t moff, const char *magic, size_t mlen);
/* Records the usage and type of the format found; returns 1. */
int volume_found(struct volume *v, const char *usage, const char *type);
/* Tries every known format (volume_probe.c); 0 and v filled in, -ENOENT when none matched,
 * or -errno when the device could not be read at all. */
int volume_probe(struct volume *v);

/* Helpers the format files share (volume.c). */
unsigned int le16(const unsigned char *p);
unsigned int be16(const unsigned char *p);
unsigned long le32(const unsigned char *p);
unsigned long be32(const unsigned char *p);
unsigned long long le64(const unsigned char *p);
/* The 16 bytes of a binary UUID as 8-4-4-4-12 lower-case hex (none when
 * all zero). */
void volume_uuid16(unsigned char *out, const unsigned char *id);
/* The n-byte little-endian number at p as upper-case hex, most
 * significant byte first, with a '-' after the first dash digits (a FAT
 * or exFAT serial; NTFS's has none: dash 0). */
void volume_hex_le(unsigned char *out, const unsigned char *p, size_t n, size_t dash);
/* A label field of len bytes: up to its first NUL, trailing blanks dropped. */
void volume_label(struct volume *v, const unsigned char *field, size_t len);
/* A text field (LUKS UUID, ISO dates) copied like volume_label into out. */
void volume_text(unsigned char *out, size_t size, const unsigned char *field, size_t len);
/* Ends the n bytes at s before their trailing white space, as blkid does. */
void volume_trim(unsigned char *s, size_t n);
/* The encodings of labels that are not UTF-8 already. */
enum { VOL_LATIN1, VOL_UTF16LE, VOL_UTF16BE };
/* len bytes of text in enc as UTF-8 into out of size bytes: up to the
 * first NUL, surrogate pairs joined, a character that does not fit
 * dropped with the rest; returns the bytes written before the NUL. */
size_t volume_unicode(unsigned char *out, size_t size, const unsigned char *p, size_t len,
		      int enc);
/* The same into v's label, trailing white space dropped. */
void volume_label_unicode(struct volume *v, const unsigned char *p, size_t len, int enc);

/* vol_id's exit codes, and what volume_probe_node found. */
enum { VOL_FOUND, VOL_READ = 2, VOL_UNKNOWN, VOL_NONE };
/* An encoded label or UUID: at most a link name (NAME_MAX bytes). */
#define VOL_ENC_MAX 256
/* What volume_export writes at most. */
#define VOL_EXPORT_MAX (VOL_ENC_MAX * 12)

/* Opens node and probes it (volume_export.c): VOL_FOUND and v filled in
 * (a file system, a partition table, or the node's own entry in its
 * disk's table: devpath in sysfs, or NULL to find it from the node), VOL_READ
 * when it cannot be opened or read, VOL_UNKNOWN when nothing matched;
 * logs why. v->type is NULL when only a table or an entry was found. */
int volume_probe_node(const char *node, const char *devpath, struct volume *v);
/* Appends what v holds to out as ID_FS_USAGE, ID_FS_TYPE, ID_FS_VERSION,
 * ID_FS_UUID, ID_FS_UUID_SUB (when there is one) and ID_FS_LABEL lines,
 * the untrusted ones in their safe form and as _ENC; then the
 * ID_PART_* lines (part_export). */
void volume_export(const struct volume *v, char *out, size_t size);

/* The formats (volume_fs.c, volume_probe.c): 1 when found, 0 when not,
 * -errno when the device could not be read. */
int probe_ext(struct volume *v);
int probe_vfat(struct volume *v);
int probe_btrfs(struct volume *v);
int probe_xfs(struct volume *v);
int probe_iso9660(struct volume *v);
int probe_squashfs(struct volume *v);
int probe_swap(struct volume *v);
int probe_luks(struct volume *v);
/* The formats of one shape (volume_shape.c's table: bcache, f2fs, erofs,
 * nilfs2, ocfs2, reiserfs, jfs, romfs, cramfs, ubifs, jffs2), and minix. */
int probe_shapes(struct volume *v);
int probe_minix(struct volume *v);
/* volume_raid.c: LVM2 physical volumes, md RAID members. */
int probe_lvm2(struct volume *v);
int probe_md(struct volume *v);
/* volume_ms.c: NTFS, exFAT. */
int probe_ntfs(struct volume *v);
int probe_exfat(struct volume *v);
/* volume_udf.c, volume_hfs.c (HFS and HFS+) */
int probe_udf(struct volume *v);
int probe_hfs(struct volume *v);
/* volume_zfs.c: ZFS pool members. */
int probe_zfs(struct volume *v);

#endif
