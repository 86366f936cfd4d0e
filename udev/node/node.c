// SPDX-License-Identifier: GPL-2.0-only
/* Device nodes and symlinks under udev_root (see node.h). Replacement is
 * atomic: the new node or link is made beside the old one and renamed
 * over it, so a reader never sees the name missing. A node whose name is
 * free is made in place, with no temporary name and no rename. */
#include "compat.h"
#include "node.h"
#include "perms.h"
#include "fd.h"
#include "log.h"
#include "namelock.h"
#include "path.h"
#include "proc.h"
#include "str.h"
#include "walk.h"
#include "fmt.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#define TMP_TRIES 4   /* the usual temporary name, then names no one can know */

/* The name the new node or link gets in its directory before it is renamed
 * over base: base.udev-tmp-PID, or .udev-tmp-PID when the suffix would make
 * it longer than NAME_MAX; with a salt (not 0), "-SALT" after it. */
static void tmp_name(const char *base, char *tmp, size_t size, unsigned long long salt)
{
	if (strlen(base) + (salt ? 24 + 21 : 24) > NAME_MAX)
		base = "";
	if (salt)
		fmt_s(tmp, size, "%s.udev-tmp-%d-%llu", base, (int)proc_self(), salt);
	else
		fmt_s(tmp, size, "%s.udev-tmp-%d", base, (int)proc_self());
}

/* 64 bits no other user knows beforehand: the kernel's random bytes or,
 * where /dev/urandom cannot be read (no /dev yet), an address ASLR chose
 * mixed with the time. */
static unsigned long long unguessable(void)
{
	unsigned long long r = 0;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		if (fd_read_all(fd, (char *)&r, sizeof(r)) != (ssize_t)sizeof(r))
			r = 0;
		close(fd);
	}
	if (!r)
		r = ((unsigned long long)(uintptr_t)&r ^ (unsigned long long)time(NULL) << 24) *
		    0x9e3779b97f4a7c15ULL;
	return r ? r : 1;
}

/* Renames tmp over base in dir; removes tmp when that fails. */
static int rename_over(int dir, const char *tmp, const char *base)
{
	int r;

	if (renameat(dir, tmp, dir, base) == 0)
		return 0;
	r = -errno;
	unlinkat(dir, tmp, 0);
	return r;
}

static int make_one(int dir, const char *tmp, const char *target, mode_t mode, dev_t devnum)
{
	return target ? symlinkat(target, dir, tmp) : mknodat(dir, tmp, mode, devnum);
}

/* Makes a temporary name for base in dir, into tmp (NAME_MAX + 1 bytes):
 * the symlink to target, or (target NULL) the node. The usual name, left by
 * an earlier process of the same pid (killed before its rename), is removed
 * once; one that stays (a directory, or one another user made again at
 * once in a sticky directory) is left to its owner, and names no one can
 * know beforehand are taken instead. 0 or -errno. */
static int make_tmp(int dir, const char *base, char *tmp, const char *target, mode_t mode,
		    dev_t devnum)
{
	int tries, err = 0;

	for (tries = 0; tries < TMP_TRIES; tries++) {
		tmp_name(base, tmp, NAME_MAX + 1, tries ? unguessable() : 0);
		if (make_one(dir, tmp, target, mode, devnum) == 0)
			return 0;
		err = errno;
		if (err != EEXIST)
			break;
		if (tries)
			continue;
		if (unlinkat(dir, tmp, 0) == 0 && make_one(dir, tmp, target, mode, devnum) == 0)
			return 0;
		log_notice("%s is in the way (not udev's), taking a name no one can know", tmp);
	}
	return -err;
}

/* Our effective uid, asked once: udev never changes it. */
static uid_t my_euid(void)
{
	static uid_t euid;
	static int known;

	if (!known) {
		euid = geteuid();
		known = 1;
	}
	return euid;
}

