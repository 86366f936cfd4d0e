// SPDX-License-Identifier: GPL-2.0-only
/* Pool mode: reused udev worker processes (see pool.h, msg.h).
 *
 * Design note. A worker is `UDEV_BIN --worker` with a SOCK_SEQPACKET
 * socketpair on fd 3; it handles one event at a time and answers each with
 * an ack record. udevd owns the worker's life: it starts one when no idle
 * worker is left (the queue already bounds how many run), gives the most
 * recently used idle worker the next event, and ends a worker by closing
 * its socket (idle too long, rules reloaded, limit lowered); the worker
 * sees EOF and exits. A worker that dies mid-event (crash, exec timeout
 * kill) is noticed through EOF and SIGCHLD; its event is acked 19 when
 * waitpid() reports it, and never given to another worker. A worker says
 * hello first; one that ends without it (UDEV_BIN is a wrapper script or an
 * older udev) never read its event, which then runs in fork mode, as every
 * later one does until the rules are reloaded. */
#include "compat.h"
#include "pool.h"
#include "child.h"
#include "fork.h"
#include "fd.h"
#include "globals.h"
#include "log.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

struct worker {
	struct worker *prev, *next;   /* most recently idle first */
	pid_t pid;
	int fd;                       /* -1 once ended, until reaped */
	struct event *ev;             /* in flight */
	uint64_t idle_since;
	int retire;                   /* end once the event is done */
	int hello;                    /* it said MSG_WORKER_HELLO */
};

struct pool {
	uint64_t idle_ms;
	unsigned long max, nlive;
	struct worker *head;
	int fallback;                 /* UDEV_BIN said no hello: fork mode */
};

struct pool *pool_new(uint64_t idle_ms)
{
	struct pool *p = calloc(1, sizeof(*p));

	if (p) {
		p->idle_ms = idle_ms;
		p->max = 1;
	}
	return p;
}

static void pool_set_max(struct runner *r, unsigned long max)
{
	r->pool->max = max;
}

/* ---- the list -------------------------------------------------------------- */

static void list_unlink(struct pool *p, struct worker *w)
{
	if (w->prev)
		w->prev->next = w->next;
	else
		p->head = w->next;
	if (w->next)
		w->next->prev = w->prev;
	w->prev = w->next = NULL;
}

static void list_push(struct pool *p, struct worker *w)
{
	w->next = p->head;
	if (p->head)
		p->head->prev = w;
	p->head = w;
}

/* Closes the socket: an idle worker sees EOF and exits; the entry stays
 * until waitpid() reports the process. */
static void worker_end(struct runner *r, struct worker *w)
{
	if (w->fd < 0)
		return;
	loop_del(r->loop, w->fd);
	close(w->fd);
	w->fd = -1;
	r->pool->nlive--;
}

/* ---- starting a worker ----------------------------------------------------- */

static void worker_exec(const struct runner *r, int fd)
{
	char *argv[4];

	child_reset();
	if (fd == MSG_WORKER_FD) {
		if (fcntl(fd, F_SETFD, 0) < 0)
			_exit(127);
	} else if (dup2(fd, MSG_WORKER_FD) < 0) {
		_exit(127);
	}
	argv[0] = (char *)r->bin;
	argv[1] = (char *)MSG_WORKER_ARG;
	argv[2] = (char *)r->arg;    /* udevcontrol log_priority */
	argv[3] = NULL;
	execve(r->bin, argv, environ);
	_exit(127);
}

static struct worker *worker_spawn(struct runner *r)
{
	struct worker *w = calloc(1, sizeof(*w));
	int sv[2], saved;

	if (!w)
		return NULL;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		goto fail;
	w->pid = fork();
	if (w->pid == 0)
		worker_exec(r, sv[1]);
	saved = errno;
	close(sv[1]);
	if (w->pid < 0 || loop_add(r->loop, sv[0]) < 0) {
		if (w->pid > 0)
			kill(w->pid, SIGKILL);   /* reaped as an unknown child */
		close(sv[0]);
		errno = w->pid < 0 ? saved : ENOMEM;
		goto fail;
	}
	fd_nonblock(sv[0]);
	w->fd = sv[0];
	r->pool->nlive++;
	list_push(r->pool, w);
	log_debug("worker %d started", (int)w->pid);
	return w;
fail:
	saved = errno;
	free(w);
	errno = saved;
	return NULL;
}

/* ---- running an event ------------------------------------------------------ */

/* The event's environment, control --env's variables it lacks, and, where
 * it fits, UDEVD_EVENT=1 (msg.h; fork mode puts them in envp: fork.c). */
