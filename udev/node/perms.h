/* SPDX-License-Identifier: GPL-2.0-only */
/* The legacy udev.permissions files: name:owner:group:mode lines with
 * globs (perms.c). */
#ifndef UDEV_PERMS_H
#define UDEV_PERMS_H

#include "conf.h"

#include <stddef.h>
#include <sys/types.h>

struct udev_cache;

/* Which of owner, group and mode a line or rule gave (node_create keeps
 * the others of the kernel's node as they are). */
#define PERM_OWNER 1u
#define PERM_GROUP 2u
#define PERM_MODE  4u

/* First udev.permissions line whose glob matches name: fills the
 * non-empty fields (owner, group, mode) and returns the PERM_* bits of
 * those it filled; 0 when none. With the worker's cache c the files are
 * read once per generation. */
int perms_lookup(const struct udev_conf *conf, struct udev_cache *c, const char *name,
		 char *owner, size_t osize, char *group, size_t gsize, mode_t *mode);

#endif
