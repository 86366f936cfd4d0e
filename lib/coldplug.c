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

/* A real directory (not one of today's /class symlinks) with a dev file,
 * or without one when nodev is set. */
static int is_dev_dir(const char *devpath, int nodev)
{
	char p[SYSFS_PATH_MAX * 2];
	struct stat st;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || lstat(p, &st) < 0)
		return 0;
	return S_ISDIR(st.st_mode) && (nodev || sysfs_exists(devpath, "dev"));
}

/* Calls fn for each entry name of the directory devpath. */
static void each_entry(const char *devpath, void (*fn)(struct coldplug_list *, const char *),
		       struct coldplug_list *l)
{
	char p[SYSFS_PATH_MAX * 2], child[SYSFS_PATH_MAX];
	struct dirent *de;
	DIR *d;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || !(d = opendir(p)))
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		fmt_s(child, sizeof(child), "%s/%s", devpath, de->d_name);
		fn(l, child);
	}
	closedir(d);
}

static void scan_class_dev(struct coldplug_list *l, const char *devpath)
{
	char sub[64];

	if (!is_dev_dir(devpath, l->all))
		return;
	str_copy_component(sub, devpath + 7, sizeof(sub));
	coldplug_add(l, devpath, sub);
}

static void scan_class(struct coldplug_list *l, const char *classpath)
{
	each_entry(classpath, scan_class_dev, l);
}

static void scan_block_part(struct coldplug_list *l, const char *devpath)
{
	if (is_dev_dir(devpath, 0))
		coldplug_add(l, devpath, "block");
}

static void scan_block(struct coldplug_list *l, const char *devpath)
{
	if (!is_dev_dir(devpath, 0))
		return;
	coldplug_add(l, devpath, "block");
	each_entry(devpath, scan_block_part, l);
}

/* Today's layout: every directory below /devices, symlinks not followed. */
static void scan_devices(struct coldplug_list *l, const char *devpath)
{
	char p[SYSFS_PATH_MAX * 2], sub[64];
	struct stat st;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || lstat(p, &st) < 0 ||
	    !S_ISDIR(st.st_mode) || strlen(devpath) > SYSFS_PATH_MAX - 64)
		return;
	if ((sysfs_exists(devpath, "dev") || (l->all && sysfs_exists(devpath, "uevent"))) &&
	    sysfs_link_name(devpath, "subsystem", sub, sizeof(sub)) > 0)
		coldplug_add(l, devpath, sub);
	each_entry(devpath, scan_devices, l);
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
	each_entry("/class", scan_class, l);
	each_entry("/block", scan_block, l);
	scan_devices(l, "/devices");
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
