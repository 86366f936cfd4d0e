// SPDX-License-Identifier: GPL-2.0-only
/* The nodes udevd watches (see watch.h). One inotify descriptor for the
 * list's folder and every node; a table from watch descriptor to the
 * entry (device, node) it stands for. An entry rewritten with another
 * node moves its watch; the kernel's IN_IGNORED (the node removed) frees
 * its slot. */
#include "compat.h"
#include "watch.h"
#include "conf.h"
#include "fd.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <errno.h>
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR_MASK (IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | \
		  IN_ONLYDIR)
#define DB_MASK (IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)

struct watch_node {
	int wd;
	char entry[256];             /* its file name in .watch */
	char devpath[SYSFS_PATH_MAX], name[256], subsystem[64], major[24], minor[24];
};

static struct watch_node *find_wd(struct watch *w, int wd)
{
	int i;

	for (i = 0; i < w->n; i++)
		if (w->v[i].wd == wd)
			return &w->v[i];
	return NULL;
}

static struct watch_node *find_entry(struct watch *w, const char *entry)
{
	int i;

	for (i = 0; i < w->n; i++)
		if (strcmp(w->v[i].entry, entry) == 0)
			return &w->v[i];
	return NULL;
}

/* Drops the slot; the node's watch too, unless another entry has it. */
static void forget(struct watch *w, struct watch_node *s, int rm)
{
	int wd = s->wd;

	log_info("watch: %s no longer watched", s->devpath);
	*s = w->v[--w->n];
	if (rm && !find_wd(w, wd))
		inotify_rm_watch(w->fd, wd);
}

static struct watch_node *slot_new(struct watch *w)
{
	struct watch_node *v;

	if (w->n == w->cap) {
		v = realloc(w->v, (size_t)(w->cap ? w->cap * 2 : 16) * sizeof(*v));
		if (!v)
			return NULL;
		w->v = v;
		w->cap = w->cap ? w->cap * 2 : 16;
	}
	return &w->v[w->n++];
}

/* The entry named entry in .watch: read, and its node watched. */
static void entry_added(struct watch *w, const char *entry)
{
	char file[1100], node[1100];
	struct watch_node *s = find_entry(w, entry);
	struct rescan_rec rec;
	int wd;

	if (entry[0] == '.' || path_join(file, sizeof(file), w->dir, entry) < 0 ||
	    rescan_rec_read(file, &rec) < 0 || !rec.name[0] ||
	    path_join(node, sizeof(node), w->root, rec.name) < 0)
		return;
	wd = inotify_add_watch(w->fd, node, IN_CLOSE_WRITE | IN_DONT_FOLLOW);
	if (wd < 0) {
		log_info("watch: cannot watch %s: %s, ignoring", node, strerror(errno));
		return;
	}
	if (s && s->wd != wd) {   /* another node now: the old one is let go */
		forget(w, s, 1);
		s = NULL;
	}
	if (!s && !(s = slot_new(w))) {
		log_err("watch: out of memory, %s not watched", node);
		return;
	}
	s->wd = wd;
	str_copy(s->entry, entry, sizeof(s->entry));
	str_copy(s->devpath, rec.devpath, sizeof(s->devpath));
	str_copy(s->name, rec.name, sizeof(s->name));
	str_copy(s->subsystem, rec.subsystem[0] ? rec.subsystem : "block", sizeof(s->subsystem));
	str_copy(s->major, rec.major, sizeof(s->major));
	str_copy(s->minor, rec.minor ? rec.minor : "", sizeof(s->minor));
	log_info("watch: %s (%s)", node, rec.devpath);
}

/* .watch is missing: its nearest folder that is there is watched for
 * the next step of the path (udev_db, or its parent while udev_db is
 * missing: udevd makes neither); 0, 1 when .watch itself is there by now
 * (a worker made it after udevd looked), or -errno. */
static int wait_for_dir(struct watch *w)
{
	char p[sizeof(w->dir)], *cut;
	int wd, i, up;

	for (i = 0; i < 8; i++) {   /* a step made meanwhile: looked at again */
		str_copy(p, w->dir, sizeof(p));
		wd = -1;
		for (up = 0; wd < 0 && (cut = strrchr(p, '/')); up++) {
			str_copy(w->next, cut + 1, sizeof(w->next));
			if (cut == p)
				cut++;
			*cut = '\0';
			wd = inotify_add_watch(w->fd, p[0] ? p : "/", DB_MASK);
			if (wd < 0 && errno != ENOENT && errno != ENOTDIR)
				return -errno;
		}
		if (wd < 0)
			return -ENOENT;
		if (w->db_wd >= 0 && w->db_wd != wd)
			inotify_rm_watch(w->fd, w->db_wd);
		w->db_wd = wd;
		if (path_join(p + strlen(p), sizeof(p) - strlen(p), "/", w->next) < 0 ||
		    access(p, F_OK) < 0)
			return 0;
		if (up == 1)   /* the step is .watch */
			return 1;
	}
	return 0;
}

