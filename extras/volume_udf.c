// SPDX-License-Identifier: GPL-2.0-only
/* UDF (ECMA-167 and OSTA's UDF): the volume recognition sequence at
 * 32 KiB, the anchor at sector 256 (or 512) of the block size in use, and
 * the main volume descriptor sequence it points to: the label is the
 * logical volume's identifier, the UUID comes from the volume set's, the
 * version is the UDF revision. Values as blkid gives them (see volume.h). */
#include "compat.h"
#include "volume.h"

#include <string.h>

/* Descriptors read at most: a sequence is 16 sectors long or more, rarely
 * much more. */
#define UDF_VDS_MAX 64

enum { TAG_PVD = 1, TAG_ANCHOR = 2, TAG_LVD = 6, TAG_TERM = 8, TAG_LVID = 9 };

struct udf {
	unsigned long bs, lvid, lvid_len;
	unsigned int rev;
	int label, uuid;
};

/* The NSR descriptor of the recognition sequence (2 KiB apart, or a
 * block apart for blocks larger) before anything that is not one of it. */
static int udf_nsr(struct volume *v, unsigned long step)
{
	static const char ids[][6] = { "BEA01", "BOOT2", "CD001", "CDW02", "TEA01" };
	unsigned char vsd[6];
	unsigned int b, i;
	int r;

	for (b = 0; b < 64; b++) {
		r = volume_at(v, 32768 + b * step, vsd, sizeof(vsd), 0, NULL, 0);
		if (r <= 0 || vsd[1] == 0)
			return r < 0 ? r : 0;
		if (memcmp(vsd + 1, "NSR02", 5) == 0 || memcmp(vsd + 1, "NSR03", 5) == 0)
			return 1;
		for (i = 0; i < sizeof(ids) / sizeof(ids[0]); i++)
			if (memcmp(vsd + 1, ids[i], 5) == 0)
				break;
		if (i == sizeof(ids) / sizeof(ids[0]))
			return 0;
	}
	return 0;
}

/* Reads the descriptor of block n into d: its tag (0) when it says it is
 * at block n (12), 0 when not, -errno. */
static int udf_tag(struct volume *v, unsigned long bs, unsigned long n, unsigned char *d,
		   size_t len)
{
	int r = volume_at(v, (unsigned long long)n * bs, d, len, 0, NULL, 0);

	if (r <= 0)
		return r;
	return le32(d + 12) == n ? (int)le16(d) : 0;
}

/* A block size whose recognition sequence and anchor hold: the anchor's
 * sequence extent in *len and *loc; 0 when none. */
static int udf_anchor(struct volume *v, struct udf *u, unsigned long *len, unsigned long *loc)
{
	static const unsigned short sizes[] = { 512, 1024, 2048, 4096 };
	unsigned char d[24];
	unsigned int i, at;
	int r;

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		r = udf_nsr(v, sizes[i] > 2048 ? sizes[i] : 2048);
		if (r < 0)
			return r;
		for (at = 256; r > 0 && at <= 512; at += 256) {
			int t = udf_tag(v, sizes[i], at, d, sizeof(d));

			if (t < 0)
				return t;
			if (t == TAG_ANCHOR) {
				u->bs = sizes[i];
				*len = le32(d + 16);
				*loc = le32(d + 20);
				return 1;
			}
		}
	}
	return 0;
}

/* A character set specification that is OSTA Compressed Unicode. */
static int udf_osta(const unsigned char *cs)
{
	static const char name[] = "OSTA Compressed Unicode";

	return cs[0] == 0 && memcmp(cs + 1, name, sizeof(name)) == 0;
}

/* A d-string of len bytes (compression id first, used length last) as
 * UTF-8 into out without trimming: its length, or -1 when its id is
 * neither 8 (Latin-1) nor 16 (UTF-16BE). */
static long udf_dstring(unsigned char *out, size_t size, const unsigned char *d, size_t len)
{
	size_t used = d[len - 1] ? d[len - 1] - 1U : 0;

	if (used > len - 2)
		used = len - 2;
	if (d[0] != 8 && d[0] != 16)
		return -1;
	return (long)volume_unicode(out, size, d + 1, used, d[0] == 8 ? VOL_LATIN1 : VOL_UTF16BE);
}

