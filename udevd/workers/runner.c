// SPDX-License-Identifier: GPL-2.0-only
/* The runner (see runner.h): the mode chosen once, and the one reaper. */
#include "compat.h"
#include "runner.h"
#include "fork.h"
#include "pool.h"
#include "log.h"

#include <errno.h>
#include <string.h>
#include <sys/wait.h>

int runner_init(struct runner *r, enum runner_mode mode, const char *udev_bin,
		uint64_t idle_ms, struct loop *loop, struct queue *q,
		runner_done_fn *done, void *ctx)
{
	memset(r, 0, sizeof(*r));
	r->bin = udev_bin;
	r->loop = loop;
	r->q = q;
	r->done = done;
	r->ctx = ctx;
	r->ops = &fork_ops;
	if (mode == RUNNER_FORK)
		return 0;
	r->ops = &pool_ops;
	r->pool = pool_new(idle_ms);
	return r->pool ? 0 : -ENOMEM;
}

/* waitpid(-1, ..., WNOHANG) until it returns 0 */
void runner_reap(struct runner *r)
{
	pid_t pid;
	int st;

	for (;;) {
		pid = waitpid(-1, &st, WNOHANG);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid <= 0)
			break;
		if (r->gone)
			r->gone(r->ctx, pid);
		if (!r->ops->reaped(r, pid, st))
			log_debug("reaped unknown child %d, ignoring", (int)pid);
	}
}

void runner_kill(struct event *ev, int sig)
{
	if (ev->pid > 0 && kill(ev->pid, sig) < 0)
		log_warn("kill %d: %s, ignoring", (int)ev->pid, strerror(errno));
}

void runner_set_arg(struct runner *r, const char *arg)
{
	r->arg = arg;
}
