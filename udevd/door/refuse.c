// SPDX-License-Identifier: GPL-2.0-only
/* Refusals at the door (see refuse.h). */
#include "compat.h"
#include "refuse.h"
#include "../answer/ack.h"
#include "log.h"
#include "loop.h"

#include <errno.h>
#include <string.h>

#define REFUSED_LOG_PER_SEC 20      /* log lines; the rest are counted */

/* Any local process can send garbage: refusals are logged at most
 * REFUSED_LOG_PER_SEC a second, the rest counted and summed up once a
 * second later, so that a flood cannot fill the log. */
void refusals_flush(struct refusals *r)
{
	if (r->hidden)
		log_warn("%lu more refused messages not logged", r->hidden);
	r->logged = r->hidden = 0;
}

static int refusal_log_ok(struct refusals *r)
{
	uint64_t now = loop_turn_ms();

	if (now - r->window_ms >= 1000) {
		refusals_flush(r);
		r->window_ms = now;
	}
	if (r->logged < REFUSED_LOG_PER_SEC) {
		if (++r->logged == REFUSED_LOG_PER_SEC)
			log_warn("more than %d refused messages a second: counting the rest",
				 REFUSED_LOG_PER_SEC);
		return 1;
	}
	r->hidden++;
	return 0;
}

void refuse(struct refusals *rf, const struct message *m, const char *why)
{
	const struct msg_hdr *req = m->hdr;
	struct msg_hdr zero, ack;
	int r, log_ok = refusal_log_ok(rf);

	if (log_ok)
		log_warn("refused message from pid %d uid %d: %s", (int)m->cred->pid,
			 (int)m->cred->uid, why);
	if (m->len < sizeof(zero)) {
		memset(&zero, 0, sizeof(zero));
		req = &zero;
	}
	/* never kept; anyone but root only gets what costs root nothing (outbox.h) */
	ack_init(&ack, req, MSG_RC_REFUSED, 0);
	r = outbox_send_refusal(&ack, m->from, m->fromlen, m->cred->uid == 0);
	if (r < 0 && log_ok)
		log_warn("refusal not acked: %s", r == -EDESTADDRREQ ? "sender has no address" :
			 r == -EBUSY ? "the socket's room is kept for root" : strerror(-r));
}
