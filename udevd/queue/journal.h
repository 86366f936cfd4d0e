/* SPDX-License-Identifier: GPL-2.0-only */
/* The record of the queue (journal.c): events answered "queued" before they
 * ran, whose helpers are gone, survive a udevd killed with them queued. One
 * file next to the name lock (<folder>/.<name>.queue, root's alone): one
 * append for the events taken in a turn's receiving (each message as
 * received), before any of their senders is answered; one per loop turn
 * for the events finished in it (a header with each seqnum); emptied when
 * nothing taken is left to run. The
 * next udevd, once it holds the name lock, queues again every event taken
 * and not finished. */
#ifndef UDEVD_JOURNAL_H
#define UDEVD_JOURNAL_H

#include "msg.h"

#include <stddef.h>
#include <stdint.h>

#define JOURNAL_ENDS 64
#define JOURNAL_STAGE (32 * 1024)   /* bytes of records taken, not yet written */

struct journal {
	int fd;                 /* -1: no journal, nothing is answered early */
	size_t pending;         /* taken and not finished */
	uint64_t bytes;         /* in the file */
	size_t replayed;        /* events this udevd took from its predecessor */
	struct msg_hdr ends[JOURNAL_ENDS];   /* records of ends not yet written */
	unsigned int nends;
	size_t staged, ntaken;  /* records taken, not yet committed */
};

/* Opens (creates, 0600, no symlink) the file; -errno (j->fd stays -1). */
int journal_open(struct journal *j);
/* Every event taken and not finished, oldest first, to fn, which queues it
 * (its record stays until journal_done). The number given, or -errno.
 * *done: the seqnums recorded finished, sorted (malloc'd, or NULL), *ndone. */
int journal_replay(struct journal *j, void (*fn)(void *ctx, struct msg_event *m), void *ctx,
		   uint64_t **done, size_t *ndone);
/* The event h (+ its environment, as received) is taken: its record is
 * kept for journal_commit (0), or -ENOBUFS when the records kept leave it
 * no room (commit, then take it again), -EBADF without a journal. */
int journal_take(struct journal *j, const struct msg_hdr *h);
/* The records taken since the last commit go to the file, one write: 0
 * once they are in it (their senders may be answered now), -errno when
 * not (they then wait for udev's code). Nothing taken: 0. */
int journal_commit(struct journal *j);
/* A taken event finished (or was refused at its replay): its record is
 * written with the others of the loop's turn (journal_flush), one write. */
void journal_done(struct journal *j, uint64_t seqnum);
/* Writes the records of the ends noted since the last flush. */
void journal_flush(struct journal *j);
/* Nothing taken is left: the file is emptied (never while terminating:
 * the events dropped unrun are the next udevd's). */
void journal_trim(struct journal *j);

#endif
