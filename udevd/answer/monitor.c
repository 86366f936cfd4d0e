// SPDX-License-Identifier: GPL-2.0-only
/* Monitor subscribers (see monitor.h). Each is the SOCK_SEQPACKET socket a
 * root udevmonitor passed with its subscription, the other end of which it
 * alone holds: when it exits the connection ends, and with it the
 * subscription (no name that another user could bind afterwards): it is
 * dropped at the next send. One whose queue is full misses that event. */
#include "compat.h"
#include "monitor.h"
#include "public.h"
#include "log.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static void drop_sub(struct monitor *m, unsigned int i)
{
	close(m->subs[i]);
	m->subs[i] = m->subs[--m->nsubs];
	log_info("monitor gone (%u left)", m->nsubs);
}

int monitor_add(struct monitor *m, int fd)
{
	int type = 0;
	socklen_t len = sizeof(type);

	if (fd < 0 || getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) < 0 ||
	    type != SOCK_SEQPACKET)
		return -EINVAL;
	if (m->nsubs == MONITOR_MAX)
		return -ENOSPC;
	m->subs[m->nsubs++] = fd;
	log_info("monitor subscribed (%u now)", m->nsubs);
	return 0;
}

void monitor_send(struct monitor *m, const struct event *ev, int rc)
{
	static char pub[MSG_ENV_MAX];
	struct msg_hdr h;
	struct iovec iov[2];
	struct msghdr mh;
	unsigned int i;

	broadcast_send(&m->bc, ev, rc);
	if (m->nsubs == 0)
		return;
	msg_init(&h, MSG_MONITOR, ev->hdr.seqnum);
	h.flags = ev->hdr.flags & MSG_F_SEQNUM;
	h.envlen = (uint32_t)event_public(ev, 1, pub, sizeof(pub));
	h.rc = rc;
	iov[0].iov_base = &h;
	iov[0].iov_len = sizeof(h);
	iov[1].iov_base = pub;
	iov[1].iov_len = h.envlen;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = 2;
	for (i = 0; i < m->nsubs;) {
		if (sendmsg(m->subs[i], &mh, MSG_DONTWAIT | MSG_NOSIGNAL) < 0 &&
		    errno != EAGAIN && errno != EWOULDBLOCK) {
			drop_sub(m, i);
			continue;
		}
		i++;
	}
}
