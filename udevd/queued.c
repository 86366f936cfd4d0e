// SPDX-License-Identifier: GPL-2.0-only
/* The answer "queued" (see queued.h): the journal's records of a turn's
 * events, the answers after them, and the sentry. */
#include "compat.h"
#include "queued.h"
#include "answer/ack.h"

#include <errno.h>

/* A helper with nothing to run after udev (MSG_F_MAY_QUEUE) is answered
 * as soon as its event is in the journal: it exits rather than wait, a
 * task fewer per event held in a storm. Without the journal (or with
 * --ack-when-done) it waits for udev's code, as any other.
 *
 * But the journal is only as good as the udevd that runs it again: with
 * every helper gone, a udevd killed mid-storm would leave its events until
 * the next uevent starts a udevd. So the newest of these helpers is kept
 * waiting, the sentry: answered "queued" when a newer one takes its place,
 * or when the journal holds nothing unfinished. Its probes (every
 * PROBE_MS: answer_status says it holds nothing else) find a dead udevd,
 * and it starts the next one, which runs the journal again. */
void sentry_release(struct udevd *d)
{
	struct msg_hdr h = d->sentry.hdr;

	if (!d->sentry.held)
		return;
	d->sentry.held = 0;
	h.flags |= MSG_F_QUEUED;
	ack_reply(&h, 0, 0, &d->sentry.addr, d->sentry.addrlen);
}

/* The events taken since the last commit are in the journal now: each is
 * answered, the newest kept waiting as the sentry. When the write failed
 * none is: they wait for udev's code, as without a journal. */
void answer_taken(struct udevd *d)
{
	size_t i, n = d->ntaken;
	struct event *ev;

	d->ntaken = 0;
	if (journal_commit(&d->journal) < 0)
		return;
	for (i = 0; i < n; i++) {
		ev = d->taken[i];
		ev->answered = 1;
		sentry_release(d);
		d->sentry.hdr = ev->hdr;
		d->sentry.addr = ev->addr;
		d->sentry.addrlen = ev->addrlen;
		d->sentry.held = 1;
	}
}

/* Taken into the journal with the others of this receiving turn: one write
 * for them all (answer_taken, at the turn's end), then the answers. */
void answer_queued(struct udevd *d, const struct message *m, struct event *ev)
{
	int r;

	if (d->ack_when_done || (m->hdr->flags & (MSG_F_MAY_QUEUE | MSG_F_SEQNUM)) !=
	    (MSG_F_MAY_QUEUE | MSG_F_SEQNUM) || (size_t)m->fromlen > sizeof(d->sentry.addr) ||
	    d->journal.fd < 0)
		return;
	if (d->ntaken == TAKEN_MAX)
		answer_taken(d);
	r = journal_take(&d->journal, m->hdr);
	if (r == -ENOBUFS) {
		answer_taken(d);
		r = journal_take(&d->journal, m->hdr);
	}
	if (r == 0)
		d->taken[d->ntaken++] = ev;
}
