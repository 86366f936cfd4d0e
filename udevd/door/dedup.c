// SPDX-License-Identifier: GPL-2.0-only
/* Seen-seqnum table (see dedup.h): direct-mapped by seqnum, so a lookup is
 * O(1) and memory is fixed; seqnums DEDUP_SLOTS apart share a slot, the
 * newer one wins (by then the older one has long been handled). */
#include "compat.h"
#include "dedup.h"

static struct dedup_slot *slot_of(struct dedup *t, uint64_t seqnum)
{
	return &t->slots[seqnum % DEDUP_SLOTS];
}

struct dedup_slot *dedup_find(struct dedup *t, uint64_t seqnum)
{
	struct dedup_slot *s = slot_of(t, seqnum);

	return s->used && s->seqnum == seqnum ? s : NULL;
}

void dedup_track(struct dedup *t, struct event *ev)
{
	if (!ev->u.has_seqnum)
		return;
	dedup_remember(t, ev->u.seqnum, 0);
	slot_of(t, ev->u.seqnum)->ev = ev;
}

void dedup_done(struct dedup *t, struct event *ev, int rc)
{
	struct dedup_slot *s;

	if (!ev->u.has_seqnum)
		return;
	s = slot_of(t, ev->u.seqnum);
	if (s->used && s->ev == ev) {
		s->ev = NULL;
		s->rc = rc;
	}
}

void dedup_remember(struct dedup *t, uint64_t seqnum, int rc)
{
	struct dedup_slot *s = slot_of(t, seqnum);

	s->seqnum = seqnum;
	s->ev = NULL;
	s->rc = rc;
	s->used = 1;
}

enum dedup_state dedup_state(struct dedup *t, uint64_t seqnum, int *rc)
{
	struct dedup_slot *s = dedup_find(t, seqnum);

	if (!s)
		return DEDUP_UNKNOWN;
	if (s->ev)
		return DEDUP_PENDING;
	*rc = s->rc;
	return DEDUP_DONE;
}
