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
#include "fd.h"
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

static struct {
	const char *bin;
	uint64_t idle_ms;
	struct loop *loop;
	unsigned long max, nlive;
	struct worker *head;
	int fallback;                 /* UDEV_BIN said no hello: fork mode */
} pool = { .bin = "/sbin/udev", .idle_ms = 3000, .max = 1 };

void pool_init(const char *udev_bin, uint64_t idle_ms, struct loop *loop)
{
	pool.bin = udev_bin;
	pool.idle_ms = idle_ms;
	pool.loop = loop;
}

void pool_set_max(unsigned long max)
{
	pool.max = max;
}

/* ---- the list -------------------------------------------------------------- */

static void list_unlink(struct worker *w)
{
	if (w->prev)
		w->prev->next = w->next;
	else
		pool.head = w->next;
	if (w->next)
		w->next->prev = w->prev;
	w->prev = w->next = NULL;
}

static void list_push(struct worker *w)
{
	w->next = pool.head;
	if (pool.head)
		pool.head->prev = w;
	pool.head = w;
}

static struct worker *find_pid(pid_t pid)
{
	struct worker *w;

	for (w = pool.head; w; w = w->next)
		if (w->pid == pid)
			return w;
	return NULL;
}

/* Closes the socket: an idle worker sees EOF and exits; the entry stays
 * until waitpid() reports the process. */
static void worker_end(struct worker *w)
{
	if (w->fd < 0)
		return;
	loop_del(pool.loop, w->fd);
	close(w->fd);
	w->fd = -1;
	pool.nlive--;
}

/* ---- starting a worker ----------------------------------------------------- */

static void worker_exec(int fd)
{
	char *argv[4];

	runner_child_reset();
	if (fd == MSG_WORKER_FD) {
		if (fcntl(fd, F_SETFD, 0) < 0)
			_exit(127);
	} else if (dup2(fd, MSG_WORKER_FD) < 0) {
		_exit(127);
	}
	argv[0] = (char *)pool.bin;
	argv[1] = (char *)MSG_WORKER_ARG;
	argv[2] = (char *)runner_get_arg();    /* udevcontrol log_priority */
	argv[3] = NULL;
	execve(pool.bin, argv, environ);
	_exit(127);
}

static struct worker *worker_spawn(void)
{
	struct worker *w = calloc(1, sizeof(*w));
	int sv[2], saved;

	if (!w)
		return NULL;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		goto fail;
	w->pid = fork();
	if (w->pid == 0)
		worker_exec(sv[1]);
	saved = errno;
	close(sv[1]);
	if (w->pid < 0 || loop_add(pool.loop, sv[0]) < 0) {
		if (w->pid > 0)
			kill(w->pid, SIGKILL);   /* reaped as an unknown child */
		close(sv[0]);
		errno = w->pid < 0 ? saved : ENOMEM;
		goto fail;
	}
	fd_nonblock(sv[0]);
	w->fd = sv[0];
	pool.nlive++;
	list_push(w);
	log_debug("worker %d started", (int)w->pid);
	return w;
fail:
	saved = errno;
	free(w);
	errno = saved;
	return NULL;
}

/* ---- running an event ------------------------------------------------------ */

static int worker_send(struct worker *w, struct event *ev)
{
	struct msg_hdr h;
	struct iovec iov[2];
	struct msghdr m;

	msg_init(&h, MSG_EVENT, ev->hdr.seqnum);
	h.flags = ev->hdr.flags;
	h.envlen = (uint32_t)ev->envlen;
	iov[0].iov_base = &h;
	iov[0].iov_len = sizeof(h);
	iov[1].iov_base = ev->env;
	iov[1].iov_len = ev->envlen;
	memset(&m, 0, sizeof(m));
	m.msg_iov = iov;
	m.msg_iovlen = 2;
	if (sendmsg(w->fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT) < 0)
		return -errno;
	return 0;
}

static struct worker *worker_idle(void)
{
	struct worker *w;

	for (w = pool.head; w; w = w->next)
		if (w->fd >= 0 && !w->ev && !w->retire)
			return w;
	return NULL;
}

/* A worker that cannot take the event (it died while idle) is ended and a
 * new one tries: the event was never delivered, so it runs once at most. */
int pool_start(struct event *ev, uint64_t now)
{
	struct worker *w = worker_idle();
	int tries, r = -EPIPE;

	for (tries = 0; tries < 2; tries++) {
		if (!w)
			w = worker_spawn();
		if (!w)
			return -errno;
		r = worker_send(w, ev);
		if (r == 0) {
			w->ev = ev;
			ev->pid = w->pid;
			ev->start_ms = now;
			ev->killed = 0;
			return 0;
		}
		log_warn("worker %d: cannot send: %s, ending it", (int)w->pid, strerror(-r));
		worker_end(w);
		w = NULL;
	}
	errno = -r;
	return r;
}

