// SPDX-License-Identifier: GPL-2.0-only
/* udevd: the sequencer daemon. Checks each sender at the door, orders events
 * by SEQNUM, serialises them per device chain, runs udev for each with bounded
 * concurrency and timeouts, and acks every event. */
#include "compat.h"
#include "setup.h"
#include "conf.h"
#include "fmt.h"
#include "log.h"
#include "layout.h"
#include "msg.h"
#include "door/marks.h"
#include "door/own.h"
#include "door/netlink.h"
#include "answer/ack.h"
#include "answer/outbox.h"
#include "queued.h"
#include "door/refuse.h"
#include "door/rescan.h"
#include "workers/child.h"
#include "str.h"
#include "workers/globals.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define KILL_GRACE_MS      2000     /* SIGTERM, then this long until SIGKILL */
#define QUEUE_MAX          16384    /* events beyond are acked 18 */
#define FORK_RETRY_MS      100      /* fork failed: nothing starts for this long */
#define FORK_GIVEUP_MS     30000    /* an event that finds no process this long: 18 */
#define RECV_PER_TURN      1024


static struct udevd udevd;

static void event_finished(void *ctx, struct event *ev, int rc)
{
	struct udevd *d = ctx;

	log_info("seqnum %llu %s %s: rc %d after %llu ms",
		 (unsigned long long)ev->hdr.seqnum, ev->u.action, ev->u.devpath, rc,
		 (unsigned long long)(loop_turn_ms() - ev->start_ms));
	dedup_done(&d->dedup, ev, rc);
	failed_note(&d->failed, ev->u.action, ev->u.devpath, ev->u.devpath_old, rc);
	if (udevd_netlink(d))   /* only its rescan asks */
		seen_note(&d->seen, ev, rc);
	monitor_send(&d->monitor, ev, rc);
	ack_event(ev, rc);
	if (ev->answered)
		journal_done(&d->journal, ev->hdr.seqnum);
	queue_done(&d->q, ev);
	event_free(ev);
	journal_trim(&d->journal);
	if (!d->journal.pending)
		sentry_release(d);
}

/* ---- messages -------------------------------------------------------------- */

/* --netlink, or after a replay of the journal: an event udevd has already
 * seen runs once; this copy gets the result (at once, or when the first copy
 * finishes). 1 when handled here. */
