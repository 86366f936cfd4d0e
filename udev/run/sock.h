/* SPDX-License-Identifier: GPL-2.0-only */
/* RUN+="socket:NAME" of udev 100-117 (95-udev-late.rules): the event to a
 * listener on an abstract socket (sock.c). */
#ifndef UDEV_SOCK_H
#define UDEV_SOCK_H

#include "../event/event.h"

/* The NAME of a RUN value "socket:NAME", or NULL when it is a program. */
const char *sock_run_name(const char *cmd);
/* Sends the event to the abstract AF_LOCAL datagram socket NAME, as udev
 * 100-117 did: "ACTION@DEVPATH\0" then the programs' environment, each
 * string NUL-terminated, at most SOCK_MSG_MAX bytes. Nobody listening is
 * no failure (udev 100 ignored it): returns 0 sent, or -errno, never
 * blocking on a full listener. */
#define SOCK_MSG_MAX 2048
int sock_send_event(const struct udev_event *ev, const char *name);

#endif
