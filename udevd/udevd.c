// SPDX-License-Identifier: GPL-2.0-only
/* udevd: the sequencer daemon. Checks each sender at the door, orders events
 * by SEQNUM, serialises them per device chain, runs udev for each with bounded
 * concurrency and timeouts, and acks every event. */
#include "compat.h"
#include "fmt.h"
#include "conf.h"
#include "dedup.h"
#include "fd.h"
#include "log.h"
#include "loop.h"
#include "monitor.h"
#include "msg.h"
#include "opts.h"
#include "layout.h"
#include "netlink.h"
#include "outbox.h"
#include "queue.h"
#include "rescan.h"
#include "sock.h"
#include "runner.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define GAP_TIMEOUT_MS     2000     /* --event-timeout */
#define STARTUP_WINDOW_MS  250      /* --startup-window */
#define EXEC_TIMEOUT_MS    180000   /* --exec-timeout; 0: none */
#define KILL_GRACE_MS      2000     /* SIGTERM, then this long until SIGKILL */
#define IDLE_TIMEOUT_MS    3000     /* --idle-timeout: an idle worker ends */
#define QUEUE_MAX          16384    /* events beyond are acked 18 */
#define FORK_RETRY_MS      100      /* fork failed: nothing starts for this long */
#define FORK_GIVEUP_MS     30000    /* an event that finds no process this long: 18 */
#define RECV_PER_TURN      1024
#define REFUSED_LOG_PER_SEC 20      /* log lines; the rest are counted */
#define DGRAM_QLEN         4096     /* datagrams the socket queues */
#define QLEN_SYSCTL        "/proc/sys/net/unix/max_dgram_qlen"

struct udevd {
	int sock;
	int sigpipe[2];
	struct loop loop;
	struct queue q;
	const char *name;
	unsigned long max_childs;
	uint64_t gap_ms, startup_ms, exec_timeout_ms, idle_ms;
	enum runner_mode mode;      /* --workers=pool|fork */
	int daemonize, debug;
	int stopped;                /* stop_exec_queue */
	int terminating;            /* SIGTERM: drain and exit */
	int netlink;                /* --netlink: nl is the kernel's uevent socket */
	int nl;
	int rescan;                 /* events were lost: rescan sysfs this turn */
	int passed;                 /* a descriptor the message carried, or -1 */
	uint64_t max_seqnum;        /* highest SEQNUM received, either way */
	uint64_t fork_retry_ms;     /* no event starts before this (fork failed) */
};

static struct udevd udevd;
static union {
	struct msg_hdr hdr;
	char raw[sizeof(struct msg_event) + 1];
} rbuf;

/* ---- acks ------------------------------------------------------------------ */

static void ack_init(struct msg_hdr *ack, const struct msg_hdr *req, int rc, uint32_t arg)
{
	msg_init(ack, MSG_ACK, req->seqnum);
	ack->flags = req->flags;
	ack->rc = rc;
	ack->arg = arg;
}

/* An ack to root: sent, or kept until the socket has room (outbox.h); only
 * a sender that is gone or has no address, or the outbox's bound, loses it,
 * with a log line (an event's result stays known to MSG_CTL_STATUS). */
static void send_ack_kind(const struct msg_hdr *req, int rc, uint32_t arg,
			  const struct sockaddr_un *to, socklen_t tolen, enum outbox_kind kind)
{
	struct msg_hdr ack;
	int r;

	ack_init(&ack, req, rc, arg);
	r = outbox_send(&ack, to, tolen, kind);
	if (r == -EDESTADDRREQ)
		log_warn("seqnum %llu: sender has no address, rc %d not acked",
			 (unsigned long long)req->seqnum, rc);
	else if (kind == OUTBOX_REPLY && (r == -ECONNREFUSED || r == -ENOENT))
		/* a helper that got its ack while its probe was on the way */
		log_info("seqnum %llu: answer not sent: its receiver is gone",
			 (unsigned long long)req->seqnum);
	else if (r < 0)
		log_warn("seqnum %llu: ack %d not delivered: %s",
			 (unsigned long long)req->seqnum, rc, strerror(-r));
}

/* Events' results use up to 3/4 of the socket's buffer, answers all of it. */
static void send_ack(struct udevd *d, const struct msg_hdr *req, int rc, uint32_t arg,
		     const struct sockaddr_un *to, socklen_t tolen)
{
	(void)d;
	send_ack_kind(req, rc, arg, to, tolen, req->type == MSG_EVENT ? OUTBOX_ACK : OUTBOX_REPLY);
}

