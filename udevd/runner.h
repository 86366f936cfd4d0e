/* SPDX-License-Identifier: GPL-2.0-only */
/* How udevd runs one event, behind three calls: start it, learn that it
 * finished (with udevsend's code), kill it. Today: one forked UDEV_BIN per
 * event; a worker pool can replace runner.c without touching the loop. */
#ifndef UDEVD_RUNNER_H
#define UDEVD_RUNNER_H

#include "queue.h"

typedef void runner_done_fn(void *ctx, struct event *ev, int rc);

/* UDEV_BIN: run with argv[1] = SUBSYSTEM and the event's exact environment. */
void runner_init(const char *udev_bin);
/* Starts ev (sets ev->pid, ev->start_ms); -errno when it could not. */
int runner_start(struct event *ev, uint64_t now);
/* Collects every finished event among q's running ones; done() gets 0..15
 * as udev exited, 18 when it could not run, 19 when it crashed or was killed. */
void runner_reap(struct queue *q, runner_done_fn *done, void *ctx);
/* Sends sig to the event's udev. */
void runner_kill(struct event *ev, int sig);

#endif
