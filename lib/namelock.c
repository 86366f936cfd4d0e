// SPDX-License-Identifier: GPL-2.0-only
/* The name lock (see namelock.h): no stdio and no heap, udevsend links it. */
#include "compat.h"
#include "namelock.h"
#include "msg.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The byte of the lock file that says "in this network namespace", where
 * abstract names live: 1 + the low 30 bits of the namespace's inode (nsfs
 * numbers them up from 0xF0000000: distinct for the first 2^30, and within
 * an off_t of 32 bits); 0 without /proc. udevd locks byte 0 (one udevd
 * per lock file) and this one (found without /proc too:
 * namelock-own.c); the others look at this one alone, so that a udevd of
 * root in another network namespace sharing /dev does not vouch for
 * whoever holds the name in ours. Asked once per process. */
off_t namelock_netns(void)
{
	static off_t byte = -1;
	struct stat st;

	if (byte < 0)
		byte = stat("/proc/self/ns/net", &st) == 0 ? 1 + (off_t)(st.st_ino & 0x3fffffff) : 0;
	return byte;
}


const char *namelock_dir(void)
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
int namelock_dir_ok(void)
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
	memset(&fl, 0, sizeof(fl));
	NAMELOCK_BYTE(&fl, namelock_netns());
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
	return r == -EACCES ? geteuid() != 0 : r;
}
