// SPDX-License-Identifier: GPL-2.0-only
/* Fork mode: one UDEV_BIN process per event (see runner.h). */
#include "compat.h"
#include "runner.h"
#include "log.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *runner_bin = "/sbin/udev";

void runner_init(const char *udev_bin)
{
	runner_bin = udev_bin;
}

/* The child starts clean: default signal dispositions, nothing blocked. */
static void child_exec(struct event *ev)
{
	static const int sigs[] = { SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGPIPE };
	char *argv[3];
	sigset_t none;
	unsigned int i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	argv[0] = (char *)runner_bin;
	argv[1] = (char *)ev->u.subsystem;
	argv[2] = NULL;
	execve(runner_bin, argv, ev->envp);
	_exit(127);
}

int runner_start(struct event *ev, uint64_t now)
{
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0)
		child_exec(ev);
	ev->pid = pid;
	ev->start_ms = now;
	ev->killed = 0;
	return 0;
}

static struct event *find_pid(struct queue *q, pid_t pid)
{
	struct event *ev;

	for (ev = q->running.head; ev; ev = ev->next)
		if (ev->pid == pid)
			return ev;
	return NULL;
}

void runner_reap(struct queue *q, runner_done_fn *done, void *ctx)
{
	struct event *ev;
	pid_t pid;
	int st;

	for (;;) {
		pid = waitpid(-1, &st, WNOHANG);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid <= 0)
			return;
		ev = find_pid(q, pid);
		if (!ev) {
			log_debug("reaped unknown child %d, ignoring", (int)pid);
			continue;
		}
		if (WIFSIGNALED(st))
			log_err("udev for seqnum %llu (%s) killed by signal %d",
				(unsigned long long)ev->hdr.seqnum, ev->u.devpath, WTERMSIG(st));
		done(ctx, ev, ev->killed ? MSG_RC_UNFINISHED : msg_rc_from_status(st));
	}
}

void runner_kill(struct event *ev, int sig)
{
	if (ev->pid > 0 && kill(ev->pid, sig) < 0)
		log_warn("kill %d: %s, ignoring", (int)ev->pid, strerror(errno));
}
