/* SPDX-License-Identifier: GPL-2.0-only */
/* What udev does to the system for an event: device nodes, symlinks and
 * their permissions (node.c, perms.c), network interface names (netif.c),
 * and the dev.d scripts and RUN programs (devd.c). */
#ifndef UDEV_NODE_H
#define UDEV_NODE_H

#include "conf.h"
#include "event.h"

#include <sys/types.h>

/* Creates udev_root/name (and name1..nameN for partitions) atomically:
 * mknod beside, chown/chmod, rename over. Returns 0 or -errno. */
int node_create(const struct udev_conf *conf, const char *name, int block,
		unsigned int major, unsigned int minor, uid_t uid, gid_t gid,
		mode_t mode, int partitions);
/* Removes the node and its partition nodes, each only when it is a device
 * node of the recorded number (major:minor, then minor + N; 0:0: any device
 * node), and emptied parent directories. Every path under udev_root is
 * walked without following symlinks (walk.h). */
int node_remove(const struct udev_conf *conf, const char *name, int partitions,
		unsigned int major, unsigned int minor);
/* udev_root/link -> relative path to udev_root/name, replaced atomically. */
int node_symlink(const struct udev_conf *conf, const char *link, const char *name);
/* Removes link when it is a symlink to name (not when another device has
 * taken it over); emptied parents too. */
int node_symlink_remove(const struct udev_conf *conf, const char *link, const char *name);
/* 1 when udev_root/link is a symlink to name, 0 when not (or missing). */
int node_symlink_owned(const struct udev_conf *conf, const char *link, const char *name);

/* Gives up devpath's claim on link (a symlink to name): when another
 * device's record claims the link too, it is pointed at that device's
 * node, else removed (links.c). 0 or -errno. */
int link_release(const struct udev_conf *conf, const char *link, const char *name,
		 const char *devpath);
/* Releases each link of the list old that the list keep no longer has. */
int links_drop(const struct udev_conf *conf, const char *old, const char *keep,
	       const char *name, const char *devpath);

/* First udev.permissions line whose glob matches name: fills the
 * non-empty fields (owner, group, mode) and returns 1; 0 when none. */
int perms_lookup(const struct udev_conf *conf, const char *name,
		 char *owner, size_t osize, char *group, size_t gsize, mode_t *mode);

/* Renames a network interface (SIOCSIFNAME); 0 or -errno. */
int netif_rename(const char *from, const char *to);

/* Runs the dev.d scripts for the node name ("" for none); and RUN. */
void devd_run(struct udev_event *ev, const char *name);
void run_programs(struct udev_event *ev);

#endif
