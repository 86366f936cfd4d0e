// SPDX-License-Identifier: GPL-2.0-only
/* Legacy per-device database files (see db.h). */
#include "compat.h"
#include "db.h"
#include "index.h"
#include "fd.h"
#include "path.h"
#include "proc.h"
#include "str.h"
#include "fmt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The record's file: DEVPATH without its leading '/', the other '/' as '@'
 * (class@tty@ttyS0, as udev 0.5x names it); old != 0 gives the name earlier
 * versions of this suite wrote, with a leading '@' (@class@tty@ttyS0). */
static void db_record_name(const char *devpath, int old, char *name, size_t size)
{
	char *p;

	str_copy(name, devpath + (!old && devpath[0] == '/'), size);
	for (p = name; *p; p++)
		if (*p == '/')
			*p = '@';
}

void db_name(const char *devpath, char *name, size_t size)
{
	db_record_name(devpath, 0, name, size);
}

static int db_file_as(const struct udev_conf *conf, const char *devpath, int old,
		      char *out, size_t size)
{
	char name[SYSFS_PATH_MAX];

	db_record_name(devpath, old, name, sizeof(name));
	return path_join(out, size, conf->db, name);
}

static int db_file(const struct udev_conf *conf, const char *devpath, char *out, size_t size)
{
	return db_file_as(conf, devpath, 0, out, size);
}

/* The udev_db folder that db_check_old_names found without an old-named
 * record, "" when none was looked at or one was found. */
static char no_old_in[CONF_PATH_MAX];

/* 1 when devpath's record may be there under the old name. */
static int old_name_possible(const struct udev_conf *conf, const char *devpath)
{
	return devpath[0] == '/' && strcmp(no_old_in, conf->db) != 0;
}

void db_check_old_names(const struct udev_conf *conf)
{
	struct dirent *de;
	DIR *d = opendir(conf->db);
	int old = 0;

	no_old_in[0] = '\0';
	if (!d && errno != ENOENT)
		return;
	while (d && !old && (de = readdir(d)))
		old = de->d_name[0] == '@';
	if (d)
		closedir(d);
	if (!old)
		str_copy(no_old_in, conf->db, sizeof(no_old_in));
}

/* Removes the old-named record of devpath; 0 when there was one. */
static int db_unlink_old(const struct udev_conf *conf, const char *devpath)
{
	char file[1024];

	if (!old_name_possible(conf, devpath) || db_file_as(conf, devpath, 1, file, sizeof(file)) < 0)
		return -ENOENT;
	return unlink(file) < 0 ? -errno : 0;
}

/* Opens path to write (flags added: O_NOFOLLOW), writes buf whole,
 * closes; removes path when that fails. */
static int write_whole(const char *path, int flags, const char *buf, size_t len)
{
	int fd, r = 0;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | flags, 0644);
	if (fd < 0)
		return -errno;
	if (fd_write_all(fd, buf, len) < 0)
		r = -errno;
	if (close(fd) < 0 && !r)
		r = -errno;
	if (r)
		unlink(path);
	return r;
}

int db_write_file(const char *file, const char *tmp, const char *buf, size_t len)
{
	int r = write_whole(tmp, 0, buf, len);

	if (!r && rename(tmp, file) < 0) {
		r = -errno;
		unlink(tmp);
	}
	return r;
}

/* The record file written in place, as udev 100 wrote it: three calls,
 * where a temporary file renamed over it takes four and a new inode each
 * time. A reader at that moment may find it empty, as one that came
 * before the first write finds none. Not through a symbolic link (udev
 * 100's record of a node with nothing to remember): -ELOOP. A failed
 * write leaves no half record. */
static int db_write_in_place(const char *file, const char *buf, size_t len)
{
	return write_whole(file, O_NOFOLLOW, buf, len);
}

/* A short record as a symbolic link (record.h: DB_LINK_MAX): made at its
 * name when none is there (one call), else beside it and renamed over, so
 * that a reader finds the old record or the new one, never none. */
static int link_renamed(const char *tmp, const char *file, const char *text)
{
	int r;

	if (symlink(text, tmp) < 0 && (errno != EEXIST || unlink(tmp) < 0 || symlink(text, tmp) < 0))
		return -errno;
	if (rename(tmp, file) == 0)
		return 0;
	r = -errno;
	unlink(tmp);
	return r;
}

static int db_store_link(const char *tmp, const char *file, const char *text)
{
	if (symlink(text, file) == 0)
		return 0;
	return errno == EEXIST ? link_renamed(tmp, file, text) : -errno;
}

