/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's monitor subscribers (udevmonitor): each handled event is sent to
 * them as a MSG_MONITOR record carrying its environment and result. */
#ifndef UDEVD_MONITOR_H
#define UDEVD_MONITOR_H

#include "queue.h"

#define MONITOR_MAX 8

/* Subscribes the SOCK_SEQPACKET socket fd (passed by a root udevmonitor;
 * taken over, closed when the subscriber is gone). -EINVAL for another kind
 * of descriptor, -ENOSPC when MONITOR_MAX subscribers are there. */
int monitor_add(int fd);
/* Sends ev and rc to every subscriber; drops those that are gone. */
void monitor_send(const struct event *ev, int rc);

#endif
