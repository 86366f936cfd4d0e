// SPDX-License-Identifier: GPL-2.0-only
/* One event end to end (see pipeline.h): sysfs, the rules, then the
 * action's steps. add creates node, partitions, symlinks and the database
 * record; remove deletes exactly what the record lists; move carries the
 * record to the new DEVPATH; every action runs dev.d and RUN. The stages
 * (rules/, node/, db/, run/) are called from here and never call back. */
#include "compat.h"
#include "pipeline.h"
#include "db/db.h"
#include "db/ldb.h"
#include "keep/cache.h"
#include "node/links.h"
#include "node/netif.h"
#include "node/node.h"
#include "node/perms.h"
#include "node/walk.h"
#include "rules/rules.h"
#include "run/devd.h"
#include "fmt.h"
#include "log.h"
#include "msg.h"
#include "path.h"
#include "str.h"
#include "user.h"

#include <ctype.h>
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

/* 064 read no sysfs for a remove, nor for the other actions of a device
 * without a node: BUS, ID, DRIVER and SYSFS never match there and %s{},
 * %b and %P are empty, whatever is still left in sysfs. */
static void event_no_chain(struct udev_event *ev)
{
	ev->chain_built = 1;
	ev->nchain = 0;
}

/* Legacy class devices that never have a `dev` file: no wait for them. */
static int class_without_node(const char *subsystem)
{
	static const char *const list[] = {
		"net", "scsi_host", "scsi_device", "scsi_disk", "usb_host", "pci_bus",
		"pcmcia_socket", "firmware", "bluetooth", "i2c-adapter", "fc_host",
		"fc_transport", "spi_transport", "spi_host", "ieee1394_host",
		"ieee1394_node", "ieee1394_protocol", "power_supply", NULL,
	};
	int i;

	for (i = 0; list[i]; i++)
		if (strcmp(subsystem, list[i]) == 0)
			return 1;
	return 0;
}

/* The device number: environment first, then the `dev` file, waited for
 * (bounded) on the legacy layout where the kernel writes it late. */
static int event_devnum(struct udev_event *ev)
{
	struct timespec ts = { 0, 50 * 1000 * 1000 };
	int i, legacy = strncmp(ev->devpath, "/class/", 7) == 0 ||
			strncmp(ev->devpath, "/block/", 7) == 0;
	int needs = legacy && !class_without_node(ev->subsystem);
	int tries = needs && !ev->set->no_sleep ? 200 : 1;

	if (ev->has_devnum)
		return 0;
	if (!sysfs_exists(ev->devpath, NULL)) {
		log_err("no sysfs data for %s", ev->devpath);
		return -ENOENT;
	}
	for (i = 0; i < tries; i++) {
		if (sysfs_devnum(ev->devpath, &ev->major, &ev->minor) == 0) {
			ev->has_devnum = 1;
			return 0;
		}
		if (i + 1 < tries)
			nanosleep(&ts, NULL);
	}
	if (needs) {
		log_err("no 'dev' file for %s", ev->devpath);
		return -ENOENT;
	}
	return 0;   /* a device without a node */
}

/* NAME when no rule gave one: the kernel's DEVNAME (its '!' turned into
 * '/'), or the kernel name. */
static void event_default_name(struct udev_event *ev)
{
	const char *dn = env_get(&ev->orig, "DEVNAME");
	char *p;

	if (dn && *dn && *dn != '/')
		str_copy(ev->name, dn, sizeof(ev->name));
	else
		str_copy(ev->name, ev->kernel, sizeof(ev->name));
	for (p = ev->name; *p; p++)
		if (*p == '!')
			*p = '/';
	path_sanitize(ev->name);
}

/* The node name today's kernels suggest in DEVNAME, made safe; "" if none. */
static void event_kernel_devname(struct udev_event *ev, char *out, size_t size)
{
	const char *dn = env_get(&ev->orig, "DEVNAME");

	out[0] = '\0';
	if (!dn || !*dn || *dn == '/')
		return;
	str_copy(out, dn, size);
	path_sanitize(out);
}

/* Sets DEVNAME (udev_root/name) for dev.d and RUN. */
static void event_set_devname(struct udev_event *ev, const char *name)
{
	char path[1024];

	if (!name || !*name)
		return;
	if (path_join(path, sizeof(path), ev->conf->root, name) == 0)
		env_set(&ev->env, "DEVNAME", path);
}