static int worker_send(struct worker *w, struct event *ev)
{
	static const char mark[] = MSG_UDEVD_EVENT;
	static char globals[GLOBALS_MAX];
	struct msg_hdr h;
	struct iovec iov[4];
	struct msghdr m;
	size_t room = MSG_ENV_MAX - ev->envlen;

	msg_init(&h, MSG_EVENT, ev->hdr.seqnum);
	h.flags = ev->hdr.flags;
	iov[0].iov_base = &h;
	iov[0].iov_len = sizeof(h);
	iov[1].iov_base = ev->env;
	iov[1].iov_len = ev->envlen;
	iov[2].iov_base = globals;
	iov[2].iov_len = globals_for(ev->env, ev->envlen, globals,
				     room < sizeof(globals) ? room : sizeof(globals));
	iov[3].iov_base = (void *)mark;
	iov[3].iov_len = ev->envlen + iov[2].iov_len + sizeof(mark) <= MSG_ENV_MAX ? sizeof(mark) : 0;
	h.envlen = (uint32_t)(ev->envlen + iov[2].iov_len + iov[3].iov_len);
	memset(&m, 0, sizeof(m));
	m.msg_iov = iov;
	m.msg_iovlen = 4;
	if (sendmsg(w->fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		return -errno;
	return 0;
}

static struct worker *worker_idle(const struct pool *p)
{
	struct worker *w;

	for (w = p->head; w; w = w->next)
		if (w->fd >= 0 && !w->ev && !w->retire)
			return w;
	return NULL;
}

/* A worker that cannot take the event (it died while idle) is ended and a
 * new one tries: the event was never delivered, so it runs once at most.
 * Once UDEV_BIN has not said hello, fork mode runs the events. */
static int pool_start(struct runner *r, struct event *ev, uint64_t now)
{
	struct worker *w = worker_idle(r->pool);
	int tries, ret = -EPIPE;

	if (r->pool->fallback)
		return fork_start(r, ev, now);
	for (tries = 0; tries < 2; tries++) {
		if (!w)
			w = worker_spawn(r);
		if (!w)
			return -errno;
		ret = worker_send(w, ev);
		if (ret == 0) {
			w->ev = ev;
			ev->pid = w->pid;
			ev->start_ms = now;
			ev->killed = 0;
			ev->starting = !w->hello;
			return 0;
		}
		log_warn("worker %d: cannot send: %s, ending it", (int)w->pid, strerror(-ret));
		worker_end(r, w);
		w = NULL;
	}
	errno = -ret;
	return ret;
}

/* ---- results, deaths, idle ends -------------------------------------------- */

/* udev's codes are 0..15; anything else means it could not do the event. */
static int reply_rc(int32_t rc)
{
	return rc >= 0 && rc < MSG_RC_TIMEOUT ? rc : MSG_RC_NOT_RUN;
}

/* The worker's event is done: it is the most recently idle one now. Its
 * answer's properties (msg.h) go with the event to done(). */
static void worker_done(struct runner *r, struct worker *w, const struct msg_event *m)
{
	struct pool *p = r->pool;
	struct event *ev = w->ev;
	int rc = m->hdr.rc;

	w->ev = NULL;
	w->idle_since = loop_turn_ms();
	list_unlink(p, w);
	list_push(p, w);
	if (w->retire || p->nlive > p->max)
		worker_end(r, w);
	ev->props = m->hdr.envlen ? m->env : NULL;
	ev->propslen = m->hdr.envlen;
	r->done(r->ctx, ev, reply_rc(rc));
}

static void worker_read(struct runner *r, struct worker *w)
{
	static union {
		struct msg_event ev;
		char raw[sizeof(struct msg_event) + 1];
	} buf;
	const struct msg_hdr *h = &buf.ev.hdr;
	ssize_t n = recv(w->fd, buf.raw, sizeof(buf.raw), MSG_DONTWAIT);
	int ok = n >= (ssize_t)sizeof(*h) && msg_check(buf.raw, (size_t)n) == 0;

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (ok && !w->hello && h->type == MSG_WORKER_HELLO) {
		w->hello = 1;
		if (w->ev)
			w->ev->starting = 0;
		worker_read(r, w);   /* its ack may be there already */
		return;
	}
	if (ok && w->ev && h->type == MSG_ACK && h->seqnum == w->ev->hdr.seqnum) {
		w->hello = 1;   /* an ack says it too (a worker of release 001) */
		worker_done(r, w, &buf.ev);
		return;
	}
	if (n > 0) {
		log_err("worker %d: unexpected message, killing it", (int)w->pid);
		kill(w->pid, SIGKILL);
	}
	worker_end(r, w);   /* EOF: it died; waitpid() tells how */
}

/* The workers whose sockets loop_wait() found ready. */
static void pool_read(struct runner *r)
{
	struct worker *w, *next;

	for (w = r->pool->head; w; w = next) {
		next = w->next;
		if (w->fd >= 0 && loop_ready(r->loop, w->fd))
			worker_read(r, w);
	}
}

/* A worker that ended without its hello (a wrapper script, an older udev:
 * it never read its event): from now on UDEV_BIN runs once per event, and
 * its event runs that way. 127: UDEV_BIN could not be executed at all. */
static struct event *no_hello(struct runner *r, struct worker *w, int st)
{
	struct event *ev = w->ev;

	if (w->hello || (WIFEXITED(st) && WEXITSTATUS(st) == 127))
		return NULL;
	if (!r->pool->fallback)
		log_err("%s does not speak the worker protocol (no hello): fork mode until "
			"reload_rules", r->bin);
	r->pool->fallback = 1;
	return ev && !ev->killed ? ev : NULL;
}

static void worker_died(struct runner *r, struct event *ev, int st)
{
	int rc = MSG_RC_UNFINISHED;

	if (WIFSIGNALED(st))
		log_err("udev for seqnum %llu (%s) killed by signal %d",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath, WTERMSIG(st));
	else
		log_err("udev worker for seqnum %llu (%s) exited with %d mid-event",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath, WEXITSTATUS(st));
	if (!ev->killed && WIFEXITED(st) && WEXITSTATUS(st) == 127)
		rc = MSG_RC_NOT_RUN;   /* UDEV_BIN could not be executed */
	r->done(r->ctx, ev, rc);
}

/* The event of a worker that never said hello runs again in fork mode. */
static void rerun(struct runner *r, struct event *ev)
{
	if (fork_start(r, ev, loop_turn_ms()) == 0)
		return;
	log_err("seqnum %llu: cannot fork udev: %s", (unsigned long long)ev->hdr.seqnum,
		strerror(errno));
	r->done(r->ctx, ev, MSG_RC_NOT_RUN);
}

/* A worker's death; otherwise a child of fork mode (the fallback). An ack
 * still in the dead worker's socket is read first. */
static int pool_reaped(struct runner *r, pid_t pid, int st)
{
	struct worker *w;
	struct event *ev, *again;

	for (w = r->pool->head; w && w->pid != pid; w = w->next)
		;
	if (!w)
		return fork_reaped(r, pid, st);
	if (w->ev && w->fd >= 0)
		worker_read(r, w);
	ev = w->ev;
	again = no_hello(r, w, st);
	worker_end(r, w);
	list_unlink(r->pool, w);
	free(w);
	if (again)
		rerun(r, again);
	else if (ev)
		worker_died(r, ev, st);
	else
		log_debug("worker %d ended", (int)pid);
	return 1;
}

/* Ends the workers idle too long, or beyond the limit. */
static void pool_tick(struct runner *r, uint64_t now)
{
	struct pool *p = r->pool;
	struct worker *w;

	for (w = p->head; w; w = w->next)
		if (w->fd >= 0 && !w->ev &&
		    (p->nlive > p->max || now >= w->idle_since + p->idle_ms))
			worker_end(r, w);
}

static int64_t pool_timeout(struct runner *r, uint64_t now)
{
	struct worker *w;
	int64_t next = -1, t;

	for (w = r->pool->head; w; w = w->next) {
		if (w->fd < 0 || w->ev)
			continue;
		t = loop_until(now, w->idle_since + r->pool->idle_ms);
		if (next < 0 || t < next)
			next = t;
	}
	return next;
}

/* Ends the idle workers and retires the busy ones after their event. */
static void pool_reload(struct runner *r)
{
	struct worker *w;

	r->pool->fallback = 0;   /* UDEV_BIN may have been replaced: try the pool again */
	for (w = r->pool->head; w; w = w->next) {
		if (w->ev)
			w->retire = 1;
		else
			worker_end(r, w);
	}
}

static void pool_shutdown(struct runner *r)
{
	struct worker *w;

	for (w = r->pool->head; w; w = w->next)
		if (!w->ev)
			worker_end(r, w);
}

const struct runner_ops pool_ops = {
	.start = pool_start,
	.reaped = pool_reaped,
	.read = pool_read,
	.tick = pool_tick,
	.set_max = pool_set_max,
	.reload = pool_reload,
	.timeout = pool_timeout,
	.shutdown = pool_shutdown,
};
