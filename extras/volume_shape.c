// SPDX-License-Identifier: GPL-2.0-only
/* The formats that share one shape, one table row each: a magic at a
 * fixed place of a superblock at a fixed offset, a binary UUID and a label
 * at fixed places in it, and a check of the other fields that also says
 * the version (see volume.h; the offsets are the formats' own headers, and
 * the values are those blkid gives). */
#include "compat.h"
#include "fmt.h"
#include "str.h"
#include "volume.h"

#include <string.h>

/* What a check says: not this format, found, or found without the UUID
 * and label (a layout the format does not define). */
enum { SHAPE_NO, SHAPE_YES, SHAPE_BARE };
/* A row's flags: its label is UTF-16LE; it is no file system (usage "other"). */
enum { SHAPE_UTF16 = 1, SHAPE_OTHER = 2 };

struct shape {
	const char *type;
	const char *magic;
	unsigned int off;      /* the superblock's byte offset on the device */
	unsigned short moff;   /* the magic's place in the superblock */
	unsigned char mlen;
	unsigned char flags;   /* SHAPE_UTF16, SHAPE_OTHER */
	unsigned short uuid;   /* a 16-byte binary UUID's place, 0 when none */
	unsigned short label;  /* the label's place, 0 when none */
	unsigned short llen;   /* its bytes */
	unsigned short len;    /* the bytes read: every field and the check's */
	int (*check)(struct volume *v, const unsigned char *sb);
};

#define SHAPE_MAX 640

static void version2(struct volume *v, unsigned long major, unsigned long minor)
{
	fmt_s(v->version, sizeof(v->version), "%lu.%lu", major, minor);
}

/* erofs: a block size of 512 bytes to 64 KiB (log2 at 12). */
static int check_erofs(struct volume *v, const unsigned char *sb)
{
	(void)v;
	return sb[12] >= 9 && sb[12] <= 16;
}

/* jfs: the aggregate and the hardware block sizes (16, 24) agree with
 * their log2 (20, 28) and their ratio (22). */
static int check_jfs(struct volume *v, const unsigned char *sb)
{
	unsigned int l2b = le16(sb + 20), l2pb = le16(sb + 28);

	(void)v;
	return l2b <= 31 && l2pb <= 31 && le32(sb + 16) == 1UL << l2b &&
	       le32(sb + 24) == 1UL << l2pb && l2b - l2pb == le16(sb + 22);
}

/* nilfs2: the revision (0) is the version; the superblock's size (8)
 * reaches its checksum and stays in its 1 KiB. */
static int check_nilfs2(struct volume *v, const unsigned char *sb)
{
	unsigned int bytes = le16(sb + 8);

	if (bytes < 24 || bytes > 1024)
		return SHAPE_NO;
	fmt_s(v->version, sizeof(v->version), "%lu", le32(sb));
	return SHAPE_YES;
}

/* reiserfs: a block size (44) of 512 bytes or more, the superblock
 * before the journal (block at 12); the magic's seventh byte says the
 * version: ReIsEr2Fs 3.6, ReIsEr3Fs a non-standard journal, ReIsErFs 3.5
 * (without UUID and label). */
static int check_reiserfs(struct volume *v, const unsigned char *sb)
{
	unsigned int bs = le16(sb + 44) >> 9;

	if (bs == 0 || 64 / bs > le32(sb + 12) / 2)
		return SHAPE_NO;
	str_copy(v->version, sb[58] == '2' ? "3.6" : sb[58] == '3' ? "JR" : "3.5",
		 sizeof(v->version));
	return sb[58] == 'F' ? SHAPE_BARE : SHAPE_YES;
}

/* ocfs2: major and minor revision at 192 and 194. */
static int check_ocfs2(struct volume *v, const unsigned char *sb)
{
	version2(v, le16(sb + 192), le16(sb + 194));
	return SHAPE_YES;
}

/* f2fs: the version at 4 and 6; 1.0's layout is not known. */
static int check_f2fs(struct volume *v, const unsigned char *sb)
{
	if (le16(sb + 4) == 1 && le16(sb + 6) == 0)
		return SHAPE_BARE;
	version2(v, le16(sb + 4), le16(sb + 6));
	return SHAPE_YES;
}

/* bcache: the superblock says where it was written (8), in sectors. */
static int check_bcache(struct volume *v, const unsigned char *sb)
{
	(void)v;
	return le64(sb + 8) == 4096 / 512;
}

/* ubifs: a superblock node (type 6 at 20); the format and read-only
 * compatibility versions at 80 and 124. */
static int check_ubifs(struct volume *v, const unsigned char *sb)
{
	if (sb[20] != 6)
		return SHAPE_NO;
	fmt_s(v->version, sizeof(v->version), "w%lur%lu", le32(sb + 80), le32(sb + 124));
	return SHAPE_YES;
}

/* jffs2: a node type that the format defines after its magic. */
static int check_jffs2(struct volume *v, const unsigned char *sb)
{
	static const unsigned short types[] = { 0xe001, 0xe002, 0x2003, 0x2004, 0x6006,
						0xe008, 0xe009 };
	unsigned int t = sb[0] == 0x85 ? le16(sb + 2) : be16(sb + 2), i;

	(void)v;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (t == types[i])
			return SHAPE_YES;
	return SHAPE_NO;
}

#define BCACHE_MAGIC "\xc6\x85\x73\xf6\x4e\x1a\x45\xca\x82\x65\xf5\x7f\x48\xba\x6d\x81"
#define OCFS2(off) { "ocfs2", "OCFSV2", off, 0, 6, 0, 336, 272, 64, 352, check_ocfs2 }