/* The UUID of the volume set identifier: its first 16 characters when
 * they are hex digits, else as many of the first 8 or 12 as are and the
 * rest of the 16 as the hex of the bytes (as blkid does). */
static void udf_uuid(unsigned char *out, const unsigned char *volset)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char buf[17];
	size_t i, keep = 16, o = 0;

	memset(buf, 0, sizeof(buf));
	if (udf_dstring(buf, sizeof(buf), volset, 128) < 8)
		return;
	for (i = 0; i < 16 && keep == 16; i++)
		if (!((buf[i] >= '0' && buf[i] <= '9') || ((buf[i] | 0x20) >= 'a' && (buf[i] | 0x20) <= 'f')))
			keep = i < 8 ? 0 : 8;
	for (i = 0; i < keep; i++)
		out[o++] = (unsigned char)(buf[i] >= 'A' && buf[i] <= 'Z' ? buf[i] | 0x20 : buf[i]);
	for (i = keep; i < (keep ? 12 : 8); i++) {
		out[o++] = (unsigned char)hex[buf[i] >> 4];
		out[o++] = (unsigned char)hex[buf[i] & 15];
	}
	out[o] = '\0';
}

/* A primary (UUID) or logical volume descriptor (label, revision, where
 * the integrity descriptor is). */
static void udf_descriptor(struct volume *v, struct udf *u, int tag, const unsigned char *d)
{
	if (tag == TAG_PVD && !u->uuid && udf_osta(d + 200)) {
		udf_uuid(v->uuid, d + 72);
		u->uuid = v->uuid[0] != '\0';
	}
	if (tag != TAG_LVD)
		return;
	if (!u->lvid && le32(d + 268)) {
		u->lvid_len = le32(d + 432);
		u->lvid = le32(d + 436);
	}
	if (!u->rev && strncmp((const char *)d + 217, "*OSTA UDF Compliant", 23) == 0)
		u->rev = le16(d + 240);
	if (!u->label && udf_osta(d + 20) && udf_dstring(v->label, sizeof(v->label), d + 84, 128) >= 0) {
		volume_trim(v->label, strlen((const char *)v->label));
		u->label = 1;
	}
}

/* The integrity descriptor's minimum read and write revisions, when
 * higher than the logical volume's. */
static int udf_lvid(struct volume *v, struct udf *u)
{
	unsigned char d[80], iu[46];
	unsigned long long at;
	unsigned int i;
	int r;

	if (!u->lvid || u->lvid_len < 440)
		return 0;
	r = udf_tag(v, u->bs, u->lvid, d, sizeof(d));
	if (r != TAG_LVID || le32(d + 76) < sizeof(iu))
		return r < 0 ? r : 0;
	at = (unsigned long long)u->lvid * u->bs + 80 + 8ULL * le32(d + 72);
	r = volume_at(v, at, iu, sizeof(iu), 0, NULL, 0);
	for (i = 40; r > 0 && i <= 42; i += 2)
		if (le16(iu + i) > u->rev)
			u->rev = le16(iu + i);
	return r < 0 ? r : 0;
}

int probe_udf(struct volume *v)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char d[440];
	unsigned long len, loc, b;
	char *p = v->version;
	struct udf u;
	int r, tag;

	memset(&u, 0, sizeof(u));
	r = udf_anchor(v, &u, &len, &loc);
	if (r <= 0)
		return r;
	for (b = 0; b < len / u.bs && b < UDF_VDS_MAX; b++) {
		tag = udf_tag(v, u.bs, loc + b, d, sizeof(d));
		if (tag < 0)
			return tag;
		if (tag == 0 || tag == TAG_TERM)
			break;
		udf_descriptor(v, &u, tag, d);
	}
	r = udf_lvid(v, &u);
	if (r < 0)
		return r;
	if (u.rev) {   /* "%x.%02x" of its two bytes */
		if (u.rev >> 12)
			*p++ = hex[u.rev >> 12];
		*p++ = hex[(u.rev >> 8) & 15];
		*p++ = '.';
		*p++ = hex[(u.rev >> 4) & 15];
		*p++ = hex[u.rev & 15];
		*p = '\0';
	}
	return volume_found(v, "filesystem", "udf");
}
