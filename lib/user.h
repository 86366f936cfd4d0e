/* SPDX-License-Identifier: GPL-2.0-only */
/* User and group names to ids by reading /etc/passwd and /etc/group
 * directly: static klibc/dietlibc builds have no NSS. Numbers pass through. */
#ifndef LIB_USER_H
#define LIB_USER_H

#include <sys/types.h>

/* 0 and the id, or -ENOENT when the name is unknown. file names the
 * passwd or group file to read (NULL or "": /etc/passwd, /etc/group; udev
 * passes UDEV_PASSWD_FILE and UDEV_GROUP_FILE, for tests). */
int user_lookup(const char *file, const char *name, uid_t *uid);
int group_lookup(const char *file, const char *name, gid_t *gid);
/* The other way: the name of uid (gid) into out; -ENOENT when none has it. */
int user_name(const char *file, uid_t uid, char *out, size_t size);
int group_name(const char *file, gid_t gid, char *out, size_t size);

#endif
