// SPDX-License-Identifier: GPL-2.0-only
/* Acks and answers to root (see ack.h). */
#include "compat.h"
#include "ack.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void ack_init(struct msg_hdr *ack, const struct msg_hdr *req, int rc, uint32_t arg)
{
	msg_init(ack, MSG_ACK, req->seqnum);
	ack->flags = req->flags;
	ack->rc = rc;
	ack->arg = arg;
}

void ack_send(const struct msg_hdr *req, int rc, uint32_t arg,
	      const struct sockaddr_un *to, socklen_t tolen, enum outbox_kind kind)
{
	struct msg_hdr ack;
	int r;

	ack_init(&ack, req, rc, arg);
	r = outbox_send(&ack, to, tolen, kind);
	if (r == -EDESTADDRREQ)
		log_warn("seqnum %llu: sender has no address, rc %d not acked",
			 (unsigned long long)req->seqnum, rc);
	else if (kind == OUTBOX_REPLY && (r == -ECONNREFUSED || r == -ENOENT))
		/* a helper that got its ack while its probe was on the way */
		log_info("seqnum %llu: answer not sent: its receiver is gone",
			 (unsigned long long)req->seqnum);
	else if (r < 0)
		log_warn("seqnum %llu: ack %d not delivered: %s",
			 (unsigned long long)req->seqnum, rc, strerror(-r));
}

void ack_reply(const struct msg_hdr *req, int rc, uint32_t arg,
	       const struct sockaddr_un *to, socklen_t tolen)
{
	ack_send(req, rc, arg, to, tolen, req->type == MSG_EVENT ? OUTBOX_ACK : OUTBOX_REPLY);
}

void ack_event(struct event *ev, int rc)
{
	struct event_waiter *w;

	if (!ev->kernel && !ev->answered)
		ack_reply(&ev->hdr, rc, 0, &ev->addr, ev->addrlen);
	while ((w = ev->waiters)) {
		ev->waiters = w->next;
		ack_reply(&w->hdr, rc, 0, &w->addr, w->addrlen);
		free(w);
	}
}
