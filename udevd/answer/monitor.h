/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's monitor subscribers (udevmonitor): each handled event is sent to
 * them as a MSG_MONITOR record carrying its properties (udev's, from its
 * worker, else the event's environment) and result; and the same event
 * goes out on netlink to libudev's monitors (broadcast.h). */
#ifndef UDEVD_MONITOR_H
#define UDEVD_MONITOR_H

#include "../queue/queue.h"
#include "broadcast.h"

#define MONITOR_MAX 8

/* The subscribers; part of udevd's state (zeroed: none). */
struct monitor {
	int subs[MONITOR_MAX];
	unsigned int nsubs;
	struct broadcast bc;
};

/* Subscribes the SOCK_SEQPACKET socket fd (passed by a root udevmonitor;
 * taken over, closed when the subscriber is gone). -EINVAL for another kind
 * of descriptor, -ENOSPC when MONITOR_MAX subscribers are there. */
int monitor_add(struct monitor *m, int fd);
/* Sends ev and rc to every subscriber, dropping those that are gone, and
 * broadcasts it. */
void monitor_send(struct monitor *m, const struct event *ev, int rc);

#endif
