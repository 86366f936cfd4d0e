/* SPDX-License-Identifier: GPL-2.0-only */
/* What udev's worker keeps from one event to the next while nothing it was
 * read from changed (cache.c; the driver drops it on a change): user and
 * group ids by name, and the dev.d listings. A NULL cache reads each time. */
#ifndef UDEV_CACHE_H
#define UDEV_CACHE_H

#include <sys/types.h>

#define CACHE_IDS 32

struct id_memo {
	char name[64];
	unsigned long id;
	int r;              /* 0 or -errno of the lookup */
	int group;
};

struct devd_memo {
	char *dir;
	char **paths;       /* the scripts to run, in order */
	int n;
};

struct udev_cache {
	struct id_memo ids[CACHE_IDS];
	int nids;
	struct devd_memo *devd;
	int ndevd;
	char *perms;        /* every udev.permissions line, in order */
	int perms_read;
};

/* user_lookup/group_lookup (user.h), remembered. */
int cache_user(struct udev_cache *c, const char *file, const char *name, uid_t *uid);
int cache_group(struct udev_cache *c, const char *file, const char *name, gid_t *gid);
/* The remembered listing of dir, or NULL. */
const struct devd_memo *cache_devd_get(const struct udev_cache *c, const char *dir);
/* Remembers paths[0..n) (owned by the cache from now on, also on failure). */
const struct devd_memo *cache_devd_put(struct udev_cache *c, const char *dir,
				       char **paths, int n);
void cache_drop(struct udev_cache *c);

#endif
