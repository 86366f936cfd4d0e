// SPDX-License-Identifier: GPL-2.0-only
/* Device nodes and symlinks under udev_root (see node.h). Replacement is
 * atomic: the new node or link is made beside the old one and renamed
 * over it, so a reader never sees the name missing. */
#include "compat.h"
#include "node.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* The name the new node or link gets before it is renamed over path: beside
 * it as NAME.udev-tmp-PID, or .udev-tmp-PID in its directory when the
 * suffix would make the last component longer than NAME_MAX. */
static void tmp_name(const char *path, char *tmp, size_t size)
{
	const char *base = path_basename(path);

	if (strlen(base) + 24 <= NAME_MAX)
		snprintf(tmp, size, "%s.udev-tmp-%d", path, (int)getpid());
	else
		snprintf(tmp, size, "%.*s.udev-tmp-%d", (int)(base - path), path,
			 (int)getpid());
}

static int node_one(const char *path, int block, dev_t devnum, uid_t uid, gid_t gid, mode_t mode)
{
	char tmp[1100];
	int r;

	tmp_name(path, tmp, sizeof(tmp));
	unlink(tmp);
	if (mknod(tmp, (block ? S_IFBLK : S_IFCHR) | (mode & 07777), devnum) < 0)
		return -errno;
	if (chown(tmp, uid, gid) < 0 || chmod(tmp, mode & 07777) < 0) {
		r = -errno;
		unlink(tmp);
		log_err("cannot set owner/mode of %s: %s", path, strerror(-r));
		return -EPERM;
	}
	if (rename(tmp, path) < 0) {
		r = -errno;
		unlink(tmp);
		return r;
	}
	return 0;
}

int node_create(const struct udev_conf *conf, const char *name, int block,
		unsigned int major, unsigned int minor, uid_t uid, gid_t gid,
		mode_t mode, int partitions)
{
	char path[1024], part[1100];
	int n, r;

	if (path_join(path, sizeof(path), conf->root, name) < 0)
		return -ENAMETOOLONG;
	r = path_mkdir_parents(path, 0755);
	if (r < 0)
		return r;
	r = node_one(path, block, makedev(major, minor), uid, gid, mode);
	for (n = 1; r == 0 && n <= partitions; n++) {
		snprintf(part, sizeof(part), "%s%d", path, n);
		r = node_one(part, block, makedev(major, minor + (unsigned int)n), uid, gid, mode);
	}
	return r;
}

int node_remove(const struct udev_conf *conf, const char *name, int partitions)
{
	char path[1024], part[1100];
	int i, r = 0;

	if (!*name || path_join(path, sizeof(path), conf->root, name) < 0)
		return -EINVAL;
	for (i = 1; i <= partitions; i++) {
		snprintf(part, sizeof(part), "%s%d", path, i);
		if (unlink(part) < 0 && errno != ENOENT)
			r = -errno;
	}
	if (unlink(path) < 0 && errno != ENOENT)
		r = -errno;
	path_rmdir_parents(path, conf->root);
	return r;
}

int node_symlink(const struct udev_conf *conf, const char *link, const char *name)
{
	char path[1024], tmp[1100], target[1024];
	struct stat st;
	int r;

	if (path_join(path, sizeof(path), conf->root, link) < 0 ||
	    path_relative(link, name, target, sizeof(target)) < 0)
		return -ENAMETOOLONG;
	if (strcmp(link, name) == 0)
		return -EINVAL;
	if (lstat(path, &st) == 0 && !S_ISLNK(st.st_mode)) {
		log_err("%s exists and is no symlink, not replacing it", path);
		return -EEXIST;
	}
	r = path_mkdir_parents(path, 0755);
	if (r < 0)
		return r;
	tmp_name(path, tmp, sizeof(tmp));
	unlink(tmp);
	if (symlink(target, tmp) < 0)
		return -errno;
	if (rename(tmp, path) < 0) {
		r = -errno;
		unlink(tmp);
		return r;
	}
	return 0;
}

int node_symlink_owned(const struct udev_conf *conf, const char *link, const char *name)
{
	char path[1024], want[1024], have[1024];
	ssize_t n;

	if (path_join(path, sizeof(path), conf->root, link) < 0 ||
	    path_relative(link, name, want, sizeof(want)) < 0)
		return -ENAMETOOLONG;
	n = readlink(path, have, sizeof(have) - 1);
	if (n < 0)
		return (errno == ENOENT || errno == EINVAL) ? 0 : -errno;
	have[n] = '\0';
	return strcmp(have, want) == 0;
}

int node_symlink_remove(const struct udev_conf *conf, const char *link, const char *name)
{
	char path[1024];
	int r = node_symlink_owned(conf, link, name);

	/* gone, or another device has claimed the name since: not ours to remove */
	if (r <= 0)
		return r;
	if (path_join(path, sizeof(path), conf->root, link) < 0)
		return -ENAMETOOLONG;
	if (unlink(path) < 0)
		return -errno;
	path_rmdir_parents(path, conf->root);
	return 0;
}
