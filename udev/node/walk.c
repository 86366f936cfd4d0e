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

/* The directory of stat *st, reached as the first len bytes of name:
 * refused when another user owns it or may change it. */
static int dir_check_st(const struct stat *st, const char *root, const char *name, size_t len)
{
	const char *why;
	int others = 0;

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

/* The same for the directory fd (its stat in *st). */
static int dir_check(int fd, const char *root, const char *name, size_t len, struct stat *st)
{
	if (fstat(fd, st) < 0)
		return -errno;
	return dir_check_st(st, root, name, len);
}

static int bad_component(const char *c, size_t len)
{
	return len == 0 || (len == 1 && c[0] == '.') || (len == 2 && c[0] == '.' && c[1] == '.');
}

/* Logs why root/name is refused for its component of len bytes (0, 1 or 2:
 * what bad_component found); -EINVAL. Names from device data never get
 * here (path_sanitize), a name read back from a record can. */
static int refuse_component(const char *root, const char *name, size_t len)
{
	static const char *const why[] = {
		"is absolute or has an empty component",
		"has a \".\" component",
		"has a \"..\" component",
	};

	log_err("refusing %s/%s: the name %s", root, name, why[len]);
	return -EINVAL;
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

/* udev_root as the event's first walk found it: kept until walk_forget
 * (the end of the event), so that the walks of one event (the node, each
 * symlink) do not open and check it again. Only udev_root is kept: it is
 * configuration and udev never removes it, while a folder below it may be
 * removed and made anew by another worker at any time. Its descriptor also
 * outlives the event, for the next one in the same process (a pool worker,
 * udevstart): that event's first walk makes sure with one stat() that the
 * path still leads to the same directory (not one mounted over it, or made
 * anew) and checks its owner and mode again, instead of open, fstat and
 * close. */
static struct {
	const char *root;       /* the event's udev.conf's (the same string for
				 * all its walks); NULL: not checked in this event */
	gid_t gid;              /* its group, for walk_parent_gid */
	int open;               /* fd is kept (the struct stays in .bss) */
	int fd;
	dev_t dev;              /* fd's directory */
	ino_t ino;
	char path[PATH_MAX];    /* what fd was opened as; "": not for later events */
} root_kept;

static void root_drop(void)
{
	if (root_kept.open)
		close(root_kept.fd);
	root_kept.open = 0;
	root_kept.root = NULL;
}

static void root_keep(const char *root, int fd, const struct stat *st)
{
	root_drop();
	root_kept.root = root;
	root_kept.gid = st->st_gid;
	root_kept.open = 1;
	root_kept.fd = fd;
	root_kept.dev = st->st_dev;
	root_kept.ino = st->st_ino;
	if (str_copy(root_kept.path, root, sizeof(root_kept.path)) >= sizeof(root_kept.path))
		root_kept.path[0] = '\0';
}

/* The descriptor kept from an earlier event, when root still leads to its
 * directory and that passes the check: 0 (root_kept set for this event);
 * 1: none to use (none kept, or the path is gone or leads elsewhere now),
 * open root; -EPERM: refused (logged). */
static int root_again(const char *root, const char *name)
{
	struct stat st;
	int r;

	if (!root_kept.open || !root_kept.path[0] || strcmp(root_kept.path, root) != 0) {
		root_drop();
		return 1;
	}
	if (stat(root, &st) < 0 || st.st_dev != root_kept.dev || st.st_ino != root_kept.ino) {
		root_drop();   /* gone, or another directory now: opened anew */
		return 1;
	}
	r = dir_check_st(&st, root, name, 0);
	if (r < 0) {
		root_drop();
		return r;
	}
	root_kept.root = root;
	root_kept.gid = st.st_gid;
	return 0;
}

int walk_kept_fd(void)
{
	return root_kept.open ? root_kept.fd : -1;
}

void walk_forget(void)
{
	root_kept.root = NULL;
	if (root_kept.open && !root_kept.path[0])
		root_drop();
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
		return refuse_component(root, name, len);
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
	r = root_kept.root == root ? 0 : root_again(root, name);
	if (r < 0)
		return r;
	if (r == 0) {
		w->fd[0] = root_kept.fd;
		w->st.st_gid = root_kept.gid;
	} else {
		w->fd[0] = open_root(root, create);
		if (w->fd[0] < 0)
			return w->fd[0];
		r = dir_check(w->fd[0], root, name, 0, &w->st);
		if (r == 0)
			root_keep(root, w->fd[0], &w->st);
	}
	for (; r == 0 && (slash = strchr(p, '/')); p = slash + 1)
		r = walk_step(w, root, name, p, (size_t)(slash - p), create);
	if (r == 0 && bad_component(p, strlen(p)))
		r = refuse_component(root, name, strlen(p));
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