/* 1 when a node made now in a directory of group dir_gid is uid:gid
 * already: mknod gives it our effective uid, and our effective gid or
 * (setgid directory, grpid mount) the directory's. The gid is asked once. */
static int owned_as(uid_t uid, gid_t gid, gid_t dir_gid)
{
	static gid_t egid;
	static int known;

	if (!known) {
		egid = getegid();
		known = 1;
	}
	return uid == my_euid() && gid == egid && gid == dir_gid;
}

/* Gives name in dir to uid:gid, last and with a call that follows no
 * symlink: from then on its owner may swap it for anything in a sticky
 * folder, so nothing is done to it by name any more. Until then the entry
 * is root's, which no one else may rename or remove (walk.c takes no other
 * folder that others may write), and the mode set by name before reached
 * our node. chown clears the set-id bits (nothing on a node). 0 or -errno. */
static int node_give(int dir, const char *name, uid_t uid, gid_t gid)
{
	return fchownat(dir, name, uid, gid, AT_SYMLINK_NOFOLLOW) < 0 ? -errno : 0;
}

static int same_node(const struct stat *st, mode_t type, dev_t devnum)
{
	return (st->st_mode & S_IFMT) == type && st->st_rdev == devnum;
}

/* A kept node an earlier event gave away (its owner may swap it at any
 * time) is taken back first, with a call that follows no symlink, and
 * looked at again: 1 when it is still the node and root's now, 0 when
 * something else is there, -errno. */
