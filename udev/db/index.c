// SPDX-License-Identifier: GPL-2.0-only
/* The index of symlink claimants (see index.h). Link names come from rules
 * with device data in them: each is escaped into one file name, and every
 * step is taken with the *at() calls and O_NOFOLLOW from udev_db's own
 * descriptor, so no name leads out of .links. */
#include "compat.h"
#include "record.h"
#include "index.h"
#include "proc.h"
#include "str.h"
#include "fmt.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
#define CLAIM ".claim"   /* the one inode of the entries (index.h) */

/* link as one file name; -ENAMETOOLONG when it does not fit one. */
static int dblinks_name(const char *link, char *out, size_t size)
{
	size_t n = 0;
	const char *p;

	if (!link[0])
		return -EINVAL;
	for (p = link; *p; p++) {
		if (n + 5 > size)
			return -ENAMETOOLONG;
		if (*p == '/' || *p == '\\' || (p == link && *p == '.'))
			n += str_hex_byte(out + n, (unsigned char)*p);
		else
			out[n++] = *p;
	}
	out[n] = '\0';
	return 0;
}

/* Opens the folder name under at and lists it; NULL when it cannot. Its
 * descriptor in *fdp (dirfd() is not in every libc: dietlibc). */
static DIR *dblinks_opendir(int at, const char *name, int *fdp)
{
	int fd = openat(at, name, DIR_FLAGS);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (!d && fd >= 0)
		close(fd);
	*fdp = fd;
	return d;
}

/* Removes the folder name under at and what is in it. */
static void dblinks_rmtree(int at, const char *name)
{
	struct dirent *de;
	int fd;
	DIR *d = dblinks_opendir(at, name, &fd);

	if (!d)
		return;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0 &&
		    unlinkat(fd, de->d_name, 0) < 0 && errno == EISDIR)
			dblinks_rmtree(fd, de->d_name);
	closedir(d);
	unlinkat(at, name, AT_REMOVEDIR);
}

/* The entry dir/record: a hard link to links/CLAIM, made when missing (a
 * .links of an older version); where the file system links no more (a
 * limit of links per inode) or none, an empty file of its own. -ENOENT
 * when dir went away under us. */
