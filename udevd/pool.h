/* SPDX-License-Identifier: GPL-2.0-only */
/* Pool mode of the runner (see runner.h): reused udev worker processes, one
 * SOCK_SEQPACKET socketpair each, one event at a time. */
#ifndef UDEVD_POOL_H
#define UDEVD_POOL_H

#include "runner.h"

void pool_init(const char *udev_bin, uint64_t idle_ms, struct loop *loop);
int pool_start(struct event *ev, uint64_t now);
/* Reads replies, reaps dead workers, ends the ones idle too long. */
void pool_reap(runner_done_fn *done, void *ctx);
void pool_set_max(unsigned long max);
void pool_reload(void);
int64_t pool_timeout(uint64_t now);
void pool_shutdown(void);
/* In a forked child before exec: default signal dispositions, nothing
 * blocked (runner.c). */
void runner_child_reset(void);

#endif
