// SPDX-License-Identifier: GPL-2.0-only
/* Descriptor hygiene for kernel-spawned helpers and the daemon (see fd.h). */
#include "compat.h"
#include "fd.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/inotify.h>
#include <unistd.h>

int fd_sanitize(void)
{
	int fd = open("/dev/null", O_RDWR), next;

	if (fd < 0)
		return -errno;
	/* one look-up of the path: the kernel's helpers get none of 0-2,
	 * and the others are copies */
	while (fd <= 2) {
		next = dup(fd);
		if (next < 0)
			return -errno;
		fd = next;
	}
	close(fd);
	return 0;
}

int fd_cloexec(int fd)
{
	int flags = fcntl(fd, F_GETFD);

	if (flags < 0 || fcntl(fd, F_SETFD, flags | FD_CLOEXEC) < 0)
		return -errno;
	return 0;
}

int fd_nonblock(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return -errno;
	return 0;
}

int fd_pipe(int p[2], int nonblock)
{
	if (pipe2(p, O_CLOEXEC | (nonblock ? O_NONBLOCK : 0)) == 0)
		return 0;
	if (errno != ENOSYS || pipe(p) < 0)
		return -errno;
	fd_cloexec(p[0]);
	fd_cloexec(p[1]);
	if (nonblock) {
		fd_nonblock(p[0]);
		fd_nonblock(p[1]);
	}
	return 0;
}

ssize_t fd_write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = write(fd, p + done, len - done);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		done += (size_t)n;
	}
	return (ssize_t)done;
}

ssize_t fd_read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = read(fd, p + done, len - done);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		done += (size_t)n;
	}
	return (ssize_t)done;
}

/* file under dir, opened with flags, into buf (size - 1 bytes at most),
 * NUL-terminated: its length or -errno (fd_read_file, fd_read_text). */
static ssize_t read_at(int dir, const char *file, int flags, char *buf, size_t size)
{
	ssize_t n;
	int fd = openat(dir, file, O_RDONLY | O_CLOEXEC | flags);

	if (fd < 0)
		return -errno;
	n = fd_read_all(fd, buf, size - 1);
	close(fd);
	if (n >= 0)
		buf[n] = '\0';
	return n;
}

ssize_t fd_read_file(const char *path, char *buf, size_t size)
{
	return read_at(AT_FDCWD, path, 0, buf, size);
}

ssize_t fd_read_text(int dir, const char *file, char *buf, size_t size, int *link)
{
	ssize_t n = readlinkat(dir, file, buf, size - 1);

	*link = n >= 0;
	if (n < 0)
		return errno == EINVAL ? read_at(dir, file, O_NOFOLLOW, buf, size) : -errno;
	buf[n] = '\0';
	return n;
}

int fd_each(void (*fn)(int fd))
{
	int self = open("/proc/self/fd", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = self >= 0 ? fdopendir(self) : NULL;
	struct dirent *de;
	int fd;

	if (!d) {
		if (self >= 0)
			close(self);
		return -ENOENT;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		fd = atoi(de->d_name);
		if (fd != self)
			fn(fd);
	}
	closedir(d);
	return 0;
}

static void close_inherited(int fd)
{
	if (fd > 2)
		close(fd);
}

int fd_close_other(const int *keep, int n)
{
	unsigned int first = 3;
	int i, r;

	for (i = 0; i < n; i++) {
		if (keep[i] < (int)first)
			continue;
		if (keep[i] > (int)first) {
			r = compat_close_range(first, (unsigned int)keep[i] - 1);
			if (r < 0)
				return r;
		}
		first = (unsigned int)keep[i] + 1;
	}
	return compat_close_range(first, ~0U);
}

/* Where neither close_range(2) nor /proc can say: the numbers below the
 * usual soft limit. */
static void close_below_limit(void)
{
	int fd;

	for (fd = 3; fd < 1024; fd++)
		close(fd);
}

void fd_close_inherited(void)
{
	if (compat_close_range(3, ~0U) < 0 && fd_each(close_inherited) < 0)
		close_below_limit();   /* no /proc yet (early boot) */
}

void fd_close_from3(void)
{
	if (compat_close_range(3, ~0U) < 0)
		close_below_limit();
}

int fd_inotify_each(int fd, int (*fn)(void *ctx, const struct inotify_event *ev), void *ctx)
{
	union {
		struct inotify_event ev;
		char buf[4096];
	} u;
	const struct inotify_event *ev;
	ssize_t n, at;
	int r;

	for (;;) {
		n = read(fd, u.buf, sizeof(u.buf));
		if (n <= 0)
			return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) ? 0 :
			       n < 0 ? -errno : -EIO;
		for (at = 0; at + (ssize_t)sizeof(*ev) <= n; at += (ssize_t)(sizeof(*ev) + ev->len)) {
			ev = (const struct inotify_event *)(u.buf + at);
			r = fn(ctx, ev);
			if (r)
				return r;
		}
	}
}