/* ---- results, deaths, idle ends -------------------------------------------- */

/* udev's codes are 0..15; anything else means it could not do the event. */
static int reply_rc(int32_t rc)
{
	return rc >= 0 && rc < MSG_RC_TIMEOUT ? rc : MSG_RC_NOT_RUN;
}

static void worker_read(struct worker *w, runner_done_fn *done, void *ctx)
{
	struct msg_hdr r;
	struct event *ev;
	ssize_t n = recv(w->fd, &r, sizeof(r), MSG_DONTWAIT);
	int ok = n == (ssize_t)sizeof(r) && msg_check(&r, sizeof(r)) == 0;

	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return;
	if (ok && !w->hello && r.type == MSG_WORKER_HELLO) {
		w->hello = 1;
		worker_read(w, done, ctx);   /* its ack may be there already */
		return;
	}
	if (ok && w->ev && r.type == MSG_ACK && r.seqnum == w->ev->hdr.seqnum) {
		w->hello = 1;   /* an ack says it too (a worker of release 001) */
		ev = w->ev;
		w->ev = NULL;
		w->idle_since = loop_now_ms();
		list_unlink(w);
		list_push(w);
		if (w->retire || pool.nlive > pool.max)
			worker_end(w);
		done(ctx, ev, reply_rc(r.rc));
		return;
	}
	if (n > 0) {
		log_err("worker %d: unexpected message, killing it", (int)w->pid);
		kill(w->pid, SIGKILL);
	}
	worker_end(w);   /* EOF: it died; waitpid() tells how */
}

/* A worker that ended without its hello (a wrapper script, an older udev:
 * it never read its event): from now on UDEV_BIN runs once per event, and
 * its event runs that way. 127: UDEV_BIN could not be executed at all. */
static struct event *no_hello(struct worker *w, int st)
{
	struct event *ev = w->ev;

	if (w->hello || (WIFEXITED(st) && WEXITSTATUS(st) == 127))
		return NULL;
	if (!pool.fallback)
		log_err("%s does not speak the worker protocol (no hello): fork mode until "
			"reload_rules", pool.bin);
	pool.fallback = 1;
	return ev && !ev->killed ? ev : NULL;
}

int pool_fallback(void)
{
	return pool.fallback;
}

static void worker_reaped(struct worker *w, int st, runner_done_fn *done, void *ctx,
			  struct event **rerun)
{
	struct event *ev = w->ev;
	pid_t pid = w->pid;
	int rc;

	*rerun = no_hello(w, st);
	worker_end(w);
	list_unlink(w);
	free(w);
	if (!ev || *rerun) {
		log_debug("worker %d ended", (int)pid);
		return;
	}
	if (WIFSIGNALED(st))
		log_err("udev for seqnum %llu (%s) killed by signal %d",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath, WTERMSIG(st));
	else
		log_err("udev worker for seqnum %llu (%s) exited with %d mid-event",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath, WEXITSTATUS(st));
	rc = MSG_RC_UNFINISHED;
	if (!ev->killed && WIFEXITED(st) && WEXITSTATUS(st) == 127)
		rc = MSG_RC_NOT_RUN;   /* UDEV_BIN could not be executed */
	done(ctx, ev, rc);
}

int pool_reaped(pid_t pid, int st, runner_done_fn *done, void *ctx, struct event **rerun)
{
	struct worker *w = find_pid(pid);

	*rerun = NULL;
	if (!w)
		return 0;
	worker_reaped(w, st, done, ctx, rerun);
	return 1;
}

void pool_end_idle(uint64_t now)
{
	struct worker *w;

	for (w = pool.head; w; w = w->next)
		if (w->fd >= 0 && !w->ev &&
		    (pool.nlive > pool.max || now >= w->idle_since + pool.idle_ms))
			worker_end(w);
}

void pool_read(runner_done_fn *done, void *ctx)
{
	struct worker *w, *next;

	for (w = pool.head; w; w = next) {
		next = w->next;
		if (w->fd >= 0)
			worker_read(w, done, ctx);
	}
}

int64_t pool_timeout(uint64_t now)
{
	struct worker *w;
	int64_t next = -1, t;

	for (w = pool.head; w; w = w->next) {
		if (w->fd < 0 || w->ev)
			continue;
		t = loop_until(now, w->idle_since + pool.idle_ms);
		if (next < 0 || t < next)
			next = t;
	}
	return next;
}

void pool_reload(void)
{
	struct worker *w;

	pool.fallback = 0;   /* UDEV_BIN may have been replaced: try the pool again */
	for (w = pool.head; w; w = w->next) {
		if (w->ev)
			w->retire = 1;
		else
			worker_end(w);
	}
}

void pool_shutdown(void)
{
	struct worker *w;

	for (w = pool.head; w; w = w->next)
		if (!w->ev)
			worker_end(w);
}
