/* SPDX-License-Identifier: GPL-2.0-only */
/* The name lock: how a udevd of root says, at no cost to anyone, that it holds
 * the socket name (docs/protocol.md, "Who holds the name"). udevd keeps a
 * write lock (fcntl) on <folder>/.<name>.lock, a root-only file in a folder
 * only root may write (/dev; UDEVD_LOCK_DIR for tests and second
 * instances), from just after binding the name until it exits: the kernel
 * drops the lock when udevd dies, before it frees the name. A process of
 * another user can bind the name but cannot take the lock, so udevsend and
 * the clients tell root's udevd from a squatter with one F_GETLK, no
 * question to the name's holder and no wait on it. Names are per network
 * namespace: so is the byte that is looked at (namelock.c). */
#ifndef LIB_NAMELOCK_H
#define LIB_NAMELOCK_H

#include <fcntl.h>
#include <stddef.h>
#include <sys/stat.h>

#define NAMELOCK_DIR_ENV     "UDEVD_LOCK_DIR"
#define NAMELOCK_DIR_DEFAULT "/dev"

/* The lock's path for UDEVD_SOCKET's name into buf: its length, or
 * -EINVAL (the name has a '/'), -ENAMETOOLONG. */
int namelock_path(char *buf, size_t size);
/* 1: a live process holds the write lock (a udevd of root holds the
 * name); 0: no one holds it (no file, or no lock on it); -EPERM: the folder
 * is not root's alone, so the lock proves nothing; -errno when the file
 * cannot be read (-EACCES: we are not root). */
int namelock_held(void);
/* A udevd binds its name a moment before it takes the lock: the check of
 * a connected client looks once more after this long. */
#define NAMELOCK_GRACE_MS 10
/* A client connected to the name: may it send to the holder? 1: yes, the
 * lock is held (namelock_held, looked at again after NAMELOCK_GRACE_MS when
 * not), or the client may not look (-EACCES: not root, whose messages udevd
 * refuses and who believes only acks of uid 0 anyway; root is believed
 * by the lock alone); 0: no lock, the holder is not a udevd of root;
 * -errno: the folder proves nothing (missing, or not root's alone). The
 * holder is never asked. */
int namelock_check(void);
/* udevd, before it makes its socket (so that the descriptor, numbered lower,
 * is closed first when it dies): opens (creates, 0600) the lock file. One
 * that is not root's, regular, with one link and 0600 is replaced by a new
 * one (its lstat in *was; st_mode 0 when none was). fd, or -errno (-EPERM
 * as namelock_held). */
int namelock_open(struct stat *was);
/* The lock's folder (UDEVD_LOCK_DIR, or /dev); 0 when it is root's and no
 * one else may write it, -EPERM when not, -errno. */
const char *namelock_dir(void);
int namelock_dir_ok(void);
/* The byte that says "in this network namespace" (namelock.c), and a
 * write lock's description of the byte at off (fl zeroed before). */
off_t namelock_netns(void);
#define NAMELOCK_BYTE(fl, off) \
	((fl)->l_type = F_WRLCK, (fl)->l_whence = SEEK_SET, (fl)->l_start = (off), (fl)->l_len = 1)
/* 1 when name in folder dir (udev_root) would be a name lock's file. */
int namelock_is_lock(const char *dir, const char *name);
/* udevd, once the name is bound: takes the lock (byte 0, and the byte of
 * its network namespace, which is what the others look at). 0, -EAGAIN
 * when another process holds it, -errno. */
int namelock_lock(int fd);
/* The pid of the process that holds the lock on fd's file, 0 when none
 * does, -ESRCH when it is in another pid namespace, -errno. */
int namelock_holder(int fd);

#endif
