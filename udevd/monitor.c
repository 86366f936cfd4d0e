// SPDX-License-Identifier: GPL-2.0-only
/* Monitor subscribers (see monitor.h). A subscriber whose socket is gone is
 * dropped at the next send; one whose queue is full misses that event. */
#include "compat.h"
#include "monitor.h"
#include "log.h"

#include <errno.h>
#include <string.h>

static struct {
	struct sockaddr_un addr;
	socklen_t len;
} subs[MONITOR_MAX];
static unsigned int nsubs;

int monitor_add(const struct sockaddr_un *addr, socklen_t len)
{
	unsigned int i;

	if ((size_t)len <= sizeof(sa_family_t) || (size_t)len > sizeof(subs[0].addr))
		return -EINVAL;
	for (i = 0; i < nsubs; i++)
		if (subs[i].len == len && memcmp(&subs[i].addr, addr, (size_t)len) == 0)
			return 0;
	if (nsubs == MONITOR_MAX)
		return -ENOSPC;
	memcpy(&subs[nsubs].addr, addr, len);
	subs[nsubs].len = len;
	nsubs++;
	log_info("monitor subscribed (%u now)", nsubs);
	return 0;
}

static void drop_sub(unsigned int i)
{
	subs[i] = subs[--nsubs];
	log_info("monitor gone (%u left)", nsubs);
}

void monitor_send(int sock, const struct event *ev, int rc)
{
	struct msg_hdr h;
	struct iovec iov[2];
	struct msghdr mh;
	unsigned int i;

	if (nsubs == 0)
		return;
	msg_init(&h, MSG_MONITOR, ev->hdr.seqnum);
	h.flags = ev->hdr.flags & MSG_F_SEQNUM;
	h.envlen = (uint32_t)ev->envlen;
	h.rc = rc;
	iov[0].iov_base = &h;
	iov[0].iov_len = sizeof(h);
	iov[1].iov_base = (void *)ev->env;
	iov[1].iov_len = ev->envlen;
	for (i = 0; i < nsubs;) {
		memset(&mh, 0, sizeof(mh));
		mh.msg_name = &subs[i].addr;
		mh.msg_namelen = subs[i].len;
		mh.msg_iov = iov;
		mh.msg_iovlen = 2;
		if (sendmsg(sock, &mh, MSG_DONTWAIT | MSG_NOSIGNAL) < 0 &&
		    (errno == ECONNREFUSED || errno == ENOENT)) {
			drop_sub(i);
			continue;
		}
		i++;
	}
}
