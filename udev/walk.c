// SPDX-License-Identifier: GPL-2.0-only
/* Walking udev_root without following symlinks (see walk.h).
 *
 * Design note. path_sanitize() keeps names from device data free of "..",
 * leading '/' and control characters, but a user who may write a directory
 * under udev_root (/dev/shm) can plant a symlink, or a directory of her own,
 * where such a name leads. So each component is opened relative to the one
 * before with O_NOFOLLOW | O_DIRECTORY, and each directory must be root's (or
 * ours) and writable by no other user, or else sticky and root's, as /dev/shm
 * is: there others may add entries but not rename or remove root's, and what
 * they add is refused as the walk reaches it. Every change is then made with
 * the *at() calls on the last directory's descriptor. */
#include "compat.h"
#include "walk.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WALK_DEPTH 64    /* directories below udev_root */

struct walk {
	int fd[WALK_DEPTH + 1];         /* [0] udev_root, [i] the i-th directory */
	const char *at[WALK_DEPTH + 1]; /* [i] where the i-th component starts */
	int n;
	const char *base;               /* the last component */
	struct stat st;                 /* of the last directory checked (of
					 * udev_root kept: st_gid only) */
};

/* Logs why root/name is refused: the part of name up to len is "why". */
static void refuse(const char *root, const char *name, size_t len, const char *why)
{
	char part[1024];

	str_copy(part, name, len + 1 < sizeof(part) ? len + 1 : sizeof(part));
	log_err("refusing %s/%s: %s%s%s %s", root, name, root, len ? "/" : "", part, why);
}

/* The directory fd, reached as the first len bytes of name (its stat in
 * *st): refused when another user owns it or may change it. */
static int dir_check(int fd, const char *root, const char *name, size_t len, struct stat *st)
{
	const char *why;
	int others = 0;

	if (fstat(fd, st) < 0)
		return -errno;
	others = (st->st_mode & S_IWOTH) || ((st->st_mode & S_IWGRP) && st->st_gid != 0);
	if (st->st_uid != 0 && st->st_uid != geteuid())
		why = "is a directory of another user";
	else if (others && !((st->st_mode & S_ISVTX) && st->st_uid == 0))
		why = "is a directory others may write (and not sticky and root's)";
	else
		return 0;
	refuse(root, name, len, why);
	return -EPERM;
}

static int bad_component(const char *c, size_t len)
{
	return len == 0 || (len == 1 && c[0] == '.') || (len == 2 && c[0] == '.' && c[1] == '.');
}

/* Opens the directory comp in at, made first when create is set. */
static int open_dir_at(int at, const char *comp, int create)
{
	int flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(at, comp, flags);

	if (fd < 0 && errno == ENOENT && create) {
		if (mkdirat(at, comp, 0755) < 0 && errno != EEXIST)
			return -errno;
		fd = openat(at, comp, flags);
	}
	return fd < 0 ? -errno : fd;
}

/* udev_root as the event's first walk opened and checked it: kept until
 * walk_forget (the end of the event), so that the walks of one event (the
 * node, each symlink) do not open and check it again. Only udev_root is
 * kept: it is configuration and udev never removes it, while a folder
 * below it may be removed and made anew by another worker at any time. */
static struct {
	const char *root;       /* the event's udev.conf's (the same string for
				 * all its walks); NULL: none kept */
	gid_t gid;              /* its group, for walk_parent_gid */
	int fd;
} root_kept;

void walk_forget(void)
{
	if (root_kept.root)
		close(root_kept.fd);
	root_kept.root = NULL;
}

void walk_done(int dir)
{
	if (!root_kept.root || dir != root_kept.fd)
		close(dir);
}

static void walk_close(struct walk *w, int upto)
{
	while (upto > 0)
		close(w->fd[upto--]);
	if (upto == 0)
		walk_done(w->fd[0]);
}

