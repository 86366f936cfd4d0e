/* SPDX-License-Identifier: GPL-2.0-only */
/* The seqnums udevd has seen recently and, once finished, their results:
 * with --netlink, a kernel that also runs its helper delivers each event
 * twice (netlink and udevsend), and the event runs once while the udevsend
 * copy is still acked with the result; and every helper can ask "is N done,
 * with which code?" (MSG_CTL_STATUS), answered in O(1) from here, so that one
 * whose ack was lost learns its result all the same. */
#ifndef UDEVD_DEDUP_H
#define UDEVD_DEDUP_H

#include "../queue/queue.h"

#include <stdint.h>

#define DEDUP_SLOTS 16384         /* recent seqnums remembered */

struct dedup_slot {
	uint64_t seqnum;
	struct event *ev;             /* while queued or running */
	int rc;                       /* once finished */
	int used;
};

/* Direct-mapped by seqnum (dedup.c); part of udevd's state. */
struct dedup {
	struct dedup_slot slots[DEDUP_SLOTS];
};

/* The slot of seqnum if udevd has seen it recently, else NULL. */
struct dedup_slot *dedup_find(struct dedup *t, uint64_t seqnum);
/* Remembers an event with a SEQNUM as queued. */
void dedup_track(struct dedup *t, struct event *ev);
/* The event finished with rc (its slot may have been reused since). */
void dedup_done(struct dedup *t, struct event *ev, int rc);
/* An event with this SEQNUM was answered rc without being queued. */
void dedup_remember(struct dedup *t, uint64_t seqnum, int rc);

enum dedup_state { DEDUP_UNKNOWN, DEDUP_PENDING, DEDUP_DONE };
/* What udevd knows of seqnum; *rc is its result when DEDUP_DONE. */
enum dedup_state dedup_state(struct dedup *t, uint64_t seqnum, int *rc);

#endif
