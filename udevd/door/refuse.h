/* SPDX-License-Identifier: GPL-2.0-only */
/* What udevd says to a message it refuses at the door (refuse.c): an ack
 * with 17 where that costs root nothing, and a log line, at most
 * REFUSED_LOG_PER_SEC a second (the rest counted and summed up). */
#ifndef UDEVD_REFUSE_H
#define UDEVD_REFUSE_H

#include "msg.h"

#include <stdint.h>
#include <sys/socket.h>
#include <sys/un.h>

/* One received datagram and who sent it. */
struct message {
	struct msg_hdr *hdr;              /* its first bytes; checked at the door */
	size_t len;
	const struct ucred *cred;
	const struct sockaddr_un *from;
	socklen_t fromlen;
};

/* Refused messages logged this second. */
struct refusals {
	uint64_t window_ms;
	unsigned long logged, hidden;
};

/* Refuses m: logs why (rate-limited) and acks 17 if that costs root nothing. */
void refuse(struct refusals *r, const struct message *m, const char *why);
/* Logs how many refusals were counted but not logged. */
void refusals_flush(struct refusals *r);

#endif
