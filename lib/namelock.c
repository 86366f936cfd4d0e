// SPDX-License-Identifier: GPL-2.0-only
/* The name lock (see namelock.h): no stdio and no heap, udevsend links it. */
#include "compat.h"
#include "namelock.h"
#include "msg.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>     /* rename (no stream is used) */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* The byte of the lock file that says "in this network namespace", where
 * abstract names live: 1 + the low 30 bits of the namespace's inode (nsfs
 * numbers them up from 0xF0000000: distinct for the first 2^30, and within
 * an off_t of 32 bits), from /proc or, without it, from a socket
 * (SIOCGSKNS, Linux 4.9, CAP_NET_ADMIN); 0 where neither tells. udevd
 * locks byte 0 (one udevd per lock file) and this one; the others look at
 * this one alone, so that a udevd of root in another network namespace
 * sharing /dev does not vouch for whoever holds the name in ours. Asked
 * once per process. */
static off_t namelock_netns(void)
{
	static off_t byte = -1;
	struct stat st;
	int s, ns;

	if (byte >= 0)
		return byte;
	byte = 0;
	if (stat("/proc/self/ns/net", &st) == 0)
		return byte = 1 + (off_t)(st.st_ino & 0x3fffffff);
	s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (s < 0)
		return byte;
	ns = ioctl(s, SIOCGSKNS);
	if (ns >= 0 && fstat(ns, &st) == 0)
		byte = 1 + (off_t)(st.st_ino & 0x3fffffff);
	if (ns >= 0)
		close(ns);
	close(s);
	return byte;
}

/* A write lock's description of one byte at off. */
static void lock_byte(struct flock *fl, off_t off)
{
	memset(fl, 0, sizeof(*fl));
	fl->l_type = F_WRLCK;
	fl->l_whence = SEEK_SET;
	fl->l_start = off;
	fl->l_len = 1;
}

static const char *namelock_dir(void)
{
	const char *dir = getenv(NAMELOCK_DIR_ENV);

	return dir && *dir ? dir : NAMELOCK_DIR_DEFAULT;
}

int namelock_path(char *buf, size_t size)
{
	const char *name = getenv(MSG_SOCKET_ENV), *dir = namelock_dir();
	size_t ld = strlen(dir), ln;

	if (!name || !*name)
		name = MSG_SOCKET_NAME;
	ln = strlen(name);
	if (strchr(name, '/'))
		return -EINVAL;
	/* dir "/." name ".lock" NUL */
	if (ld + ln + 8 > size)
		return -ENAMETOOLONG;
	memcpy(buf, dir, ld);
	memcpy(buf + ld, "/.", 2);
	memcpy(buf + ld + 2, name, ln);
	memcpy(buf + ld + 2 + ln, ".lock", 6);
	return (int)(ld + ln + 7);
}

/* Only root can make, replace or remove a file in the folder: the folder
 * is root's and no one else may write it (a sticky /tmp is not enough: a
 * user could make the file first). Its parents are taken as they are. */
static int namelock_dir_ok(void)
{
	struct stat st;

	if (stat(namelock_dir(), &st) < 0)
		return -errno;
	if (!S_ISDIR(st.st_mode) || st.st_uid != 0 || (st.st_mode & (S_IWGRP | S_IWOTH)))
		return -EPERM;
	return 0;
}

int namelock_held(void)
{
	struct flock fl;
	char path[256];
	int fd, r = namelock_path(path, sizeof(path));

	if (r < 0 || (r = namelock_dir_ok()) < 0)
		return r;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	lock_byte(&fl, namelock_netns());
	r = fcntl(fd, F_GETLK, &fl) < 0 ? -errno : fl.l_type == F_WRLCK;
	close(fd);
	return r;
}

int namelock_check(void)
{
	int r = namelock_held();

	if (r == 0) {
		poll(NULL, 0, NAMELOCK_GRACE_MS);
		r = namelock_held();
	}
	/* root's events are believed only by the lock: a root that may not
	 * read it (no CAP_DAC_OVERRIDE, an LSM) runs them itself */
	return r == -EACCES && geteuid() != 0 ? 1 : r == -EACCES ? 0 : r;
}

/* A lock file no one else can have open, let alone locked: root's,
 * regular, with one link, 0600. */
static int lock_sound(const struct stat *st)
{
	return S_ISREG(st->st_mode) && st->st_nlink == 1 && st->st_uid == 0 &&
	       (st->st_mode & 07777) == 0600;
}

/* A new lock file renamed over path: whoever held the old one open (and
 * locked) keeps it, and it proves nothing any more. fd or -errno. */
static int namelock_new(const char *path, int len)
{
	char tmp[256 + 8];
	int fd, r;

	memcpy(tmp, path, (size_t)len);
	memcpy(tmp + len, ".new", 5);
	unlink(tmp);
	fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
	if (fd < 0)
		return -errno;
	if (fchmod(fd, 0600) == 0 && rename(tmp, path) == 0)
		return fd;
	r = -errno;
	close(fd);
	unlink(tmp);
	return r;
}

int namelock_open(struct stat *was)
{
	char path[256];
	int fd, r, len = namelock_path(path, sizeof(path));

	was->st_mode = 0;
	if (len < 0)
		return len;
	if ((r = namelock_dir_ok()) < 0)
		return r;
	/* only root changes the folder: what lstat saw is what open gets,
	 * and a device node (a NAME udev was told) is never opened */
	if (lstat(path, was) == 0 && !lock_sound(was))
		return namelock_new(path, len);
	was->st_mode = 0;
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
	return fd < 0 ? -errno : fd;
}

int namelock_is_lock(const char *dir, const char *name)
{
	const char *ld = namelock_dir();
	size_t n = strlen(ld), l = strlen(name);

	while (n > 1 && ld[n - 1] == '/')
		n--;
	if (strncmp(dir, ld, n) != 0 || dir[n + strspn(dir + n, "/")] != '\0')
		return 0;
	return name[0] == '.' && !strchr(name, '/') && l > 6 && strcmp(name + l - 5, ".lock") == 0;
}

int namelock_lock(int fd)
{
	struct flock fl;
	off_t ns = namelock_netns();

	lock_byte(&fl, 0);
	if (fcntl(fd, F_SETLK, &fl) == 0) {
		lock_byte(&fl, ns);
		if (!ns || fcntl(fd, F_SETLK, &fl) == 0)
			return 0;
	}
	return errno == EACCES || errno == EAGAIN ? -EAGAIN : -errno;
}

int namelock_holder(int fd)
{
	struct flock fl;

	lock_byte(&fl, 0);
	if (fcntl(fd, F_GETLK, &fl) < 0)
		return -errno;
	return fl.l_type == F_UNLCK ? 0 : fl.l_pid > 0 ? (int)fl.l_pid : -ESRCH;
}
