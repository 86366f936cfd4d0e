/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd --netlink: the kernel's NETLINK_KOBJECT_UEVENT multicast turned into
 * the same checked event datagrams udevsend sends, and the environment a
 * kernel event needs before udev can run it. */
#ifndef UDEVD_NETLINK_H
#define UDEVD_NETLINK_H

#include "msg.h"

#include <stddef.h>

#define NETLINK_RCVBUF_DEFAULT (16 * 1024 * 1024)
#define NETLINK_RCVBUF_ENV     "UDEVD_NETLINK_RCVBUF"  /* bytes; tests make it tiny */

/* Socket bound to the kernel's uevent group 1, its receive buffer sized to
 * rcvbuf bytes (SO_RCVBUFFORCE as root). fd or -errno. */
int netlink_open(int rcvbuf);
/* Receives one message into m: 1 for a kernel event (m complete, checked
 * by msg_check), 0 for a message dropped (logged), -EAGAIN when none is
 * waiting, -ENOBUFS when the kernel dropped events, other -errno. */
int netlink_recv(int fd, struct msg_event *m);
/* Appends KEY=value (kv) to an environment of *len bytes (capacity cap);
 * -E2BIG when it does not fit. (These three, in synth.c, are in every
 * build: the watch makes events too.) */
int event_env_append(char *env, size_t *len, size_t cap, const char *kv);
/* Completes an event environment of *len bytes (capacity cap): udevd's own
 * UDEV_* and SYSFS_PATH variables, then the kernel helper's PATH and HOME,
 * each unless the event has it. -E2BIG when it does not fit. */
int event_env_complete(char *env, size_t *len, size_t cap);
/* Header of m for its environment of len bytes: MSG_EVENT, SEQNUM flag,
 * the kernel's variables in the first own bytes (the rest, udevd's own
 * additions, is not broadcast: msg.h). -EBADMSG when msg_check refuses
 * the result. */
int event_msg_finish(struct msg_event *m, size_t len, size_t own);

#endif
