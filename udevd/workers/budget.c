// SPDX-License-Identifier: GPL-2.0-only
/* The worker budget (see budget.h). A process's state is the third field of
 * /proc/PID/stat: R computes (or waits for a CPU), S and D wait, T is
 * stopped. A process that started its event only now may not have woken up
 * yet: it counts as computing until it has had BUDGET_SETTLE_MS, and a pool
 * worker until it has said hello (its start-up reads files, then computes).
 * A pool worker is looked at many times: its stat file stays open while it
 * lives (one pread per look instead of open, read, read, close), closed when
 * udevd reaps it, or when it was not looked at for BUDGET_STAT_KEEP looks. */
#include "compat.h"
#include "budget.h"
#include "fmt.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#define BUDGET_SAMPLE_MS 10     /* the processes are looked at this often at most */
#define BUDGET_SETTLE_MS 10     /* an event's process younger than this computes */
#define BUDGET_STAT_KEEP 64     /* turns a file stays unread (a look: every 10 ms at most) */

void budget_init(struct budget *b)
{
	memset(b, 0, sizeof(*b));
	b->ncpu = (unsigned long)compat_cpus_usable();
}

/* The slot of pid's kept file, marked as looked at in this turn; -1: none. */
static int stat_find(struct budget *b, pid_t pid)
{
	int i;

	for (i = 0; i < BUDGET_STAT_FDS; i++)
		if (b->stat[i].pid == pid) {
			b->stat[i].turn = b->turn;
			return i;
		}
	return -1;
}

/* The open stat file of pid, kept in b->stat when there is room (*slot),
 * or -errno. */
static int stat_open(struct budget *b, pid_t pid, int *slot)
{
	char path[40];
	int i, fd;

	*slot = stat_find(b, pid);
	if (*slot >= 0)
		return b->stat[*slot].fd;
	fmt_s(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	for (i = 0; i < BUDGET_STAT_FDS && b->stat[i].pid; i++)
		;
	if (i < BUDGET_STAT_FDS) {
		b->stat[i].pid = pid;
		b->stat[i].fd = fd;
		b->stat[i].turn = b->turn;
		b->nstat++;
		*slot = i;
	}
	return fd;
}

static void stat_close(struct budget *b, int slot, int fd)
{
	close(fd);
	if (slot >= 0) {
		b->stat[slot].pid = 0;
		b->nstat--;
	}
}

void budget_forget(struct budget *b, pid_t pid)
{
	int i;

	for (i = 0; b->nstat && i < BUDGET_STAT_FDS; i++)
		if (b->stat[i].pid == pid)
			stat_close(b, i, b->stat[i].fd);
}

/* Closes the files of the processes not looked at in the last
 * BUDGET_STAT_KEEP turns. A pool worker runs one event, then waits for the
 * next: between its events it is not looked at, and its file stays for the
 * next look. */
static void stat_sweep(struct budget *b)
{
	int i;

	for (i = 0; i < BUDGET_STAT_FDS; i++)
		if (b->stat[i].pid && b->turn - b->stat[i].turn > BUDGET_STAT_KEEP)
			stat_close(b, i, b->stat[i].fd);
}

/* 1 when pid sleeps, waits on I/O or is stopped: it leaves its CPU to others.
 * A kept file of a process that is gone (its pid maybe taken by a new one)
 * reads ESRCH: it is opened again, once. */
static int proc_waits(struct budget *b, pid_t pid)
{
	char buf[512], *p;
	ssize_t n = -1;
	int slot, fd, tries;

	for (tries = 0; tries < 2 && n < 0; tries++) {
		fd = stat_open(b, pid, &slot);
		if (fd < 0)
			return 0;
		n = pread(fd, buf, sizeof(buf) - 1, 0);
		if (n < 0 || slot < 0)
			stat_close(b, slot, fd);
	}
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');   /* the command name may hold anything */
	return p && p[1] == ' ' && (p[2] == 'S' || p[2] == 'D' || p[2] == 'T' || p[2] == 't');
}

static unsigned long count_waiting(struct budget *b, const struct queue *q, uint64_t now)
{
	struct event *ev;
	unsigned long n = 0;

	b->turn++;
	for (ev = queue_running_next(q, NULL); ev; ev = queue_running_next(q, ev)) {
		if (ev->pid <= 0)
			continue;
		if (!ev->starting && now - ev->start_ms >= BUDGET_SETTLE_MS)
			n += (unsigned long)proc_waits(b, ev->pid);
		else            /* too young to be looked at: its file stays */
			stat_find(b, ev->pid);
	}
	stat_sweep(b);
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
	limit = b->ncpu + count_waiting(b, q, now);
	b->limit = limit < max ? limit : max;
	b->next_ms = now + BUDGET_SAMPLE_MS;
	return b->limit;
}

int64_t budget_timeout(const struct budget *b, uint64_t now)
{
	return b->next_ms > now ? (int64_t)(b->next_ms - now) : 0;
}
