// SPDX-License-Identifier: GPL-2.0-only
/* The watch list of udevd (see watchlist.h): one small file per watched
 * node, rewritten only when it changes, so that udevd wakes up for news. */
#include "compat.h"
#include "watchlist.h"
#include "db.h"
#include "fd.h"
#include "fmt.h"
#include "path.h"
#include "proc.h"
#include "str.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WATCH_DIR ".watch"

/* The entry's text: the record's identity lines, nothing it imported. */
static size_t entry_text(const struct db_record *rec, char *buf, size_t size)
{
	static struct db_record e;

	memset(&e, 0, sizeof(e));
	str_copy(e.devpath, rec->devpath, sizeof(e.devpath));
	str_copy(e.name, rec->name, sizeof(e.name));
	str_copy(e.subsystem, rec->subsystem, sizeof(e.subsystem));
	e.major = rec->major;
	e.minor = rec->minor;
	return db_format(&e, buf, size);
}

static int entry_write(const char *dir, const char *file, const char *buf, size_t len)
{
	char tmp[1100];

	fmt_s(tmp, sizeof(tmp), "%s/.tmp-%d", dir, (int)proc_self());
	return db_write_file(file, tmp, buf, len);
}

int db_watch_set(const struct udev_conf *conf, const struct db_record *rec, int on)
{
	char dir[CONF_PATH_MAX + 16], file[CONF_PATH_MAX + SYSFS_PATH_MAX + 16];
	char name[SYSFS_PATH_MAX], buf[SYSFS_PATH_MAX + NAME_SIZE + 128], old[sizeof(buf)];
	size_t len;
	ssize_t n;
	int r;

	db_name(rec->devpath, name, sizeof(name));
	if (path_join(dir, sizeof(dir), conf->db, WATCH_DIR) < 0 ||
	    path_join(file, sizeof(file), dir, name) < 0)
		return -ENAMETOOLONG;
	if (!on || !rec->name[0]) {
		if (unlink(file) < 0)
			return errno == ENOENT ? 0 : -errno;
		rmdir(dir);   /* the last one takes the folder away */
		return 0;
	}
	len = entry_text(rec, buf, sizeof(buf));
	if (len >= sizeof(buf))
		return -EFBIG;
	n = fd_read_file(file, old, sizeof(old));
	if (n == (ssize_t)len && memcmp(old, buf, len) == 0)
		return 0;
	r = entry_write(dir, file, buf, len);
	if (r == -ENOENT && (mkdir(dir, 0755) == 0 || errno == EEXIST))
		r = entry_write(dir, file, buf, len);
	return r;
}
