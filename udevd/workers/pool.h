/* SPDX-License-Identifier: GPL-2.0-only */
/* Pool mode of the runner (see runner.h): reused udev worker processes, one
 * SOCK_SEQPACKET socketpair each, one event at a time. */
#ifndef UDEVD_POOL_H
#define UDEVD_POOL_H

#include "ops.h"

extern const struct runner_ops pool_ops;

/* The mode's state (runner->pool); an idle worker ends after idle_ms. */
struct pool *pool_new(uint64_t idle_ms);

#endif
