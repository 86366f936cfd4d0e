// SPDX-License-Identifier: GPL-2.0-only
/* ZFS pool members: the vdev labels (two at the start of the device, two
 * at its end) hold uberblocks and the pool's configuration as an XDR
 * nvlist; read as blkid reads them (see volume.h). */
#include "compat.h"
#include "fmt.h"
#include "volume.h"

#include <string.h>
#include <unistd.h>

#define ZFS_LABEL (256 * 1024ULL)
#define ZFS_NVLIST (16 * 1024ULL)
#define ZFS_RING (128 * 1024ULL)
#define ZFS_UB 1024U
#define ZFS_CHUNK 8192U
/* blkid wants 4 uberblocks and a device of at least 64 MiB (ZFS's least). */
#define ZFS_WANT 4
#define ZFS_MIN (64ULL << 20)

static unsigned long long be64(const unsigned char *p)
{
	return (unsigned long long)be32(p) << 32 | be32(p + 4);
}

/* Counts the uberblocks in the ring of the label at off, the magic in
 * either byte order; *ver gets the version of the last one: 1 and more,
 * 0 when none, -errno. */
static int zfs_ring(struct volume *v, unsigned long long off, unsigned long long *ver)
{
	unsigned char buf[ZFS_CHUNK];
	unsigned int c, i;
	int r, n = 0;

	for (c = 0; c < ZFS_RING / ZFS_CHUNK; c++) {
		r = volume_at(v, off + ZFS_RING + c * ZFS_CHUNK, buf, sizeof(buf), 0, NULL, 0);
		if (r <= 0)
			return r;
		for (i = 0; i < ZFS_CHUNK; i += ZFS_UB) {
			if (le64(buf + i) == 0x00bab10cULL)
				*ver = le64(buf + i + 8);
			else if (be64(buf + i) == 0x00bab10cULL)
				*ver = be64(buf + i + 8);
			else
				continue;
			n++;
		}
	}
	return n;
}

/* One uint64 pair's value as decimal into out, when its type is 8. */
static void zfs_u64(unsigned char *out, const unsigned char *val)
{
	if (be32(val) == 8)
		fmt_s((char *)out, VOL_UUID_MAX, "%llu", be64(val + 8));
}

/* The first 4 KiB of the label's nvlist: after the 12-byte header, pairs
 * of encoded size, decoded size, name length, name (padded to 4), then
 * type, count, value. Top-level "name", "guid" and "pool_guid" only (a
 * nested list is one pair skipped whole); up to three found, every pair
 * inside the 4 KiB, a size that ends the pair before its name ends it. */
static void zfs_config(struct volume *v, unsigned long long off)
{
	unsigned char nv[4096];
	unsigned long size, namelen, avail;
	unsigned int pos = 12, found = 0;
	const unsigned char *p, *val;

	if (volume_at(v, off + ZFS_NVLIST, nv, sizeof(nv), 0, NULL, 0) <= 0)
		return;
	while (pos + 12 < sizeof(nv) && found < 3) {
		p = nv + pos;
		size = be32(p);
		namelen = be32(p + 8);
		avail = (size - namelen - 12) & 0xffffffffUL;
		if (size == 0 || size > sizeof(nv) - pos || avail >= 0x80000000UL)
			break;
		val = p + 12 + ((namelen + 3) & ~3UL);
		if (namelen == 4 && memcmp(p + 12, "name", 4) == 0 && avail > 12) {
			if (be32(val) == 9 && be32(val + 8) <= avail - 12)
				volume_label(v, val + 12, be32(val + 8));
			found++;
		} else if (namelen == 4 && memcmp(p + 12, "guid", 4) == 0 && avail >= 16) {
			zfs_u64(v->uuid_sub, val);
			found++;
		} else if (namelen == 9 && memcmp(p + 12, "pool_guid", 9) == 0 && avail >= 16) {
			zfs_u64(v->uuid, val);
			found++;
		}
		pos += (unsigned int)size;
	}
}

/* The labels in order, 0 and 1 at the start, 2 and 3 before the end
 * rounded down to 256 KiB, until 4 uberblocks are found; the version is
 * the last one's, the configuration that label's. */
int probe_zfs(struct volume *v)
{
	off_t end = lseek(v->fd, 0, SEEK_END);
	unsigned long long size = end > 0 ? (unsigned long long)end : 0, off = 0, ver = 0;
	unsigned int l;
	int r, n = 0;

	if (size < ZFS_MIN)
		return 0;
	for (l = 0; l < 4 && n < ZFS_WANT; l++) {
		off = l < 2 ? l * ZFS_LABEL : (size & ~(ZFS_LABEL - 1)) - (4 - l) * ZFS_LABEL;
		r = zfs_ring(v, off, &ver);
		if (r < 0)
			return r;
		n += r;
	}
	if (n < ZFS_WANT)
		return 0;
	fmt_s(v->version, sizeof(v->version), "%llu", ver);
	zfs_config(v, off);
	return volume_found(v, "filesystem", "zfs_member");
}
