// SPDX-License-Identifier: GPL-2.0-only
/* The worker's memos (see cache.h): lookups that gave the same answer for
 * every event are asked once per generation of the files behind them. */
#include "compat.h"
#include "cache.h"
#include "str.h"
#include "user.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int id_lookup(struct udev_cache *c, const char *file, const char *name,
		     int group, unsigned long *id)
{
	struct id_memo *m;
	uid_t uid = 0;
	gid_t gid = 0;
	int i, r;

	for (i = 0; c && i < c->nids; i++)
		if (c->ids[i].group == group && strcmp(c->ids[i].name, name) == 0) {
			*id = c->ids[i].id;
			return c->ids[i].r;
		}
	r = group ? group_lookup(file, name, &gid) : user_lookup(file, name, &uid);
	*id = group ? (unsigned long)gid : (unsigned long)uid;
	if (!c || c->nids == CACHE_IDS || strlen(name) >= sizeof(m->name))
		return r;
	m = &c->ids[c->nids++];
	str_copy(m->name, name, sizeof(m->name));
	m->id = *id;
	m->r = r;
	m->group = group;
	return r;
}

int cache_user(struct udev_cache *c, const char *file, const char *name, uid_t *uid)
{
	unsigned long id = 0;
	int r = id_lookup(c, file, name, 0, &id);

	if (r == 0)
		*uid = (uid_t)id;
	return r;
}

int cache_group(struct udev_cache *c, const char *file, const char *name, gid_t *gid)
{
	unsigned long id = 0;
	int r = id_lookup(c, file, name, 1, &id);

	if (r == 0)
		*gid = (gid_t)id;
	return r;
}

const struct devd_memo *cache_devd_get(const struct udev_cache *c, const char *dir)
{
	int i;

	for (i = 0; c && i < c->ndevd; i++)
		if (strcmp(c->devd[i].dir, dir) == 0)
			return &c->devd[i];
	return NULL;
}

static void paths_free(char **paths, int n)
{
	while (n)
		free(paths[--n]);
	free(paths);
}

const struct devd_memo *cache_devd_put(struct udev_cache *c, const char *dir,
				       char **paths, int n)
{
	struct devd_memo *v = realloc(c->devd, (size_t)(c->ndevd + 1) * sizeof(*v));

	if (v)
		c->devd = v;
	if (!v || !(v[c->ndevd].dir = strdup(dir))) {
		paths_free(paths, n);
		return NULL;
	}
	v[c->ndevd].paths = paths;
	v[c->ndevd].n = n;
	return &v[c->ndevd++];
}

void cache_drop(struct udev_cache *c)
{
	while (c->ndevd) {
		c->ndevd--;
		free(c->devd[c->ndevd].dir);
		paths_free(c->devd[c->ndevd].paths, c->devd[c->ndevd].n);
	}
	free(c->devd);
	c->devd = NULL;
	c->nids = 0;
	free(c->perms);
	c->perms = NULL;
	c->perms_read = 0;
}
