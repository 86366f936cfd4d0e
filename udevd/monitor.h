/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's monitor subscribers (udevmonitor): each handled event is sent to
 * them as a MSG_MONITOR datagram carrying its environment and result. */
#ifndef UDEVD_MONITOR_H
#define UDEVD_MONITOR_H

#include "queue.h"

#include <sys/un.h>

#define MONITOR_MAX 8

/* Subscribes an address (again: refreshes it). -ENOSPC when full. */
int monitor_add(const struct sockaddr_un *addr, socklen_t len);
/* Sends ev and rc to every subscriber on sock; drops those that are gone. */
void monitor_send(int sock, const struct event *ev, int rc);

#endif
