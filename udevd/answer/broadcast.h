/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's broadcast of each handled event on the kernel's uevent netlink
 * family (broadcast.c): to libudev's monitors on group 2 ("udev"), in
 * their format, with udev's properties; and, when a group is named, in the
 * kernel's own format to the groups named (as mdevd -O does for
 * libudev-zero). */
#ifndef UDEVD_BROADCAST_H
#define UDEVD_BROADCAST_H

#include "../queue/queue.h"

#define BROADCAST_GROUP_UDEV 2u          /* libudev's "udev" source */
#define BROADCAST_ENV "UDEVD_BROADCAST"  /* 0 or "no": no group 2 (--no-broadcast) */
#define BROADCAST_MARK_DIR "/run/udev"
#define BROADCAST_MARK BROADCAST_MARK_DIR "/control"   /* libudev: "udev runs" */

struct broadcast {
	int fd;                 /* -1: nothing is sent */
	int udev;               /* send to group 2 */
	unsigned int group;     /* the kernel format's groups (a bitmask), 0: none */
};

/* The socket, when udev or group asks for one (with udev, BROADCAST_MARK
 * too: broadcast.c): 0, or -errno (b->fd -1). */
int broadcast_open(struct broadcast *b);
/* ev with udev's properties (ev->props, else its environment); only an
 * event udev ran to its end (rc 0..15) with a SEQNUM, as libudev needs. */
void broadcast_send(const struct broadcast *b, const struct event *ev, int rc);

#endif
