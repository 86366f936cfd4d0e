/* SPDX-License-Identifier: GPL-2.0-only */
/* Gathering a storm's events (udevd --gather). Each event a helper sends
 * or the kernel broadcasts wakes a udevd that waits in poll(), and under
 * emulation, on a slow CPU, every wake-up is paid for again by the work
 * after it (docs/perf-log/kernel.md). So once a turn has taken an event,
 * udevd does not wake for the doors (the socket, netlink) for the next
 * --gather milliseconds: what arrives meanwhile waits in its socket and is
 * read, all of it, when udevd wakes anyway (a worker's result, a signal)
 * or when the time is up. The workers' results are never held back, so a
 * lone event is not slowed at all; an event in a storm waits at most that
 * long for its turn, and so does a control message or a probe.
 *
 * Only an event udevd takes, while it holds another, starts a gather: a
 * refused message from a user does not, and neither does the event of a
 * sender that waits for each ack before it sends the next (nothing could
 * be gathered with it; it would only wait). A socket whose queue is short
 * (net.unix.max_dgram_qlen left at 10) would fill meanwhile and hold the
 * helpers' sends: a turn that read half a queue or more ends the gather
 * at once. */
#ifndef UDEVD_GATHER_H
#define UDEVD_GATHER_H

#include "loop.h"

#include <stddef.h>
#include <stdint.h>

#define GATHER_MS_DEFAULT 5

struct gather {
	uint64_t ms;            /* --gather; 0: never */
	uint64_t until;         /* the doors are muted until then; 0: not */
	unsigned int full;      /* datagrams a turn may read before it ends one */
	unsigned int took;      /* events taken this turn */
	unsigned int read;      /* datagrams read this turn */
	int doors[2];
	unsigned int ndoors;
};

/* The doors: the socket, and netlink's (or -1); qlen: the socket's queue.
 * g->ms (--gather) is set before, and kept. */
void gather_init(struct gather *g, unsigned long qlen, int sock, int nl);
/* After the wait: a gather whose time is up ends (the doors are read this
 * turn). 1 when the doors are to be read whether or not poll said so. */
int gather_begin(struct gather *g, struct loop *l, uint64_t now);
/* At the turn's end: a turn that took an event starts one, when udevd
 * holds (queued or running) at least two. */
void gather_end(struct gather *g, struct loop *l, uint64_t now, size_t held);
/* Milliseconds until the gather ends, or -1. */
int64_t gather_timeout(const struct gather *g, uint64_t now);

#endif
