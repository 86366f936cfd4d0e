// SPDX-License-Identifier: GPL-2.0-only
/* The worker budget (see budget.h). A process's state is the third field of
 * /proc/PID/stat: R computes (or waits for a CPU), S and D wait, T is
 * stopped. A process that started its event only now may not have woken up
 * yet: it counts as computing until it has had BUDGET_SETTLE_MS, and a pool
 * worker until it has said hello (its start-up reads files, then computes). */
#include "compat.h"
#include "budget.h"
#include "fd.h"
#include "fmt.h"

#include <string.h>

#define BUDGET_SAMPLE_MS 10     /* the processes are looked at this often at most */
#define BUDGET_SETTLE_MS 10     /* an event's process younger than this computes */

void budget_init(struct budget *b)
{
	memset(b, 0, sizeof(*b));
	b->ncpu = (unsigned long)compat_cpus_usable();
}

/* 1 when pid sleeps, waits on I/O or is stopped: it leaves its CPU to others. */
static int proc_waits(pid_t pid)
{
	char path[40], buf[512], *p;

	fmt_s(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (fd_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	p = strrchr(buf, ')');   /* the command name may hold anything */
	return p && p[1] == ' ' && (p[2] == 'S' || p[2] == 'D' || p[2] == 'T' || p[2] == 't');
}

static unsigned long count_waiting(const struct queue *q, uint64_t now)
{
	struct event *ev;
	unsigned long n = 0;

	for (ev = queue_running_next(q, NULL); ev; ev = queue_running_next(q, ev))
		if (ev->pid > 0 && !ev->starting && now - ev->start_ms >= BUDGET_SETTLE_MS &&
		    proc_waits(ev->pid))
			n++;
	return n;
}

unsigned long budget_limit(struct budget *b, const struct queue *q, unsigned long max,
			   uint64_t now)
{
	unsigned long limit;

	if (max <= b->ncpu)
		return max;
	if (queue_running(q) < b->ncpu)
		return b->ncpu;
	if (now < b->next_ms)
		return b->limit < max ? b->limit : max;
	limit = b->ncpu + count_waiting(q, now);
	b->limit = limit < max ? limit : max;
	b->next_ms = now + BUDGET_SAMPLE_MS;
	return b->limit;
}

int64_t budget_timeout(const struct budget *b, uint64_t now)
{
	return b->next_ms > now ? (int64_t)(b->next_ms - now) : 0;
}
