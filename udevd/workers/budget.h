/* SPDX-License-Identifier: GPL-2.0-only */
/* How many udev processes help: one per CPU udevd may run on, plus one for
 * each running event whose process waits (sleeps, or waits on I/O) rather
 * than computes; never more than --max-childs. More processes than that only
 * compete with each other and with the kernel that feeds them. */
#ifndef UDEVD_BUDGET_H
#define UDEVD_BUDGET_H

#include "../queue/queue.h"

#include <stdint.h>

#define BUDGET_STAT_FDS 32    /* /proc/PID/stat kept open for this many processes */

struct budget {
	unsigned long ncpu;        /* CPUs udevd may run on (sched_getaffinity) */
	unsigned long limit;       /* events that may run, until next_ms */
	uint64_t next_ms;          /* when the running processes are looked at again */
	unsigned int turn;         /* counts the looks; a stat[] unseen in many is closed */
	int nstat;                 /* stat[] in use */
	struct {
		pid_t pid;         /* 0: unused */
		int fd;
		unsigned int turn;
	} stat[BUDGET_STAT_FDS];
};

void budget_init(struct budget *b);
/* How many events may run at once now, at most max (q: the running ones,
 * whose processes' state is read at most every few milliseconds). */
unsigned long budget_limit(struct budget *b, const struct queue *q, unsigned long max,
			   uint64_t now);
/* pid is gone (reaped): its kept file, if any, is closed. */
void budget_forget(struct budget *b, pid_t pid);
/* Milliseconds until budget_limit() may give another answer. */
int64_t budget_timeout(const struct budget *b, uint64_t now);

#endif