/* The sender, and every other sender of the same event (dedup.h). */
static void ack_event(struct udevd *d, struct event *ev, int rc)
{
	struct event_waiter *w;

	if (!ev->kernel)
		send_ack(d, &ev->hdr, rc, 0, &ev->addr, ev->addrlen);
	while ((w = ev->waiters)) {
		ev->waiters = w->next;
		send_ack(d, &w->hdr, rc, 0, &w->addr, w->addrlen);
		free(w);
	}
}

static void event_finished(void *ctx, struct event *ev, int rc)
{
	struct udevd *d = ctx;

	log_info("seqnum %llu %s %s: rc %d after %llu ms",
		 (unsigned long long)ev->hdr.seqnum, ev->u.action, ev->u.devpath, rc,
		 (unsigned long long)(loop_now_ms() - ev->start_ms));
	dedup_done(ev, rc);
	monitor_send(ev, rc);
	ack_event(d, ev, rc);
	queue_done(&d->q, ev);
	event_free(ev);
}

/* ---- messages -------------------------------------------------------------- */

/* Any local process can send garbage: refusals are logged at most
 * REFUSED_LOG_PER_SEC a second, the rest counted and summed up once a
 * second later, so that a flood cannot fill the log. */
static struct {
	uint64_t window_ms;
	unsigned long logged, hidden;
} refusals;

static void refusal_log_flush(void)
{
	if (refusals.hidden)
		log_warn("%lu more refused messages not logged", refusals.hidden);
	refusals.logged = refusals.hidden = 0;
}

static int refusal_log_ok(void)
{
	uint64_t now = loop_now_ms();

	if (now - refusals.window_ms >= 1000) {
		refusal_log_flush();
		refusals.window_ms = now;
	}
	if (refusals.logged < REFUSED_LOG_PER_SEC) {
		if (++refusals.logged == REFUSED_LOG_PER_SEC)
			log_warn("more than %d refused messages a second: counting the rest",
				 REFUSED_LOG_PER_SEC);
		return 1;
	}
	refusals.hidden++;
	return 0;
}

static void refuse(struct udevd *d, size_t len, const struct ucred *cred,
		   const struct sockaddr_un *from, socklen_t fromlen, const char *why)
{
	const struct msg_hdr *req = &rbuf.hdr;
	struct msg_hdr zero, ack;
	int r, log_ok = refusal_log_ok();

	(void)d;
	if (log_ok)
		log_warn("refused message from pid %d uid %d: %s", (int)cred->pid,
			 (int)cred->uid, why);
	if (len < sizeof(zero)) {
		memset(&zero, 0, sizeof(zero));
		req = &zero;
	}
	/* never kept; anyone but root only gets what costs root nothing (outbox.h) */
	ack_init(&ack, req, MSG_RC_REFUSED, 0);
	r = outbox_send_refusal(&ack, from, fromlen, cred->uid == 0);
	if (r < 0 && log_ok)
		log_warn("refusal not acked: %s", r == -EDESTADDRREQ ? "sender has no address" :
			 r == -EBUSY ? "the socket's room is kept for root" : strerror(-r));
}

/* --netlink: an event udevd has already seen runs once; this copy gets the
 * result (at once, or when the first copy finishes). 1 when handled here. */
static int handle_duplicate(struct udevd *d, const struct sockaddr_un *from,
			    socklen_t fromlen)
{
	struct dedup_slot *s;
	struct event_waiter *w;

	if (!d->netlink || !(rbuf.hdr.flags & MSG_F_SEQNUM) ||
	    !(s = dedup_find(rbuf.hdr.seqnum)))
		return 0;
	log_debug("seqnum %llu: second copy from udevsend, not run again",
		  (unsigned long long)rbuf.hdr.seqnum);
	if (!s->ev) {
		send_ack(d, &rbuf.hdr, s->rc, 0, from, fromlen);
		return 1;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		send_ack(d, &rbuf.hdr, MSG_RC_NOT_RUN, 0, from, fromlen);
		return 1;
	}
	w->hdr = rbuf.hdr;
	w->addrlen = (size_t)fromlen <= sizeof(w->addr) ? fromlen : (socklen_t)sizeof(w->addr);
	memcpy(&w->addr, from, (size_t)w->addrlen);
	w->next = s->ev->waiters;
	s->ev->waiters = w;
	return 1;
}