/* The links index entries, then the record: a short one as a symbolic
 * link; a file in place, or, where that cannot be, in its own temporary
 * file renamed over the record. A record with a link_priority is always
 * renamed over: another device's event that reads it empty for a moment
 * (db_find_claim) would take its links from it. */
static int db_store(const struct udev_conf *conf, const struct db_record *rec,
		    const char *name, const char *file, const char *buf, size_t len)
{
	char tmp[1100];
	int r = dblinks_add(conf, name, rec->symlinks);

	if (r < 0)
		return r;
	fmt_s(tmp, sizeof(tmp), "%s/.tmp-%d", conf->db, (int)proc_self());
	if (len <= DB_LINK_MAX)
		return db_store_link(tmp, file, buf);
	r = rec->link_priority ? -EEXIST : db_write_in_place(file, buf, len);
	if (r == 0 || r == -ENOENT)
		return r;
	return db_write_file(file, tmp, buf, len);
}

/* The database folder and its parents; 0, or why it could not be made
 * (-ENOSPC on a full /dev: the cause a later -ENOENT would hide). */
static int db_make_dir(const char *dir)
{
	if (mkdir(dir, 0755) == 0 || errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return -errno;
	path_mkdir_parents(dir, 0755);
	return mkdir(dir, 0755) == 0 || errno == EEXIST ? 0 : -errno;
}

/* The links index (index.h) gets rec's entries before rec is written,
 * and loses those of the record it replaces that rec no longer lists. The
 * folder is made when the first write finds it missing. */
int db_write(const struct udev_conf *conf, const struct db_record *rec)
{
	char file[1024], name[SYSFS_PATH_MAX], buf[DB_RECORD_MAX];
	size_t len = db_format(rec, buf, sizeof(buf));
	struct db_record old;
	int found, r;

	if (len >= sizeof(buf))
		return -EFBIG;
	if (db_file(conf, rec->devpath, file, sizeof(file)) < 0)
		return -ENAMETOOLONG;
	db_record_name(rec->devpath, 0, name, sizeof(name));
	found = db_read(conf, rec->devpath, &old);
	r = db_store(conf, rec, name, file, buf, len);
	if (r == -ENOENT) {
		r = db_make_dir(conf->db);
		if (r == 0)
			r = db_store(conf, rec, name, file, buf, len);
	}
	if (r < 0)
		return r;
	if (found != -ENOENT)   /* rewritten under the new name; not when neither name was there */
		db_unlink_old(conf, rec->devpath);
	if (found == 0 && old.symlinks[0])   /* without links, nothing to take out of the index */
		dblinks_remove(conf, name, old.symlinks, rec->symlinks);
	/* the watch list follows the record: a new watch, or one dropped */
	if (rec->watch || (found == 0 && old.watch))
		return db_watch_set(conf, rec, rec->watch);
	return 0;
}

int db_read(const struct udev_conf *conf, const char *devpath, struct db_record *rec)
{
	char file[1024];
	int r;

	if (db_file(conf, devpath, file, sizeof(file)) < 0)
		return -ENAMETOOLONG;
	r = db_read_file(file, rec);
	if (r == -ENOENT && old_name_possible(conf, devpath) &&
	    db_file_as(conf, devpath, 1, file, sizeof(file)) == 0)
		r = db_read_file(file, rec);
	return r;
}

/* The record's links index entries go after the record. */
int db_delete_read(const struct udev_conf *conf, const char *devpath, const char *symlinks)
{
	char file[1024], name[SYSFS_PATH_MAX];
	int r, old;

	if (db_file(conf, devpath, file, sizeof(file)) < 0)
		return -ENAMETOOLONG;
	r = unlink(file) < 0 ? -errno : 0;
	old = db_unlink_old(conf, devpath);
	if (symlinks[0]) {
		db_record_name(devpath, 0, name, sizeof(name));
		dblinks_remove(conf, name, symlinks, "");
	}
	return r == -ENOENT ? old : r;
}

int db_delete(const struct udev_conf *conf, const char *devpath)
{
	struct db_record rec;

	if (db_read(conf, devpath, &rec) < 0)
		rec.symlinks[0] = '\0';
	return db_delete_read(conf, devpath, rec.symlinks);
}

int db_foreach(const struct udev_conf *conf,
	       int (*fn)(const struct db_record *rec, void *data), void *data)
{
	char file[1024];
	struct db_record rec;
	struct dirent *de;
	int r = 0;
	DIR *d = opendir(conf->db);

	if (!d)
		return -errno;
	while (!r && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (path_join(file, sizeof(file), conf->db, de->d_name) < 0)
			continue;
		if (db_read_file(file, &rec) == 0)
			r = fn(&rec, data);
	}
	closedir(d);
	return r;
}

struct find_ctx {
	const char *name;
	const char *skip;
	struct db_record *out;
};

static int find_cb(const struct db_record *rec, void *data)
{
	struct find_ctx *c = data;

	if (c->skip && strcmp(rec->devpath, c->skip) == 0)
		return 0;
	if (strcmp(rec->name, c->name) != 0 && !db_list_has(rec->symlinks, c->name))
		return 0;
	if (c->out)
		*c->out = *rec;
	return 1;
}

int db_find_name(const struct udev_conf *conf, const char *name, struct db_record *rec)
{
	struct find_ctx c = { name, NULL, rec };

	return db_foreach(conf, find_cb, &c) == 1 ? 0 : -ENOENT;
}

int db_name_taken(const struct udev_conf *conf, const char *name, const char *devpath)
{
	struct find_ctx c = { name, devpath, NULL };

	return db_foreach(conf, find_cb, &c) == 1;
}

struct claim_ctx {
	const struct udev_conf *conf;
	const char *link, *skip;
	struct db_record *out;
	int found;
};

static int claim_cb(const struct db_record *rec, void *data)
{
	struct claim_ctx *c = data;

	/* the highest link_priority, then the first devpath */
	if (strcmp(rec->devpath, c->skip) == 0 || !db_list_has(rec->symlinks, c->link) ||
	    (c->found && (rec->link_priority < c->out->link_priority ||
			  (rec->link_priority == c->out->link_priority &&
			   strcmp(rec->devpath, c->out->devpath) >= 0))))
		return 0;
	*c->out = *rec;
	c->found = 1;
	return 0;
}

/* An index entry: the record it names, if it still claims the link; the
 * skipped device's own record is not read. */
static void claim_entry(const char *record, void *data)
{
	struct claim_ctx *c = data;
	char file[1024];
	struct db_record rec;

	db_record_name(c->skip, 0, file, sizeof(file));
	if (strcmp(record, file) != 0 && path_join(file, sizeof(file), c->conf->db, record) == 0 &&
	    db_read_file(file, &rec) == 0)
		claim_cb(&rec, c);
}

/* The claimants the links index names, or every record when the link is
 * not indexed (index.h). */
int db_find_claim(const struct udev_conf *conf, const char *link, const char *skip,
		  struct db_record *rec)
{
	struct claim_ctx c = { conf, link, skip, rec, 0 };

	if (dblinks_each(conf, link, claim_entry, &c) == 1)
		db_foreach(conf, claim_cb, &c);
	return c.found ? 0 : -ENOENT;
}

/* ---- the watch list (db.h): one small entry per watched node (a symbolic
 * link's target, as a short record), rewritten only when it changes, so
 * that udevd wakes up for news. */

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

/* Always beside it and renamed over (udevd watches .watch for IN_MOVED_TO
 * only): short text as a symbolic link, as a record (record.h). */
static int entry_write(const char *dir, const char *file, const char *buf, size_t len)
{
	char tmp[1100];

	fmt_s(tmp, sizeof(tmp), "%s/.tmp-%d", dir, (int)proc_self());
	return len > DB_LINK_MAX ? db_write_file(file, tmp, buf, len) : link_renamed(tmp, file, buf);
}


int db_watch_set(const struct udev_conf *conf, const struct db_record *rec, int on)
{
	char dir[CONF_PATH_MAX + 16], file[CONF_PATH_MAX + SYSFS_PATH_MAX + 16];
	char name[SYSFS_PATH_MAX], buf[SYSFS_PATH_MAX + NAME_SIZE + 128], old[sizeof(buf)];
	size_t len;
	ssize_t n;
	int r, link;

	db_name(rec->devpath, name, sizeof(name));
	if (path_join(dir, sizeof(dir), conf->db, WATCH_DIR) < 0 ||
	    path_join(file, sizeof(file), dir, name) < 0)
		return -ENAMETOOLONG;
	if (!on || !rec->name[0]) {
		/* (.watch stays when empty: udevd watches it, watch.h) */
		return unlink(file) < 0 && errno != ENOENT ? -errno : 0;
	}
	len = entry_text(rec, buf, sizeof(buf));
	if (len >= sizeof(buf))
		return -EFBIG;
	n = fd_read_text(AT_FDCWD, file, old, sizeof(old), &link);
	if (n == (ssize_t)len && memcmp(old, buf, len) == 0)
		return 0;
	r = entry_write(dir, file, buf, len);
	if (r == -ENOENT && (mkdir(dir, 0755) == 0 || errno == EEXIST))
		r = entry_write(dir, file, buf, len);
	return r;
}
