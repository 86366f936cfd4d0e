// SPDX-License-Identifier: GPL-2.0-only
/* The clean start every child of udevd gets (see child.h). */
#include "compat.h"
#include "child.h"

#include <signal.h>

void child_reset(void)
{
	static const int sigs[] = { SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGPIPE };
	sigset_t none;
	unsigned int i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}