/* The rule's OWNER/GROUP/MODE, else udev.permissions, else default_*;
 * without default_mode in udev.conf, 050's built-in 0600 when every rules
 * file is in the 2004 syntax, else 064's 0660 (conf.c). Returns the
 * PERM_* bits of those a rule or a permissions line gave. */
static unsigned int event_perms(struct udev_event *ev, uid_t *uid, gid_t *gid, mode_t *mode)
{
	char owner[64], group[64];
	mode_t m = !ev->conf->mode_given && ev->legacy_conf ? 0600 : ev->conf->mode;
	int given = 0;

	str_copy(owner, ev->conf->owner, sizeof(owner));
	str_copy(group, ev->conf->group, sizeof(group));
	if (!ev->owner_set || !ev->group_set || !ev->mode_set)
		given = perms_lookup(ev->conf, ev->cache, ev->name, owner, sizeof(owner), group,
				     sizeof(group), &m);
	if (ev->owner_set)
		str_copy(owner, ev->owner, sizeof(owner));
	if (ev->group_set)
		str_copy(group, ev->group, sizeof(group));
	*mode = ev->mode_set ? ev->mode : m;
	*uid = 0;
	*gid = 0;
	/* unknown names are root, as udev 064 had it: the event goes on */
	if (cache_user(ev->cache, ev->set->passwd_file, owner, uid) < 0)
		log_err("unknown user '%s' for %s, using root", owner, ev->name);
	if (cache_group(ev->cache, ev->set->group_file, group, gid) < 0)
		log_err("unknown group '%s' for %s, using root", group, ev->name);
	return (given > 0 ? (unsigned int)given : 0) | (ev->owner_set ? PERM_OWNER : 0) |
	       (ev->group_set ? PERM_GROUP : 0) | (ev->mode_set ? PERM_MODE : 0);
}

/* KEY=value lines the rules added to or changed in the environment. */
static void event_new_env(const struct udev_event *ev, char *out, size_t size)
{
	int i, j;

	out[0] = '\0';
	for (i = 0; i < ev->env.n; i++) {
		if (env_is_initial(&ev->env, i))
			continue;   /* as given, so in orig too */
		for (j = 0; j < ev->orig.n; j++)
			if (strcmp(ev->env.v[i], ev->orig.v[j]) == 0)
				break;
		if (j < ev->orig.n || strncmp(ev->env.v[i], "DEVNAME=", 8) == 0)
			continue;
		str_append(out, ev->env.v[i], size);
		str_append(out, "\n", size);
	}
}

/* all_partitions: only on a whole disk, a block device whose name ends in
 * no number (050/064); 064 made range - 1 nodes (the disk's minor range,
 * device data: at most 255 here), 050 fifteen */
static int event_partitions(const struct udev_event *ev)
{
	char range[32];
	long n;

	if (!(ev->options & OPT_ALL_PARTITIONS) || !event_is_block(ev) || ev->number[0])
		return 0;
	if (ev->partitions_fixed || sysfs_attr_read(ev->devpath, "range", range, sizeof(range)) < 0)
		return 15;
	n = strtol(range, NULL, 10);
	return n > 1 && n <= 256 ? (int)n - 1 : 15;
}

static void event_print_plan(struct udev_event *ev, uid_t uid, gid_t gid, mode_t mode)
{
	char list[LIST_SIZE], *w, *save = NULL, oct[12], *o = oct + sizeof(oct) - 1;
	char owner[64], group[64];
	unsigned int m = (unsigned int)mode;
	int i;

	*o = '\0';
	do {   /* %04o: fmt_print knows no octal */
		*--o = (char)('0' + (m & 7));
		m >>= 3;
	} while (m || o > oct + sizeof(oct) - 5);
	/* names, as the rules give them; the number where none has it */
	if (user_name(ev->set->passwd_file, uid, owner, sizeof(owner)) < 0)
		fmt_s(owner, sizeof(owner), "%u", (unsigned int)uid);
	if (group_name(ev->set->group_file, gid, group, sizeof(group)) < 0)
		fmt_s(group, sizeof(group), "%u", (unsigned int)gid);
	fmt_print(stdout, "node '%s/%s' (%s %u:%u) mode %s owner %s group %s%s\n", ev->conf->root,
		  ev->name, event_is_block(ev) ? "block" : "char", ev->major, ev->minor, o,
		  owner, group, (ev->options & OPT_ALL_PARTITIONS) ? " all_partitions" : "");
	str_copy(list, ev->symlinks, sizeof(list));
	for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save))
		fmt_print(stdout, "symlink '%s/%s' -> '%s'\n", ev->conf->root, w, ev->name);
	for (i = 0; i < ev->nrun; i++)
		fmt_print(stdout, "run '%s'\n", ev->run[i]);
}

