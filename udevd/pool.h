/* SPDX-License-Identifier: GPL-2.0-only */
/* Pool mode of the runner (see runner.h): reused udev worker processes, one
 * SOCK_SEQPACKET socketpair each, one event at a time. */
#ifndef UDEVD_POOL_H
#define UDEVD_POOL_H

#include "runner.h"

void pool_init(const char *udev_bin, uint64_t idle_ms, struct loop *loop);
int pool_start(struct event *ev, uint64_t now);
/* Reads the workers' hellos and replies. */
void pool_read(runner_done_fn *done, void *ctx);
/* waitpid() reported pid: 1 when it was a worker (its event is done, or in
 * *rerun when it must run in fork mode: the worker never said hello). */
int pool_reaped(pid_t pid, int st, runner_done_fn *done, void *ctx, struct event **rerun);
/* Ends the workers idle too long, or beyond the limit. */
void pool_end_idle(uint64_t now);
/* 1 once UDEV_BIN has not said hello as a worker (until pool_reload). */
int pool_fallback(void);
void pool_set_max(unsigned long max);
void pool_reload(void);
int64_t pool_timeout(uint64_t now);
void pool_shutdown(void);
/* In a forked child before exec: default signal dispositions, nothing
 * blocked (runner.c). */
void runner_child_reset(void);

#endif
