/* SPDX-License-Identifier: GPL-2.0-only */
/* Fork mode of the runner (see runner.h): one UDEV_BIN process per event,
 * argv[1] = SUBSYSTEM, the event's environment. Pool mode uses it too, for
 * an UDEV_BIN that does not speak the worker protocol. */
#ifndef UDEVD_FORK_H
#define UDEVD_FORK_H

#include "ops.h"

extern const struct runner_ops fork_ops;

int fork_start(struct runner *r, struct event *ev, uint64_t now);
int fork_reaped(struct runner *r, pid_t pid, int st);

#endif
