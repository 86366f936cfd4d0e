// SPDX-License-Identifier: GPL-2.0-only
/* Gathering a storm's events (see gather.h). */
#include "compat.h"
#include "gather.h"

static void mute(struct gather *g, struct loop *l, int on)
{
	unsigned int i;

	for (i = 0; i < g->ndoors; i++)
		loop_mute(l, g->doors[i], on);
}

void gather_init(struct gather *g, unsigned long qlen, int sock, int nl)
{
	g->until = 0;
	g->full = qlen / 2 > 1 ? (unsigned int)(qlen / 2 < 65536 ? qlen / 2 : 65536) : 1;
	g->took = g->read = 0;
	g->ndoors = 0;
	g->doors[g->ndoors++] = sock;
	if (nl >= 0)
		g->doors[g->ndoors++] = nl;
}

int gather_begin(struct gather *g, struct loop *l, uint64_t now)
{
	g->took = g->read = 0;
	if (!g->until)
		return 0;
	if (now >= g->until) {
		g->until = 0;
		mute(g, l, 0);
	}
	return 1;
}

void gather_end(struct gather *g, struct loop *l, uint64_t now, size_t held)
{
	if (g->read >= g->full && g->until) {
		g->until = 0;   /* the queue fills faster than we gather */
		mute(g, l, 0);
	} else if (g->took && held >= 2 && !g->until && g->ms && g->read < g->full) {
		g->until = now + g->ms;
		mute(g, l, 1);
	}
}

int64_t gather_timeout(const struct gather *g, uint64_t now)
{
	return g->until ? loop_until(now, g->until) : -1;
}
