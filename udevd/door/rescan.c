// SPDX-License-Identifier: GPL-2.0-only
/* Rescan after lost events (see rescan.h): /dev and the database are made
 * to converge to sysfs both ways. A record (udev's database, legacy layout)
 * whose DEVPATH is gone from sysfs gets a remove, children before parents;
 * and so does a device seen without a node (seen.h) that is gone; then,
 * in coldplug order, a device without a record gets an add, unless it has
 * no node and udevd has seen it, and so does one whose node, as its
 * record names it, is missing or of another number. All go
 * through udevd's queue, removes first, so that a device number a new
 * device reuses is freed before its add. */
#include "compat.h"
#include "fmt.h"
#include "rescan.h"
#include "seen.h"
#include "coldplug.h"
#include "conf.h"
#include "fd.h"
#include "marks.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* devpath's record: named by DEVPATH without its leading '/', the other
 * '/' as '@' (class@tty@ttyS0), or with a leading '@' as earlier versions
 * wrote it (see udev/db/db.h). */
static int rec_of(const struct udev_conf *conf, const char *devpath, struct rescan_rec *r)
{
	char file[CONF_PATH_MAX + SYSFS_PATH_MAX], enc[SYSFS_PATH_MAX], *p;
	int old, e = -ENOENT;

	str_copy(enc, devpath, sizeof(enc));
	for (p = enc; *p; p++)
		if (*p == '/')
			*p = '@';
	for (old = 0; old < 2 && e == -ENOENT; old++)
		if (path_join(file, sizeof(file), conf->db, enc + (!old && enc[0] == '@')) == 0)
			e = rescan_rec_read(file, r);
	return e;
}

/* The record's node is there with the device's number (d has one). */
static int node_ok(const struct udev_conf *conf, const struct rescan_rec *r, const char *subsystem,
		   unsigned int major, unsigned int minor)
{
	char node[CONF_PATH_MAX + 256];
	struct stat st;

	if (!r->name[0] || path_join(node, sizeof(node), conf->root, r->name) < 0 ||
	    lstat(node, &st) < 0)
		return 0;
	if (strcmp(subsystem, "block") == 0 ? !S_ISBLK(st.st_mode) : !S_ISCHR(st.st_mode))
		return 0;
	return st.st_rdev == makedev(major, minor);
}

/* The subsystem of a record written before U: lines: the legacy layout's
 * /class/NAME/ or /block/ tells it. */
static const char *rec_subsystem(struct rescan_rec *r)
{
	if (!r->subsystem[0] && strncmp(r->devpath, "/class/", 7) == 0)
		str_copy_component(r->subsystem, r->devpath + 7, sizeof(r->subsystem));
	if (!r->subsystem[0] && strncmp(r->devpath, "/block/", 7) == 0)
		str_copy(r->subsystem, "block", sizeof(r->subsystem));
	return r->subsystem[0] ? r->subsystem : "unknown";
}

static int depth_cmp(const void *a, const void *b)
{
	const struct coldplug_dev *x = a, *y = b;

	return (int)strlen(y->devpath) - (int)strlen(x->devpath);
}

/* A device seen without a node that is gone, and has no record (which
 * the walk of the records found): on the list, "" as its subsystem's mark. */
static void seen_gone(void *ctx, const char *devpath, const char *subsystem)
{
	if (!sysfs_exists(devpath, NULL))
		coldplug_add(ctx, devpath, subsystem);
}

/* Removes for the records whose device is gone and for the devices seen
 * without a node that are gone, deepest DEVPATH first. */
static int rescan_gone(const struct udev_conf *conf, const struct seen *seen,
		       struct msg_event *m, rescan_fn *fn, void *ctx)
{
	char file[CONF_PATH_MAX + 256];
	struct coldplug_list gone = { NULL, 0, 0, 0 };
	struct dirent *de;
	struct rescan_rec r;
	DIR *d = opendir(conf->db);
	int i, n = 0, e;

	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.' || path_join(file, sizeof(file), conf->db, de->d_name) < 0 ||
		    rescan_rec_read(file, &r) < 0 || sysfs_exists(r.devpath, NULL))
			continue;
		coldplug_add(&gone, r.devpath, "");
	}
	if (d)
		closedir(d);
	if (seen)
		seen_each(seen, seen_gone, &gone);
	if (gone.n > 1)
		qsort(gone.v, (size_t)gone.n, sizeof(gone.v[0]), depth_cmp);
	for (i = 0; i < gone.n; i++) {
		if (rec_of(conf, gone.v[i].devpath, &r) == 0)
			e = gone.v[i].subsystem[0] ? -EEXIST :   /* the record's remove, once */
			    rescan_event(m, "remove", "rescan", r.devpath, rec_subsystem(&r), r.major,
				       r.minor ? r.minor : "");
		else
			e = gone.v[i].subsystem[0] ?
			    rescan_event(m, "remove", "rescan", gone.v[i].devpath, gone.v[i].subsystem, "", "") :
			    -ENOENT;
		if (e == 0) {
			fn(ctx, m);
			n++;
		}
	}
	coldplug_free(&gone);
	return n;
}

/* An add for each device without a record, or whose node is not right. */
static int rescan_present(const struct udev_conf *conf, const struct seen *seen,
			  struct msg_event *m, rescan_fn *fn, void *ctx)
{
	struct coldplug_list l;
	unsigned int major, minor;
	char num[2][12];
	struct rescan_rec r;
	int i, n = 0, have;

	coldplug_scan(&l, 1);
	for (i = 0; i < l.n; i++) {
		have = rec_of(conf, l.v[i].devpath, &r) == 0;
		num[0][0] = num[1][0] = '\0';
		if (sysfs_devnum(l.v[i].devpath, &major, &minor) == 0) {
			if (have && node_ok(conf, &r, l.v[i].subsystem, major, minor))
				continue;
			fmt_s(num[0], sizeof(num[0]), "%u", major);
			fmt_s(num[1], sizeof(num[1]), "%u", minor);
		} else if (have || (seen && seen_has(seen, l.v[i].devpath))) {
			continue;
		}
		if (rescan_event(m, "add", "rescan", l.v[i].devpath, l.v[i].subsystem, num[0], num[1]) == 0) {
			fn(ctx, m);
			n++;
		}
	}
	coldplug_free(&l);
	return n;
}

int rescan_run(const struct seen *seen, rescan_fn *fn, void *ctx, int *removed)
{
	static struct msg_event m;
	struct udev_conf conf;
	int r;

	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	if (r < 0)
		return r;
	*removed = rescan_gone(&conf, seen, &m, fn, ctx);
	return rescan_present(&conf, seen, &m, fn, ctx);
}
