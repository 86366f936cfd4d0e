/* SPDX-License-Identifier: GPL-2.0-only */
/* Device nodes and symlinks under udev_root, made and removed atomically
 * and without following symlinks (node.c). */
#ifndef UDEV_NODE_H
#define UDEV_NODE_H

#include "conf.h"

#include <sys/types.h>

/* Creates udev_root/name (and name1..nameN for partitions) atomically:
 * mknod beside, chown/chmod, rename over. A name that is a node of the
 * same type and number already (the kernel's, on devtmpfs) keeps its
 * inode: of owner, group and mode, those given (PERM_* bits of perms.h:
 * by a rule or udev.permissions) are set in place, the others kept as the
 * kernel made them. Returns 0 when name was made, 1 when it was kept, or
 * -errno. */
int node_create(const struct udev_conf *conf, const char *name, int block,
		unsigned int major, unsigned int minor, uid_t uid, gid_t gid,
		mode_t mode, unsigned int given, int partitions);
/* Removes the node (not when kept: it was there before udev, the
 * kernel's) and its partition nodes, each only when it is a device node of
 * the recorded number (major:minor, then minor + N; 0:0: any device node),
 * and emptied parent directories. Every path under udev_root is walked
 * without following symlinks (walk.h). */
int node_remove(const struct udev_conf *conf, const char *name, int partitions,
		unsigned int major, unsigned int minor, int kept);
/* udev_root/link -> relative path to udev_root/name, replaced atomically. */
int node_symlink(const struct udev_conf *conf, const char *link, const char *name);
/* Removes link when it is a symlink to name (not when another device has
 * taken it over); emptied parents too. */
int node_symlink_remove(const struct udev_conf *conf, const char *link, const char *name);
/* 1 when udev_root/link is a symlink to name, 0 when not (or missing). */
int node_symlink_owned(const struct udev_conf *conf, const char *link, const char *name);

#endif