/* One step: the component at p (len bytes) opened below w->fd[w->n]. */
static int walk_step(struct walk *w, const char *root, const char *name,
		     const char *p, size_t len, int create)
{
	char comp[NAME_MAX + 1];
	int fd;

	if (w->n == WALK_DEPTH || len > NAME_MAX)
		return -ENAMETOOLONG;
	if (bad_component(p, len))
		return -EINVAL;
	memcpy(comp, p, len);
	comp[len] = '\0';
	fd = open_dir_at(w->fd[w->n], comp, create);
	if (fd == -ELOOP || fd == -ENOTDIR) {
		refuse(root, name, (size_t)(p + len - name), "is a symlink or no directory");
		return -ELOOP;
	}
	if (fd < 0)
		return fd;
	w->fd[++w->n] = fd;
	w->at[w->n] = p;
	return dir_check(fd, root, name, (size_t)(p + len - name), &w->st);
}

/* udev_root itself is configuration, not device data: followed as given,
 * and made (mkdir -p) when missing and create is set. */
static int open_root(const char *root, int create)
{
	char below[1024];
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd >= 0 || errno != ENOENT || !create ||
	    path_join(below, sizeof(below), root, "x") < 0 || path_mkdir_parents(below, 0755) < 0)
		return fd >= 0 ? fd : -errno;
	fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	return fd >= 0 ? fd : -errno;
}

static int walk(struct walk *w, const char *root, const char *name, int create)
{
	const char *p = name, *slash;
	int r;

	w->n = 0;
	if (root_kept.root == root) {
		w->fd[0] = root_kept.fd;
		w->st.st_gid = root_kept.gid;
		r = 0;
	} else {
		w->fd[0] = open_root(root, create);
		if (w->fd[0] < 0)
			return w->fd[0];
		r = dir_check(w->fd[0], root, name, 0, &w->st);
		if (r == 0) {
			walk_forget();
			root_kept.root = root;
			root_kept.gid = w->st.st_gid;
			root_kept.fd = w->fd[0];
		}
	}
	for (; r == 0 && (slash = strchr(p, '/')); p = slash + 1)
		r = walk_step(w, root, name, p, (size_t)(slash - p), create);
	if (r == 0 && bad_component(p, strlen(p)))
		r = -EINVAL;
	if (r < 0) {
		walk_close(w, w->n);
		return r;
	}
	w->base = p;
	return 0;
}

int walk_parent_gid(const char *root, const char *name, int create, const char **base,
		    gid_t *gid)
{
	struct walk w;
	int r = walk(&w, root, name, create);

	if (r < 0)
		return r;
	walk_close(&w, w.n - 1);
	*base = w.base;
	if (gid)
		*gid = w.st.st_gid;
	return w.fd[w.n];
}

int walk_parent(const char *root, const char *name, int create, const char **base)
{
	return walk_parent_gid(root, name, create, base, NULL);
}

/* Removes the directories w leads through that are empty now, deepest
 * first, with the descriptors of the walk; closes them all. */
static void rmdir_walked(struct walk *w)
{
	char comp[NAME_MAX + 1];
	size_t len;
	int i;

	for (i = w->n; i > 0; i--) {
		len = strcspn(w->at[i], "/");
		memcpy(comp, w->at[i], len);
		comp[len] = '\0';
		close(w->fd[i]);
		if (unlinkat(w->fd[i - 1], comp, AT_REMOVEDIR) < 0)
			break;
	}
	walk_close(w, i > 0 ? i - 1 : 0);
}

int walk_remove(const char *root, const char *name,
		int (*fn)(int dir, const char *base, void *data), void *data)
{
	struct walk w;
	int r = walk(&w, root, name, 0);

	if (r < 0)
		return r == -ENOENT ? 0 : r;
	r = fn(w.fd[w.n], w.base, data);
	if (r > 0)
		rmdir_walked(&w);
	else
		walk_close(&w, w.n);
	return r;
}
