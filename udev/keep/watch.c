// SPDX-License-Identifier: GPL-2.0-only
/* Change detection (see watch.h). inotify reports a change in the same
 * system call that makes it, so an edit finished before an event's
 * helper ran is seen by that event. A directory watched for itself
 * (rules.d, dev.d) counts every event as a change (the caller reads
 * everything again); a directory watched only for some names (a file's
 * parent, for a rename over it; a missing path's parent, for its
 * creation) counts only the events that name one of them, so that
 * resolv.conf or adjtime written in /etc does not reload the worker. A
 * lost queue, a watch gone, a directory removed or moved, or a watch
 * descriptor not known count too: a coarse answer cannot be wrong. The
 * same directory watched both ways has one descriptor, and counts every
 * event. The stat fallback compares mtime, ctime (with nanoseconds where
 * the libc gives them), size, inode and device; an entry added or removed
 * changes its directory's times. */
#include "compat.h"
#include "watch.h"
#include "conf.h"
#include "fd.h"
#include "path.h"
#include "str.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define WATCH_MASK (IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | \
		    IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)

/* What an inotify watch descriptor is for: name, or (NULL) everything. */
struct wd_name {
	int wd;
	char *name;
};

struct stamp {
	char *path;
	int exists;
	dev_t dev;
	ino_t ino;
	off_t size;
	time_t mtime, ctime;
	long mnsec, cnsec;
};

static void stamp_read(struct stamp *s)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	s->exists = stat(s->path, &st) == 0;
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	s->size = st.st_size;
	s->mtime = st.st_mtime;
	s->ctime = st.st_ctime;
	s->mnsec = s->exists ? COMPAT_MTIME_NSEC(&st) : 0;
	s->cnsec = s->exists ? COMPAT_CTIME_NSEC(&st) : 0;
}

static int stamp_same(const struct stamp *a, const struct stamp *b)
{
	return a->exists == b->exists && a->dev == b->dev && a->ino == b->ino &&
	       a->size == b->size && a->mtime == b->mtime && a->ctime == b->ctime &&
	       a->mnsec == b->mnsec && a->cnsec == b->cnsec;
}

/* The directory that holds path ("" when path has no '/'); returns the
 * name path has in it. */
