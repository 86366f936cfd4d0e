/* SPDX-License-Identifier: GPL-2.0-only */
/* Notices that any of a set of files and directories changed since they
 * were added (watch.c), for udev's worker to keep udev.conf, the rules and
 * its other caches between events. With inotify one non-blocking read per
 * check when nothing happened (other files changing beside a watched file
 * do not count); where inotify is missing (or a path and its parent do not
 * exist), a stat of each path and entry. */
#ifndef UDEV_WATCH_H
#define UDEV_WATCH_H

struct stamp;
struct wd_name;

/* Zeroed: nothing watched. */
struct watch {
	int inotify;        /* fd is an inotify descriptor */
	int fd;
	struct stamp *st;   /* paths checked by stat */
	int n;
	struct wd_name *wd; /* what each inotify watch is for */
	int nwd;
	int polled_empty;   /* watch_polled_empty: the next check reads nothing */
};

/* Forgets what was watched and starts again (inotify when it can). */
void watch_start(struct watch *w);
/* Watches path: a directory with its entries and subdirectories down to
 * depth levels, a file also in its directory for its name (replaced by a
 * rename), a missing path in its directory for its name (created). 0 or
 * -errno (then the next watch_unchanged says changed). */
int watch_add(struct watch *w, const char *path, int depth);
/* 1 when nothing watched changed since watch_add. */
int watch_unchanged(struct watch *w);
/* The caller has just polled fd (inotify) and found nothing to read: the
 * next watch_unchanged does not read it again. */
void watch_polled_empty(struct watch *w);
/* 1 when changes are noticed by inotify (cheap to check per event). */
int watch_cheap(const struct watch *w);
void watch_free(struct watch *w);

#endif