static int node_take_back(int dir, const char *base, mode_t type, dev_t devnum)
{
	struct stat st;

	if (fchownat(dir, base, my_euid(), (gid_t)-1, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (fstatat(dir, base, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -errno;
	return same_node(&st, type, devnum);
}

/* The kernel's node (devtmpfs), or one that was there already: base is a
 * node of this type and number. It keeps its inode (a program that opened
 * it holds a live node, and the name is never missing): owner, group and
 * mode are set in place, the mode while root owns it (node_give). 1 when
 * so, 0 when base is something else, -ENOENT when nothing is there,
 * -EPERM. */
static int node_keep(int dir, const char *base, mode_t type, dev_t devnum,
		     uid_t uid, gid_t gid, mode_t mode, unsigned int given)
{
	struct stat st;
	int ids, r;

	if (fstatat(dir, base, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? -ENOENT : 0;
	if (!same_node(&st, type, devnum))
		return 0;
	/* what no rule gave stays the kernel's, as systemd-udevd leaves it */
	uid = given & PERM_OWNER ? uid : st.st_uid;
	gid = given & PERM_GROUP ? gid : st.st_gid;
	mode = given & PERM_MODE ? mode : st.st_mode;
	ids = st.st_uid != uid || st.st_gid != gid;
	if (!ids && (st.st_mode & 07777) == (mode & 07777))
		return 1;
	r = st.st_uid == my_euid() ? 1 : node_take_back(dir, base, type, devnum);
	if (r == 1 && (st.st_mode & 07777) != (mode & 07777) &&
	    fchmodat(dir, base, mode & 07777, 0) < 0)
		r = -errno;
	if (r == 1 && (ids || st.st_uid != my_euid()) && (r = node_give(dir, base, uid, gid)) == 0)
		r = 1;
	if (r < 0) {
		log_err("cannot set owner/mode of %s: %s", base, strerror(-r));
		return -EPERM;
	}
	return r;
}

/* The node just made as tmp (renamed over base then) or, tmp NULL, as base
 * in dir, root's, gets its mode, then its owner (node_give), or goes
 * again. The mode is always set: a default ACL of the directory may have
 * changed what mknod gave. */
static int node_own(int dir, gid_t dir_gid, const char *tmp, const char *base,
		    uid_t uid, gid_t gid, mode_t mode)
{
	const char *name = tmp ? tmp : base;
	int r = fchmodat(dir, name, mode & 07777, 0) < 0 ? -errno : 0;

	if (r == 0 && tmp) {
		r = rename_over(dir, tmp, base);   /* tmp is gone when it fails */
		if (r < 0)
			return r;
		name = base;
	}
	if (r == 0 && !owned_as(uid, gid, dir_gid))
		r = node_give(dir, base, uid, gid);
	if (r == 0)
		return 0;
	unlinkat(dir, name, 0);
	log_err("cannot set owner/mode of %s: %s", base, strerror(-r));
	return -EPERM;
}

/* 0 made, 1 kept (node_keep), -errno. A free name gets the node in place
 * (mknod gives it root's ids and at most its final mode until its owner
 * and mode are set, as the temporary name would have had); a name taken
 * meanwhile, or by something else, is replaced by a rename. */
static int node_one(int dir, gid_t dir_gid, const char *base, int block, dev_t devnum,
		    uid_t uid, gid_t gid, mode_t mode, unsigned int given)
{
	char tmp[NAME_MAX + 1];
	mode_t type = (block ? S_IFBLK : S_IFCHR) | (mode & 07777);
	int r = node_keep(dir, base, type & S_IFMT, devnum, uid, gid, mode, given);

	if (r == -ENOENT) {
		if (mknodat(dir, base, type, devnum) == 0)
			return node_own(dir, dir_gid, NULL, base, uid, gid, mode);
		if (errno != EEXIST)
			return -errno;
	} else if (r) {
		return r;
	}
	r = make_tmp(dir, base, tmp, NULL, type, devnum);
	return r < 0 ? r : node_own(dir, dir_gid, tmp, base, uid, gid, mode);
}

/* 1 when name is udevd's name lock's (namelock.h), which no node or link
 * may replace: udevsend would open it as root to look for the lock. */
static int lock_name(const struct udev_conf *conf, const char *name)
{
	if (!namelock_is_lock(conf->root, name))
		return 0;
	log_err("refusing %s/%s: the name of udevd's name lock", conf->root, name);
	return 1;
}

int node_create(const struct udev_conf *conf, const char *name, int block,
		unsigned int major, unsigned int minor, uid_t uid, gid_t gid,
		mode_t mode, unsigned int given, int partitions)
{
	char part[NAME_MAX + 16];
	const char *base;
	gid_t dir_gid;
	int n, r, kept, dir;

	if (lock_name(conf, name))
		return -EACCES;
	dir = walk_parent_gid(conf->root, name, 1, &base, &dir_gid);
	if (dir < 0)   /* a refused walk is no chown failure (exit 5, not 7) */
		return dir == -EPERM ? -EACCES : dir;
	kept = node_one(dir, dir_gid, base, block, makedev(major, minor), uid, gid, mode, given);
	for (n = 1, r = kept; r >= 0 && n <= partitions; n++) {
		fmt_s(part, sizeof(part), "%s%d", base, n);
		r = node_one(dir, dir_gid, part, block, makedev(major, minor + (unsigned int)n),
			     uid, gid, mode, given);
	}
	walk_done(dir);
	return r < 0 ? r : kept;
}

/* Removes base when it is a device node of devnum (any device node when
 * devnum is 0: a record from before M: lines). */
static int remove_node_at(int dir, const char *root, const char *base, dev_t devnum)
{
	struct stat st;

	if (fstatat(dir, base, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -errno;
	if (!S_ISCHR(st.st_mode) && !S_ISBLK(st.st_mode)) {
		log_err("%s/%s is no device node, not removing it", root, base);
		return -EEXIST;
	}
	if (devnum && st.st_rdev != devnum) {
		log_info("%s/%s belongs to another device now, not removing it", root, base);
		return 0;
	}
	return unlinkat(dir, base, 0) < 0 && errno != ENOENT ? -errno : 0;
}

struct node_gone {
	const char *root;
	int partitions;
	unsigned int major, minor;
	int kept;                 /* the node is not udev's: it stays */
	int r;
};

/* walk_remove's step for node_remove: the node and its partition nodes;
 * the emptied parent folders go in any case. */
static int remove_nodes_at(int dir, const char *base, void *data)
{
	char part[NAME_MAX + 16];
	struct node_gone *g = data;
	dev_t devnum = g->major || g->minor ? makedev(g->major, g->minor) : 0;
	int i, e;

	for (i = 1; i <= g->partitions; i++) {
		/* not makedev(..., minor + i): dietlibc's makedev declares
		 * its own i, which would shadow this one */
		unsigned int pminor = g->minor + (unsigned int)i;

		fmt_s(part, sizeof(part), "%s%d", base, i);
		e = remove_node_at(dir, g->root, part, devnum ? makedev(g->major, pminor) : 0);
		if (e < 0)
			g->r = e;
	}
	e = g->kept ? 0 : remove_node_at(dir, g->root, base, devnum);
	if (e < 0)
		g->r = e;
	return 1;
}

int node_remove(const struct udev_conf *conf, const char *name, int partitions,
		unsigned int major, unsigned int minor, int kept)
{
	struct node_gone g = { conf->root, partitions, major, minor, kept, 0 };
	int r = walk_remove(conf->root, name, remove_nodes_at, &g);

	return r < 0 ? r : g.r;
}

int node_symlink(const struct udev_conf *conf, const char *link, const char *name)
{
	char tmp[NAME_MAX + 1], target[1024];
	const char *base;
	struct stat st;
	int r, dir;

	if (path_relative(link, name, target, sizeof(target)) < 0)
		return -ENAMETOOLONG;
	if (strcmp(link, name) == 0)
		return -EINVAL;
	if (lock_name(conf, link))
		return -EPERM;
	dir = walk_parent(conf->root, link, 1, &base);
	if (dir < 0)
		return dir;
	/* a new name is made at once (symlinkat makes it whole or not at all);
	 * only one that is there is replaced through a temporary name */
	if (symlinkat(target, dir, base) == 0) {
		walk_done(dir);
		return 0;
	}
	r = 0;
	if (errno != EEXIST)
		r = -errno;
	else if (fstatat(dir, base, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISLNK(st.st_mode)) {
		log_err("%s/%s exists and is no symlink, not replacing it", conf->root, link);
		r = -EEXIST;
	}
	if (r == 0)
		r = make_tmp(dir, base, tmp, target, 0, 0);
	if (r == 0)
		r = rename_over(dir, tmp, base);
	walk_done(dir);
	return r;
}

/* 1 when base in dir is the symlink to want, 0 when not (or missing). */
static int link_points(int dir, const char *base, const char *want)
{
	char have[1024];
	ssize_t n = readlinkat(dir, base, have, sizeof(have) - 1);

	if (n < 0)
		return errno == ENOENT || errno == EINVAL ? 0 : -errno;
	have[n] = '\0';
	return strcmp(have, want) == 0;
}

int node_symlink_owned(const struct udev_conf *conf, const char *link, const char *name)
{
	char want[1024];
	const char *base;
	int r, dir;

	if (path_relative(link, name, want, sizeof(want)) < 0)
		return -ENAMETOOLONG;
	dir = walk_parent(conf->root, link, 0, &base);
	if (dir == -ENOENT)
		return 0;
	if (dir < 0)
		return dir;
	r = link_points(dir, base, want);
	walk_done(dir);
	return r;
}

/* walk_remove's step for node_symlink_remove: base goes when it is the
 * symlink to want. */
static int remove_link_at(int dir, const char *base, void *data)
{
	int r = link_points(dir, base, data);

	if (r <= 0)
		return r;
	return unlinkat(dir, base, 0) < 0 ? -errno : 1;
}

int node_symlink_remove(const struct udev_conf *conf, const char *link, const char *name)
{
	char want[1024];
	int r;

	if (path_relative(link, name, want, sizeof(want)) < 0)
		return -ENAMETOOLONG;
	/* gone, or another device has claimed the name since: not ours to remove */
	r = walk_remove(conf->root, link, remove_link_at, want);
	return r < 0 ? r : 0;
}
