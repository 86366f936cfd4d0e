/* SPDX-License-Identifier: GPL-2.0-only */
/* How udevd runs one event, behind a few calls: start it, learn that it
 * finished (with udevsend's code), kill it. Two modes: a pool of reused
 * `UDEV_BIN --worker` processes (pool.c, the default), or one forked
 * UDEV_BIN per event (runner.c, the legacy behaviour). */
#ifndef UDEVD_RUNNER_H
#define UDEVD_RUNNER_H

#include "loop.h"
#include "queue.h"

enum runner_mode { RUNNER_POOL, RUNNER_FORK };

typedef void runner_done_fn(void *ctx, struct event *ev, int rc);

/* UDEV_BIN: fork mode runs it with argv[1] = SUBSYSTEM and the event's exact
 * environment; pool mode starts it as a worker. Worker sockets join loop;
 * an idle worker ends after idle_ms. */
void runner_init(const char *udev_bin, enum runner_mode mode, uint64_t idle_ms,
		 struct loop *loop);
/* Starts ev (sets ev->pid, ev->start_ms); -errno when it could not. */
int runner_start(struct event *ev, uint64_t now);
/* Collects every finished event among q's running ones; done() gets 0..15
 * as udev exited, 18 when it could not run, 19 when it crashed or was killed. */
void runner_reap(struct queue *q, runner_done_fn *done, void *ctx);
/* Sends sig to the process running the event. */
void runner_kill(struct event *ev, int sig);
/* Pool mode: at most max workers are kept; reload ends the idle workers and
 * retires the busy ones after their event (rules or udev.conf changed). */
void runner_set_max(unsigned long max);
void runner_reload(void);
/* Every udev started from now on (fork mode and pool workers) gets arg as
 * its argv[2] (udevcontrol log_priority's "UDEVD_LOG_PRIORITY=N", log.h). */
void runner_set_arg(const char *arg);
const char *runner_get_arg(void);
/* Milliseconds until an idle worker is due to end, -1 when none. */
int64_t runner_timeout(uint64_t now);
/* Ends every idle worker (udevd exits). */
void runner_shutdown(void);

#endif
