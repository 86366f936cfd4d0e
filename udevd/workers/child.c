// SPDX-License-Identifier: GPL-2.0-only
/* The clean start every child of udevd gets (see child.h). */
#include "compat.h"
#include "child.h"

#include <signal.h>
#include <sys/resource.h>

static int nice_back, nice_set;

void child_nice(int nice)
{
	nice_back = nice;
	nice_set = 1;
}

void child_reset(void)
{
	static const int sigs[] = { SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGPIPE };
	sigset_t none;
	unsigned int i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (nice_set)
		setpriority(PRIO_PROCESS, 0, nice_back);
}