static void note_seqnum(struct udevd *d, const struct event *ev)
{
	if (ev->u.has_seqnum && ev->u.seqnum > d->max_seqnum)
		d->max_seqnum = ev->u.seqnum;
}

/* An event udevd cannot take: acked 18, and remembered for status queries. */
static void not_run(struct udevd *d, const struct sockaddr_un *from, socklen_t fromlen)
{
	if (rbuf.hdr.flags & MSG_F_SEQNUM)
		dedup_remember(rbuf.hdr.seqnum, MSG_RC_NOT_RUN);
	send_ack(d, &rbuf.hdr, MSG_RC_NOT_RUN, 0, from, fromlen);
}

static void handle_event(struct udevd *d, const struct ucred *cred,
			 const struct sockaddr_un *from, socklen_t fromlen)
{
	struct event *ev;

	if (handle_duplicate(d, from, fromlen))
		return;
	if (d->terminating || queue_length(&d->q) >= QUEUE_MAX) {
		log_err("seqnum %llu not run: %s", (unsigned long long)rbuf.hdr.seqnum,
			d->terminating ? "shutting down" : "queue full");
		not_run(d, from, fromlen);
		return;
	}
	ev = event_new(&rbuf.hdr, from, fromlen, loop_now_ms());
	if (!ev && errno == EINVAL) {
		refuse(d, sizeof(rbuf.hdr), cred, from, fromlen,
		       "event without ACTION, DEVPATH or SUBSYSTEM, or bad SEQNUM");
		return;
	}
	if (!ev) {
		log_err("seqnum %llu not run: out of memory", (unsigned long long)rbuf.hdr.seqnum);
		not_run(d, from, fromlen);
		return;
	}
	log_debug("seqnum %llu %s %s queued (%zu env)", (unsigned long long)ev->hdr.seqnum,
		  ev->u.action, ev->u.devpath, ev->u.nenv);
	note_seqnum(d, ev);
	dedup_track(ev);          /* for duplicates (--netlink) and status queries */
	queue_insert(&d->q, ev, ev->arrival_ms);
}

/* ---- kernel events: netlink and the rescan after lost ones ----------------- */

/* A checked event from the kernel (or made by the rescan): queued without an
 * ack; dropped (logged) when udevd already has it or cannot take it. */
static void kernel_event(void *ctx, struct msg_event *m)
{
	static const struct sockaddr_un none = { .sun_family = AF_UNIX };
	struct udevd *d = ctx;
	struct event *ev;

	if ((m->hdr.flags & MSG_F_SEQNUM) && dedup_find(m->hdr.seqnum)) {
		log_debug("seqnum %llu: already queued from udevsend, netlink copy dropped",
			  (unsigned long long)m->hdr.seqnum);
		return;
	}
	if (d->terminating || queue_length(&d->q) >= QUEUE_MAX) {
		log_err("kernel event %llu dropped: %s", (unsigned long long)m->hdr.seqnum,
			d->terminating ? "shutting down" : "queue full");
		return;
	}
	ev = event_new(&m->hdr, &none, 0, loop_now_ms());
	if (!ev) {
		log_info("kernel event %llu dropped: %s", (unsigned long long)m->hdr.seqnum,
			 errno == EINVAL ? "no ACTION, DEVPATH or SUBSYSTEM" : "out of memory");
		return;
	}
	ev->kernel = 1;
	log_debug("seqnum %llu %s %s queued from %s (%zu env)",
		  (unsigned long long)ev->hdr.seqnum, ev->u.action, ev->u.devpath,
		  ev->u.has_seqnum ? "netlink" : "rescan", ev->u.nenv);
	note_seqnum(d, ev);
	if (ev->u.has_seqnum)
		queue_expect(&d->q, ev->u.seqnum);
	dedup_track(ev);
	queue_insert(&d->q, ev, ev->arrival_ms);
}

/* Drains the netlink socket; on ENOBUFS the kernel has dropped events. */
static void receive_netlink(struct udevd *d)
{
	static struct msg_event m;
	int i, r;

	for (i = 0; d->netlink && i < RECV_PER_TURN; i++) {
		r = netlink_recv(d->nl, &m);
		if (r == 1)
			kernel_event(d, &m);
		else if (r == -ENOBUFS) {
			log_err("netlink: the kernel dropped events (receive buffer full), "
				"rescanning sysfs");
			d->rescan = 1;
		} else if (r < 0) {
			if (r != -EAGAIN && r != -EWOULDBLOCK && r != -EINTR)
				log_err("netlink: %s, ignoring", strerror(-r));
			return;
		}
	}
}

