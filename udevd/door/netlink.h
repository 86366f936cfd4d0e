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

#endif
