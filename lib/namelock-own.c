// SPDX-License-Identifier: GPL-2.0-only
/* The name lock's file as its owner keeps it (see namelock.h): udevd makes,
 * replaces and takes it, udev makes no node or link in its place. Apart
 * from namelock.c so that udevsend, which only looks, links none of it. */
#include "compat.h"
#include "namelock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>     /* rename (no stream is used) */
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* namelock_netns, or where /proc is missing (udevd started before it is
 * mounted) the same number from a socket: SIOCGSKNS (Linux 4.9,
 * CAP_NET_ADMIN) gives its network namespace as a descriptor. */
static off_t own_netns(void)
{
	off_t byte = namelock_netns();
	struct stat st;
	int s, ns;

	if (byte)
		return byte;
	s = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (s < 0)
		return 0;
	ns = ioctl(s, SIOCGSKNS, NULL);   /* klibc declares a third argument */
	if (ns >= 0 && fstat(ns, &st) == 0)
		byte = 1 + (off_t)(st.st_ino & 0x3fffffff);
	if (ns >= 0)
		close(ns);
	close(s);
	return byte;
}

int namelock_lock(int fd)
{
	struct flock fl;
	off_t ns = own_netns();

	memset(&fl, 0, sizeof(fl));
	NAMELOCK_BYTE(&fl, 0);
	if (fcntl(fd, F_SETLK, &fl) == 0) {
		NAMELOCK_BYTE(&fl, ns);
		if (!ns || fcntl(fd, F_SETLK, &fl) == 0)
			return 0;
	}
	return errno == EACCES || errno == EAGAIN ? -EAGAIN : -errno;
}

int namelock_holder(int fd)
{
	struct flock fl;

	memset(&fl, 0, sizeof(fl));
	NAMELOCK_BYTE(&fl, 0);
	if (fcntl(fd, F_GETLK, &fl) < 0)
		return -errno;
	return fl.l_type == F_UNLCK ? 0 : fl.l_pid > 0 ? (int)fl.l_pid : -ESRCH;
}
