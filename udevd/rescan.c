// SPDX-License-Identifier: GPL-2.0-only
/* Rescan after lost events (see rescan.h). The node's name comes from
 * udev's database record (N: line, legacy layout), so renamed nodes are
 * checked where udev put them. */
#include "compat.h"
#include "fmt.h"
#include "rescan.h"
#include "coldplug.h"
#include "conf.h"
#include "netlink.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

/* The N: name of devpath's database record into name; -ENOENT without one. */
static int db_name(const struct udev_conf *conf, const char *devpath, char *name, size_t size)
{
	char file[CONF_PATH_MAX + SYSFS_PATH_MAX], enc[SYSFS_PATH_MAX], line[512], *p;
	FILE *f;
	int r = -ENOENT;

	str_copy(enc, devpath, sizeof(enc));
	for (p = enc; *p; p++)
		if (*p == '/')
			*p = '@';
	if (path_join(file, sizeof(file), conf->db, enc) < 0 || !(f = fopen(file, "re")))
		return -ENOENT;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "N:", 2) == 0 && line[2] != '\n') {
			line[strcspn(line, "\n")] = '\0';
			str_copy(name, line + 2, size);
			r = 0;
			break;
		}
	fclose(f);
	return r;
}

static int node_ok(const struct udev_conf *conf, const struct coldplug_dev *d,
		   unsigned int major, unsigned int minor)
{
	char name[256], node[CONF_PATH_MAX + 256];
	struct stat st;
	int block = strcmp(d->subsystem, "block") == 0;

	if (db_name(conf, d->devpath, name, sizeof(name)) < 0 ||
	    path_join(node, sizeof(node), conf->root, name) < 0 || lstat(node, &st) < 0)
		return 0;
	if (block ? !S_ISBLK(st.st_mode) : !S_ISCHR(st.st_mode))
		return 0;
	return st.st_rdev == makedev(major, minor);
}

static int add_env(char *env, size_t *len, size_t cap, const char *key, const char *val)
{
	size_t n = fmt_s(env + *len, cap - *len, "%s=%s", key, val);

	if (n + 1 > cap - *len)
		return -E2BIG;
	*len += n + 1;
	return 0;
}

/* The event the kernel would give for an add of d, marked UDEVD_RESCAN=1. */
static int make_event(struct msg_event *m, const struct coldplug_dev *d,
		      unsigned int major, unsigned int minor)
{
	char buf[1024], num[2][16], *dn;
	size_t len = 0, cap = sizeof(m->env);

	fmt_s(num[0], sizeof(num[0]), "%u", major);
	fmt_s(num[1], sizeof(num[1]), "%u", minor);
	if (add_env(m->env, &len, cap, "ACTION", "add") < 0 ||
	    add_env(m->env, &len, cap, "DEVPATH", d->devpath) < 0 ||
	    add_env(m->env, &len, cap, "SUBSYSTEM", d->subsystem) < 0 ||
	    add_env(m->env, &len, cap, "MAJOR", num[0]) < 0 ||
	    add_env(m->env, &len, cap, "MINOR", num[1]) < 0 ||
	    add_env(m->env, &len, cap, "UDEVD_RESCAN", "1") < 0 ||
	    add_env(m->env, &len, cap, NETLINK_SOURCE_KEY, "rescan") < 0)
		return -E2BIG;
	if (sysfs_attr_read(d->devpath, "uevent", buf, sizeof(buf)) > 0 &&
	    (dn = strstr(buf, "DEVNAME="))) {
		dn[8 + strcspn(dn + 8, "\n")] = '\0';
		if (add_env(m->env, &len, cap, "DEVNAME", dn + 8) < 0)
			return -E2BIG;
	}
	if (event_env_complete(m->env, &len, cap) < 0)
		return -E2BIG;
	return event_msg_finish(m, len);
}

int rescan_run(rescan_fn *add, void *ctx)
{
	static struct msg_event m;
	struct udev_conf conf;
	struct coldplug_list l;
	unsigned int major, minor;
	int i, n = 0, r;

	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	if (r < 0)
		return r;
	coldplug_scan(&l);
	for (i = 0; i < l.n; i++) {
		if (sysfs_devnum(l.v[i].devpath, &major, &minor) < 0 ||
		    node_ok(&conf, &l.v[i], major, minor))
			continue;
		if (make_event(&m, &l.v[i], major, minor) == 0) {
			add(ctx, &m);
			n++;
		}
	}
	coldplug_free(&l);
	return n;
}
