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
/* Removes the directories leading to name that are empty now, deepest first,
 * walked the same way; root itself stays. */
void walk_rmdir_parents(const char *root, const char *name);

#endif
