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
/* 1 when the kernel started us as its event helper: no stderr (a helper
 * gets no descriptors) and kthreadd (pid 2) as our parent (the kernel's
 * helpers are its children since 2.6.36; a shell script the kernel ran has
 * no stderr either, but is not kthreadd). UDEVSEND_WAIT=queued says 1 and
 * =done 0 whoever started us. Before fd_sanitize(). */
int proc_by_kernel(void);

#endif
