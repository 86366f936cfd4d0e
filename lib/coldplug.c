// SPDX-License-Identifier: GPL-2.0-only
/* sysfs devices in coldplug order (see coldplug.h); moved here from
 * udevstart so that udevd's rescan walks sysfs the same way. */
#include "compat.h"
#include "fmt.h"
#include "coldplug.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int found_prio(const char *subsystem, const char *devpath)
{
	if (strcmp(subsystem, "mem") == 0)
		return 0;
	if (strcmp(subsystem, "block") != 0)
		return 1;
	return strncmp(path_basename(devpath), "dm-", 3) == 0 ? 3 : 2;
}

void coldplug_add(struct coldplug_list *l, const char *devpath, const char *subsystem)
{
	struct coldplug_dev *f;

	if (l->n == l->cap) {
		int cap = l->cap ? l->cap * 2 : 256;

		f = realloc(l->v, (size_t)cap * sizeof(*f));
		if (!f)
			return;
		l->v = f;
		l->cap = cap;
	}
	f = &l->v[l->n];
	f->devpath = strdup(devpath);
	if (!f->devpath)
		return;
	str_copy(f->subsystem, subsystem, sizeof(f->subsystem));
	f->prio = found_prio(subsystem, devpath);
	f->index = l->n++;
}

struct walk {
	coldplug_fn fn;
	void *ctx;
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entry names of directory devpath, sorted; n names, NULL when none. */
static char **dir_names(const char *devpath, size_t *n)
{
	char p[SYSFS_PATH_MAX * 2], **names = NULL, **nn;
	size_t cap = 0;
	struct dirent *de;
	DIR *d;

	*n = 0;
	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || !(d = opendir(p)))
		return NULL;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (*n == cap) {
			nn = realloc(names, (cap = cap ? 2 * cap : 64) * sizeof(*names));
			if (!nn)
				break;
			names = nn;
		}
		if (!(names[*n] = strdup(de->d_name)))
			break;
		(*n)++;
	}
	closedir(d);
	if (*n > 1)
		qsort(names, *n, sizeof(*names), name_cmp);
	return names;
}

/* A real directory (not one of today's /class or /block symlinks), with a
 * devpath short enough for the events built from it. */
static int is_real_dir(const char *devpath)
{
	char p[SYSFS_PATH_MAX * 2];
	struct stat st;

	return strlen(devpath) <= SYSFS_PATH_MAX - 64 &&
	       sysfs_path(p, sizeof(p), devpath, NULL) == 0 &&
	       lstat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Calls visit for each real directory below devpath, in name order. */
static void each_dir(const char *devpath, void (*visit)(const char *, struct walk *),
		     struct walk *w)
{
	char child[SYSFS_PATH_MAX];
	size_t n, i;
	char **names = dir_names(devpath, &n);

	for (i = 0; i < n; i++) {
		if (fmt_s(child, sizeof(child), "%s/%s", devpath, names[i]) < sizeof(child) &&
		    is_real_dir(child))
			visit(child, w);
		free(names[i]);
	}
	free(names);
}

static void walk_devices(const char *devpath, struct walk *w)
{
	char sub[64];

	if (sysfs_link_name(devpath, "subsystem", sub, sizeof(sub)) > 0)
		w->fn(w->ctx, devpath, sub);
	each_dir(devpath, walk_devices, w);
}

static void walk_class_dev(const char *devpath, struct walk *w)
{
	char sub[64] = "";

	str_copy_component(sub, devpath + 7, sizeof(sub));
	w->fn(w->ctx, devpath, sub);
}

static void walk_class(const char *classpath, struct walk *w)
{
	each_dir(classpath, walk_class_dev, w);
}

static void walk_block_part(const char *devpath, struct walk *w)
{
	w->fn(w->ctx, devpath, "block");
}

static void walk_block(const char *devpath, struct walk *w)
{
	if (w->fn(w->ctx, devpath, "block") > 0)
		each_dir(devpath, walk_block_part, w);
}

void coldplug_walk(const char *top, coldplug_fn fn, void *ctx)
{
	struct walk w = { fn, ctx };

	if (strcmp(top, "/devices") == 0)
		walk_devices(top, &w);
	else if (strcmp(top, "/class") == 0)
		each_dir(top, walk_class, &w);
	else if (strcmp(top, "/block") == 0)
		each_dir(top, walk_block, &w);
}

/* coldplug_scan's visitor: devices with a dev file (with all, also those
 * without one: every /class device, and below /devices those with a uevent
 * file); a disk's partitions are looked at when it has a dev file. */
static int scan_one(void *ctx, const char *devpath, const char *subsystem)
{
	struct coldplug_list *l = ctx;
	int has_dev = sysfs_exists(devpath, "dev");
	int legacy = strncmp(devpath, "/devices/", 9) != 0;
	int block = strncmp(devpath, "/block/", 7) == 0;

	if (has_dev || (l->all && !block && (legacy || sysfs_exists(devpath, "uevent"))))
		coldplug_add(l, devpath, subsystem);
	return has_dev;
}

static int found_cmp(const void *a, const void *b)
{
	const struct coldplug_dev *x = a, *y = b;

	if (x->prio != y->prio)
		return x->prio - y->prio;
	return x->index - y->index;
}

void coldplug_scan(struct coldplug_list *l, int all)
{
	l->v = NULL;
	l->n = l->cap = 0;
	l->all = all;
	coldplug_walk("/class", scan_one, l);
	coldplug_walk("/block", scan_one, l);
	coldplug_walk("/devices", scan_one, l);
	if (l->n > 0)
		qsort(l->v, (size_t)l->n, sizeof(l->v[0]), found_cmp);
}

void coldplug_free(struct coldplug_list *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->v[i].devpath);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}