static int dblinks_entry(int links, int dir, const char *record)
{
	int fd, tries;

	for (tries = 0; tries < 2; tries++) {
		if (linkat(links, CLAIM, dir, record, 0) == 0 || errno == EEXIST)
			return 0;
		if (errno != ENOENT)
			break;
		fd = openat(links, CLAIM, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (fd < 0)
			break;
		close(fd);
	}
	fd = openat(dir, record, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* Makes the entry links/name/record; -EAGAIN when .links went away under
 * us (its last entry was removed), for the caller to start again. */
static int dblinks_enter(int links, const char *name, const char *record)
{
	int tries, dir, r = -ENOENT;

	for (tries = 0; tries < 8 && r == -ENOENT; tries++) {
		if (mkdirat(links, name, 0755) < 0 && errno != EEXIST)
			return errno == ENOENT ? -EAGAIN : -errno;
		dir = openat(links, name, DIR_FLAGS);
		if (dir < 0) {
			if (errno != ENOENT)
				return -errno;
			continue;   /* a remover took the empty folder: again */
		}
		r = dblinks_entry(links, dir, record);
		close(dir);
	}
	return r == -ENOENT ? -EAGAIN : r;
}

/* Enters record for each link of the space separated list into links; a
 * link too long for a file name is not indexed (dblinks_each scans). */
static int dblinks_enter_list(int links, const char *record, const char *list)
{
	char words[LIST_SIZE], name[NAME_MAX + 1], *w, *save = NULL;
	int r = 0;

	str_copy(words, list, sizeof(words));
	for (w = strtok_r(words, " ", &save); w && !r; w = strtok_r(NULL, " ", &save))
		if (dblinks_name(w, name, sizeof(name)) == 0)
			r = dblinks_enter(links, name, record);
	return r;
}

/* Indexes every record of the database at db into the folder links. */
static int dblinks_build(int db, int links)
{
	int dfd;
	DIR *d = dblinks_opendir(db, ".", &dfd);
	struct db_record rec;
	struct dirent *de;
	int r = 0;

	if (!d)
		return -EIO;
	while (!r && (de = readdir(d)))
		if (de->d_name[0] != '.' && db_read_at(db, de->d_name, &rec) == 0)
			r = dblinks_enter_list(links, de->d_name, rec.symlinks);
	closedir(d);
	return r;
}

/* A database without .links (written by an older version, or whose last
 * link went away) gets one of all its records and record's links: built
 * under a temporary name and renamed into place, so that a .links there is
 * whole; when another process placed one first, -EAGAIN: enter into it. */
static int dblinks_create(int db, const char *record, const char *list)
{
	char tmp[64];
	int fd, r;

	fmt_s(tmp, sizeof(tmp), ".links.tmp-%d", (int)proc_self());
	dblinks_rmtree(db, tmp);
	if (mkdirat(db, tmp, 0755) < 0 || (fd = openat(db, tmp, DIR_FLAGS)) < 0)
		return -errno;
	r = dblinks_build(db, fd);
	if (!r)
		r = dblinks_enter_list(fd, record, list);
	close(fd);
	if (!r && renameat(db, tmp, db, ".links") == 0)
		return 0;
	dblinks_rmtree(db, tmp);
	return r ? r : -EAGAIN;
}

int dblinks_add(const struct udev_conf *conf, const char *record, const char *links)
{
	int db, fd, tries, r = -EAGAIN;

	if (!links[0])
		return 0;
	db = open(conf->db, DIR_FLAGS);
	if (db < 0)
		return -errno;
	for (tries = 0; tries < 8 && r == -EAGAIN; tries++) {
		fd = openat(db, ".links", DIR_FLAGS);
		if (fd < 0) {
			r = errno == ENOENT ? dblinks_create(db, record, links) : -errno;
			continue;
		}
		r = dblinks_enter_list(fd, record, links);
		close(fd);
	}
	close(db);
	return r;
}

void dblinks_remove(const struct udev_conf *conf, const char *record, const char *list,
		    const char *keep)
{
	char words[LIST_SIZE], name[NAME_MAX + 1], *w, *save = NULL;
	int db = open(conf->db, DIR_FLAGS), fd, dir;
	struct stat st;

	fd = db >= 0 && list[0] ? openat(db, ".links", DIR_FLAGS) : -1;
	str_copy(words, list, sizeof(words));
	for (w = strtok_r(words, " ", &save); fd >= 0 && w; w = strtok_r(NULL, " ", &save)) {
		if (db_list_has(keep, w) || dblinks_name(w, name, sizeof(name)) < 0)
			continue;
		dir = openat(fd, name, DIR_FLAGS);
		if (dir < 0)
			continue;
		unlinkat(dir, record, 0);
		close(dir);
		unlinkat(fd, name, AT_REMOVEDIR);   /* fails while others claim it */
	}
	if (fd >= 0) {
		/* no entry links CLAIM any more: it goes, and .links with it
		 * (which fails while any link is claimed) */
		if (fstatat(fd, CLAIM, &st, AT_SYMLINK_NOFOLLOW) == 0 && st.st_nlink == 1)
			unlinkat(fd, CLAIM, 0);
		close(fd);
		unlinkat(db, ".links", AT_REMOVEDIR);
	}
	if (db >= 0)
		close(db);
}

int dblinks_each(const struct udev_conf *conf, const char *link,
		 void (*fn)(const char *record, void *data), void *data)
{
	char name[NAME_MAX + 1];
	int db = open(conf->db, DIR_FLAGS), fd = -1, dfd, none = 0;
	struct dirent *de;
	DIR *d = NULL;

	if (db >= 0)
		fd = openat(db, ".links", DIR_FLAGS);
	if (fd >= 0 && dblinks_name(link, name, sizeof(name)) == 0) {
		d = dblinks_opendir(fd, name, &dfd);
		none = !d && errno == ENOENT;   /* indexed, and no record claims it */
	}
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.')
			fn(de->d_name, data);
	if (d)
		closedir(d);
	if (db >= 0)
		close(db);
	if (fd >= 0)
		close(fd);
	return d || none ? 0 : 1;
}
