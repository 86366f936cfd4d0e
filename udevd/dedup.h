/* SPDX-License-Identifier: GPL-2.0-only */
/* With --netlink, a kernel that also runs its helper delivers each event
 * twice (netlink and udevsend): the seqnums udevd has seen, so that the
 * event runs once and the udevsend copy is still acked with the result. */
#ifndef UDEVD_DEDUP_H
#define UDEVD_DEDUP_H

#include "queue.h"

#include <stdint.h>

#define DEDUP_SLOTS 16384         /* recent seqnums remembered */

struct dedup_slot {
	uint64_t seqnum;
	struct event *ev;             /* while queued or running */
	int rc;                       /* once finished */
	int used;
};

/* The slot of seqnum if udevd has seen it recently, else NULL. */
struct dedup_slot *dedup_find(uint64_t seqnum);
/* Remembers an event with a SEQNUM as queued. */
void dedup_track(struct event *ev);
/* The event finished with rc (its slot may have been reused since). */
void dedup_done(struct event *ev, int rc);

#endif
