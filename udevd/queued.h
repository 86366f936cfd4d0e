/* SPDX-License-Identifier: GPL-2.0-only */
/* The answer "queued" to a helper with nothing to run after udev
 * (queued.c; udevd(8), "The journal"): its event is taken into the
 * journal with the others of the same receiving turn, one write, and only
 * then answered; the newest such helper, the sentry, waits on. */
#ifndef UDEVD_QUEUED_H
#define UDEVD_QUEUED_H

#include "setup.h"

/* ev (from m) is taken for the next answer_taken, when its sender may be
 * answered "queued": it asked (MSG_F_MAY_QUEUE with a SEQNUM) and udevd
 * has a journal and answers so (not --ack-when-done). */
void answer_queued(struct udevd *d, const struct message *m, struct event *ev);
/* The events taken since the last call go to the journal; once written,
 * each is answered, the newest kept waiting as the sentry. Called at the
 * end of each receiving turn and before a message that must see them. */
void answer_taken(struct udevd *d);
/* The sentry, if one waits, is answered "queued" now. */
void sentry_release(struct udevd *d);

#endif