static int handle_duplicate(struct udevd *d, const struct message *m)
{
	struct dedup_slot *s;
	struct event_waiter *w;

	if ((!udevd_netlink(d) && !d->journal.replayed) || !(m->hdr->flags & MSG_F_SEQNUM) ||
	    !(s = dedup_find(&d->dedup, m->hdr->seqnum)))
		return 0;
	log_debug("seqnum %llu: second copy from udevsend, not run again",
		  (unsigned long long)m->hdr->seqnum);
	if (!s->ev) {
		ack_reply(m->hdr, s->rc, 0, m->from, m->fromlen);
		return 1;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		ack_reply(m->hdr, MSG_RC_NOT_RUN, 0, m->from, m->fromlen);
		return 1;
	}
	w->hdr = *m->hdr;
	w->addrlen = (size_t)m->fromlen <= sizeof(w->addr) ? m->fromlen :
		     (socklen_t)sizeof(w->addr);
	memcpy(&w->addr, m->from, (size_t)w->addrlen);
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
static void not_run(struct udevd *d, const struct message *m)
{
	if (m->hdr->flags & MSG_F_SEQNUM)
		dedup_remember(&d->dedup, m->hdr->seqnum, MSG_RC_NOT_RUN);
	ack_reply(m->hdr, MSG_RC_NOT_RUN, 0, m->from, m->fromlen);
}

/* udevd's own variables that came with the event are not udevd's: they go
 * (marks.h), in the received datagram itself; and the event's own
 * variables go first, the rest being its sender's caller's (own.h). */
static void drop_marks(const struct message *m)
{
	char *env = (char *)(m->hdr + 1);
	const char *mark, *devpath;

	m->hdr->envlen = (uint32_t)marks_drop(env, m->hdr->envlen, &mark);
	/* udevsend's parent's pid -> where the event's own variables end */
	m->hdr->arg = own_split(env, m->hdr->envlen, m->hdr->arg);
	if (!mark)
		return;
	devpath = msg_env_get(env, m->hdr->envlen, "DEVPATH");
	log_notice("seqnum %llu %s: %s in its environment dropped (only udevd sets it)",
		   (unsigned long long)m->hdr->seqnum, devpath ? devpath : "?", mark);
}

static void handle_event(struct udevd *d, const struct message *m)
{
	struct event *ev;

	if (handle_duplicate(d, m))
		return;
	if (d->terminating || queue_length(&d->q) >= QUEUE_MAX) {
		log_err("seqnum %llu not run: %s", (unsigned long long)m->hdr->seqnum,
			d->terminating ? "shutting down" : "queue full");
		not_run(d, m);
		return;
	}
	drop_marks(m);
	ev = event_new(m->hdr, m->from, m->fromlen, loop_turn_ms());
	if (!ev && errno == EINVAL) {
		refuse(&d->refusals, m, "event without ACTION, DEVPATH or SUBSYSTEM, or bad SEQNUM");
		return;
	}
	if (!ev) {
		log_err("seqnum %llu not run: out of memory", (unsigned long long)m->hdr->seqnum);
		not_run(d, m);
		return;
	}
	log_debug("seqnum %llu %s %s queued (%zu env)", (unsigned long long)ev->hdr.seqnum,
		  ev->u.action, ev->u.devpath, ev->u.nenv);
	note_seqnum(d, ev);
	dedup_track(&d->dedup, ev);   /* for duplicates (--netlink) and status queries */
	queue_insert(&d->q, ev, ev->arrival_ms);
	d->gather.took++;
	answer_queued(d, m, ev);
}

/* An event its predecessor answered "queued" and never finished: queued
 * again, without a sender; a copy that cannot be queued is closed. */
static void replayed_event(void *ctx, struct msg_event *m)
{
	static const struct sockaddr_un none = { .sun_family = AF_UNIX };
	struct udevd *d = ctx;
	struct event *ev = event_new(&m->hdr, &none, 0, loop_turn_ms());

	if (!ev) {
		log_err("journal: seqnum %llu not run again: %s", (unsigned long long)m->hdr.seqnum,
			errno == EINVAL ? "bad event" : "out of memory");
		journal_done(&d->journal, m->hdr.seqnum);
		return;
	}
	ev->answered = 1;
	note_seqnum(d, ev);
	dedup_track(&d->dedup, ev);
	queue_insert(&d->q, ev, ev->arrival_ms);
}

/* Once the name lock is ours: the journal, and what it holds from a
 * udevd that died before it ran the events it had answered "queued". */
static void setup_journal(struct udevd *d)
{
	uint64_t *done;
	size_t ndone;
	int r;

	d->journal.fd = -1;
	if (d->lockfd < 0 || d->name_held || d->ack_when_done)
		return;
	r = journal_open(&d->journal);
	if (r < 0) {
		log_warn("journal: %s: every helper waits for udev's code", strerror(-r));
		return;
	}
	r = journal_replay(&d->journal, replayed_event, d, &done, &ndone);
	journal_flush(&d->journal);
	/* the gaps between them are events it finished: no wait for those */
	if (r > 0)
		queue_skip(&d->q, done, ndone);
	else
		free(done);
	if (r < 0)
		log_err("journal: cannot read it: %s, ignoring", strerror(-r));
	else if (r > 0)
		log_notice("journal: %d events answered by the udevd before us, queued again", r);
}

/* ---- kernel events: netlink and the rescan after lost ones ----------------- */

/* A checked event from the kernel (or made by the rescan): queued without an
 * ack; dropped (logged) when udevd already has it or cannot take it. */
static void kernel_event(void *ctx, struct msg_event *m)
{
	static const struct sockaddr_un none = { .sun_family = AF_UNIX };
	struct udevd *d = ctx;
	struct event *ev;

	if ((m->hdr.flags & MSG_F_SEQNUM) && dedup_find(&d->dedup, m->hdr.seqnum)) {
		log_debug("seqnum %llu: already queued from udevsend, netlink copy dropped",
			  (unsigned long long)m->hdr.seqnum);
		return;
	}
	if (d->terminating || queue_length(&d->q) >= QUEUE_MAX) {
		log_err("kernel event %llu dropped: %s", (unsigned long long)m->hdr.seqnum,
			d->terminating ? "shutting down" : "queue full");
		return;
	}
	ev = event_new(&m->hdr, &none, 0, loop_turn_ms());
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
	dedup_track(&d->dedup, ev);
	queue_insert(&d->q, ev, ev->arrival_ms);
	d->gather.took++;
}

/* Drains the netlink socket; on ENOBUFS the kernel has dropped events. */
static void receive_netlink(struct udevd *d)
{
	static struct msg_event m;
	int i, r;

	for (i = 0; udevd_netlink(d) && i < RECV_PER_TURN; i++) {
		r = netlink_recv(d->nl, &m);
		d->gather.read += r == 1;
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
	n = rescan_run(&d->seen, kernel_event, d, &gone);
	if (n < 0)
		log_err("rescan: cannot read %s: %s", conf_file(), strerror(-n));
	else
		log_info("rescan: %d devices added, %d gone devices removed", n, gone);
}

/* udevcontrol log_priority reaches udev: every udev started from now on gets
 * "UDEVD_LOG_PRIORITY=N" as its argv[2] (log.h; pool workers and fork mode
 * alike), and no pool worker started before is used again. */
static void set_worker_log_level(struct udevd *d, uint32_t level)
{
	static char arg[sizeof(LOG_PRIORITY_ENV) + 12];

	fmt_s(arg, sizeof(arg), "%s=%u", LOG_PRIORITY_ENV, level);
	runner_set_arg(&d->runner, arg);
	runner_reload(&d->runner);
}

/* The udevcontrol command a control message carries, for the log. */
static const char *control_name(enum msg_type type)
{
	switch (type) {
	case MSG_CTL_STOP_EXEC: return "stop_exec_queue";
	case MSG_CTL_START_EXEC: return "start_exec_queue";
	case MSG_CTL_LOG_PRIORITY: return "log_priority";
	case MSG_CTL_MAX_CHILDS: return "max_childs";
	case MSG_CTL_RELOAD_RULES: return "reload_rules";
	case MSG_CTL_EXIT: return "exit";
	case MSG_CTL_ENV: return "env";
	default: return "?";
	}
}

static void start_termination(struct udevd *d);

/* control --env: each KEY=VALUE (msg_check made sure of the block) for
 * every event from now on, KEY= none; the first that cannot be is refused
 * (those before it hold). */
static int control_env(const struct msg_hdr *h)
{
	const char *p, *env = (const char *)(h + 1);
	char esc[160];

	for (p = env; p < env + h->envlen && *p; p += strlen(p) + 1) {
		str_escape(esc, p, sizeof(esc));
		if (globals_set(p) < 0) {
			log_err("control message env %s refused (no key, or no room)", esc);
			return MSG_RC_REFUSED;
		}
		log_info("control message env %s accepted", esc);
	}
	return 0;
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
		set_worker_log_level(d, h->arg);
		break;
	case MSG_CTL_MAX_CHILDS:
		if (h->arg < 1)
			return MSG_RC_REFUSED;
		d->max_childs = h->arg;
		runner_set_max(&d->runner, d->max_childs);
		break;
	case MSG_CTL_RELOAD_RULES:
		/* fork mode: udev reads its rules for every event; pool mode:
		 * no worker is reused that may hold the old ones */
		runner_reload(&d->runner);
		break;
	case MSG_CTL_QUEUE:
		receive_netlink(d);
		*arg = (uint32_t)queue_length(&d->q);
		break;
	case MSG_CTL_SEQNUM:
		/* what the kernel has broadcast is in the socket already */
		receive_netlink(d);
		*arg = (uint32_t)queue_count_upto(&d->q, h->seqnum) +
		       (!udevd_netlink(d) && d->max_seqnum < h->seqnum);
		break;
	case MSG_CTL_EXIT:
		start_termination(d);   /* the answer still goes (outbox) */
		break;
	case MSG_CTL_ENV:
		return control_env(h);
	case MSG_CTL_MONITOR:
		if (monitor_add(&d->monitor, d->passed) < 0)
			return MSG_RC_REFUSED;
		d->passed = -1;   /* the subscription's now */
		break;
	default:
		return MSG_RC_REFUSED;
	}
	/* queries (udevsend's liveness probe too) and subscriptions change nothing */
	if (h->type == MSG_CTL_QUEUE || h->type == MSG_CTL_SEQNUM || h->type == MSG_CTL_MONITOR)
		return 0;
	if (h->type == MSG_CTL_LOG_PRIORITY || h->type == MSG_CTL_MAX_CHILDS)
		log_info("control message %s=%u accepted", control_name(h->type), h->arg);
	else
		log_info("control message %s accepted", control_name(h->type));
	queue_kick(&d->q);
	return 0;
}

/* "Is event N done, with which code?" (udevsend's liveness probe): O(1)
 * from the record of recent events; without a SEQNUM (a cookie), pending
 * while udevd holds any event. arg: the events held, for the probe's pace. */
static void answer_status(struct udevd *d, const struct message *m)
{
	struct msg_hdr req = *m->hdr;
	int rc = 0;
	enum dedup_state st = DEDUP_UNKNOWN;
	size_t held = queue_length(&d->q);

	if (d->sentry.held && (req.flags & MSG_F_SEQNUM) && req.seqnum == d->sentry.hdr.seqnum) {
		st = DEDUP_PENDING;   /* the sentry waits on, probing at its fastest */
		held = 0;
	} else if (req.flags & MSG_F_SEQNUM)
		st = dedup_state(&d->dedup, req.seqnum, &rc);
	else if (held)
		st = DEDUP_PENDING;
	req.flags |= MSG_F_STATUS | (st == DEDUP_DONE ? MSG_F_DONE : 0) |
		     (st == DEDUP_PENDING ? MSG_F_PENDING : 0);
	ack_send(&req, st == DEDUP_DONE ? rc : 0, (uint32_t)held, m->from, m->fromlen,
		 OUTBOX_REPLY);
}

/* Trust is checked at the door, before anything reads the message. */
static void handle_message(struct udevd *d, const struct message *m, int trunc)
{
	uint32_t arg = 0;
	int rc;

	if (m->cred->uid == (uid_t)-1)
		refuse(&d->refusals, m, "no credentials");
	else if (m->cred->uid != 0)
		refuse(&d->refusals, m, "sender is not root");
	else if (trunc || msg_check(m->hdr, m->len) < 0)
		refuse(&d->refusals, m, "bad size, magic, type or environment");
	else if (m->hdr->type == MSG_EVENT)
		handle_event(d, m);
	else if (m->hdr->type == MSG_ACK)
		refuse(&d->refusals, m, "ack sent to udevd");
	else if (m->hdr->type == MSG_CTL_STATUS) {
		answer_taken(d);   /* the sentry is the newest taken */
		answer_status(d, m);
	} else {
		answer_taken(d);   /* before a command changes the queue */
		rc = handle_control(d, m->hdr, &arg);
		ack_reply(m->hdr, rc, arg, m->from, m->fromlen);
	}
}

/* Empties the socket every turn so that no udevsend waits on a full queue. */
static void receive_all(struct udevd *d)
{
	static union {
		struct msg_hdr hdr;
		char raw[sizeof(struct msg_event) + 1];
	} buf;
	struct sockaddr_un from;
	struct ucred cred;
	struct message m = { &buf.hdr, 0, &cred, &from, 0 };
	int trunc, i;
	ssize_t n;

	own_turn();
	for (i = 0; i < RECV_PER_TURN; i++) {
		m.fromlen = sizeof(from);
		n = msg_recv_fd(d->sock, buf.raw, sizeof(buf.raw), &from, &m.fromlen, &cred,
				&trunc, &d->passed);
		if (n == -EINTR)
			continue;
		if (n < 0) {
			if (n != -EAGAIN && n != -EWOULDBLOCK)
				log_err("recvmsg: %s, ignoring", strerror((int)-n));
			break;
		}
		m.len = (size_t)n;
		d->gather.read++;
		handle_message(d, &m, trunc);
		if (d->passed >= 0)
			close(d->passed);
	}
	answer_taken(d);
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

/* How many more events may start now (budget.h); notes when ready events
 * wait for the budget only, which is looked at again soon. */
static size_t room(struct udevd *d, uint64_t now)
{
	unsigned long limit = budget_limit(&d->budget, &d->q, d->max_childs, now);
	size_t running = queue_running(&d->q);

	d->budget_held = running >= limit && limit < d->max_childs && queue_ready(&d->q);
	return running < limit ? limit - running : 0;
}

static void run_queue(struct udevd *d, uint64_t now)
{
	struct event *evs[64];
	size_t i, n, r;

	queue_release(&d->q, now);
	d->budget_held = 0;
	while (!d->stopped && !d->terminating && d->fork_retry_ms <= now &&
	       (r = room(d, now)) > 0) {
		n = queue_next_runnable(&d->q, evs, r < 64 ? r : 64);
		if (n == 0)
			return;
		for (i = 0; i < n; i++) {
			if (d->fork_retry_ms > now) {          /* an earlier one failed */
				queue_unrun(&d->q, evs[i]);
			} else if (runner_start(&d->runner, evs[i], now) == 0) {
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
	for (ev = queue_running_next(&d->q, NULL); ev; ev = queue_running_next(&d->q, ev)) {
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

static void start_termination(struct udevd *d)
{
	struct event *ev;

	if (d->terminating)
		return;
	d->terminating = 1;
	log_info("terminating: %zu running events finish, the waiting ones are acked %d",
		 queue_running(&d->q), MSG_RC_NOT_RUN);
	while ((ev = queue_take_waiting(&d->q))) {
		log_err("seqnum %llu %s not run: shutting down",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath);
		dedup_done(&d->dedup, ev, MSG_RC_NOT_RUN);
		ack_event(ev, MSG_RC_NOT_RUN);
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
			else if (sigs[i] == SIGCHLD)
				d->reap = 1;
}
/* ---- the loop -------------------------------------------------------------- */

/* What loop_wait() found ready, and only that: the workers' results before
 * the deaths of their processes, then new messages; during a gather
 * (door/gather.h) the doors are read whenever udevd is awake. */
static void dispatch(struct udevd *d, int doors)
{
	if (loop_ready(&d->loop, d->sigpipe[0]))
		handle_signals(d);
	/* before the results: a write the event's own programs made is seen
	 * while that event still runs (watch.h) */
	if (d->watch.fd >= 0 && loop_ready(&d->loop, d->watch.fd))
		watch_read(&d->watch, &d->q, kernel_event, d);
	runner_read(&d->runner);
	if (d->reap) {
		d->reap = 0;
		runner_reap(&d->runner);
	}
	if (doors || loop_ready(&d->loop, d->sock))
		receive_all(d);
	if (udevd_netlink(d) && (doors || loop_ready(&d->loop, d->nl)))
		receive_netlink(d);
}

static int64_t next_timeout(struct udevd *d, uint64_t now)
{
	int64_t timeout;

	timeout = min_timeout(queue_timeout(&d->q, now), check_exec_timeouts(d, now));
	timeout = min_timeout(timeout, runner_timeout(&d->runner, now));
	timeout = min_timeout(timeout, outbox_timeout(now));
	if (d->fork_retry_ms > now)
		timeout = min_timeout(timeout, (int64_t)(d->fork_retry_ms - now));
	if (d->name_held)
		timeout = min_timeout(timeout, d->name_retry_ms > now ?
				      (int64_t)(d->name_retry_ms - now) : 0);
	if (d->budget_held)
		timeout = min_timeout(timeout, budget_timeout(&d->budget, now));
	return min_timeout(timeout, gather_timeout(&d->gather, now));
}

/* for (;;) { wait; reap; receive; run queue; } — one clock, computed
 * timeouts. The clock is read once a turn, right after the wait
 * (loop_tick), and that reading serves the whole turn: the events'
 * arrival, the reaping, the queue, the replies and the next wait's
 * timeout, which is then long by what the turn took (under klibc each
 * reading is a system call, times(), with a 10 ms step: a storm paid
 * four or five of them an event). A rescan, which can take long, reads
 * it again. */
static int run(struct udevd *d)
{
	uint64_t now = loop_turn_ms();
	size_t n;
	int ready, doors;

	for (;;) {
		ready = loop_wait(&d->loop, next_timeout(d, now));
		now = loop_tick();
		doors = gather_begin(&d->gather, &d->loop, now);
		if (ready > 0 || doors)
			dispatch(d, doors);
		runner_tick(&d->runner, now);
		if (HAVE_NETLINK && d->rescan && !d->terminating) {
			rescan(d);
			now = loop_tick();
		}
		run_queue(d, now);
		journal_flush(&d->journal);   /* the turn's ends, one write */
		outbox_flush(now);
		gather_end(&d->gather, &d->loop, now, queue_length(&d->q));
		setup_name_retry(d, now);
		if (d->terminating && queue_running(&d->q) == 0)
			break;
	}
	if ((n = outbox_drain(1000)))
		log_warn("%zu kept replies not delivered", n);
	runner_shutdown(&d->runner);
	refusals_flush(&d->refusals);
	log_info("all events acked, exiting");
	return 0;
}

/* A reaped child's /proc/PID/stat is not kept for its pid's next owner. */
static void child_gone(void *ctx, pid_t pid)
{
	budget_forget(&((struct udevd *)ctx)->budget, pid);
}

/* The loop's descriptors, the outbox, the runner. */
static int setup_loop(struct udevd *d)
{
	const char *bin = getenv("UDEV_BIN");

	loop_init(&d->loop);
	if (loop_add(&d->loop, d->sock) < 0 || loop_add(&d->loop, d->sigpipe[0]) < 0 ||
	    (udevd_netlink(d) && loop_add(&d->loop, d->nl) < 0))
		return -ENOMEM;
	outbox_init(d->sock, &d->loop);
	if (runner_init(&d->runner, d->mode, bin && *bin ? bin : UDEV_BIN_DEFAULT, d->idle_ms,
			&d->loop, &d->q, event_finished, d) < 0)
		return -ENOMEM;
	runner_set_max(&d->runner, d->max_childs);
	if (watch_init(&d->watch) < 0 || loop_add(&d->loop, d->watch.fd) < 0)
		log_info("watch: no inotify on udev_db, OPTIONS watch not followed");
	d->runner.gone = child_gone;
	budget_init(&d->budget);
	gather_init(&d->gather, d->qlen, d->sock, udevd_netlink(d) ? d->nl : -1);
	return 0;
}

/* --nice (NICE_DEFAULT): udevd itself at that nice value, its children back
 * at the one it had. In a storm every waiting helper wants the CPU that
 * udevd needs to answer it: a daemon that answers sooner keeps fewer of
 * them alive (under qemu, 512 disks: 58-60 helpers alive at once against
 * 193-307, the lowest MemAvailable 66 MiB against 51-58). */
static void setup_nice(struct udevd *d)
{
	int before;

	errno = 0;
	before = getpriority(PRIO_PROCESS, 0);
	if (errno)
		before = 0;
	if (d->nice == before)
		return;
	if (setpriority(PRIO_PROCESS, 0, d->nice) < 0) {
		/* (not root: the default is no error, a value asked for is) */
		if (d->nice_given)
			log_warn("--nice=%d: %s, staying at %d", d->nice, strerror(errno), before);
		else
			log_info("nice %d: %s, staying at %d", d->nice, strerror(errno), before);
		return;
	}
	child_nice(before);
}

int main(int argc, char **argv)
{
	struct udevd *d = &udevd;
	int r;

	r = setup(d, argc, argv);
	if (r)
		return r;
	if (d->daemonize)
		setup_daemon(d);
	else if ((r = setup_lock(d)))
		return r;
	setup_nice(d);
	/* the start-up window opens now, in the process that stays */
	if (queue_init(&d->q, d->gap_ms, loop_now_ms() + d->startup_ms) < 0 ||
	    setup_loop(d) < 0) {
		log_err("setup: out of memory");
		return EXIT_SETUP;
	}
	if (d->have_expected_seq)
		queue_expect(&d->q, d->expected_seq);
	setup_journal(d);
	log_info("listening on @%s%s, max %lu children (%lu CPUs), gap timeout %llu ms, %s mode",
		 d->name, d->name_held ? " (when it is ours) and netlink" : udevd_netlink(d) ? " and netlink" : "",
		 d->max_childs, d->budget.ncpu,
		 (unsigned long long)d->gap_ms,
		 d->mode == RUNNER_POOL ? "worker pool" : "fork");
	r = run(d);
	queue_free(&d->q);
	loop_free(&d->loop);
	return r;
}