/* A link another device holds with a higher link_priority stays its
 * (later udev's OPTIONS); looked up only when the link is there. */
static int link_kept(struct udev_event *ev, const char *link)
{
	char path[1024];
	struct db_record other;
	struct stat st;

	if (path_join(path, sizeof(path), ev->conf->root, link) < 0 || lstat(path, &st) < 0)
		return 0;
	memset(&other, 0, sizeof(other));
	if (db_find_claim(ev->conf, link, ev->devpath, &other) < 0 ||
	    other.link_priority <= ev->link_priority)
		return 0;
	log_info("symlink %s stays %s's (link_priority %d)", link, other.name, other.link_priority);
	return 1;
}

static void event_make_links(struct udev_event *ev)
{
	char list[LIST_SIZE], *w, *save = NULL;
	int r;

	str_copy(list, ev->symlinks, sizeof(list));
	for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (strcmp(w, ev->name) == 0) {
			log_err("symlink %s is the node's own name, ignoring", w);
			continue;
		}
		if (link_kept(ev, w))
			continue;
		r = node_symlink(ev->conf, w, ev->name);
		if (r < 0) {
			log_err("cannot create symlink %s/%s: %s", ev->conf->root, w, strerror(-r));
			event_fail(ev, UDEV_EXIT_SYMLINK);
		}
	}
}

static void event_write_db(struct udev_event *ev, int partitions)
{
	struct db_record rec;
	int r;

	memset(&rec, 0, sizeof(rec));
	str_copy(rec.devpath, ev->devpath, sizeof(rec.devpath));
	str_copy(rec.name, ev->name, sizeof(rec.name));
	str_copy(rec.symlinks, ev->symlinks, sizeof(rec.symlinks));
	str_copy(rec.subsystem, ev->subsystem, sizeof(rec.subsystem));
	rec.partitions = partitions;
	rec.ignore_remove = !!(ev->options & OPT_IGNORE_REMOVE);
	rec.kept = ev->node_kept;
	rec.link_priority = ev->link_priority;
	rec.watch = (ev->options & OPT_WATCH) && ev->name[0];
	rec.major = ev->major;
	rec.minor = ev->minor;
	event_new_env(ev, rec.env, sizeof(rec.env));
	if (!rec.name[0] && !rec.symlinks[0] && !rec.ignore_remove && !rec.link_priority &&
	    !rec.env[0]) {
		/* nothing to remember (no node, link, option or variable): no
		 * record, as udev 100 kept none, and none left of an earlier
		 * add; udevd remembers the device for its rescan (rescan.h) */
		db_delete_read(ev->conf, ev->devpath, "");
		r = 0;
	} else {
		r = db_write(ev->conf, &rec);
	}
	if (r < 0) {
		log_err("cannot write database record of %s: %s (udev_db %s)", ev->devpath,
			strerror(-r), ev->conf->db);
		event_fail(ev, UDEV_EXIT_DB);
	} else if (ev->conf->libudev_db[0] && (r = ldb_write(ev, &rec)) < 0) {
		log_err("cannot write libudev's record of %s: %s", ev->devpath, strerror(-r));
		event_fail(ev, UDEV_EXIT_DB);
	}
}

/* The node was there (node.h): the kernel's, unless udev's own record
 * says udev made it (an add again without a remove). */
static void event_node_kept(struct udev_event *ev)
{
	struct db_record rec;

	ev->node_kept = !(db_read(ev->conf, ev->devpath, &rec) == 0 && !rec.kept &&
			  strcmp(rec.name, ev->name) == 0);
	if (ev->node_kept)
		log_info("%s/%s was there (devtmpfs): kept, not udev's to remove",
			 ev->conf->root, ev->name);
}

