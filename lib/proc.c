// SPDX-License-Identifier: GPL-2.0-only
/* proc_fork (see proc.h): when every process slot is taken, helpers that exit soon
 * free them; waiting a little beats dropping the event. Kept tiny: hotplug and
 * udevsend carry it, and their size is the cost of every event. */
#include "compat.h"
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pid_t self;   /* getpid(), once per process: glibc 2.25+ asks the kernel each time */

pid_t proc_self(void)
{
	if (!self)
		self = getpid();
	return self;
}

pid_t proc_fork(unsigned int wait_ms)
{
	static struct timespec step;   /* in .bss: hotplug's size budget is tight */
	unsigned int waited;
	pid_t pid;

	step.tv_nsec = PROC_FORK_STEP_MS * 1000000L;
	for (waited = 0;; waited += PROC_FORK_STEP_MS) {
		pid = fork();
		if (pid == 0)
			self = 0;
		if (pid >= 0)
			return pid;
		if (waited >= wait_ms)   /* fork fails only for want of memory or pids */
			return -errno;
		nanosleep(&step, NULL);   /* EINTR: an early retry, harmless */
	}
}

int proc_by_kernel(void)
{
	const char *w = getenv("UDEVSEND_WAIT");

	if (w && strcmp(w, "queued") == 0)
		return 1;
	if (w && strcmp(w, "done") == 0)
		return 0;
	return fcntl(2, F_GETFD) < 0 && getppid() == 2;
}
