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

struct dir_memo {
	char *dir;
	char **paths;       /* the scripts to run, in order */
	int n;
};

struct udev_cache {
	struct id_memo ids[CACHE_IDS];
	int nids;
	struct dir_memo *dirs;
	int ndirs;
	char *perms;        /* every udev.permissions line, in order */
	int perms_read;
	char **subdirs;     /* the directories under dev.d, relative */
	int nsubdirs, subdirs_read;
};

/* user_lookup/group_lookup (user.h), remembered. */
int cache_user(struct udev_cache *c, const char *file, const char *name, uid_t *uid);
int cache_group(struct udev_cache *c, const char *file, const char *name, gid_t *gid);
/* The executable regular files of dir (symlinks followed) whose names end
 * in suffix and that want() accepts (NULL: all), in name order, as full
 * paths: remembered in c (a zeroed cache of the caller's own, dropped
 * after, when nothing is to be kept). NULL when out of memory. */
const struct dir_memo *cache_listing(struct udev_cache *c, const char *dir, const char *suffix,
				     int (*want)(const char *name));
/* 0 when root/sub is known not to be a directory (the tree under root,
 * CACHE_DEPTH levels, is read once into c), else 1. The driver watches
 * dev.d as deep. */
#define CACHE_DEPTH 16
int cache_subdir(struct udev_cache *c, const char *root, const char *sub);
void cache_drop(struct udev_cache *c);

#endif
