// SPDX-License-Identifier: GPL-2.0-only
/* Fork mode (see fork.h): the event's process is the one running it; its
 * exit status is the result. */
#include "compat.h"
#include "fork.h"
#include "child.h"
#include "globals.h"
#include "log.h"
#include "msg.h"

#include <errno.h>
#include <sys/wait.h>
#include <unistd.h>

static void child_exec(const struct runner *r, struct event *ev)
{
	char *argv[4], **envp;
	size_t i;

	child_reset();
	argv[0] = (char *)r->bin;
	argv[1] = (char *)ev->u.subsystem;
	argv[2] = (char *)r->arg;
	argv[3] = NULL;
	/* control --env's variables the event lacks, then UDEVD_EVENT at the
	 * end of the child's copy of envp, as pool.c sends them (event_new
	 * left room for it) */
	envp = globals_envp(ev->envp, ev->env, ev->envlen);
	for (i = 0; envp[i]; i++)
		;
	envp[i] = (char *)MSG_UDEVD_EVENT;
	envp[i + 1] = NULL;
	execve(r->bin, argv, envp);
	_exit(127);
}

int fork_start(struct runner *r, struct event *ev, uint64_t now)
{
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0)
		child_exec(r, ev);
	ev->pid = pid;
	ev->start_ms = now;
	ev->killed = 0;
	return 0;
}

int fork_reaped(struct runner *r, pid_t pid, int st)
{
	struct event *ev;

	for (ev = queue_running_next(r->q, NULL); ev; ev = queue_running_next(r->q, ev))
		if (ev->pid == pid)
			break;
	if (!ev)
		return 0;
	if (WIFSIGNALED(st))
		log_err("udev for seqnum %llu (%s) killed by signal %d",
			(unsigned long long)ev->hdr.seqnum, ev->u.devpath, WTERMSIG(st));
	r->done(r->ctx, ev, ev->killed ? MSG_RC_UNFINISHED : msg_rc_from_status(st));
	return 1;
}

const struct runner_ops fork_ops = {
	.start = fork_start,
	.reaped = fork_reaped,
};
