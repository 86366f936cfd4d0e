/* SPDX-License-Identifier: GPL-2.0-only */
/* How udevd runs one event, behind one interface chosen at start-up: start
 * it, learn that it finished (with udevsend's code), kill it. Two modes: a
 * pool of reused `UDEV_BIN --worker` processes (pool.c, the default), or one
 * forked UDEV_BIN per event (fork.c, the legacy behaviour), both behind
 * struct runner_ops (ops.h). runner.c holds what both share: the choice
 * and the one child reaper; child.c the child's clean start. */
#ifndef UDEVD_RUNNER_H
#define UDEVD_RUNNER_H

#include "ops.h"

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
