// SPDX-License-Identifier: GPL-2.0-only
/* The runner (see runner.h): fork mode, one UDEV_BIN process per event, and
 * the switch to pool mode (pool.c). */
#include "compat.h"
#include "runner.h"
#include "pool.h"
#include "log.h"
#include "layout.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *runner_bin = UDEV_BIN_DEFAULT;
static const char *runner_arg;
static enum runner_mode runner_mode = RUNNER_FORK;

void runner_init(const char *udev_bin, enum runner_mode mode, uint64_t idle_ms,
		 struct loop *loop)
{
	runner_bin = udev_bin;
	runner_mode = mode;
	if (mode == RUNNER_POOL)
		pool_init(udev_bin, idle_ms, loop);
}

void runner_child_reset(void)
{
	static const int sigs[] = { SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGPIPE };
	sigset_t none;
	unsigned int i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* The child starts clean: default signal dispositions, nothing blocked. */
static void child_exec(struct event *ev)
{
	char *argv[4];

	runner_child_reset();
	argv[0] = (char *)runner_bin;
	argv[1] = (char *)ev->u.subsystem;
	argv[2] = (char *)runner_arg;
	argv[3] = NULL;
	execve(runner_bin, argv, ev->envp);
	_exit(127);
}

static int fork_start(struct event *ev, uint64_t now)
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

int runner_start(struct event *ev, uint64_t now)
{
	if (runner_mode == RUNNER_POOL && !pool_fallback())
		return pool_start(ev, now);
	return fork_start(ev, now);
}

static struct event *find_pid(struct queue *q, pid_t pid)
{
	struct event *ev;

	for (ev = q->running.head; ev; ev = ev->next)
		if (ev->pid == pid)
			return ev;
	return NULL;
}

/* A pool worker's death; 1 when pid was one. Its event, when the worker
 * never said hello, runs again in fork mode. */
static int reaped_worker(pid_t pid, int st, runner_done_fn *done, void *ctx)
{
	struct event *rerun;

	if (runner_mode != RUNNER_POOL || !pool_reaped(pid, st, done, ctx, &rerun))
		return 0;
	if (rerun && fork_start(rerun, loop_now_ms()) < 0) {
		log_err("seqnum %llu: cannot fork udev: %s", (unsigned long long)rerun->hdr.seqnum,
			strerror(errno));
		done(ctx, rerun, MSG_RC_NOT_RUN);
	}
	return 1;
}

void runner_reap(struct queue *q, runner_done_fn *done, void *ctx)
{
	struct event *ev;
	pid_t pid;
	int st;

	if (runner_mode == RUNNER_POOL)
		pool_read(done, ctx);
	for (;;) {
		pid = waitpid(-1, &st, WNOHANG);
		if (pid < 0 && errno == EINTR)
			continue;
		if (pid <= 0)
			break;
		if (reaped_worker(pid, st, done, ctx))
			continue;
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
	if (runner_mode == RUNNER_POOL)
		pool_end_idle(loop_now_ms());
}

void runner_kill(struct event *ev, int sig)
{
	if (ev->pid > 0 && kill(ev->pid, sig) < 0)
		log_warn("kill %d: %s, ignoring", (int)ev->pid, strerror(errno));
}

void runner_set_max(unsigned long max)
{
	if (runner_mode == RUNNER_POOL)
		pool_set_max(max);
}

void runner_set_arg(const char *arg)
{
	runner_arg = arg;
}

const char *runner_get_arg(void)
{
	return runner_arg;
}

void runner_reload(void)
{
	if (runner_mode == RUNNER_POOL)
		pool_reload();
}

int64_t runner_timeout(uint64_t now)
{
	return runner_mode == RUNNER_POOL ? pool_timeout(now) : -1;
}

void runner_shutdown(void)
{
	if (runner_mode == RUNNER_POOL)
		pool_shutdown();
}
