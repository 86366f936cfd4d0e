// SPDX-License-Identifier: GPL-2.0-only
/* The worker's memos (see cache.h): lookups that gave the same answer for
 * every event are asked once per generation of the files behind them. */
#include "compat.h"
#include "cache.h"
#include "path.h"
#include "str.h"
#include "user.h"
#include "fmt.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LISTING_MAX 128   /* files per directory */

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

static const struct dir_memo *listing_get(const struct udev_cache *c, const char *dir)
{
	int i;

	for (i = 0; i < c->ndirs; i++)
		if (strcmp(c->dirs[i].dir, dir) == 0)
			return &c->dirs[i];
	return NULL;
}

static void paths_free(char **paths, int n)
{
	while (n)
		free(paths[--n]);
	free(paths);
}

/* The wanted executable files of dir into paths (each allocated); how many. */
static int listing_read(const char *dir, const char *suffix, int (*want)(const char *),
			char **paths)
{
	char path[1300], *names[LISTING_MAX];
	struct stat st;
	int n = path_list_dir(dir, suffix, names, LISTING_MAX), i, k = 0;

	for (i = 0; i < n; i++) {
		fmt_s(path, sizeof(path), "%s/%s", dir, names[i]);
		if ((!want || want(names[i])) && stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    access(path, X_OK) == 0 && (paths[k] = strdup(path)))
			k++;
		free(names[i]);
	}
	return k;
}

const struct dir_memo *cache_listing(struct udev_cache *c, const char *dir, const char *suffix,
				     int (*want)(const char *name))
{
	const struct dir_memo *m = listing_get(c, dir);
	struct dir_memo *v;
	char **paths;
	int n;

	if (m)
		return m;
	paths = malloc(LISTING_MAX * sizeof(*paths));
	v = realloc(c->dirs, (size_t)(c->ndirs + 1) * sizeof(*v));
	if (v)
		c->dirs = v;
	if (!paths || !v || !(v[c->ndirs].dir = strdup(dir))) {
		free(paths);
		return NULL;
	}
	n = listing_read(dir, suffix, want, paths);
	v[c->ndirs].paths = paths;
	v[c->ndirs].n = n;
	return &v[c->ndirs++];
}

static int subdir_add(struct udev_cache *c, const char *rel)
{
	char **v = realloc(c->subdirs, (size_t)(c->nsubdirs + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	c->subdirs = v;
	v[c->nsubdirs] = strdup(rel);
	return v[c->nsubdirs] ? c->nsubdirs++, 0 : -ENOMEM;
}

/* Every directory under root/rel, depth levels down, into c->subdirs. */
static int subdirs_walk(struct udev_cache *c, const char *root, const char *rel, int depth)
{
	char dir[1024], sub[1024];
	struct dirent *de;
	struct stat st;
	DIR *d;
	int r = 0;

	fmt_s(dir, sizeof(dir), "%s%s%s", root, *rel ? "/" : "", rel);
	d = opendir(dir);
	while (d && r == 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.' ||
		    fmt_s(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", de->d_name) >=
		    sizeof(sub))
			continue;
		if (path_join(dir, sizeof(dir), root, sub) == 0 && stat(dir, &st) == 0 &&
		    S_ISDIR(st.st_mode)) {
			r = subdir_add(c, sub);
			if (r == 0 && depth > 0)
				r = subdirs_walk(c, root, sub, depth - 1);
		}
	}
	if (d)
		closedir(d);
	return r;
}

int cache_subdir(struct udev_cache *c, const char *root, const char *sub)
{
	int i;

	if (!c->subdirs_read) {
		if (subdirs_walk(c, root, "", CACHE_DEPTH - 1) < 0)
			return 1;   /* cannot tell: look */
		c->subdirs_read = 1;
	}
	for (i = 0; i < c->nsubdirs; i++)
		if (strcmp(c->subdirs[i], sub) == 0)
			return 1;
	return 0;
}

void cache_drop(struct udev_cache *c)
{
	while (c->nsubdirs)
		free(c->subdirs[--c->nsubdirs]);
	free(c->subdirs);
	c->subdirs = NULL;
	c->subdirs_read = 0;
	while (c->ndirs) {
		c->ndirs--;
		free(c->dirs[c->ndirs].dir);
		paths_free(c->dirs[c->ndirs].paths, c->dirs[c->ndirs].n);
	}
	free(c->dirs);
	c->dirs = NULL;
	c->nids = 0;
	free(c->perms);
	c->perms = NULL;
	c->perms_read = 0;
}