static void rescan(struct udevd *d)
{
	int n, gone = 0;

	d->rescan = 0;
	n = rescan_run(kernel_event, d, &gone);
	if (n < 0)
		log_err("rescan: cannot read %s: %s", conf_file(), strerror(-n));
	else
		log_info("rescan: %d devices added, %d gone devices removed", n, gone);
}

/* udevcontrol log_priority reaches udev: every udev started from now on gets
 * "UDEVD_LOG_PRIORITY=N" as its argv[2] (log.h; pool workers and fork mode
 * alike), and no pool worker started before is used again. */
static void set_worker_log_level(uint32_t level)
{
	static char arg[sizeof(LOG_PRIORITY_ENV) + 12];

	fmt_s(arg, sizeof(arg), "%s=%u", LOG_PRIORITY_ENV, level);
	runner_set_arg(arg);
	runner_reload();
}

static int handle_control(struct udevd *d, const struct msg_hdr *h, uint32_t *arg)
{
	switch (h->type) {
	case MSG_CTL_STOP_EXEC:
		d->stopped = 1;
		break;
	case MSG_CTL_START_EXEC:
		d->stopped = 0;
		break;
	case MSG_CTL_LOG_PRIORITY:
		if (h->arg > LOG_DEBUG)
			return MSG_RC_REFUSED;
		log_set_level((int)h->arg);
		set_worker_log_level(h->arg);
		break;
	case MSG_CTL_MAX_CHILDS:
		if (h->arg < 1)
			return MSG_RC_REFUSED;
		d->max_childs = h->arg;
		runner_set_max(d->max_childs);
		break;
	case MSG_CTL_RELOAD_RULES:
		/* fork mode: udev reads its rules for every event; pool mode:
		 * no worker is reused that may hold the old ones */
		runner_reload();
		break;
	case MSG_CTL_QUEUE:
		receive_netlink(d);
		*arg = (uint32_t)queue_length(&d->q);
		break;
	case MSG_CTL_SEQNUM:
		/* what the kernel has broadcast is in the socket already */
		receive_netlink(d);
		*arg = (uint32_t)queue_count_upto(&d->q, h->seqnum) +
		       (!d->netlink && d->max_seqnum < h->seqnum);
		break;
	case MSG_CTL_MONITOR:
		if (monitor_add(d->passed) < 0)
			return MSG_RC_REFUSED;
		d->passed = -1;   /* the subscription's now */
		break;
	default:
		return MSG_RC_REFUSED;
	}
	/* queries (udevsend's liveness probe too) and subscriptions change nothing */
	if (h->type == MSG_CTL_QUEUE || h->type == MSG_CTL_SEQNUM || h->type == MSG_CTL_MONITOR)
		return 0;
	log_info("control message %u (arg %u) accepted", h->type, h->arg);
	d->q.dirty = 1;
	return 0;
}

/* "Is event N done, with which code?" (udevsend's liveness probe): O(1)
 * from the record of recent events; without a SEQNUM (a cookie), pending
 * while udevd holds any event. arg: the events held, for the probe's pace. */
static void answer_status(struct udevd *d, const struct sockaddr_un *from, socklen_t fromlen)
{
	struct msg_hdr req = rbuf.hdr;
	int rc = 0;
	enum dedup_state st = DEDUP_UNKNOWN;
	size_t held = queue_length(&d->q);

	if (req.flags & MSG_F_SEQNUM)
		st = dedup_state(req.seqnum, &rc);
	else if (held)
		st = DEDUP_PENDING;
	req.flags |= MSG_F_STATUS | (st == DEDUP_DONE ? MSG_F_DONE : 0) |
		     (st == DEDUP_PENDING ? MSG_F_PENDING : 0);
	send_ack_kind(&req, st == DEDUP_DONE ? rc : 0, (uint32_t)held, from, fromlen,
		      OUTBOX_REPLY);
}

