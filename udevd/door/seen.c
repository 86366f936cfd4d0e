// SPDX-License-Identifier: GPL-2.0-only
/* The devices seen without a node, for the rescan (see seen.h). */
#include "compat.h"
#include "seen.h"
#include "log.h"
#include "str.h"

#include <stdlib.h>
#include <string.h>

/* Deleted slots keep their hash and this as dev, so that a search goes on
 * past them. */
static char gone_mark;
#define GONE (&gone_mark)

static uint64_t hash_of(const char *s)
{
	return str_fnv(STR_FNV_INIT, s, strlen(s));
}

/* devpath's slot, or NULL. */
static struct seen_slot *find(const struct seen *t, const char *devpath, uint64_t h)
{
	size_t i;

	if (!t->cap)
		return NULL;
	for (i = (size_t)h & (t->cap - 1); t->v[i].dev; i = (i + 1) & (t->cap - 1))
		if (t->v[i].dev != GONE && t->v[i].hash == h && strcmp(t->v[i].dev, devpath) == 0)
			return &t->v[i];
	return NULL;
}

static void put(struct seen_slot *v, size_t cap, uint64_t h, char *dev)
{
	size_t i;

	for (i = (size_t)h & (cap - 1); v[i].dev && v[i].dev != GONE; i = (i + 1) & (cap - 1))
		;
	v[i].hash = h;
	v[i].dev = dev;
}

/* Room for one more, at most half the slots used; deleted ones dropped.
 * A new table leaves an eighth of its slots free below that half: without
 * it, a set that stays at a boundary (2,047 devices in 4,096 slots) was
 * rebuilt, the same size, at every add that followed a remove. */
static int make_room(struct seen *t)
{
	struct seen_slot *v;
	size_t cap = t->cap ? t->cap : 64, i;

	if ((t->used + 1) * 2 <= t->cap)
		return 0;
	while ((t->n + 1) * 8 > cap * 3)
		cap *= 2;
	v = calloc(cap, sizeof(*v));
	if (!v)
		return -1;
	for (i = 0; i < t->cap; i++)
		if (t->v[i].dev && t->v[i].dev != GONE)
			put(v, cap, t->v[i].hash, t->v[i].dev);
	free(t->v);
	t->v = v;
	t->cap = cap;
	t->used = t->n;
	t->rebuilds++;
	return 0;
}

static void add(struct seen *t, const char *devpath, const char *subsystem)
{
	uint64_t h = hash_of(devpath);
	size_t a = strlen(devpath) + 1, b = strlen(subsystem) + 1;
	char *dev;

	if (find(t, devpath, h))
		return;
	if (t->n >= SEEN_MAX || t->bytes + a + b > SEEN_BYTES) {
		if (!t->full_logged)
			log_notice("%zu devices without a node remembered: no more (a rescan may add "
				   "the others again)", t->n);
		t->full_logged = 1;
		return;
	}
	dev = malloc(a + b);
	if (!dev || make_room(t) < 0) {
		free(dev);
		return;
	}
	memcpy(dev, devpath, a);
	memcpy(dev + a, subsystem, b);
	put(t->v, t->cap, h, dev);
	t->bytes += a + b;
	t->n++;
	t->used++;
}

/* 1 when devpath was there (and is not any more). */
static int del(struct seen *t, const char *devpath)
{
	struct seen_slot *s = find(t, devpath, hash_of(devpath));

	if (!s)
		return 0;
	t->bytes -= strlen(s->dev) + 1;
	t->bytes -= strlen(s->dev + strlen(s->dev) + 1) + 1;
	free(s->dev);
	s->dev = GONE;
	t->n--;
	return 1;
}

void seen_note(struct seen *t, const struct event *ev, int rc)
{
	const char *a = ev->u.action;

	if (strcmp(a, "add") == 0) {
		if (!ev->u.has_devnum && rc == 0)
			add(t, ev->u.devpath, ev->u.subsystem);
	} else if (strcmp(a, "remove") == 0) {
		del(t, ev->u.devpath);
	} else if (strcmp(a, "move") == 0 && ev->u.devpath_old && del(t, ev->u.devpath_old)) {
		add(t, ev->u.devpath, ev->u.subsystem);
	}
}

int seen_has(const struct seen *t, const char *devpath)
{
	return find(t, devpath, hash_of(devpath)) != NULL;
}

void seen_each(const struct seen *t, seen_fn *fn, void *ctx)
{
	size_t i;

	for (i = 0; i < t->cap; i++)
		if (t->v[i].dev && t->v[i].dev != GONE)
			fn(ctx, t->v[i].dev, t->v[i].dev + strlen(t->v[i].dev) + 1);
}
