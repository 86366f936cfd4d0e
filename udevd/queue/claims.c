// SPDX-License-Identifier: GPL-2.0-only
/* Claims of unfinished events, in a hash table keyed by path prefix.
 *
 * Design: every held path P counts "self" on P and "sub" on P and on each of
 * its '/'-prefixes. A new path Q then conflicts when sub[Q] > 0 (Q itself or a
 * descendant is held) or self[A] > 0 for a proper prefix A of Q (an ancestor
 * is held): depth(Q) lookups, independent of the number of events. Device
 * numbers are keys "#b8:1" / "#c4:64" with self counts only. */
#include "compat.h"
#include "fmt.h"
#include "str.h"
#include "claims.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CLAIM_BUCKETS 4096

struct claim {
	struct claim *next;
	unsigned int self, sub;
	size_t len;
	char key[];
};

struct claims {
	struct claim *bucket[CLAIM_BUCKETS];
};

struct claims *claims_new(void)
{
	return calloc(1, sizeof(struct claims));
}

void claims_free(struct claims *c)
{
	struct claim *k, *next;
	size_t i;

	if (!c)
		return;
	for (i = 0; i < CLAIM_BUCKETS; i++)
		for (k = c->bucket[i]; k; k = next) {
			next = k->next;
			free(k);
		}
	free(c);
}

/* FNV-1a, fed one byte at a time: a path's prefixes are hashed in one pass. */
#define HASH_INIT 2166136261u

static uint32_t hash_step(uint32_t h, char ch)
{
	return (h ^ (unsigned char)ch) * 16777619u;
}

static uint32_t hash(const char *s, size_t len)
{
	uint32_t h = HASH_INIT;

	while (len--)
		h = hash_step(h, *s++);
	return h;
}

/* h: hash(key, len) */
static struct claim **lookup(const struct claims *c, uint32_t h, const char *key, size_t len)
{
	struct claim **k = (struct claim **)&c->bucket[h % CLAIM_BUCKETS];

	for (; *k; k = &(*k)->next)
		if ((*k)->len == len && str_same((*k)->key, key, len))
			break;
	return k;
}

/* Adds dself/dsub (+1 or -1) to one key; frees a key back at zero. */
static int key_add(struct claims *c, uint32_t h, const char *key, size_t len, int dself,
		   int dsub)
{
	struct claim **slot = lookup(c, h, key, len), *k = *slot;

	if (!k) {
		if (dself < 0 || dsub < 0)
			return 0;
		k = calloc(1, sizeof(*k) + len);
		if (!k)
			return -ENOMEM;
		memcpy(k->key, key, len);
		k->len = len;
		*slot = k;
	}
	k->self += (unsigned int)dself;
	k->sub += (unsigned int)dsub;
	if (k->self == 0 && k->sub == 0) {
		*slot = k->next;
		free(k);
	}
	return 0;
}

static unsigned int key_count(const struct claims *c, uint32_t h, const char *key, size_t len,
			      int self)
{
	const struct claim *k = *lookup(c, h, key, len);

	return k ? (self ? k->self : k->sub) : 0;
}

/* sub on every prefix ending before a '/', self and sub on the whole path;
 * stops at the first failure and undoes what it did. */
static int path_add(struct claims *c, const char *path, int d)
{
	size_t i, len = strlen(path);
	uint32_t h = HASH_INIT;

	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		if (i > 0 && path[i] == '/' && key_add(c, h, path, i, 0, d) < 0)
			goto undo;
		h = hash_step(h, path[i]);
	}
	if (key_add(c, h, path, len, d, d) == 0)
		return 0;
undo:
	while (--i > 0)
		if (path[i] == '/')
			key_add(c, hash(path, i), path, i, 0, -d);
	return -ENOMEM;
}

static int path_conflict(const struct claims *c, const char *path)
{
	size_t i, len = strlen(path);
	uint32_t h = HASH_INIT;

	for (i = 0; i < len; i++) {
		if (i > 0 && path[i] == '/' && key_count(c, h, path, i, 1))
			return 1;
		h = hash_step(h, path[i]);
	}
	return key_count(c, h, path, len, 0) != 0;
}

size_t claims_devnum_key(char *buf, size_t size, const struct uevent *ev)
{
	size_t n = fmt_s(buf, size, "#%c%lu:%lu",
			 strcmp(ev->subsystem, "block") == 0 ? 'b' : 'c',
			 ev->major, ev->minor);

	return n < size ? n : 0;
}

int claims_add(struct claims *c, const struct uevent *ev)
{
	char key[48];
	size_t klen = ev->has_devnum ? claims_devnum_key(key, sizeof(key), ev) : 0;

	if (path_add(c, ev->devpath, 1) < 0)
		return -ENOMEM;
	if (ev->devpath_old && path_add(c, ev->devpath_old, 1) < 0)
		goto undo_devpath;
	if (klen && key_add(c, hash(key, klen), key, klen, 1, 0) < 0)
		goto undo_old;
	return 0;
undo_old:
	if (ev->devpath_old)
		path_add(c, ev->devpath_old, -1);
undo_devpath:
	path_add(c, ev->devpath, -1);
	return -ENOMEM;
}

void claims_del(struct claims *c, const struct uevent *ev)
{
	char key[48];
	size_t klen = ev->has_devnum ? claims_devnum_key(key, sizeof(key), ev) : 0;

	path_add(c, ev->devpath, -1);
	if (ev->devpath_old)
		path_add(c, ev->devpath_old, -1);
	if (klen)
		key_add(c, hash(key, klen), key, klen, -1, 0);
}

int claims_conflict(const struct claims *c, const struct uevent *ev)
{
	char key[48];
	size_t klen = ev->has_devnum ? claims_devnum_key(key, sizeof(key), ev) : 0;

	if (path_conflict(c, ev->devpath))
		return 1;
	if (ev->devpath_old && path_conflict(c, ev->devpath_old))
		return 1;
	return klen && key_count(c, hash(key, klen), key, klen, 1);
}