static int event_ignored(struct udev_event *ev)
{
	if (!(ev->options & OPT_IGNORE_DEVICE) && !(ev->name_set && !ev->name[0]))
		return 0;
	log_info("%s ignored by the rules", ev->devpath);
	if (ev->dry_run)
		fmt_print(stdout, "device ignored\n");
	return 1;
}

static int event_add(struct udev_event *ev, const struct rules *rules)
{
	uid_t uid;
	gid_t gid;
	mode_t mode;
	unsigned int given;
	int r, partitions;

	if (event_devnum(ev) < 0)
		return UDEV_EXIT_NODEVICE;
	/* 064: an add with no node to make (a /devices device, a class
	 * device without `dev`) ran only the rules that name nothing */
	ev->run_only = !ev->has_devnum;
	rules_apply(rules, ev);
	if (event_ignored(ev))
		return ev->rc;
	if (!ev->has_devnum) {
		if (ev->dry_run) {
			fmt_print(stdout, "no device node\n");
			return ev->rc;
		}
		ev->name[0] = '\0';
		event_write_db(ev, 0);    /* only when there is something to remember */
		run_programs(ev);
		return ev->rc;
	}
	if (!ev->name_set)
		event_default_name(ev);
	given = event_perms(ev, &uid, &gid, &mode);
	partitions = event_partitions(ev);
	if (ev->dry_run) {
		event_print_plan(ev, uid, gid, mode);
		return ev->rc;
	}
	r = node_create(ev->conf, ev->name, event_is_block(ev), ev->major, ev->minor,
			uid, gid, mode, given, partitions);
	if (r < 0) {
		log_err("cannot create node %s/%s: %s", ev->conf->root, ev->name, strerror(-r));
		event_fail(ev, r == -EPERM ? UDEV_EXIT_PERM : UDEV_EXIT_NODE);
	}
	if (r > 0)
		event_node_kept(ev);
	event_make_links(ev);
	event_write_db(ev, partitions);
	event_set_devname(ev, ev->name);
	devd_run(ev, ev->name);
	run_programs(ev);
	return ev->rc;
}

/* Puts a record's E: keys back into the environment, but for the names the
 * kernel gives the device: a record written by an earlier version after a
 * rename has the interface's names of then. */
