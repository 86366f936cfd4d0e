/* SPDX-License-Identifier: GPL-2.0-only */
/* How udevd runs one event, behind one interface chosen at start-up: start
 * it, learn that it finished (with udevsend's code), kill it. Two modes: a
 * pool of reused `UDEV_BIN --worker` processes (pool.c, the default), or one
 * forked UDEV_BIN per event (fork.c, the legacy behaviour). runner.c holds
 * what both share: the choice, the one child reaper, the child's clean start. */
#ifndef UDEVD_RUNNER_H
#define UDEVD_RUNNER_H

#include "loop.h"
#include "queue.h"

#include <sys/types.h>

enum runner_mode { RUNNER_POOL, RUNNER_FORK };

/* rc: 0..15 as udev exited, 18 when it could not run, 19 when it crashed
 * or was killed. */
typedef void runner_done_fn(void *ctx, struct event *ev, int rc);

struct runner;
struct pool;

/* One mode. Optional entries are NULL where the mode has nothing to do. */
struct runner_ops {
	/* Starts ev (sets ev->pid, ev->start_ms); -errno when it could not. */
	int (*start)(struct runner *r, struct event *ev, uint64_t now);
	/* waitpid() reported pid: finishes its event; 0 when pid is not the
	 * mode's (nor a running event's). */
	int (*reaped)(struct runner *r, pid_t pid, int st);
	/* Reads the mode's descriptors that the last loop_wait() found ready. */
	void (*read)(struct runner *r);
	/* Each turn, after reading and reaping: ends what is idle too long. */
	void (*tick)(struct runner *r, uint64_t now);
	/* At most max processes are kept. */
	void (*set_max)(struct runner *r, unsigned long max);
	/* Rules or udev.conf changed: no process that may hold them is reused. */
	void (*reload)(struct runner *r);
	/* Milliseconds until tick() has work, -1 when none. */
	int64_t (*timeout)(struct runner *r, uint64_t now);
	/* udevd exits: ends every idle process. */
	void (*shutdown)(struct runner *r);
};

/* A child of udevd (a udev, a worker) was reaped: pid is gone. */
typedef void runner_gone_fn(void *ctx, pid_t pid);

struct runner {
	const struct runner_ops *ops;
	const char *bin;              /* UDEV_BIN */
	const char *arg;              /* argv[2] of every udev started, or NULL */
	struct loop *loop;
	struct queue *q;              /* its running events */
	runner_done_fn *done;
	void *ctx;
	struct pool *pool;            /* pool mode's state */
	runner_gone_fn *gone;         /* told of every child reaped, or NULL */
};

/* UDEV_BIN: fork mode runs it with argv[1] = SUBSYSTEM and the event's exact
 * environment; pool mode starts it as a worker (their sockets join loop; an
 * idle one ends after idle_ms). Finished events go to done(ctx, ...). */
int runner_init(struct runner *r, enum runner_mode mode, const char *udev_bin,
		uint64_t idle_ms, struct loop *loop, struct queue *q,
		runner_done_fn *done, void *ctx);
/* Collects every child waitpid() reports (after SIGCHLD). */
void runner_reap(struct runner *r);
/* Sends sig to the process running the event. */
void runner_kill(struct event *ev, int sig);
/* Every udev started from now on gets arg as its argv[2] (udevcontrol
 * log_priority's "UDEVD_LOG_PRIORITY=N", log.h). */
void runner_set_arg(struct runner *r, const char *arg);
/* In a forked child before exec: default signal dispositions, nothing
 * blocked. */
void runner_child_reset(void);

static inline int runner_start(struct runner *r, struct event *ev, uint64_t now)
{
	return r->ops->start(r, ev, now);
}

static inline void runner_read(struct runner *r)
{
	if (r->ops->read)
		r->ops->read(r);
}

static inline void runner_tick(struct runner *r, uint64_t now)
{
	if (r->ops->tick)
		r->ops->tick(r, now);
}

static inline void runner_set_max(struct runner *r, unsigned long max)
{
	if (r->ops->set_max)
		r->ops->set_max(r, max);
}

static inline void runner_reload(struct runner *r)
{
	if (r->ops->reload)
		r->ops->reload(r);
}

static inline int64_t runner_timeout(struct runner *r, uint64_t now)
{
	return r->ops->timeout ? r->ops->timeout(r, now) : -1;
}

static inline void runner_shutdown(struct runner *r)
{
	if (r->ops->shutdown)
		r->ops->shutdown(r);
}

#endif
