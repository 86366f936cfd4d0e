// SPDX-License-Identifier: GPL-2.0-only
/* proc_fork (see proc.h): when every process slot is taken, helpers that exit soon
 * free them; waiting a little beats dropping the event. */
#include "compat.h"
#include "proc.h"

#include <errno.h>
#include <time.h>
#include <unistd.h>

#define BACKOFF_FIRST_MS 10u
#define BACKOFF_MAX_MS 500u

static void sleep_ms(unsigned int ms)
{
	struct timespec ts;

	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

pid_t proc_fork(unsigned int wait_ms)
{
	unsigned int waited = 0, step = BACKOFF_FIRST_MS;
	pid_t pid;

	for (;;) {
		pid = fork();
		if (pid >= 0)
			return pid;
		if ((errno != EAGAIN && errno != ENOMEM) || waited >= wait_ms)
			return -errno;
		if (step > wait_ms - waited)
			step = wait_ms - waited;
		sleep_ms(step);
		waited += step;
		step = step * 2 > BACKOFF_MAX_MS ? BACKOFF_MAX_MS : step * 2;
	}
}
