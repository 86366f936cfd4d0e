/* SPDX-License-Identifier: GPL-2.0-only */
/* File descriptor helpers shared by every program: no stdio, and no heap
 * but fd_each's directory listing. */
#ifndef LIB_FD_H
#define LIB_FD_H

#include <stddef.h>
#include <sys/types.h>

/* Opens /dev/null on whichever of fds 0-2 the kernel did not give us
 * (once: the others are dup()s of it). */
int fd_sanitize(void);
int fd_cloexec(int fd);
int fd_nonblock(int fd);
/* A pipe with both ends close-on-exec, and non-blocking when nonblock is
 * set (a self-pipe for a signal handler; not for a program's output, which
 * it would write with EAGAIN): pipe2, or pipe and fcntl before Linux
 * 2.6.27; -errno. */
int fd_pipe(int p[2], int nonblock);
/* write()/read() the whole buffer, retrying on EINTR; -errno on failure. */
ssize_t fd_write_all(int fd, const void *buf, size_t len);
ssize_t fd_read_all(int fd, void *buf, size_t len);

/* Reads the file at path into buf (at most size - 1 bytes), NUL-terminated;
 * its length or -errno. */
ssize_t fd_read_file(const char *path, char *buf, size_t size);
/* The text at file (in the folder dir, or AT_FDCWD): a symbolic link's
 * target (*link 1), read first and never followed, else the file's bytes
 * (*link 0, opened without following a link), into buf, NUL-terminated;
 * its length or -errno. The database keeps short records so (udev/db). */
ssize_t fd_read_text(int dir, const char *file, char *buf, size_t size, int *link);
/* Calls fn for every open descriptor but the listing's own (/proc/self/fd);
 * -ENOENT when /proc is not mounted. */
int fd_each(void (*fn)(int fd));
/* Closes every descriptor but 0-2: what a daemon inherited from whoever
 * started it must not reach the programs it runs. */
void fd_close_inherited(void);
/* fd_close_inherited for the per-event helpers (udevsend, hotplug), with no
 * directory listing and no heap: close_range(2), or before Linux 5.9 every
 * number from 3 to 1023 (the usual soft limit). */
void fd_close_from3(void);
/* Closes every descriptor above 2 but the n in keep (ascending) with
 * close_range(2), one call per gap between them: 0, or -errno (-ENOSYS
 * or -EINVAL before Linux 5.9, where fd_each is the way). */
int fd_close_other(const int *keep, int n);
/* Reads a non-blocking inotify descriptor until it is empty, calling fn
 * for each event; stops at the first fn that returns non-zero. That
 * value; 0 once the descriptor is empty; -errno when a read fails. */
struct inotify_event;
int fd_inotify_each(int fd, int (*fn)(void *ctx, const struct inotify_event *ev), void *ctx);

#endif