static const struct shape shapes[] = {
	{ "bcache", BCACHE_MAGIC, 4096, 24, 16, SHAPE_OTHER, 40, 0, 0, 56, check_bcache },
	{ "f2fs", "\x10\x20\xf5\xf2", 1024, 0, 4, SHAPE_UTF16, 0x6c, 0x7c, 512, 0x7c + 512, check_f2fs },
	{ "erofs", "\xe2\xe1\xf5\xe0", 1024, 0, 4, 0, 48, 64, 16, 80, check_erofs },
	{ "nilfs2", "\x34\x34", 1024, 6, 2, 0, 152, 168, 80, 248, check_nilfs2 },
	OCFS2(1024), OCFS2(2048), OCFS2(4096), OCFS2(8192),
	{ "reiserfs", "ReIsEr2Fs", 65536, 52, 9, 0, 84, 100, 16, 116, check_reiserfs },
	{ "reiserfs", "ReIsEr3Fs", 65536, 52, 9, 0, 84, 100, 16, 116, check_reiserfs },
	{ "reiserfs", "ReIsErFs", 65536, 52, 8, 0, 0, 0, 0, 60, check_reiserfs },
	{ "jfs", "JFS1", 32768, 0, 4, 0, 136, 152, 16, 168, check_jfs },
	{ "romfs", "-rom1fs-", 0, 0, 8, 0, 0, 16, 16, 32, NULL },
	{ "cramfs", "\x45\x3d\xcd\x28", 0, 0, 4, 0, 0, 48, 16, 64, NULL },
	{ "cramfs", "\x28\xcd\x3d\x45", 0, 0, 4, 0, 0, 48, 16, 64, NULL },
	{ "ubifs", "\x31\x18\x10\x06", 0, 0, 4, 0, 108, 0, 0, 128, check_ubifs },
	{ "jffs2", "\x85\x19", 0, 0, 2, 0, 0, 0, 0, 4, check_jffs2 },
	{ "jffs2", "\x19\x85", 0, 0, 2, 0, 0, 0, 0, 4, check_jffs2 },
};

static int shape_probe(struct volume *v, const struct shape *s)
{
	unsigned char sb[SHAPE_MAX];
	int r = volume_at(v, s->off, sb, s->len, s->moff, s->magic, s->mlen);

	if (r <= 0)
		return r;
	r = s->check ? s->check(v, sb) : SHAPE_YES;
	if (r == SHAPE_NO)
		return 0;
	if (r == SHAPE_YES && s->uuid)
		volume_uuid16(v->uuid, sb + s->uuid);
	if (r == SHAPE_YES && s->label && (s->flags & SHAPE_UTF16))
		volume_label_unicode(v, sb + s->label, s->llen, VOL_UTF16LE);
	else if (r == SHAPE_YES && s->label)
		volume_label(v, sb + s->label, s->llen);
	return volume_found(v, s->flags & SHAPE_OTHER ? "other" : "filesystem", s->type);
}

int probe_shapes(struct volume *v)
{
	unsigned int i;
	int r;

	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		r = shape_probe(v, &shapes[i]);
		if (r != 0)
			return r;
	}
	return 0;
}

/* A minix superblock's 16-bit field, in the byte order its magic has. */
static unsigned int mx16(const unsigned char *p, int be)
{
	return be ? be16(p) : le16(p);
}

static unsigned long mx32(const unsigned char *p, int be)
{
	return be ? be32(p) : le32(p);
}

/* The minix version its magic says (16 in v1 and v2, 24 in v3), 0 when
 * none; *be set when the magic is big-endian. */
static int minix_version(const unsigned char *sb, int *be)
{
	static const unsigned short magics[] = { 0x137f, 0x138f, 0x2468, 0x2478 };
	unsigned int i;

	for (*be = 0; *be < 2; ++*be) {
		for (i = 0; i < 4; i++)
			if (mx16(sb + 16, *be) == magics[i])
				return i < 2 ? 1 : 2;
		if (mx16(sb + 24, *be) == 0x4d5a)
			return 3;
	}
	return 0;
}

/* minix: superblock at 1 KiB. The counts must fit the bitmaps, as blkid
 * checks, since a two-byte magic is easily met by chance. */
int probe_minix(struct volume *v)
{
	unsigned char sb[32];
	const unsigned char *f;   /* the bitmap counts: at 4 in v1 and v2, 6 in v3 */
	unsigned long zones, inodes, imaps, zmaps, first, logzone;
	int be, version, r = volume_at(v, 1024, sb, sizeof(sb), 0, NULL, 0);

	if (r <= 0)
		return r;
	version = minix_version(sb, &be);
	if (version == 0)
		return 0;
	if (version < 3) {
		if (mx16(sb + 18, be) & ~3U)   /* state: valid and error bits only */
			return 0;
		zones = version == 2 ? mx32(sb + 20, be) : mx16(sb + 2, be);
		inodes = mx16(sb, be);
		f = sb + 4;
	} else {
		zones = mx32(sb + 20, be);
		inodes = mx32(sb, be);
		f = sb + 6;
	}
	imaps = mx16(f, be);
	zmaps = mx16(f + 2, be);
	first = mx16(f + 4, be);
	logzone = mx16(f + 6, be);
	if (logzone || inodes == 0 || inodes == 0xffffffffUL || imaps * 8192 < inodes + 1 ||
	    first > zones || zmaps * 8192 < zones - first + 1)
		return 0;
	fmt_s(v->version, sizeof(v->version), "%d", version);
	return volume_found(v, "filesystem", "minix");
}
