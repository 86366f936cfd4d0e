// SPDX-License-Identifier: GPL-2.0-only
/* Apple's HFS and HFS+ (Technical Note TN1150): the master directory
 * block or volume header at 1 KiB, the UUID that Mac OS X derives from the
 * Finder's 64-bit volume id (an MD5 name-based UUID, as blkid shows it),
 * HFS's label in the MDB and HFS+'s as the name of the root folder's
 * thread, the first record of the catalog's first leaf node. */
#include "compat.h"
#include "volume.h"

#include <stdint.h>
#include <string.h>

/* MD5 (RFC 1321) of one message of at most 55 bytes: all a UUID needs. */
static void md5_short(unsigned char *out, const unsigned char *msg, size_t len)
{
	static const uint32_t k[64] = {
		0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
		0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
		0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
		0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
		0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
		0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
		0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
		0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
		0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
		0xeb86d391 };
	static const unsigned char r[16] = { 7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23,
					     6, 10, 15, 21 };
	uint32_t h[4] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476 };
	uint32_t a = h[0], b = h[1], c = h[2], d = h[3], f, t;
	unsigned char blk[64];
	unsigned int i, g;

	memset(blk, 0, sizeof(blk));
	memcpy(blk, msg, len);
	blk[len] = 0x80;
	blk[56] = (unsigned char)(len << 3);
	blk[57] = (unsigned char)(len >> 5);
	for (i = 0; i < 64; i++) {
		switch (i / 16) {
		case 0: f = (b & c) | (~b & d); g = i; break;
		case 1: f = (d & b) | (~d & c); g = 5 * i + 1; break;
		case 2: f = b ^ c ^ d; g = 3 * i + 5; break;
		default: f = c ^ (b | ~d); g = 7 * i; break;
		}
		f += a + k[i] + (uint32_t)le32(blk + 4 * (g & 15));
		t = r[(i / 16) * 4 + i % 4];
		a = d;
		d = c;
		c = b;
		b += (f << t) | (f >> (32 - t));
	}
	h[0] += a;
	h[1] += b;
	h[2] += c;
	h[3] += d;
	for (i = 0; i < 16; i++)
		out[i] = (unsigned char)(h[i / 4] >> (8 * (i % 4)));
}

/* The UUID of a Finder volume id (none when it is zero): MD5 of Apple's
 * name space and the id, made a version 3 UUID. */
static void hfs_uuid(struct volume *v, const unsigned char *id)
{
	static const unsigned char space[16] = { 0xb3, 0xe2, 0x0f, 0x39, 0xf2, 0x92, 0x11, 0xd6,
						 0x97, 0xa4, 0x00, 0x30, 0x65, 0x43, 0xec, 0xac };
	unsigned char msg[24], uuid[16];

	if (memcmp(id, "\0\0\0\0\0\0\0\0", 8) == 0)
		return;
	memcpy(msg, space, 16);
	memcpy(msg + 16, id, 8);
	md5_short(uuid, msg, sizeof(msg));
	uuid[6] = (unsigned char)(0x30 | (uuid[6] & 0x0f));
	uuid[8] = (unsigned char)(0x80 | (uuid[8] & 0x3f));
	volume_uuid16(v->uuid, uuid);
}

/* The name of the root folder's thread, from the catalog whose first
 * extents the volume header vh at base lists: blkid's label. */
static int hfsplus_label(struct volume *v, const unsigned char *vh, unsigned long long base)
{
	unsigned char node[14 + 8 + 510];
	unsigned long bs = be32(vh + 40), head, nsize, block, start = 0, count, i;
	int r = volume_at(v, base + (unsigned long long)be32(vh + 288) * bs, node, 34, 0, NULL, 0);

	if (r <= 0)
		return r;
	head = be32(node + 24);
	nsize = be16(node + 32);
	if (nsize < sizeof(node) || be32(node + 20) == 0)
		return 0;
	block = (unsigned long)((unsigned long long)head * nsize / bs);
	for (i = 0; i < 8; i++) {   /* the catalog's extents, at 288 */
		start = be32(vh + 288 + 8 * i);
		count = be32(vh + 292 + 8 * i);
		if (count == 0)
			return 0;
		if (block < count)
			break;
		block -= count;
	}
	if (i == 8)
		return 0;
	r = volume_at(v, base + ((unsigned long long)start + block) * bs, node, sizeof(node), 0,
		      NULL, 0);
	if (r <= 0 || be16(node + 10) == 0 || node[8] != 0xff)
		return r < 0 ? r : 0;
	if (be32(node + 16) == 1 && be16(node + 20) <= 255)   /* parent: the root's */
		volume_label_unicode(v, node + 22, be16(node + 20) * 2U, VOL_UTF16BE);
	return 0;
}

/* HFS+: "H+" or "HX" at 1 KiB, or inside an HFS wrapper whose MDB says
 * where (its first allocation block at 28, block size at 20, the embedded
 * volume's start at 126); block size at 40, Finder id at 104. */
static int probe_hfsplus(struct volume *v, const unsigned char *mdb)
{
	unsigned char vh[352];
	unsigned long long base = 0;
	int r;

	if (mdb[0] == 'B') {
		base = be16(mdb + 28) * 512ULL + be16(mdb + 126) * (unsigned long long)be32(mdb + 20);
		r = volume_at(v, base + 1024, vh, sizeof(vh), 0, NULL, 0);
	} else {
		r = volume_at(v, 1024, vh, sizeof(vh), 0, NULL, 0);
	}
	if (r <= 0 || vh[0] != 'H' || (vh[1] != '+' && vh[1] != 'X') || be32(vh + 40) < 512)
		return r < 0 ? r : 0;
	hfs_uuid(v, vh + 104);
	r = hfsplus_label(v, vh, base);
	return r < 0 ? r : volume_found(v, "filesystem", "hfsplus");
}

/* HFS: "BD" at 1 KiB; an embedded HFS+ (signature at 124) is that; the
 * allocation block size at 20 a multiple of 512; label length at 36, the
 * label (Mac Roman, as it stands) at 37, the Finder id at 116. */
int probe_hfs(struct volume *v)
{
	unsigned char mdb[130];
	int r = volume_at(v, 1024, mdb, sizeof(mdb), 0, NULL, 0);

	if (r <= 0)
		return r;
	if (mdb[0] == 'H' || (mdb[0] == 'B' && mdb[1] == 'D' && mdb[124] == 'H' &&
			      (mdb[125] == '+' || mdb[125] == 'X')))
		return probe_hfsplus(v, mdb);
	if (mdb[0] != 'B' || mdb[1] != 'D' || be32(mdb + 20) == 0 || be32(mdb + 20) % 512)
		return 0;
	hfs_uuid(v, mdb + 116);
	volume_label(v, mdb + 37, mdb[36] < 27 ? mdb[36] : 27);
	return volume_found(v, "filesystem", "hfs");
}