/* .watch is there (made here with make, when udev_db is: an empty list
 * costs nothing, while udev_db watched for its return would wake udevd for
 * every record a worker writes; not when someone took it away, who may be
 * removing udev_db): watched, and each entry read; else its nearest folder
 * is watched for it. */
static int dir_open(struct watch *w, int make)
{
	struct dirent *de;
	DIR *d;
	int tries = 8;

	for (;;) {
		int r;

		w->dir_wd = inotify_add_watch(w->fd, w->dir, DIR_MASK);
		if (w->dir_wd < 0 && errno == ENOENT && make && mkdir(w->dir, 0755) == 0)
			w->dir_wd = inotify_add_watch(w->fd, w->dir, DIR_MASK);
		if (w->dir_wd >= 0)
			break;
		r = wait_for_dir(w);   /* 1: made meanwhile, looked at again */
		if (r != 1 || --tries == 0)
			return r < 0 ? r : 0;
	}
	if (w->db_wd >= 0)
		inotify_rm_watch(w->fd, w->db_wd);
	w->db_wd = -1;
	d = opendir(w->dir);
	while (d && (de = readdir(d)))
		entry_added(w, de->d_name);
	if (d)
		closedir(d);
	return 0;
}

int watch_init(struct watch *w)
{
	struct udev_conf conf;
	int r;

	memset(w, 0, sizeof(*w));
	w->fd = w->db_wd = w->dir_wd = -1;
	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	if (r < 0)
		return r;
	str_copy(w->root, conf.root, sizeof(w->root));
	if (conf.db[0] != '/' || path_join(w->dir, sizeof(w->dir), conf.db, ".watch") < 0)
		return -EINVAL;
	w->fd = compat_inotify();
	if (w->fd < 0)
		return -errno;
	r = dir_open(w, 1);
	if (r < 0) {
		close(w->fd);
		w->fd = -1;
		return r;
	}
	return 0;
}

/* A node closed after a write: its device's change event, unless an
 * event of it runs (its programs wrote it). */
static void node_written(struct watch_node *s, const struct queue *q, rescan_fn *fn, void *ctx)
{
	static struct msg_event m;
	struct event *ev;

	for (ev = queue_running_next(q, NULL); ev; ev = queue_running_next(q, ev))
		if (strcmp(ev->u.devpath, s->devpath) == 0) {
			log_debug("watch: %s written while %s runs, no event", s->name, ev->u.action);
			return;
		}

	log_info("watch: %s written, change of %s", s->name, s->devpath);
	if (rescan_event(&m, "change", "watch", s->devpath, s->subsystem, s->major, s->minor) == 0)
		fn(ctx, &m);
}

static void one_event(struct watch *w, const struct inotify_event *ev, const struct queue *q,
		      rescan_fn *fn, void *ctx)
{
	struct watch_node *s;

	if (ev->wd == w->db_wd) {
		if (ev->mask & IN_IGNORED)
			w->db_wd = -1;
		if ((ev->mask & IN_IGNORED) || (ev->len && strcmp(ev->name, w->next) == 0))
			dir_open(w, 1);   /* udev_db, or a folder above it, is there */
	} else if (ev->wd == w->dir_wd) {
		if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)) {
			w->dir_wd = -1;
			dir_open(w, 0);   /* gone: udev_db watched for its return */
		} else if (ev->len && (ev->mask & (IN_DELETE | IN_MOVED_FROM))) {
			if ((s = find_entry(w, ev->name)))
				forget(w, s, 1);
		} else if (ev->len) {
			entry_added(w, ev->name);
		}
	} else if (ev->mask & IN_IGNORED) {
		while ((s = find_wd(w, ev->wd)))   /* the node is gone */
			forget(w, s, 0);
	} else if ((ev->mask & IN_CLOSE_WRITE) && (s = find_wd(w, ev->wd))) {
		node_written(s, q, fn, ctx);
	}
}

struct reading {
	struct watch *w;
	const struct queue *q;
	rescan_fn *fn;
	void *ctx;
};

static int each_event(void *ctx, const struct inotify_event *ev)
{
	struct reading *r = ctx;

	if (ev->mask & IN_Q_OVERFLOW) {
		/* the list is read again; a write in what was lost is missed */
		log_err("watch: inotify queue overflow, writes may be missed");
		(void)dir_open(r->w, 1);
	} else {
		one_event(r->w, ev, r->q, r->fn, r->ctx);
	}
	return 0;
}

void watch_read(struct watch *w, const struct queue *q, rescan_fn *fn, void *ctx)
{
	struct reading r = { w, q, fn, ctx };

	(void)fd_inotify_each(w->fd, each_event, &r);
}
