/* SPDX-License-Identifier: GPL-2.0-only */
/* User and group names to ids by reading /etc/passwd and /etc/group
 * directly: static klibc/dietlibc builds have no NSS. Numbers pass through. */
#ifndef LIB_USER_H
#define LIB_USER_H

#include <sys/types.h>

/* 0 and the id, or -ENOENT when the name is unknown. */
int user_lookup(const char *name, uid_t *uid);
int group_lookup(const char *name, gid_t *gid);

#endif
