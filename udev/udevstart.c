// SPDX-License-Identifier: GPL-2.0-only
/* udevstart: coldplug. Runs an "add" for every device of sysfs that has a
 * `dev` file, in this one process (no fork per device, rules read once):
 * the legacy layout's /class/SUBSYSTEM/DEV and /block/DISK[/PART]
 * directories and the modern layout's /devices tree (the /class and
 * /block symlinks of today's kernels are skipped, never counted twice).
 * Order as legacy udevstart: mem first, block devices after the others,
 * device-mapper last. Exit: 0, or the first failing device's udev code. */
#include "compat.h"
#include "event.h"
#include "rules.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

extern char **environ;

struct found {
	char *devpath;
	char subsystem[64];
	int prio, index;
};

struct found_list {
	struct found *v;
	int n, cap;
};

static int found_prio(const char *subsystem, const char *devpath)
{
	if (strcmp(subsystem, "mem") == 0)
		return 0;
	if (strcmp(subsystem, "block") != 0)
		return 1;
	return strncmp(path_basename(devpath), "dm-", 3) == 0 ? 3 : 2;
}

static void found_add(struct found_list *l, const char *devpath, const char *subsystem)
{
	struct found *f;

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

/* A real directory (not one of today's /class symlinks) with a dev file. */
static int is_dev_dir(const char *devpath)
{
	char p[SYSFS_PATH_MAX * 2];
	struct stat st;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || lstat(p, &st) < 0)
		return 0;
	return S_ISDIR(st.st_mode) && sysfs_exists(devpath, "dev");
}

/* Calls fn for each entry name of the directory devpath. */
static void each_entry(const char *devpath, void (*fn)(struct found_list *, const char *),
		       struct found_list *l)
{
	char p[SYSFS_PATH_MAX * 2], child[SYSFS_PATH_MAX];
	struct dirent *de;
	DIR *d;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || !(d = opendir(p)))
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(child, sizeof(child), "%s/%s", devpath, de->d_name);
		fn(l, child);
	}
	closedir(d);
}

static void scan_class_dev(struct found_list *l, const char *devpath)
{
	char sub[64];

	if (!is_dev_dir(devpath))
		return;
	sscanf(devpath, "/class/%63[^/]", sub);
	found_add(l, devpath, sub);
}

static void scan_class(struct found_list *l, const char *classpath)
{
	each_entry(classpath, scan_class_dev, l);
}

static void scan_block_part(struct found_list *l, const char *devpath)
{
	if (is_dev_dir(devpath))
		found_add(l, devpath, "block");
}

static void scan_block(struct found_list *l, const char *devpath)
{
	if (!is_dev_dir(devpath))
		return;
	found_add(l, devpath, "block");
	each_entry(devpath, scan_block_part, l);
}

/* Today's layout: every directory below /devices, symlinks not followed. */
static void scan_devices(struct found_list *l, const char *devpath)
{
	char p[SYSFS_PATH_MAX * 2], sub[64];
	struct stat st;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || lstat(p, &st) < 0 ||
	    !S_ISDIR(st.st_mode) || strlen(devpath) > SYSFS_PATH_MAX - 64)
		return;
	if (sysfs_exists(devpath, "dev") && sysfs_link_name(devpath, "subsystem", sub, sizeof(sub)) > 0)
		found_add(l, devpath, sub);
	each_entry(devpath, scan_devices, l);
}

static int found_cmp(const void *a, const void *b)
{
	const struct found *x = a, *y = b;

	if (x->prio != y->prio)
		return x->prio - y->prio;
	return x->index - y->index;
}

/* The environment the kernel would have given this add event. */
static int device_env(struct env *e, const struct found *f)
{
	char buf[1024], num[16], *dn;
	unsigned int major, minor;

	if (env_init(e, environ) < 0)
		return -1;
	env_set(e, "ACTION", "add");
	env_set(e, "DEVPATH", f->devpath);
	env_set(e, "SUBSYSTEM", f->subsystem);
	env_set(e, "UDEV_START", "1");
	env_set(e, "DEVNAME", NULL);
	if (sysfs_devnum(f->devpath, &major, &minor) == 0) {
		snprintf(num, sizeof(num), "%u", major);
		env_set(e, "MAJOR", num);
		snprintf(num, sizeof(num), "%u", minor);
		env_set(e, "MINOR", num);
	}
	if (sysfs_attr_read(f->devpath, "uevent", buf, sizeof(buf)) > 0 &&
	    (dn = strstr(buf, "DEVNAME="))) {
		dn[8 + strcspn(dn + 8, "\n")] = '\0';
		env_set(e, "DEVNAME", dn + 8);
	}
	return 0;
}

static int run_device(const struct udev_conf *conf, const struct rules *rules,
		      const struct found *f)
{
	struct udev_event ev;
	struct env e;
	int rc;

	if (device_env(&e, f) < 0)
		return UDEV_EXIT_NOMEM;
	rc = event_init(&ev, conf, e.v, NULL);
	if (rc == 0)
		rc = event_run(&ev, rules);
	event_free(&ev);
	env_free(&e);
	return rc;
}

int main(int argc, char **argv)
{
	struct udev_conf conf;
	struct found_list l = { NULL, 0, 0 };
	struct rules rules;
	int i, r, rc = 0, failed = 0;

	(void)argc;     /* no options; the signature is the multi-call one */
	(void)argv;
	log_init("udevstart", 0);
	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	if (r < 0) {
		log_err("cannot read udev.conf: %s", strerror(-r));
		return UDEV_EXIT_CONFIG;
	}
	if (rules_load(&rules, conf.rules) < 0 || rules.errors)
		rc = UDEV_EXIT_RULES;
	if (r > 0)
		rc = UDEV_EXIT_CONFIG;
	each_entry("/class", scan_class, &l);
	each_entry("/block", scan_block, &l);
	scan_devices(&l, "/devices");
	qsort(l.v, (size_t)l.n, sizeof(l.v[0]), found_cmp);
	for (i = 0; i < l.n; i++) {
		r = run_device(&conf, &rules, &l.v[i]);
		if (r && r != UDEV_EXIT_RULES && r != UDEV_EXIT_CONFIG) {
			failed++;
			if (!rc || rc == UDEV_EXIT_RULES || rc == UDEV_EXIT_CONFIG)
				rc = r;
		}
		free(l.v[i].devpath);
	}
	log_info("%d devices, %d failed", l.n, failed);
	free(l.v);
	rules_free(&rules);
	return rc;
}
