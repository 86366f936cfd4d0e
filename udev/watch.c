// SPDX-License-Identifier: GPL-2.0-only
/* Change detection (see watch.h). inotify reports a change in the same
 * system call that makes it, so an edit finished before an event's
 * helper ran is seen by that event. Any event at all counts as a change
 * (the caller reads everything again): edits are rare, and a coarse
 * answer cannot be wrong. The stat fallback compares mtime, ctime (with
 * nanoseconds where the libc gives them), size, inode and device; an entry
 * added or removed changes its directory's times. */
#include "compat.h"
#include "watch.h"
#include "conf.h"
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

/* The directory that holds path ("" when path has no '/'). */
static void parent_of(char *parent, size_t size, const char *path)
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

void watch_free(struct watch *w)
{
	while (w->n)
		free(w->st[--w->n].path);
	free(w->st);
	w->st = NULL;
	if (w->inotify)
		close(w->fd);
	w->inotify = 0;
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

/* One path: an inotify watch, else a stamp. */
static int watch_one(struct watch *w, const char *path)
{
	if (w->inotify && inotify_add_watch(w->fd, path, WATCH_MASK) >= 0)
		return 0;
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
			r = watch_one(w, p);
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
	struct stat st;
	int r;

	if (!path[0])
		return 0;
	parent_of(parent, sizeof(parent), path);
	if (stat(path, &st) < 0)
		return w->inotify && parent[0] && inotify_add_watch(w->fd, parent, WATCH_MASK) >= 0 ?
		       0 : stamp_add(w, path);
	r = watch_one(w, path);
	if (r == 0 && S_ISDIR(st.st_mode))
		r = watch_entries(w, path, depth);
	else if (r == 0 && parent[0])
		r = watch_one(w, parent);
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

int watch_unchanged(struct watch *w)
{
	union {
		struct inotify_event ev;
		char buf[4096];
	} u;
	ssize_t n;

	if (!w->inotify && w->n == 0)
		return 0;   /* nothing watched: cannot tell */
	if (w->inotify) {
		n = read(w->fd, u.buf, sizeof(u.buf));
		if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
			return 0;
	}
	return stamps_unchanged(w);
}
