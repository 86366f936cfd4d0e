// SPDX-License-Identifier: GPL-2.0-only
/* The failed add events' links (failed.h). Nothing is looked at on disk
 * until the folder holds something: a boot without failures costs no
 * system call per event. */
#include "compat.h"
#include "failed.h"
#include "fmt.h"
#include "log.h"
#include "str.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void failed_init(struct failed *f, const char *udev_root)
{
	struct dirent *de;
	DIR *dir;

	fmt_s(f->dir, sizeof(f->dir), "%s" FAILED_DIR, udev_root);
	f->any = 0;
	dir = opendir(f->dir);
	if (!dir)
		return;
	while (!f->any && (de = readdir(dir)))
		f->any = de->d_name[0] != '.';
	closedir(dir);
}

/* The link's path for devpath into buf: 0, or -ENAMETOOLONG. */
static int failed_path(const struct failed *f, const char *devpath, char *buf, size_t size)
{
	size_t n = fmt_s(buf, size, "%s/", f->dir), start = n;
	const char *c;

	if (n >= size)
		return -ENAMETOOLONG;
	for (c = devpath; *c && n + 5 < size; c++)
		if (*c == '/' || *c == '\\')
			n += str_hex_byte(buf + n, (unsigned char)*c);
		else
			buf[n++] = *c;
	buf[n] = '\0';
	return *c || n - start > 255 ? -ENAMETOOLONG : 0;
}

/* dir is a folder (not a link) of ours that no one else may write: 0,
 * else -EPERM. */
static int owned_dir(const char *dir)
{
	struct stat st;

	if (lstat(dir, &st) < 0)
		return -errno;
	return S_ISDIR(st.st_mode) && st.st_uid == geteuid() && !(st.st_mode & 022) ? 0 : -EPERM;
}

/* udev_root, its .udev and .udev/failed (made when missing): all three
 * ours alone, so that no one else can have a link followed there. */
static int failed_dir_ok(const struct failed *f)
{
	char dir[sizeof(f->dir)];
	size_t root = strlen(f->dir) - strlen(FAILED_DIR);
	int r;

	str_copy(dir, f->dir, sizeof(dir));
	dir[root] = '\0';
	if ((r = owned_dir(dir)) < 0)
		return r;
	dir[root] = '/';
	dir[root + strlen("/.udev")] = '\0';
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return -errno;
	if ((r = owned_dir(dir)) < 0)
		return r;
	if (mkdir(f->dir, 0755) < 0 && errno != EEXIST)
		return -errno;
	return owned_dir(f->dir);
}

static void failed_mark(struct failed *f, const char *devpath)
{
	char path[1024];
	int r;

	if (failed_path(f, devpath, path, sizeof(path)) < 0)
		return;
	r = failed_dir_ok(f);
	if (r < 0) {
		log_err("cannot record the failed add of %s in %s: %s, ignoring", devpath, f->dir,
			r == -EPERM ? "a folder on the way is not root's alone" : strerror(-r));
		return;
	}
	if (symlink(devpath, path) < 0 && errno != EEXIST) {
		log_err("cannot record the failed add of %s in %s: %s, ignoring", devpath, f->dir,
			strerror(errno));
		return;
	}
	f->any = 1;
}

static void failed_move(struct failed *f, const char *from, const char *to)
{
	char old[1024], path[1024];

	if (failed_path(f, from, old, sizeof(old)) == 0 &&
	    failed_path(f, to, path, sizeof(path)) == 0 && rename(old, path) == 0)
		log_info("the failed add of %s is %s's now", from, to);
}

void failed_note(struct failed *f, const char *action, const char *devpath,
		 const char *devpath_old, int rc)
{
	char path[1024];

	if (rc != 0 && strcmp(action, "add") == 0) {
		failed_mark(f, devpath);
		return;
	}
	if (!f->any || failed_dir_ok(f) < 0)
		return;
	/* 117: a move keeps the mark, under the new name */
	if (devpath_old && strcmp(action, "move") == 0)
		failed_move(f, devpath_old, devpath);
	else if (failed_path(f, devpath, path, sizeof(path)) == 0)
		unlink(path);
}
