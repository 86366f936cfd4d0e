// SPDX-License-Identifier: GPL-2.0-only
/* The outbox (see outbox.h). Design note: a unix datagram stays charged to
 * udevd's send buffer until its receiver reads it, so helpers that read late
 * (a storm starves them of CPU) or users that never read can fill it, and
 * then every send fails with EAGAIN. What is kept here waits in a FIFO of
 * small records, indexed by (address, seqnum) so that a repeated question
 * replaces its unsent answer; it is sent again when poll() says the socket
 * is writable (the kernel says so at 1/4 of the buffer), or after RETRY_MS
 * when only the receiver's own queue was full. The buffer's use (SIOCOUTQ)
 * decides the budgets: acks up to 3/4, so that answers to probes and
 * control messages always find room. Refusals of malformed messages are
 * never kept; to other users they only get up to 1/8, when nothing is kept. */
#include "compat.h"
#include "outbox.h"
#include "log.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define BUCKETS        4096
#define RETRY_MS       100        /* a receiver's own queue was full */
#define FLUSH_PER_TURN 4096       /* sends per loop turn */
#define DGRAM_COST     2048       /* more than one ack costs the buffer */

struct rec {
	struct rec *next, *hnext;
	struct msg_hdr hdr;
	unsigned int hash;
	enum outbox_kind kind;
	socklen_t len;
	char addr[] __attribute__((aligned(8)));
};

static struct {
	int sock;
	struct loop *loop;
	long sndbuf;
	struct rec *head, **tailp;
	struct rec *bucket[BUCKETS];
	size_t n;
	int sock_full;                /* waiting for POLLOUT */
	long credit;                  /* acks that fit before SIOCOUTQ is asked again */
	uint64_t retry_at;            /* waiting for receivers' queues, or 0 */
} box;                           /* zero: in .bss, not the binary */

void outbox_init(int sock, struct loop *l)
{
	int v = 0;
	socklen_t len = sizeof(v);

	box.sock = sock;
	box.loop = l;
	box.tailp = &box.head;
	if (getsockopt(sock, SOL_SOCKET, SO_SNDBUF, &v, &len) < 0 || v <= 0)
		v = 212992;
	box.sndbuf = v;
}

size_t outbox_kept(void)
{
	return box.n;
}

static long outq(void)
{
	int v = 0;

	return ioctl(box.sock, SIOCOUTQ, &v) < 0 ? 0 : v;
}

/* What acks may use of the buffer: 3/4 of it. */
static long ack_limit(void)
{
	return box.sndbuf / 4 * 3;
}

static int over_budget(enum outbox_kind kind, long used)
{
	return kind == OUTBOX_ACK && used >= ack_limit();
}

/* 1 when an ack may be sent now: under 3/4 of the buffer in use. Each
 * datagram sent adds at most DGRAM_COST to the use (a reader only lowers
 * it), so one answer of SIOCOUTQ covers the sends that cannot reach 3/4
 * even if no receiver reads: one ioctl per few dozen acks, not per ack. */
static int ack_fits(void)
{
	long used;

	if (box.credit > 0)
		return 1;
	used = outq();
	if (over_budget(OUTBOX_ACK, used))
		return 0;
	box.credit = 1 + (ack_limit() - 1 - used) / DGRAM_COST;
	return 1;
}