/* Trust is checked at the door, before anything reads the message. */
static void handle_message(struct udevd *d, ssize_t n, int trunc, const struct ucred *cred,
			   const struct sockaddr_un *from, socklen_t fromlen)
{
	uint32_t arg = 0;
	int rc;

	if (cred->uid == (uid_t)-1)
		refuse(d, (size_t)n, cred, from, fromlen, "no credentials");
	else if (cred->uid != 0)
		refuse(d, (size_t)n, cred, from, fromlen, "sender is not root");
	else if (trunc || msg_check(rbuf.raw, (size_t)n) < 0)
		refuse(d, (size_t)n, cred, from, fromlen, "bad size, magic, type or environment");
	else if (rbuf.hdr.type == MSG_EVENT)
		handle_event(d, cred, from, fromlen);
	else if (rbuf.hdr.type == MSG_ACK)
		refuse(d, (size_t)n, cred, from, fromlen, "ack sent to udevd");
	else if (rbuf.hdr.type == MSG_CTL_STATUS)
		answer_status(d, from, fromlen);
	else {
		rc = handle_control(d, &rbuf.hdr, &arg);
		send_ack(d, &rbuf.hdr, rc, arg, from, fromlen);
	}
}

/* Empties the socket every turn so that no udevsend waits on a full queue. */
static void receive_all(struct udevd *d)
{
	struct sockaddr_un from;
	socklen_t fromlen;
	struct ucred cred;
	int trunc, i;
	ssize_t n;

	for (i = 0; i < RECV_PER_TURN; i++) {
		fromlen = sizeof(from);
		n = msg_recv_fd(d->sock, rbuf.raw, sizeof(rbuf.raw), &from, &fromlen, &cred,
				&trunc, &d->passed);
		if (n == -EINTR)
			continue;
		if (n < 0) {
			if (n != -EAGAIN && n != -EWOULDBLOCK)
				log_err("recvmsg: %s, ignoring", strerror((int)-n));
			return;
		}
		handle_message(d, n, trunc, &cred, &from, fromlen);
		if (d->passed >= 0)
			close(d->passed);
	}
}

/* ---- running --------------------------------------------------------------- */

/* No process for udev (fork failed: in a storm, pids or memory run short for a
 * while): the event goes back to its place in the queue and nothing starts for
 * FORK_RETRY_MS, while we reap; 18 only after FORK_GIVEUP_MS of failures. */
static void start_failed(struct udevd *d, struct event *ev, uint64_t now, int err)
{
	if (!ev->fork_fail_ms)
		ev->fork_fail_ms = now ? now : 1;
	if (now - ev->fork_fail_ms < FORK_GIVEUP_MS) {
		if (d->fork_retry_ms <= now)
			log_info("seqnum %llu: cannot fork udev: %s, retrying",
				 (unsigned long long)ev->hdr.seqnum, strerror(err));
		queue_unrun(&d->q, ev);
		d->fork_retry_ms = now + FORK_RETRY_MS;
		return;
	}
	log_err("seqnum %llu: cannot fork udev for %llu ms: %s",
		(unsigned long long)ev->hdr.seqnum, (unsigned long long)FORK_GIVEUP_MS,
		strerror(err));
	ev->start_ms = now;
	event_finished(d, ev, MSG_RC_NOT_RUN);
}

static void run_queue(struct udevd *d, uint64_t now)
{
	struct event *evs[64];
	size_t i, n, room;

	queue_release(&d->q, now);
	while (!d->stopped && !d->terminating && d->q.running.n < d->max_childs &&
	       d->fork_retry_ms <= now) {
		room = d->max_childs - d->q.running.n;
		n = queue_next_runnable(&d->q, evs, room < 64 ? room : 64);
		if (n == 0)
			return;
		for (i = 0; i < n; i++) {
			if (d->fork_retry_ms > now) {          /* an earlier one failed */
				queue_unrun(&d->q, evs[i]);
			} else if (runner_start(evs[i], now) == 0) {
				log_debug("seqnum %llu %s %s started, pid %d",
					  (unsigned long long)evs[i]->hdr.seqnum, evs[i]->u.action,
					  evs[i]->u.devpath, (int)evs[i]->pid);
			} else {
				start_failed(d, evs[i], now, errno);
			}
		}
	}
}

/* SIGTERM at the exec timeout, SIGKILL after a grace period; returns the
 * milliseconds until the next such deadline, or -1. */
static int64_t check_exec_timeouts(struct udevd *d, uint64_t now)
{
	struct event *ev;
	uint64_t deadline;
	int64_t next = -1, t;

	if (d->exec_timeout_ms == 0)
		return -1;
	for (ev = d->q.running.head; ev; ev = ev->next) {
		if (ev->killed >= 2)
			continue;
		deadline = ev->start_ms + d->exec_timeout_ms + (ev->killed ? KILL_GRACE_MS : 0);
		if (now >= deadline) {
			log_err("seqnum %llu %s: udev pid %d outlived the exec timeout, %s",
				(unsigned long long)ev->hdr.seqnum, ev->u.devpath, (int)ev->pid,
				ev->killed ? "SIGKILL" : "SIGTERM");
			runner_kill(ev, ev->killed ? SIGKILL : SIGTERM);
			ev->killed++;
			deadline = now + KILL_GRACE_MS;
			if (ev->killed >= 2)
				continue;
		}
		t = loop_until(now, deadline);
		if (next < 0 || t < next)
			next = t;
	}
	return next;
}

