/* SPDX-License-Identifier: GPL-2.0-only */
/* Notices that a file, or a directory or any entry of it, changed since it
 * was last looked at (watch.c): what udev's worker keeps parsed is read
 * again at the next event after an edit. */
#ifndef UDEV_WATCH_H
#define UDEV_WATCH_H

struct stamp;

struct watch {
	struct stamp *st;
	int n;
};

/* Looks at path, and at every entry of it when it is a directory; 0 or
 * -errno (then nothing is watched and watch_unchanged() says changed). */
int watch_take(struct watch *w, const char *path);
/* 1 when nothing watched changed since watch_take (times, size, inode). */
int watch_unchanged(const struct watch *w);
void watch_free(struct watch *w);

#endif
