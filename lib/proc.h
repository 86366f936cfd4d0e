/* SPDX-License-Identifier: GPL-2.0-only */
/* fork() that rides out a transient shortage of processes or memory (a storm of
 * kernel helpers on a small pid_max or RLIMIT_NPROC): no stdio, no heap. */
#ifndef LIB_PROC_H
#define LIB_PROC_H

#include <sys/types.h>

/* How long the per-event helpers keep retrying before they give up. */
#define PROC_FORK_WAIT_MS 30000u
#define PROC_FORK_STEP_MS 50u

/* fork(), retried on EAGAIN and ENOMEM every PROC_FORK_STEP_MS for about
 * wait_ms in all. Returns what fork() returns (0 in the child, the pid in the
 * parent) or -errno of the last failure. */
pid_t proc_fork(unsigned int wait_ms);
/* getpid(), asked of the kernel once per process. A child forked by plain
 * fork() (not proc_fork) must exec or _exit without calling it. */
pid_t proc_self(void);

#endif
