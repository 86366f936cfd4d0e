/* SPDX-License-Identifier: GPL-2.0-only */
/* The interface of udevd's two ways to run an event (runner.h): the state
 * both modes share and the operations each gives. fork.c and pool.c fill
 * it in; runner.c chooses one and calls through it. */
#ifndef UDEVD_OPS_H
#define UDEVD_OPS_H

#include "loop.h"
#include "../queue/queue.h"

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

#endif
