/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's event queue: SEQNUM reordering with a gap timeout, then per-device
 * serialisation. Events are one allocation each, freed by event_free(). */
#ifndef UDEVD_QUEUE_H
#define UDEVD_QUEUE_H

#include "msg.h"
#include "uevent.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/un.h>

struct claims;

/* A second sender of the same event (udevsend after netlink): acked too. */
struct event_waiter {
	struct event_waiter *next;
	struct msg_hdr hdr;
	struct sockaddr_un addr;
	socklen_t addrlen;
};

struct event {
	struct event *prev, *next;       /* on the ready or running list */
	struct event *scan_next;          /* passed over in the current scan */
	size_t heap_idx;                  /* while held for SEQNUM order */
	struct uevent u;                  /* points into env */
	struct msg_hdr hdr;               /* seqnum and flags, echoed in the ack */
	uint64_t arrival_ms, start_ms;
	uint64_t order;                   /* place on the ready list (queue_unrun) */
	uint64_t fork_fail_ms;            /* first start that found no process, or 0 */
	pid_t pid;                        /* while running */
	int killed;                       /* 1: SIGTERM sent, 2: SIGKILL sent */
	int starting;                     /* its worker has not said hello yet */
	int claimed;                      /* its devices are in the claims table */
	int late;                         /* UDEVD_LATE is in its environment */
	struct sockaddr_un addr;          /* where the ack goes */
	socklen_t addrlen;
	int kernel;                       /* from netlink or a rescan: no ack */
	int answered;                     /* answered "queued" (journal.h): no ack */
	struct event_waiter *waiters;     /* freed by the one who acks */
	const char *props;                /* udev's properties (msg.h), while the */
	size_t propslen;                  /* runner's done() runs; NULL: env's */
	char **envp;                      /* into env, for execve() */
	size_t envlen;
	char env[];
};

struct event_list {
	struct event *head, *tail;
	size_t n;
};

struct queue {
	struct event **heap;              /* held events, min-heap by seqnum */
	size_t nheap, heap_cap;
	struct event_list ready;          /* released, in release order */
	struct event_list running;
	uint64_t next_order;              /* of the next event made ready */
	uint64_t next_seq;                /* the seqnum expected next */
	int have_next_seq;
	uint64_t gap_ms;                  /* how long a gap may hold an event */
	uint64_t startup_end_ms;          /* nothing is released before this */
	uint64_t active_ms;               /* last arrival, or the kernel's counter moved */
	uint64_t kseq, kseq_ms;           /* the kernel's counter (0: unknown), read then */
	uint64_t gap_until_ms;            /* when the held top's gap is given up */
	int dirty;                        /* something changed since the last scan */
	struct claims *claims;
	uint64_t *done;                   /* seqnums known finished (queue_skip), sorted */
	size_t ndone, done_pos;
};

/* A checked MSG_EVENT datagram -> event; NULL (errno set) if invalid. */
struct event *event_new(const struct msg_hdr *h, const struct sockaddr_un *from,
			socklen_t fromlen, uint64_t now);
void event_free(struct event *ev);

/* Nothing is released before startup_end_ms (the start-up window). */
int queue_init(struct queue *q, uint64_t gap_ms, uint64_t startup_end_ms);
void queue_insert(struct queue *q, struct event *ev, uint64_t now);
/* Moves events whose turn in SEQNUM order has come (or whose gap timed out)
 * to the ready list. */
void queue_release(struct queue *q, uint64_t now);
/* Up to max ready events that no earlier unfinished event blocks; they are
 * moved to the running list (caller starts them). Returns how many. */
size_t queue_next_runnable(struct queue *q, struct event **out, size_t max);
/* A running event finished: drops it from the running list (caller frees). */
void queue_done(struct queue *q, struct event *ev);
/* A running event that could not start goes back to its place on the ready
 * list, its claims released: it still runs before any later event of its chain. */
void queue_unrun(struct queue *q, struct event *ev);
/* Removes one event that has not started (held or ready), or NULL. */
struct event *queue_take_waiting(struct queue *q);
/* Milliseconds until queue_release() has work, -1 when none is pending. */
int64_t queue_timeout(const struct queue *q, uint64_t now);
size_t queue_length(const struct queue *q);
/* Events started and not finished; released and not started. */
size_t queue_running(const struct queue *q);
size_t queue_ready(const struct queue *q);
/* The running event after ev (the first when ev is NULL), or NULL. */
struct event *queue_running_next(const struct queue *q, struct event *ev);
/* Something outside the queue changed (udevd's limits, a stop lifted):
 * the next queue_next_runnable() scans again. */
void queue_kick(struct queue *q);
/* Events not finished with no SEQNUM or one <= seqnum. */
size_t queue_count_upto(const struct queue *q, uint64_t seqnum);
/* Nothing below seqnum is still to come (the kernel multicasts in order, or
 * UDEVD_EXPECTED_SEQNUM said so at start): held events below it are released
 * without waiting for gaps, and seqnum is waited for. */
void queue_expect(struct queue *q, uint64_t seqnum);
/* These seqnums (sorted, malloc'd: the queue frees them) finished under an
 * earlier udevd (journal.h): no event waits for them as for a gap. */
void queue_skip(struct queue *q, uint64_t *seqnums, size_t n);
void queue_free(struct queue *q);

#endif