static void event_import_record(struct udev_event *ev, struct db_record *rec)
{
	char *line, *save = NULL, *eq;

	for (line = strtok_r(rec->env, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (strcmp(line, "DEVPATH") != 0 && strcmp(line, "INTERFACE") != 0)
			env_set(&ev->env, line, eq + 1);
		*eq = '=';
	}
}

/* Without a record: the default name, if a node of this number is there. */
static int event_fallback_record(struct udev_event *ev, struct db_record *rec)
{
	char path[1024];
	struct stat st;

	memset(rec, 0, sizeof(*rec));
	if (!ev->has_devnum && strncmp(ev->devpath, "/class/", 7) != 0 &&
	    strncmp(ev->devpath, "/block/", 7) != 0)
		return -ENOENT;
	event_default_name(ev);
	if (path_join(path, sizeof(path), ev->conf->root, ev->name) < 0 ||
	    lstat(path, &st) < 0 || !(S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return -ENOENT;
	if (ev->has_devnum && st.st_rdev != makedev(ev->major, ev->minor))
		return -ENOENT;
	str_copy(rec->name, ev->name, sizeof(rec->name));
	rec->major = major(st.st_rdev);
	rec->minor = minor(st.st_rdev);
	log_info("no database record for %s, removing %s", ev->devpath, path);
	return 0;
}

static void event_remove_nodes(struct udev_event *ev, struct db_record *rec)
{
	int r;

	/* a link another device claims too moves to it (links.c) */
	if (links_drop(ev->conf, rec->symlinks, "", rec->name, ev->devpath) < 0)
		event_fail(ev, UDEV_EXIT_REMOVE);
	r = node_remove(ev->conf, rec->name, rec->partitions, rec->major, rec->minor, rec->kept);
	if (r < 0) {
		log_err("cannot remove %s/%s: %s", ev->conf->root, rec->name, strerror(-r));
		event_fail(ev, UDEV_EXIT_REMOVE);
	}
}

static int event_remove(struct udev_event *ev, const struct rules *rules)
{
	struct db_record rec;
	int have = db_read(ev->conf, ev->devpath, &rec) == 0;

	if (have)
		event_import_record(ev, &rec);
	ev->run_only = 1;
	event_no_chain(ev);
	rules_apply(rules, ev);
	/* 064: an ignored remove leaves node, links and record as they are */
	if (event_ignored(ev))
		return ev->rc;
	if (!have && event_fallback_record(ev, &rec) < 0) {
		if (!ev->dry_run) {
			if (ev->conf->libudev_db[0])   /* written for every device */
				ldb_delete(ev, &rec);
			run_programs(ev);
		}
		return ev->rc;
	}
	if (ev->dry_run) {
		fmt_print(stdout, "remove '%s/%s'%s\n", ev->conf->root, rec.name,
			  rec.ignore_remove ? " (ignore_remove: kept)" : "");
		return ev->rc;
	}
	/* the record's, set at add: a rule's ignore_remove at remove counts
	 * for nothing (064) */
	if (rec.ignore_remove)
		log_info("ignore_remove: keeping %s/%s", ev->conf->root, rec.name);
	else if (rec.name[0])
		event_remove_nodes(ev, &rec);
	str_copy(ev->symlinks, rec.symlinks, sizeof(ev->symlinks));   /* DEVLINKS (props.h) */
	if (ev->conf->libudev_db[0])
		ldb_delete(ev, &rec);
	if (have)
		db_delete_read(ev->conf, ev->devpath, rec.symlinks);
	if (have && rec.watch)   /* udevd lets go of the node */
		db_watch_set(ev->conf, &rec, 0);
	event_set_devname(ev, rec.name);
	devd_run(ev, rec.name);
	run_programs(ev);
	return ev->rc;
}

/* change of a device with a node: the rules' symlinks replace the
 * record's (a formatted disk gets its new by-uuid link and loses the old
 * one), and the record keeps what the rules imported now. */
static void event_change_links(struct udev_event *ev, const struct db_record *rec)
{
	str_copy(ev->name, rec->name, sizeof(ev->name));
	ev->node_kept = !!rec->kept;
	if (links_drop(ev->conf, rec->symlinks, ev->symlinks, rec->name, ev->devpath) < 0)
		event_fail(ev, UDEV_EXIT_SYMLINK);
	event_make_links(ev);
	if (!ev->has_devnum) {
		ev->major = rec->major;
		ev->minor = rec->minor;
	}
	if (rec->ignore_remove)
		ev->options |= OPT_IGNORE_REMOVE;
	event_write_db(ev, rec->partitions);
}

/* change, move, online, offline, bind, unbind and any later action:
 * rules, dev.d and RUN; no node is created or removed (change updates
 * the symlinks). */
static int event_other(struct udev_event *ev, const struct rules *rules)
{
	struct db_record rec;
	const char *old = env_get(&ev->env, "DEVPATH_OLD");
	int have;

	if (strcmp(ev->action, "move") == 0 && old && db_read(ev->conf, sysfs_devpath(old), &rec) == 0 &&
	    !ev->dry_run) {
		str_copy(rec.devpath, ev->devpath, sizeof(rec.devpath));
		if (db_write(ev->conf, &rec) < 0)
			event_fail(ev, UDEV_EXIT_DB);
		else
			db_delete(ev->conf, sysfs_devpath(old));
	}
	have = db_read(ev->conf, ev->devpath, &rec) == 0;
	if (have)
		event_import_record(ev, &rec);
	ev->run_only = !(have && rec.name[0]) && !ev->has_devnum;
	if (ev->run_only)
		event_no_chain(ev);
	rules_apply(rules, ev);
	if (event_ignored(ev))
		return ev->rc;
	if (ev->dry_run) {
		fmt_print(stdout, "action '%s': no node change\n", ev->action);
		return ev->rc;
	}
	if (have && rec.name[0] && strcmp(ev->action, "change") == 0)
		event_change_links(ev, &rec);
	if (!have)
		event_kernel_devname(ev, rec.name, sizeof(rec.name));
	event_set_devname(ev, rec.name);
	devd_run(ev, rec.name);
	run_programs(ev);
	return ev->rc;
}

/* Network interfaces have no node: NAME renames the interface. */
static int event_net_add(struct udev_event *ev, const struct rules *rules)
{
	char devpath[SYSFS_PATH_MAX], renamed[NAME_SIZE] = "", now[NAME_SIZE];
	int r;

	rules_apply(rules, ev);
	if (event_ignored(ev))
		return ev->rc;
	if (ev->name_set && strcmp(ev->name, ev->kernel) != 0) {
		if (ev->dry_run) {
			fmt_print(stdout, "rename interface '%s' to '%s'\n", ev->kernel, ev->name);
			return ev->rc;
		}
		r = netif_rename(ev->kernel, ev->name, now, sizeof(now), NETIF_WAIT_MS);
		if (r < 0) {
			log_err("cannot rename %s to %s: %s%s%s", ev->kernel, ev->name, strerror(-r),
				strcmp(now, ev->kernel) ? ", it is named " : "",
				strcmp(now, ev->kernel) ? now : "");
			event_fail(ev, UDEV_EXIT_NETIF);
		} else {
			log_info("renamed interface %s to %s", ev->kernel, ev->name);
			str_copy(renamed, ev->name, sizeof(renamed));
			str_copy(devpath, ev->devpath, sizeof(devpath));
			*strrchr(devpath, '/') = '\0';
			str_append(devpath, "/", sizeof(devpath));
			str_append(devpath, ev->name, sizeof(devpath));
			/* the kernel's names now, in orig too: not keys for the record */
			env_set(&ev->env, "INTERFACE", ev->name);
			env_set(&ev->orig, "INTERFACE", ev->name);
			/* udev 117: the kernel's first name, for RUN */
			env_set(&ev->env, "INTERFACE_OLD", ev->kernel);
			env_set(&ev->orig, "INTERFACE_OLD", ev->kernel);
			env_set(&ev->env, "DEVPATH", devpath);
			env_set(&ev->orig, "DEVPATH", devpath);
		}
	}
	if (ev->dry_run)
		return ev->rc;
	/* the record under the name the interface has now */
	str_copy(ev->devpath, sysfs_devpath(env_get(&ev->env, "DEVPATH")), sizeof(ev->devpath));
	ev->name[0] = '\0';
	event_write_db(ev, 0);
	/* 050 and 064: dev.d only for a renamed interface, DEVNAME its name */
	if (renamed[0])
		env_set(&ev->env, "DEVNAME", renamed);
	devd_run(ev, renamed);
	run_programs(ev);
	return ev->rc;
}

/* udevd set UDEVD_LATE=N: event N of this device already ran. The kernel's
 * sysfs now decides whether this event is stale: a remove of a device that
 * is there, any other action of a device that is gone or now has another
 * device number. A stale event changes nothing and runs no dev.d or RUN.
 * Believed only beside UDEVD_EVENT, in an event udevd runs: udevd drops
 * any that came with the event, and udev run without udevd (udevsend's
 * fallback, by hand) has only the event's own. */
static int event_stale(struct udev_event *ev)
{
	const char *newer = env_get(&ev->orig, "UDEVD_LATE");
	unsigned int major, minor;
	int gone, stale;

	if (!newer || ev->dry_run || !env_get(&ev->orig, MSG_UDEVD_EVENT_KEY))
		return 0;
	gone = !sysfs_exists(ev->devpath, NULL);
	if (strcmp(ev->action, "remove") == 0)
		stale = !gone;
	else
		stale = gone || (ev->has_devnum && sysfs_devnum(ev->devpath, &major, &minor) == 0 &&
				 (major != ev->major || minor != ev->minor));
	if (stale)
		log_notice("%s %s is stale (seqnum %s of the device ran first and the device is %s now): "
			   "nothing done", ev->action, ev->devpath, newer, gone ? "gone" : "there");
	return stale;
}

int event_run(struct udev_event *ev, const struct rules *rules)
{
	if (event_stale(ev))
		return UDEV_EXIT_OK;
	if (strcmp(ev->action, "add") == 0) {
		if (strcmp(ev->subsystem, "net") == 0)
			return event_net_add(ev, rules);
		return event_add(ev, rules);
	}
	if (strcmp(ev->action, "remove") == 0)
		return event_remove(ev, rules);
	return event_other(ev, rules);
}