static int64_t min_timeout(int64_t a, int64_t b)
{
	if (a < 0)
		return b;
	return (b < 0 || a < b) ? a : b;
}

/* ---- signals --------------------------------------------------------------- */

static void on_signal(int sig)
{
	unsigned char c = (unsigned char)sig;
	int saved = errno;

	if (write(udevd.sigpipe[1], &c, 1) < 0) {
		/* pipe full: a wake-up is already pending */
	}
	errno = saved;
}

static void start_termination(struct udevd *d)
{
	struct event *ev;

	if (d->terminating)
		return;
	d->terminating = 1;
	log_info("terminating: %zu running events finish, the waiting ones are acked %d",
		 d->q.running.n, MSG_RC_NOT_RUN);
	while ((ev = queue_take_waiting(&d->q))) {
		log_err("seqnum %llu %s not run: shutting down",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath);
		dedup_done(ev, MSG_RC_NOT_RUN);
		ack_event(d, ev, MSG_RC_NOT_RUN);
		event_free(ev);
	}
}

static void handle_signals(struct udevd *d)
{
	unsigned char sigs[64];
	ssize_t n, i;

	while ((n = read(d->sigpipe[0], sigs, sizeof(sigs))) > 0)
		for (i = 0; i < n; i++)
			if (sigs[i] == SIGTERM || sigs[i] == SIGINT)
				start_termination(d);
}

/* ---- setup ----------------------------------------------------------------- */

#define EXIT_SETUP 4   /* exit codes: 1 usage, 2 name taken by udevd, 3 by another, 4 setup failed */
#define UDEVD_USAGE "usage: udevd [--daemon] [--debug] [--netlink] [--max-childs=N]\n" \
	" [--workers=pool|fork] [--event-timeout=T] [--exec-timeout=T]\n" \
	" [--startup-window=T] [--idle-timeout=T]"

static void usage_exit(const char *bad) __attribute__((noreturn));
static void usage_exit(const char *bad)
{
	/* the log module rather than opts_usage_error: udevd's klibc budget */
	log_err("unknown or bad option '%s'\n%s", bad, UDEVD_USAGE);
	exit(EXIT_USAGE);
}

static void parse_duration(const char *s, uint64_t *ms)
{
	if (loop_parse_msec(s, ms) < 0)
		usage_exit(s);
}

static void parse_max_childs(const char *s, unsigned long *out)
{
	unsigned long long v;

	if (str_to_u64(s, &v) < 0 || v < 1 || v > 65536)
		usage_exit(s);
	*out = (unsigned long)v;
}

static void parse_mode(const char *s, enum runner_mode *mode)
{
	if (strcmp(s, "pool") == 0)
		*mode = RUNNER_POOL;
	else if (strcmp(s, "fork") == 0)
		*mode = RUNNER_FORK;
	else
		usage_exit(s);
}

/* udev_log of udev.conf (unless UDEV_LOG is set), then --debug. */
static void setup_log_level(const struct udevd *d)
{
	struct udev_conf conf;
	int r;

	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	log_set_level(log_level_pick(getenv("UDEV_LOG"), conf.log, log_get_level()));
	if (r < 0)
		log_err("cannot read %s: %s, ignoring", conf_file(), strerror(-r));
	if (d->debug)
		log_set_level(LOG_DEBUG);
}

/* --name=VALUE or --name VALUE (lib/opts.c), at argv[*i]; else a usage error. */
static void setup_valued_option(struct udevd *d, int argc, char **argv, int *i)
{
	static const char *const names[] = { "--max-childs", "--workers", "--event-timeout",
		"--exec-timeout", "--startup-window", "--idle-timeout" };
	uint64_t *const ms[] = { NULL, NULL, &d->gap_ms, &d->exec_timeout_ms, &d->startup_ms,
				 &d->idle_ms };
	const char *v = NULL, *arg = argv[*i];
	unsigned int k;
	int missing = 0;

	for (k = 0; k < sizeof(names) / sizeof(names[0]) && !v && !missing; k++)
		v = opts_value(argc, argv, i, names[k], &missing);
	if (!v)
		usage_exit(arg);
	if (k == 1)
		parse_max_childs(v, &d->max_childs);
	else if (k == 2)
		parse_mode(v, &d->mode);
	else
		parse_duration(v, ms[k - 1]);
}

