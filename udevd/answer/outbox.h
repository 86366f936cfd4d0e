/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's outgoing datagrams to root: acks, probe answers and control
 * replies are never dropped because the socket is busy; what cannot be sent
 * now is kept (one small record per receiver and question) and sent from the
 * loop when the socket is writable again. Refusals of malformed messages are
 * never kept, and to other users only get what costs root nothing. */
#ifndef UDEVD_OUTBOX_H
#define UDEVD_OUTBOX_H

#include "loop.h"
#include "msg.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/un.h>

#define OUTBOX_MAX 32768          /* records kept; beyond, a send is dropped */

enum outbox_kind {
	OUTBOX_ACK,               /* an event's result: up to 3/4 of the buffer */
	OUTBOX_REPLY,             /* answer to a query or control message: all of it */
};

/* sock: udevd's socket (its SO_SNDBUF already set), l: the loop that gets
 * POLLOUT interest while the socket is full. */
void outbox_init(int sock, struct loop *l);
/* Sends h to `to` now, or keeps it for later (a record to the same address
 * for the same seqnum and flags is replaced: the newer answer wins). 0 when
 * sent or kept; -errno when it can never be delivered (the receiver is gone,
 * no address) or -ENOBUFS when OUTBOX_MAX records are kept already. */
int outbox_send(const struct msg_hdr *h, const struct sockaddr_un *to, socklen_t tolen,
		enum outbox_kind kind);
/* A refusal of a malformed message: never kept (a sender of garbage that
 * does not read would fill the outbox); to a sender that is not root, sent
 * only while nothing is kept and the socket's queue is under 1/8 of its
 * buffer. 0 sent, -EBUSY not sent (root's budget), -errno. */
int outbox_send_refusal(const struct msg_hdr *h, const struct sockaddr_un *to,
			socklen_t tolen, int root);
/* Sends what was kept, as far as the socket takes it. */
void outbox_flush(uint64_t now);
/* Milliseconds until outbox_flush() should run again, -1: when writable. */
int64_t outbox_timeout(uint64_t now);
size_t outbox_kept(void);
/* At exit: sends what is kept for up to timeout_ms; returns what is left. */
size_t outbox_drain(uint64_t timeout_ms);

#endif
