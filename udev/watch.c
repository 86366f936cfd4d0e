// SPDX-License-Identifier: GPL-2.0-only
/* Change detection by stat (see watch.h): mtime, ctime (with nanoseconds
 * where the libc gives them), size, inode and device of the path and of
 * each entry; an entry added or removed changes the directory's times. */
#include "compat.h"
#include "watch.h"
#include "conf.h"
#include "path.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

void watch_free(struct watch *w)
{
	while (w->n)
		free(w->st[--w->n].path);
	free(w->st);
	w->st = NULL;
}

static int stamp_add(struct watch *w, const char *dir, const char *name)
{
	struct stamp *n = realloc(w->st, (size_t)(w->n + 1) * sizeof(*n));
	char p[CONF_PATH_MAX * 2];

	if (!n)
		return -ENOMEM;
	w->st = n;
	if (name && path_join(p, sizeof(p), dir, name) < 0)
		return -ENAMETOOLONG;
	memset(&n[w->n], 0, sizeof(*n));
	n[w->n].path = strdup(name ? p : dir);
	if (!n[w->n].path)
		return -ENOMEM;
	stamp_read(&n[w->n++]);
	return 0;
}

int watch_take(struct watch *w, const char *path)
{
	struct dirent *de;
	DIR *d;
	int r;

	watch_free(w);
	r = stamp_add(w, path, NULL);
	d = r == 0 ? opendir(path) : NULL;
	while (d && r == 0 && (de = readdir(d)))
		if (de->d_name[0] != '.')
			r = stamp_add(w, path, de->d_name);
	if (d)
		closedir(d);
	if (r < 0)
		watch_free(w);
	return r;
}

int watch_unchanged(const struct watch *w)
{
	struct stamp now;
	int i;

	for (i = 0; i < w->n; i++) {
		now = w->st[i];
		stamp_read(&now);
		if (!stamp_same(&now, &w->st[i]))
			return 0;
	}
	return w->n > 0;
}
