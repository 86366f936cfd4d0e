/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's monitor subscribers (udevmonitor): each handled event is sent to
 * them as a MSG_MONITOR record carrying its environment and result. */
#ifndef UDEVD_MONITOR_H
#define UDEVD_MONITOR_H

#include "../queue/queue.h"

#define MONITOR_MAX 8

/* The subscribers; part of udevd's state (zeroed: none). */
struct monitor {
	int subs[MONITOR_MAX];
	unsigned int nsubs;
};

/* Subscribes the SOCK_SEQPACKET socket fd (passed by a root udevmonitor;
 * taken over, closed when the subscriber is gone). -EINVAL for another kind
 * of descriptor, -ENOSPC when MONITOR_MAX subscribers are there. */
int monitor_add(struct monitor *m, int fd);
/* Sends ev and rc to every subscriber; drops those that are gone. */
void monitor_send(struct monitor *m, const struct event *ev, int rc);

#endif
