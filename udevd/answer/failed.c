// SPDX-License-Identifier: GPL-2.0-only
/* The failed add events' links (failed.h). Nothing is looked at on disk
 * until the folder holds something: a boot without failures costs no
 * system call per event. */
#include "compat.h"
#include "failed.h"
#include "fmt.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
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

static void failed_mark(struct failed *f, const char *devpath)
{
	char path[1024];

	if (failed_path(f, devpath, path, sizeof(path)) < 0)
		return;
	if (path_mkdir_parents(path, 0755) < 0 || (symlink(devpath, path) < 0 && errno != EEXIST)) {
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
	if (!f->any)
		return;
	/* 117: a move keeps the mark, under the new name */
	if (devpath_old && strcmp(action, "move") == 0)
		failed_move(f, devpath_old, devpath);
	else if (failed_path(f, devpath, path, sizeof(path)) == 0)
		unlink(path);
}
