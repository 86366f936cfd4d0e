// SPDX-License-Identifier: GPL-2.0-only
/* Per-device seqnum memory and the kernel's seqnum (see devseq.h).
 *
 * Design: a fixed table of DEVSEQ_SLOTS {key, seqnum} pairs in 4-way sets,
 * keyed by a 64-bit FNV-1a hash of the DEVPATH (of DEVPATH_OLD, of the
 * device number as claims.c spells it). A device new to a full set takes the
 * place of the one with the lowest seqnum: the memory is bounded and loses
 * the oldest first. A lost entry only means that a late event is not known
 * to be late, which is how udevd behaved before it remembered anything. */
#include "compat.h"
#include "devseq.h"
#include "claims.h"
#include "str.h"
#include "sysfs.h"

#include <errno.h>
#include <string.h>

#define WAYS 4

static struct {
	uint64_t key, seqnum;
} slots[DEVSEQ_SLOTS];

/* The slot of key, or the one it would take. */
static size_t slot_of(uint64_t key)
{
	size_t set = (size_t)(key % (DEVSEQ_SLOTS / WAYS)) * WAYS, i, low = set;

	for (i = set; i < set + WAYS; i++) {
		if (slots[i].key == key && slots[i].seqnum)
			return i;
		if (slots[i].seqnum < slots[low].seqnum)
			low = i;
	}
	return low;
}

static uint64_t seqnum_of(uint64_t key)
{
	size_t i = slot_of(key);

	return slots[i].key == key ? slots[i].seqnum : 0;
}

static void remember(uint64_t key, uint64_t seqnum)
{
	size_t i = slot_of(key);

	if (slots[i].key != key || slots[i].seqnum < seqnum) {
		slots[i].key = key;
		slots[i].seqnum = seqnum;
	}
}

static uint64_t devnum_hash(const struct uevent *ev)
{
	char key[48];
	size_t n = ev->has_devnum ? claims_devnum_key(key, sizeof(key), ev) : 0;

	return n ? str_fnv(STR_FNV_INIT, key, n) : 0;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The highest seqnum of path and (ancestors) of each of its prefixes. */
static uint64_t path_newest(const char *path, int ancestors)
{
	uint64_t h = STR_FNV_INIT, best = 0;
	size_t i, len = strlen(path), from = 0;

	for (i = 1; i <= len; i++) {
		if (i < len && path[i] != '/')
			continue;
		h = str_fnv(h, path + from, i - from);
		from = i;
		if (ancestors || i == len)
			best = max_u64(best, seqnum_of(h));
	}
	return best;
}

uint64_t devseq_newer(const struct uevent *ev)
{
	uint64_t dn = devnum_hash(ev), best = path_newest(ev->devpath, 1);

	if (ev->devpath_old)
		best = max_u64(best, path_newest(ev->devpath_old, 0));
	if (dn)
		best = max_u64(best, seqnum_of(dn));
	return ev->has_seqnum && best > ev->seqnum ? best : 0;
}

void devseq_note(const struct uevent *ev)
{
	uint64_t dn = devnum_hash(ev);

	if (!ev->has_seqnum || ev->seqnum == 0)
		return;
	remember(str_fnv(STR_FNV_INIT, ev->devpath, strlen(ev->devpath)), ev->seqnum);
	if (ev->devpath_old)
		remember(str_fnv(STR_FNV_INIT, ev->devpath_old, strlen(ev->devpath_old)), ev->seqnum);
	if (dn)
		remember(dn, ev->seqnum);
}

int devseq_kernel(uint64_t *seqnum)
{
	char buf[32];
	unsigned long long v;
	int r = sysfs_attr_read("/kernel", "uevent_seqnum", buf, sizeof(buf));

	if (r < 0)
		return r;
	if (str_to_u64(buf, &v) < 0)
		return -EINVAL;
	*seqnum = v;
	return 0;
}
