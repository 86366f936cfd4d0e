// SPDX-License-Identifier: GPL-2.0-only
/* udevd's event queue (see queue.h).
 *
 * Design: an event with a SEQNUM is first "held" in a binary min-heap by
 * seqnum (O(log n) per event). The heap's top is released to the "ready" list
 * when it is the expected seqnum (or older), or when it has waited the gap
 * timeout; nothing is released during the start-up window, after which udevd
 * starts from the lowest seqnum it holds. Events without SEQNUM, and events
 * older than the expected one, go straight to "ready". From "ready", in
 * release order, an event runs when no running event and no earlier ready
 * event touches the same device chain (claims.c); a scan stops as soon as the
 * free slots are filled and is skipped when nothing changed since the last.
 *
 * Gaps: the kernel's counter (devseq_kernel) says whether a missing seqnum
 * was issued at all. Never issued: the held events go on at once. Issued:
 * its helper may still be starting in a storm, so the gap is held until
 * nothing has arrived (and the counter has not moved) for the gap timeout,
 * at most GAP_HOLD times the gap timeout after the held event came. Without
 * the counter, or for seqnums the kernel has not issued, the gap timeout
 * runs from the held event's arrival, as before.
 *
 * Late events: when an event starts and a newer event of its device (its
 * DEVPATH, an ancestor, its DEVPATH_OLD or device number: devseq.h) has
 * already run, it gets UDEVD_LATE=<that seqnum> in its environment, and udev
 * decides with sysfs whether it is stale (docs/architecture.md). */
#include "compat.h"
#include "queue.h"
#include "claims.h"
#include "devseq.h"
#include "fmt.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define GAP_HOLD          4       /* an issued gap is held at most 4 x gap_ms */
#define KSEQ_REFRESH_MS   100     /* the kernel's counter is read at most this often */
#define LATE_KEY          "UDEVD_LATE="   /* a mark: door/marks.h drops any that came */
#define LATE_MAX          (sizeof(LATE_KEY) + 20)   /* and a 64-bit number */

/* A pointer into the message's environment, moved to the event's copy. */
static const char *rebase(const char *p, const char *from, const char *to)
{
	return p ? to + (p - from) : NULL;
}

struct event *event_new(const struct msg_hdr *h, const struct sockaddr_un *from,
			socklen_t fromlen, uint64_t now)
{
	/* room for UDEVD_LATE (mark_late) after the environment and in envp,
	 * and in envp for UDEVD_EVENT (fork.c) */
	size_t envoff = (h->envlen + LATE_MAX + sizeof(char *) - 1) & ~(sizeof(char *) - 1);
	struct uevent u;
	struct event *ev;
	char *p;
	size_t i;

	if (uevent_parse(&u, (const char *)(h + 1), h->envlen) < 0 ||
	    !!(h->flags & MSG_F_SEQNUM) != u.has_seqnum ||
	    (u.has_seqnum && u.seqnum != h->seqnum)) {
		errno = EINVAL;
		return NULL;
	}
	ev = calloc(1, sizeof(*ev) + envoff + (u.nenv + 3) * sizeof(char *));
	if (!ev)
		return NULL;
	memcpy(ev->env, h + 1, h->envlen);
	ev->envlen = h->envlen;
	ev->u = u;   /* parsed once: its pointers moved to the copy */
	ev->u.action = rebase(u.action, (const char *)(h + 1), ev->env);
	ev->u.devpath = rebase(u.devpath, (const char *)(h + 1), ev->env);
	ev->u.devpath_old = rebase(u.devpath_old, (const char *)(h + 1), ev->env);
	ev->u.subsystem = rebase(u.subsystem, (const char *)(h + 1), ev->env);
	ev->envp = (char **)(void *)(ev->env + envoff);
	for (i = 0, p = ev->env; i < u.nenv; i++, p += strlen(p) + 1)
		ev->envp[i] = p;
	ev->hdr = *h;
	ev->arrival_ms = now;
	if ((size_t)fromlen > sizeof(ev->addr))
		fromlen = sizeof(ev->addr);
	memcpy(&ev->addr, from, fromlen);
	ev->addrlen = fromlen;
	return ev;
}