static void setup_options(struct udevd *d, int argc, char **argv)
{
	const char *v;
	long ncpu = compat_ncpus();
	int i;

	d->max_childs = 4 + 4 * (unsigned long)ncpu;
	d->gap_ms = GAP_TIMEOUT_MS;
	d->startup_ms = STARTUP_WINDOW_MS;
	d->exec_timeout_ms = EXEC_TIMEOUT_MS;
	d->idle_ms = IDLE_TIMEOUT_MS;
	d->mode = RUNNER_POOL;
	if ((v = getenv("UDEVD_MAX_CHILDS")) && *v)
		parse_max_childs(v, &d->max_childs);
	if ((v = getenv("UDEVD_WORKERS")) && *v)
		parse_mode(v, &d->mode);
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--daemon") == 0)
			d->daemonize = 1;
		else if (strcmp(argv[i], "--debug") == 0)
			d->debug = 1;
		else if (strcmp(argv[i], "--netlink") == 0)
			d->netlink = 1;
		else
			setup_valued_option(d, argc, argv, &i);
	}
}

/* Reads or writes the sysctl as a decimal number; -errno on failure. */
static long qlen_sysctl(long set)
{
	char buf[24];
	int fd = open(QLEN_SYSCTL, (set < 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC);
	ssize_t n;
	unsigned long long v;

	if (fd < 0)
		return -errno;
	if (set >= 0) {
		n = fd_write_all(fd, buf, fmt_s(buf, sizeof(buf), "%ld\n", set));
	} else {
		n = read(fd, buf, sizeof(buf) - 1);
	}
	close(fd);
	if (n < 0)
		return set >= 0 ? n : -errno;
	if (set >= 0)
		return set;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return str_to_u64(buf, &v) < 0 ? -EINVAL : (long)v;
}

/* The kernel gives an AF_UNIX datagram socket the queue length that
 * net.unix.max_dgram_qlen has when the socket is created: 10 by default. In a
 * storm, helpers then sleep on the full queue and every read of ours wakes
 * them all. As root, create our socket with a queue deep enough for a boot
 * storm and put the setting back at once; where we cannot, go on with 10. */
static int socket_deep_queue(void)
{
	long old = qlen_sysctl(-1);
	int fd, raised = old >= 0 && old < DGRAM_QLEN && qlen_sysctl(DGRAM_QLEN) >= 0;

	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (raised && qlen_sysctl(old) < 0)
		log_err("cannot restore %s to %ld, ignoring", QLEN_SYSCTL, old);
	if (old >= 0 && old < DGRAM_QLEN && !raised)
		log_info("socket queue stays at %ld datagrams (%s not writable)", old, QLEN_SYSCTL);
	return fd;
}

static int setup_socket(struct udevd *d)
{
	struct sockaddr_un sa;
	int len = msg_daemon_addr(&sa), on = 1;
	const char *name = getenv(MSG_SOCKET_ENV);

	d->name = name && *name ? name : MSG_SOCKET_NAME;
	if (len < 0) {
		log_err("socket name '%s' too long", d->name);
		return 1;
	}
	d->sock = socket_deep_queue();
	if (d->sock < 0 || setsockopt(d->sock, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) < 0) {
		log_err("socket: %s", strerror(errno));
		return 1;
	}
	if (bind(d->sock, (struct sockaddr *)&sa, (socklen_t)len) < 0) {
		if (errno == EADDRINUSE)
			return sock_name_taken(d->sock, d->name, &sa, (socklen_t)len);
		log_err("bind @%s: %s", d->name, strerror(errno));
		return 1;
	}
	return sock_sndbuf(d->sock);
}

static int setup_netlink(struct udevd *d)
{
	const char *v = getenv(NETLINK_RCVBUF_ENV);
	unsigned long long size = NETLINK_RCVBUF_DEFAULT;

	if (!d->netlink)
		return 0;
	if (v && *v && (str_to_u64(v, &size) < 0 || size < 1 || size > 0x40000000ULL)) {
		log_err("%s=%s: not a size in bytes", NETLINK_RCVBUF_ENV, v);
		return 1;
	}
	d->nl = netlink_open((int)size);
	if (d->nl < 0) {
		log_err("netlink socket: %s", strerror(-d->nl));
		return 1;
	}
	return 0;
}

static int setup_signals(struct udevd *d)
{
	static const int sigs[] = { SIGCHLD, SIGTERM, SIGINT, SIGHUP };
	struct sigaction sa;
	unsigned int i;

	if (pipe(d->sigpipe) < 0)
		return -errno;
	fd_cloexec(d->sigpipe[0]);
	fd_cloexec(d->sigpipe[1]);
	fd_nonblock(d->sigpipe[0]);
	fd_nonblock(d->sigpipe[1]);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

/* The parent returns (exit 0) only once the socket is bound, so that a
 * udevsend that started us can send right away. */
static void setup_daemon(struct udevd *d)
{
	pid_t pid = fork();
	int fd;

	if (pid < 0) {
		log_err("fork: %s", strerror(errno));
		exit(EXIT_SETUP);
	}
	if (pid > 0)
		_exit(0);
	setsid();
	if (chdir("/") < 0) {
		/* "/" always exists */
	}
	fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		if (!d->debug)
			dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	if (!d->debug)
		log_init("udevd", LOG_TO_SYSLOG_NOWAIT);
}

/* ---- the loop -------------------------------------------------------------- */

/* for (;;) { wait; reap; receive; run queue; } — one clock, computed timeouts */
static int run(struct udevd *d)
{
	uint64_t now;
	int64_t timeout;
	size_t n;

	for (;;) {
		now = loop_now_ms();
		timeout = min_timeout(queue_timeout(&d->q, now),
				      check_exec_timeouts(d, now));
		timeout = min_timeout(timeout, runner_timeout(now));
		timeout = min_timeout(timeout, outbox_timeout(now));
		if (d->fork_retry_ms > now)
			timeout = min_timeout(timeout, (int64_t)(d->fork_retry_ms - now));
		loop_wait(&d->loop, timeout);
		handle_signals(d);
		runner_reap(&d->q, event_finished, d);
		receive_all(d);
		receive_netlink(d);
		if (d->rescan && !d->terminating)
			rescan(d);
		run_queue(d, loop_now_ms());
		outbox_flush(loop_now_ms());
		if (d->terminating && d->q.running.n == 0)
			break;
	}
	if ((n = outbox_drain(1000)))
		log_warn("%zu kept replies not delivered", n);
	runner_shutdown();
	refusal_log_flush();
	log_info("all events acked, exiting");
	return 0;
}

int main(int argc, char **argv)
{
	struct udevd *d = &udevd;
	const char *bin = getenv("UDEV_BIN");
	int r;

	fd_sanitize();
	if (opts_std(argc, argv, "udevd", UDEVD_USAGE))
		return 0;
	fd_close_inherited();   /* a shell's or udevsend's descriptors are not udev's */
	/* stderr, or syslog with --daemon (setup_daemon): udevd's klibc budget */
	log_init("udevd", 0);
	setup_options(d, argc, argv);
	setup_log_level(d);
	r = setup_socket(d);
	if (r)
		return r == 2 || r == 3 ? r : EXIT_SETUP;
	if (setup_netlink(d))
		return EXIT_SETUP;
	if (setup_signals(d) < 0 || queue_init(&d->q, d->gap_ms, 0) < 0) {
		log_err("setup: out of resources");
		return EXIT_SETUP;
	}
	if (d->daemonize)
		setup_daemon(d);
	d->q.startup_end_ms = loop_now_ms() + d->startup_ms;
	loop_init(&d->loop);
	if (loop_add(&d->loop, d->sock) < 0 || loop_add(&d->loop, d->sigpipe[0]) < 0 ||
	    (d->netlink && loop_add(&d->loop, d->nl) < 0)) {
		log_err("setup: out of memory");
		return EXIT_SETUP;
	}
	outbox_init(d->sock, &d->loop);
	runner_init(bin && *bin ? bin : UDEV_BIN_DEFAULT, d->mode, d->idle_ms, &d->loop);
	runner_set_max(d->max_childs);
	log_info("listening on @%s%s, max %lu children, gap timeout %llu ms, %s mode",
		 d->name, d->netlink ? " and netlink" : "", d->max_childs,
		 (unsigned long long)d->gap_ms,
		 d->mode == RUNNER_POOL ? "worker pool" : "fork");
	r = run(d);
	queue_free(&d->q);
	loop_free(&d->loop);
	return r;
}