static const char *parent_of(char *parent, size_t size, const char *path)
{
	char *slash;

	str_copy(parent, path, size);
	slash = strrchr(parent, '/');
	if (!slash)
		parent[0] = '\0';
	else if (slash == parent)
		parent[1] = '\0';
	else
		*slash = '\0';
	slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static int stamp_add(struct watch *w, const char *path)
{
	struct stamp *n = realloc(w->st, (size_t)(w->n + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	w->st = n;
	memset(&n[w->n], 0, sizeof(*n));
	n[w->n].path = strdup(path);
	if (!n[w->n].path)
		return -ENOMEM;
	stamp_read(&n[w->n++]);
	return 0;
}

/* Notes that wd reports changes of name in it (NULL: of anything). */
static int wd_note(struct watch *w, int wd, const char *name)
{
	struct wd_name *n = realloc(w->wd, (size_t)(w->nwd + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	w->wd = n;
	n[w->nwd].wd = wd;
	n[w->nwd].name = name ? strdup(name) : NULL;
	if (name && !n[w->nwd].name)
		return -ENOMEM;
	w->nwd++;
	return 0;
}

void watch_free(struct watch *w)
{
	while (w->n)
		free(w->st[--w->n].path);
	while (w->nwd)
		free(w->wd[--w->nwd].name);
	free(w->st);
	free(w->wd);
	w->st = NULL;
	w->wd = NULL;
	if (w->inotify)
		close(w->fd);
	w->inotify = 0;
	w->polled_empty = 0;
}

void watch_start(struct watch *w)
{
	watch_free(w);
	w->fd = compat_inotify();
	w->inotify = w->fd >= 0;
}

int watch_cheap(const struct watch *w)
{
	return w->inotify && w->n == 0;
}

/* One path, for name in it (NULL: for itself): an inotify watch, else
 * a stamp. */
static int watch_one(struct watch *w, const char *path, const char *name)
{
	int wd = w->inotify ? inotify_add_watch(w->fd, path, WATCH_MASK) : -1;

	if (wd >= 0)
		return wd_note(w, wd, name);
	if (w->inotify && errno != ENOENT && errno != ENOTDIR && errno != EACCES)
		return -errno;   /* out of watches: the caller reads again next time */
	return stamp_add(w, path);
}

/* A directory's entries: with inotify the directory's own watch reports
 * them, but not a change behind a symlink nor inside a subdirectory. */
static int watch_entries(struct watch *w, const char *dir, int depth)
{
	char p[CONF_PATH_MAX * 2];
	struct dirent *de;
	struct stat st;
	DIR *d = opendir(dir);
	int r = 0;

	while (d && r == 0 && (de = readdir(d))) {
		if (de->d_name[0] == '.' || path_join(p, sizeof(p), dir, de->d_name) < 0)
			continue;
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode) && depth > 0)
			r = watch_add(w, p, depth - 1);
		else if (!w->inotify || (lstat(p, &st) == 0 && S_ISLNK(st.st_mode)))
			r = watch_one(w, p, NULL);
	}
	if (d)
		closedir(d);
	return r;
}

/* A directory's own watch reports its entries and its removal; a file is
 * watched in its directory too (an editor's rename over it); a path that
 * does not exist is watched for in its directory (a stat when that does
 * not exist either). */
int watch_add(struct watch *w, const char *path, int depth)
{
	char parent[CONF_PATH_MAX];
	const char *name;
	struct stat st;
	int r, wd;

	if (!path[0])
		return 0;
	name = parent_of(parent, sizeof(parent), path);
	if (stat(path, &st) < 0) {
		wd = w->inotify && parent[0] ? inotify_add_watch(w->fd, parent, WATCH_MASK) : -1;
		return wd >= 0 ? wd_note(w, wd, name) : stamp_add(w, path);
	}
	r = watch_one(w, path, NULL);
	if (r == 0 && S_ISDIR(st.st_mode))
		r = watch_entries(w, path, depth);
	else if (r == 0 && parent[0])
		r = watch_one(w, parent, name);
	return r;
}

static int stamps_unchanged(const struct watch *w)
{
	struct stamp now;
	int i;

	for (i = 0; i < w->n; i++) {
		now = w->st[i];
		stamp_read(&now);
		if (!stamp_same(&now, &w->st[i]))
			return 0;
	}
	return 1;
}

/* 1 when ev changes something watched. */
static int event_counts(const struct watch *w, const struct inotify_event *ev)
{
	int i, known = 0;

	if (ev->mask & (IN_Q_OVERFLOW | IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT))
		return 1;
	for (i = 0; i < w->nwd; i++) {
		if (w->wd[i].wd != ev->wd)
			continue;
		if (!w->wd[i].name || (ev->len && strcmp(w->wd[i].name, ev->name) == 0))
			return 1;
		known = 1;
	}
	return !known;
}

static int counts(void *ctx, const struct inotify_event *ev)
{
	return event_counts(ctx, ev);
}

/* Reads the pending events until none is left (one read when none was);
 * 1 when none of them counts. */
static int events_unchanged(const struct watch *w)
{
	return fd_inotify_each(w->fd, counts, (void *)w) == 0;
}

int watch_unchanged(struct watch *w)
{
	int polled = w->polled_empty;

	w->polled_empty = 0;
	if (!w->inotify && w->n == 0)
		return 0;   /* nothing watched: cannot tell */
	if (w->inotify && !polled && !events_unchanged(w))
		return 0;
	return stamps_unchanged(w);
}

void watch_polled_empty(struct watch *w)
{
	w->polled_empty = w->inotify;
}