static unsigned int hash_of(const void *addr, socklen_t len, uint64_t seqnum)
{
	const unsigned char *p = addr;
	unsigned int h = 2166136261u ^ (unsigned int)seqnum ^ (unsigned int)(seqnum >> 32);
	socklen_t i;

	for (i = 0; i < len; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

static ssize_t send_rec(const struct msg_hdr *h, const void *to, socklen_t tolen)
{
	ssize_t r;

	if (box.credit > 0)
		box.credit--;
	do
		r = sendto(box.sock, h, sizeof(*h), MSG_DONTWAIT | MSG_NOSIGNAL,
			   (const struct sockaddr *)to, tolen);
	while (r < 0 && errno == EINTR);
	return r < 0 ? -errno : 0;
}

/* EAGAIN: our buffer is full (wait for POLLOUT), or only the receiver's
 * queue is (try again after RETRY_MS). */
static void blocked(uint64_t now, enum outbox_kind kind)
{
	long used = outq();

	box.credit = 0;
	if (over_budget(kind, used) || used + DGRAM_COST >= box.sndbuf) {
		if (!box.sock_full)
			loop_watch_write(box.loop, box.sock, 1);
		box.sock_full = 1;
	} else if (!box.retry_at) {
		box.retry_at = now + RETRY_MS;
	}
}

static struct rec *find(unsigned int hash, const struct msg_hdr *h, const void *to,
			socklen_t tolen)
{
	struct rec *r;

	for (r = box.bucket[hash % BUCKETS]; r; r = r->hnext)
		if (r->hash == hash && r->len == tolen && r->hdr.seqnum == h->seqnum &&
		    r->hdr.flags == h->flags && memcmp(r->addr, to, (size_t)tolen) == 0)
			return r;
	return NULL;
}

static int keep(const struct msg_hdr *h, const void *to, socklen_t tolen,
		enum outbox_kind kind)
{
	unsigned int hash = hash_of(to, tolen, h->seqnum);
	struct rec *r = find(hash, h, to, tolen);

	if (r) {
		r->hdr = *h;
		return 0;
	}
	if (box.n >= OUTBOX_MAX || !(r = malloc(sizeof(*r) + (size_t)tolen)))
		return -ENOBUFS;
	r->hdr = *h;
	r->hash = hash;
	r->kind = kind;
	r->len = tolen;
	memcpy(r->addr, to, (size_t)tolen);
	r->next = NULL;
	*box.tailp = r;
	box.tailp = &r->next;
	r->hnext = box.bucket[hash % BUCKETS];
	box.bucket[hash % BUCKETS] = r;
	if (box.n++ == 0)
		log_info("socket busy: keeping replies to send when it has room");
	return 0;
}

int outbox_send(const struct msg_hdr *h, const struct sockaddr_un *to, socklen_t tolen,
		enum outbox_kind kind)
{
	int r;

	if ((size_t)tolen <= sizeof(sa_family_t) || (size_t)tolen > sizeof(*to))
		return -EDESTADDRREQ;
	/* acks wait their turn behind kept ones; replies go first if they can */
	if (kind == OUTBOX_REPLY || (!box.sock_full && ack_fits())) {
		r = (int)send_rec(h, to, tolen);
		if (r != -EAGAIN && r != -EWOULDBLOCK)
			return r;
	}
	r = keep(h, to, tolen, kind);
	if (r == 0)
		blocked(loop_turn_ms(), kind);   /* the clock read only when kept */
	return r;
}

int outbox_send_refusal(const struct msg_hdr *h, const struct sockaddr_un *to,
			socklen_t tolen, int root)
{
	if ((size_t)tolen <= sizeof(sa_family_t))
		return -EDESTADDRREQ;
	if (!root && (box.n || outq() >= box.sndbuf / 8))
		return -EBUSY;
	return (int)send_rec(h, to, tolen);
}

static void unlink_rec(struct rec **pp)
{
	struct rec *r = *pp, **hp = &box.bucket[r->hash % BUCKETS];

	while (*hp != r)
		hp = &(*hp)->hnext;
	*hp = r->hnext;
	*pp = r->next;
	if (!*pp)
		box.tailp = pp;
	free(r);
	if (--box.n == 0)
		log_info("socket has room again: every kept reply sent");
}

/* One pass over the kept records; stops when our own buffer is full. */
static void flush_pass(uint64_t now)
{
	struct rec **pp = &box.head, *r;
	unsigned int tries = 0;
	long used = outq();
	int e;

	while ((r = *pp) && tries++ < FLUSH_PER_TURN) {
		if (over_budget(r->kind, used)) {
			blocked(now, r->kind);
			pp = &r->next;
			continue;
		}
		e = (int)send_rec(&r->hdr, r->addr, r->len);
		if (e == -EAGAIN || e == -EWOULDBLOCK) {
			blocked(now, r->kind);
			if (box.sock_full)
				return;
			pp = &r->next;
			continue;
		}
		/* gone: it got its result from a probe's answer, or was killed */
		if (e == -ECONNREFUSED || e == -ENOENT)
			log_info("seqnum %llu: kept reply %d not sent: its receiver is gone",
				 (unsigned long long)r->hdr.seqnum, r->hdr.rc);
		else if (e < 0)
			log_warn("seqnum %llu: kept reply %d not delivered: %s",
				 (unsigned long long)r->hdr.seqnum, r->hdr.rc, strerror(-e));
		unlink_rec(pp);
		used = outq();
	}
	if (r && !box.retry_at)
		box.retry_at = now;       /* more than a turn's worth: next turn */
}

void outbox_flush(uint64_t now)
{
	if (!box.n || (box.retry_at && now < box.retry_at))
		return;
	if (box.sock_full && outq() * 4 > box.sndbuf)
		return;
	box.retry_at = 0;
	if (box.sock_full)
		loop_watch_write(box.loop, box.sock, 0);
	box.sock_full = 0;
	flush_pass(now);
}

int64_t outbox_timeout(uint64_t now)
{
	if (!box.n || !box.retry_at)
		return -1;
	return loop_until(now, box.retry_at);
}

size_t outbox_drain(uint64_t timeout_ms)
{
	uint64_t now = loop_now_ms(), end = now + timeout_ms;
	struct pollfd p = { .fd = box.sock, .events = POLLOUT };

	while (box.n && now < end) {
		box.retry_at = 0;
		outbox_flush(now);
		if (box.n)
			poll(&p, 1, RETRY_MS);
		now = loop_now_ms();
	}
	return box.n;
}