void event_free(struct event *ev)
{
	free(ev);
}

/* Links ev in before `before`; before == NULL: at the end. */
static void list_insert(struct event_list *l, struct event *before, struct event *ev)
{
	ev->next = before;
	ev->prev = before ? before->prev : l->tail;
	if (ev->prev)
		ev->prev->next = ev;
	else
		l->head = ev;
	if (before)
		before->prev = ev;
	else
		l->tail = ev;
	l->n++;
}

static void list_append(struct event_list *l, struct event *ev)
{
	list_insert(l, NULL, ev);
}

static void make_ready(struct queue *q, struct event *ev)
{
	ev->order = q->next_order++;
	list_append(&q->ready, ev);
}

static void list_remove(struct event_list *l, struct event *ev)
{
	if (ev->prev)
		ev->prev->next = ev->next;
	else
		l->head = ev->next;
	if (ev->next)
		ev->next->prev = ev->prev;
	else
		l->tail = ev->prev;
	ev->prev = ev->next = NULL;
	l->n--;
}

static void heap_set(struct queue *q, size_t i, struct event *ev)
{
	q->heap[i] = ev;
	ev->heap_idx = i;
}

static void heap_up(struct queue *q, size_t i)
{
	struct event *ev = q->heap[i];

	while (i > 0 && q->heap[(i - 1) / 2]->u.seqnum > ev->u.seqnum) {
		heap_set(q, i, q->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	heap_set(q, i, ev);
}

static void heap_down(struct queue *q, size_t i)
{
	struct event *ev = q->heap[i];
	size_t c;

	for (; (c = 2 * i + 1) < q->nheap; i = c) {
		if (c + 1 < q->nheap && q->heap[c + 1]->u.seqnum < q->heap[c]->u.seqnum)
			c++;
		if (q->heap[c]->u.seqnum >= ev->u.seqnum)
			break;
		heap_set(q, i, q->heap[c]);
	}
	heap_set(q, i, ev);
}

static int heap_push(struct queue *q, struct event *ev)
{
	if (q->nheap == q->heap_cap) {
		size_t cap = q->heap_cap ? 2 * q->heap_cap : 256;
		struct event **h = realloc(q->heap, cap * sizeof(*h));

		if (!h)
			return -ENOMEM;
		q->heap = h;
		q->heap_cap = cap;
	}
	heap_set(q, q->nheap++, ev);
	heap_up(q, q->nheap - 1);
	return 0;
}

static struct event *heap_pop(struct queue *q)
{
	struct event *top = q->heap[0];

	if (--q->nheap > 0) {
		heap_set(q, 0, q->heap[q->nheap]);
		heap_down(q, 0);
	}
	return top;
}

int queue_init(struct queue *q, uint64_t gap_ms, uint64_t startup_end_ms)
{
	memset(q, 0, sizeof(*q));
	q->gap_ms = gap_ms;
	q->startup_end_ms = startup_end_ms;
	q->claims = claims_new();
	return q->claims ? 0 : -ENOMEM;
}

void queue_insert(struct queue *q, struct event *ev, uint64_t now)
{
	ev->arrival_ms = now;
	q->active_ms = now;
	q->dirty = 1;
	if (!ev->u.has_seqnum || (q->have_next_seq && ev->u.seqnum < q->next_seq) ||
	    heap_push(q, ev) < 0)
		make_ready(q, ev);
}

/* The kernel's counter, read again when older than KSEQ_REFRESH_MS or than
 * the held event (which the kernel counted before it ran the helper); 0 when
 * unknown. A counter that moved means the kernel is still issuing events. */
static uint64_t kernel_seqnum(struct queue *q, uint64_t since, uint64_t now)
{
	uint64_t k = 0;

	if (q->kseq_ms > since && now - q->kseq_ms < KSEQ_REFRESH_MS)
		return q->kseq;
	q->kseq_ms = now ? now : 1;
	if (devseq_kernel(&k) < 0)
		k = 0;
	if (q->kseq && k > q->kseq)
		q->active_ms = now;
	q->kseq = k;
	return k;
}

/* When the gap before top may be given up (see the design note). */
static uint64_t gap_deadline(struct queue *q, const struct event *top, uint64_t now)
{
	uint64_t plain = top->arrival_ms + q->gap_ms;
	uint64_t k = kernel_seqnum(q, top->arrival_ms, now), quiet;

	if (k && q->next_seq > k)
		return now;
	if (!k || top->u.seqnum > k)
		return plain;
	quiet = (q->active_ms > top->arrival_ms ? q->active_ms : top->arrival_ms) + q->gap_ms;
	return quiet < top->arrival_ms + GAP_HOLD * q->gap_ms ? quiet :
	       top->arrival_ms + GAP_HOLD * q->gap_ms;
}

/* next_seq moves past the seqnums queue_skip gave, as if they had run. */
static void skip_done(struct queue *q)
{
	while (q->done_pos < q->ndone && q->done[q->done_pos] <= q->next_seq) {
		if (q->done[q->done_pos] == q->next_seq)
			q->next_seq++;
		q->done_pos++;
	}
	if (q->done && q->done_pos == q->ndone) {
		free(q->done);
		q->done = NULL;
		q->ndone = q->done_pos = 0;
	}
}

void queue_skip(struct queue *q, uint64_t *seqnums, size_t n)
{
	free(q->done);
	q->done = seqnums;
	q->ndone = seqnums ? n : 0;
	q->done_pos = 0;
	q->dirty = 1;
}

void queue_release(struct queue *q, uint64_t now)
{
	struct event *top;

	if (now < q->startup_end_ms)
		return;
	while (q->nheap > 0) {
		top = q->heap[0];
		if (!q->have_next_seq) {
			q->next_seq = top->u.seqnum;
			q->have_next_seq = 1;
		}
		if (q->done)
			skip_done(q);
		if (top->u.seqnum > q->next_seq) {
			q->gap_until_ms = gap_deadline(q, top, now);
			if (now < q->gap_until_ms)
				break;
			log_info("seqnum %llu..%llu did not arrive in %llu ms%s, going on with %llu",
				 (unsigned long long)q->next_seq, top->u.seqnum - 1,
				 (unsigned long long)(now - top->arrival_ms),
				 q->kseq && q->next_seq > q->kseq ? " (never issued by the kernel)" : "",
				 top->u.seqnum);
		}
		heap_pop(q);
		make_ready(q, top);
		if (top->u.seqnum >= q->next_seq)
			q->next_seq = top->u.seqnum + 1;
		q->dirty = 1;
	}
}

/* A newer event of ev's device has run: UDEVD_LATE=<its seqnum> tells udev
 * (fork mode: envp; pool mode: env, envlen), only where UDEVD_EVENT fits
 * after it (pool.c): udev believes UDEVD_LATE only beside it. Then ev is
 * remembered as run. */
static void mark_late(struct event *ev)
{
	uint64_t newer = devseq_newer(&ev->u);
	char *p = ev->env + ev->envlen;

	if (newer && !ev->late && ev->envlen + LATE_MAX + sizeof(MSG_UDEVD_EVENT) <= MSG_ENV_MAX) {
		ev->late = 1;
		ev->envlen += fmt_s(p, LATE_MAX, LATE_KEY "%llu", (unsigned long long)newer) + 1;
		ev->envp[ev->u.nenv] = p;
		log_info("seqnum %llu %s %s is late: seqnum %llu of its device has run",
			 ev->u.seqnum, ev->u.action, ev->u.devpath, (unsigned long long)newer);
	}
	devseq_note(&ev->u);
}

/* Claims each event passed over so that no later event of its chain
 * overtakes it; those claims are undone after the scan. */
size_t queue_next_runnable(struct queue *q, struct event **out, size_t max)
{
	struct event *ev, *next, *skipped = NULL;
	size_t n = 0;

	if (!q->dirty || max == 0)
		return 0;
	for (ev = q->ready.head; ev && n < max; ev = next) {
		next = ev->next;
		if (claims_conflict(q->claims, &ev->u)) {
			if (claims_add(q->claims, &ev->u) == 0) {
				ev->scan_next = skipped;
				skipped = ev;
			}
			continue;
		}
		list_remove(&q->ready, ev);
		mark_late(ev);
		ev->claimed = claims_add(q->claims, &ev->u) == 0;
		list_append(&q->running, ev);
		out[n++] = ev;
	}
	if (!ev)
		q->dirty = 0;
	for (; skipped; skipped = skipped->scan_next)
		claims_del(q->claims, &skipped->u);
	return n;
}

void queue_done(struct queue *q, struct event *ev)
{
	list_remove(&q->running, ev);
	if (ev->claimed)
		claims_del(q->claims, &ev->u);
	ev->claimed = 0;
	q->dirty = 1;
}

void queue_unrun(struct queue *q, struct event *ev)
{
	struct event *at;

	queue_done(q, ev);
	for (at = q->ready.head; at && at->order < ev->order; at = at->next)
		;
	list_insert(&q->ready, at, ev);
}

struct event *queue_take_waiting(struct queue *q)
{
	struct event *ev = q->ready.head;

	if (ev) {
		/* the head's prev is NULL, so list_remove moves the head on: the
		 * analyzer cannot see that invariant and reports a use after free */
		list_remove(&q->ready, ev);  // NOLINT(clang-analyzer-unix.Malloc)
		return ev;
	}
	return q->nheap > 0 ? heap_pop(q) : NULL;
}

int64_t queue_timeout(const struct queue *q, uint64_t now)
{
	const struct event *top;

	if (q->nheap == 0)
		return -1;
	if (now < q->startup_end_ms)
		return (int64_t)(q->startup_end_ms - now);
	top = q->heap[0];
	if (!q->have_next_seq || top->u.seqnum <= q->next_seq || q->gap_until_ms <= now)
		return 0;
	return (int64_t)(q->gap_until_ms - now);
}

size_t queue_length(const struct queue *q)
{
	return q->nheap + q->ready.n + q->running.n;
}

size_t queue_running(const struct queue *q)
{
	return q->running.n;
}

size_t queue_ready(const struct queue *q)
{
	return q->ready.n;
}

struct event *queue_running_next(const struct queue *q, struct event *ev)
{
	return ev ? ev->next : q->running.head;
}

void queue_kick(struct queue *q)
{
	q->dirty = 1;
}

static size_t list_count_upto(const struct event_list *l, uint64_t seqnum)
{
	const struct event *ev;
	size_t n = 0;

	for (ev = l->head; ev; ev = ev->next)
		n += !ev->u.has_seqnum || ev->u.seqnum <= seqnum;
	return n;
}

size_t queue_count_upto(const struct queue *q, uint64_t seqnum)
{
	size_t i, n = list_count_upto(&q->ready, seqnum) + list_count_upto(&q->running, seqnum);

	for (i = 0; i < q->nheap; i++)
		n += q->heap[i]->u.seqnum <= seqnum;
	return n;
}

void queue_expect(struct queue *q, uint64_t seqnum)
{
	if (q->have_next_seq && q->next_seq >= seqnum)
		return;
	q->next_seq = seqnum;
	q->have_next_seq = 1;
	q->dirty = 1;
}

void queue_free(struct queue *q)
{
	struct event *ev;

	while ((ev = queue_take_waiting(q)))
		event_free(ev);
	while ((ev = q->running.head)) {
		list_remove(&q->running, ev);  // NOLINT(clang-analyzer-unix.Malloc): as above
		event_free(ev);
	}
	free(q->heap);
	free(q->done);
	claims_free(q->claims);
	memset(q, 0, sizeof(*q));
}
