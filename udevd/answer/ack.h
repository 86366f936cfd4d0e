/* SPDX-License-Identifier: GPL-2.0-only */
/* Acks and answers to root (ack.c): built from the request they answer and
 * sent through the outbox (outbox.h), so that none is lost to a busy socket. */
#ifndef UDEVD_ACK_H
#define UDEVD_ACK_H

#include "outbox.h"
#include "../queue/queue.h"

/* An ack of rc with arg to the request req (its seqnum and flags). */
void ack_init(struct msg_hdr *ack, const struct msg_hdr *req, int rc, uint32_t arg);
/* An ack to root: sent, or kept until the socket has room; only a sender
 * that is gone or has no address, or the outbox's bound, loses it, with a
 * log line (an event's result stays known to MSG_CTL_STATUS). */
void ack_send(const struct msg_hdr *req, int rc, uint32_t arg,
	      const struct sockaddr_un *to, socklen_t tolen, enum outbox_kind kind);
/* ack_send as an event's result (up to 3/4 of the socket's buffer) or as
 * an answer (all of it), by the request's type. */
void ack_reply(const struct msg_hdr *req, int rc, uint32_t arg,
	       const struct sockaddr_un *to, socklen_t tolen);
/* The event's sender, and every other sender of the same event (dedup.h). */
void ack_event(struct event *ev, int rc);

#endif
