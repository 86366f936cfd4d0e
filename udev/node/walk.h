/* SPDX-License-Identifier: GPL-2.0-only */
/* Names under udev_root walked one directory at a time, never following a
 * symlink and never through a directory another user may change: what udev
 * creates, chowns, chmods or removes there stays there (see walk.c). */
#ifndef UDEV_WALK_H
#define UDEV_WALK_H

#include <sys/types.h>

/* Opens the directory that holds the last component of name (relative to
 * root), creating missing directories (mode 0755) when create is set, and
 * points *base at that component. Returns the directory's descriptor, or
 * -ELOOP (a symlink on the way), -EPERM (a directory owned by another user,
 * or writable by others and not sticky and root's), -ENOENT, -EINVAL (an
 * empty, "." or ".." component), -errno; refusals are logged. */
int walk_parent(const char *root, const char *name, int create, const char **base);
/* The same, and the directory's group in *gid. */
int walk_parent_gid(const char *root, const char *name, int create, const char **base,
		    gid_t *gid);
/* Walks to the directory of name as walk_parent does (never creating) and
 * calls fn with its descriptor and name's last component: fn removes what
 * it removes there and returns > 0 when it did, 0 when it left all, or
 * -errno. When it removed something, the directories leading to name that
 * are empty now go too, deepest first, through the same walk (root itself
 * stays). Returns fn's result, 0 when the path is missing, or the walk's
 * -errno. */
int walk_remove(const char *root, const char *name,
		int (*fn)(int dir, const char *base, void *data), void *data);

/* Closes a descriptor walk_parent returned (it may be udev_root's, which
 * stays open for the event's next walk). */
void walk_done(int dir);
/* Ends the event's use of udev_root, kept open since its first walk:
 * called at the end of every event (event_free). Its descriptor stays open
 * (close-on-exec) for the process's next event, whose first walk checks
 * that udev_root still is that directory and still passes the check. */
void walk_forget(void);
/* That descriptor, or -1: what a pool worker keeps open between events. */
int walk_kept_fd(void);

#endif
