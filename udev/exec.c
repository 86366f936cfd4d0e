// SPDX-License-Identifier: GPL-2.0-only
/* Bounded program execution without a shell (see exec.h). */
#include "compat.h"
#include "exec.h"
#include "fd.h"
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int exec_split(char *cmd, char **argv, int max)
{
	int argc = 0;
	char *p = cmd;

	while (*p && argc < max - 1) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (*p == '\'') {
			argv[argc++] = ++p;
			p = strchr(p, '\'');
		} else {
			argv[argc++] = p;
			p += strcspn(p, " \t");
		}
		if (!p || !*p)
			break;
		*p++ = '\0';
	}
	argv[argc] = NULL;
	return argc;
}

int exec_timeout_parse(const char *s)
{
	int t = s ? atoi(s) : 0;

	return t > 0 ? t : EXEC_TIMEOUT_DEFAULT;
}

/* Milliseconds on a clock that does not jump when the time is set (as
 * hwclock does during boot). times() is in every libc we build with,
 * clock_gettime() is not in klibc; Linux counts it in USER_HZ (100). */
static long long now_ms(void)
{
	struct tms t;

	return (long long)(unsigned long)times(&t) * 10;
}

static void exec_child(char *const argv[], char *const envp[], int out_fd)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	setpgid(0, 0);   /* so that a time-out kills what it started, too */
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		if (out_fd < 0 && log_get_level() < LOG_DEBUG)
			dup2(null, STDOUT_FILENO);
	}
	if (out_fd >= 0)
		dup2(out_fd, STDOUT_FILENO);
	signal(SIGPIPE, SIG_DFL);
	environ = (char **)envp;
	execvp(argv[0], argv);
	_exit(127);
}

/* Reads the child's stdout until EOF, the buffer is full, or the deadline. */
static void exec_capture(int fd, char *out, size_t size, long long deadline)
{
	size_t len = 0;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char drain[256];
	ssize_t n;

	while (now_ms() < deadline) {
		if (poll(&pfd, 1, (int)(deadline - now_ms())) <= 0)
			break;
		if (len + 1 < size)
			n = read(fd, out + len, size - 1 - len);
		else
			n = read(fd, drain, sizeof(drain));
		if (n <= 0)
			break;
		if (len + 1 < size)
			len += (size_t)n;
	}
	out[len] = '\0';
	while (len && (out[len - 1] == '\n' || out[len - 1] == '\r'))
		out[--len] = '\0';
}

/* waitpid with a deadline; kills the child when it passes. */
static int exec_wait(pid_t pid, long long deadline)
{
	struct timespec ts = { 0, 1000000 };
	int status;
	pid_t r;

	for (;;) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (now_ms() >= deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -ETIMEDOUT;
		}
		nanosleep(&ts, NULL);
		if (ts.tv_nsec < 32000000)
			ts.tv_nsec *= 2;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

int exec_run(char *const argv[], char *const envp[], char *out, size_t size, int timeout)
{
	long long deadline = now_ms() + 1000L * timeout;
	int pfd[2] = { -1, -1 }, r;
	pid_t pid;

	if (!argv[0])
		return -EINVAL;
	if (out && pipe(pfd) < 0)
		return -errno;
	if (out) {
		fd_cloexec(pfd[0]);
		fd_cloexec(pfd[1]);
	}
	pid = fork();
	if (pid < 0) {
		r = -errno;
		if (out) {
			close(pfd[0]);
			close(pfd[1]);
		}
		return r;
	}
	if (pid == 0)
		exec_child(argv, envp, pfd[1]);
	setpgid(pid, pid);   /* also here: no race with the kill below */
	if (out) {
		close(pfd[1]);
		exec_capture(pfd[0], out, size, deadline);
		close(pfd[0]);
	}
	r = exec_wait(pid, deadline);
	if (r == -ETIMEDOUT)
		log_err("'%s' did not finish within %d s, killed", argv[0], timeout);
	else if (r == 127)
		log_err("could not run '%s'", argv[0]);
	return r;
}
