// SPDX-License-Identifier: GPL-2.0-only
/* Bounded program execution without a shell (see exec.h). */
#include "compat.h"
#include "exec.h"
#include "fd.h"
#include "fmt.h"
#include "layout.h"
#include "loader.h"
#include "log.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

int exec_split(char *cmd, char **argv, int max, const char *bare_arg)
{
	int argc = 0;
	char *p = cmd;

	if (!strchr(cmd, ' ')) {
		argv[0] = *cmd ? cmd : NULL;
		argv[1] = *cmd ? (char *)bare_arg : NULL;
		argv[2] = NULL;
		return !!*cmd + (*cmd && bare_arg);
	}
	while (p && argc < max - 1) {
		if (*p == '\'') {
			argv[argc++] = ++p;
			p = strchr(p, '\'');
			if (!p)
				break;
			*p++ = '\0';
			p += strspn(p, " ");
			if (!*p)
				break;   /* 064 gave an empty word here */
		} else {
			argv[argc++] = p;
			p = strchr(p, ' ');
			if (p)
				*p++ = '\0';
		}
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

static char libexec[512] = LIBUDEVDIR;

void exec_set_libexec(const char *dir)
{
	str_copy(libexec, dir, sizeof(libexec));
}

const char *exec_locate(const char *name, char *buf, size_t size)
{
	struct stat st;

	if (strchr(name, '/') || fmt_s(buf, size, "%s/%s", libexec, name) >= size ||
	    stat(buf, &st) < 0)
		return name;
	return buf;
}

/* The places a program runs from: a name without a '/' from the libexec
 * folder (udev 100-117: "allow programs in /lib/udev called without the
 * path"), then where execvp would try it, with PATH from envp (the
 * program's whole environment): "dir/name\0...\0\0" in buf. */
static int exec_candidates(const char *name, char *const envp[], char *buf, size_t size)
{
	const char *path = "/bin:/usr/bin", *dir, *end;
	size_t len = 0, dlen, nlen = strlen(name);
	int i;

	for (i = 0; envp && envp[i]; i++)
		if (strncmp(envp[i], "PATH=", 5) == 0)
			path = envp[i] + 5;
	if (strchr(name, '/')) {
		path = "";
	} else if (fmt_s(buf, size, "%s/%s", libexec, name) < size - 1) {
		len = strlen(buf) + 1;
	}
	for (dir = path;; dir = end + 1) {
		end = dir + strcspn(dir, ":");
		dlen = (size_t)(end - dir);
		if (len + dlen + nlen + 3 > size)
			return -ENAMETOOLONG;
		memcpy(buf + len, dir, dlen);
		len += dlen;
		if (dlen)
			buf[len++] = '/';
		memcpy(buf + len, name, nlen + 1);
		len += nlen + 1;
		if (!*end)
			break;
	}
	buf[len] = '\0';
	return 0;
}

/* What the child of exec_spawn needs, made before vfork: the child shares
 * the parent's memory and must not build strings or touch environ. */
struct spawn {
	char *const *argv, *const *envp;
	char places[4096];                  /* exec_candidates */
	char *sh_argv[EXEC_ARGS_MAX + 2];   /* /bin/sh PLACE ARG...: for ENOEXEC */
	int out_fd;
	int pipe_ignored;                   /* udev was started with SIGPIPE ignored */
	sigset_t mask;                      /* the parent's, for the program */
};

/* SIGCHLD has exec_wait's handler (chld_watch sets it once, for good). */
static int chld_caught;

/* Whether udev was started with SIGPIPE ignored: nothing in udev changes
 * its disposition, so the first program's look holds for the others. */
static int pipe_ignored(void)
{
	static int ignored = -1;
	struct sigaction old;

	if (ignored < 0)
		ignored = sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_IGN;
	return ignored;
}

/* The child between vfork and exec: it runs on the parent's memory and
 * stack, so it only makes system calls on its own descriptors and signal
 * state. The one handler udev sets, exec_wait's SIGCHLD (chld_watch: no
 * other code in udev catches a signal; a sanitizer's own, in the
 * SANITIZE builds, are left), becomes SIG_DFL before the signals
 * blocked around vfork are let in (exec would reset it anyway; a handler
 * must never run here), an ignored SIGPIPE is SIG_DFL, other ignored
 * signals stay so (as exec keeps them), the mask is the parent's: two
 * system calls at most, not a look at each of the 64 signals. A file
 * without #! that exec refuses runs under /bin/sh, as execvp does. */
static void exec_child(struct spawn *sp)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	struct sigaction sa;
	const char *place;

	/* so that a time-out kills what it started, too; made before the
	 * parent resumes (vfork), so the parent's kill always finds the group */
	setpgid(0, 0);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		if (sp->out_fd < 0 && log_get_level() < LOG_DEBUG)
			dup2(null, STDOUT_FILENO);
	}
	if (sp->out_fd >= 0)
		dup2(sp->out_fd, STDOUT_FILENO);
	memset(&sa, 0, sizeof(sa));   /* sa_handler SIG_DFL */
	if (chld_caught)
		sigaction(SIGCHLD, &sa, NULL);
	if (sp->pipe_ignored)
		sigaction(SIGPIPE, &sa, NULL);
	sigprocmask(SIG_SETMASK, &sp->mask, NULL);
	for (place = sp->places; *place; place += strlen(place) + 1) {
		execve(place, sp->argv, sp->envp);
		if (errno == ENOEXEC && sp->sh_argv[0]) {
			sp->sh_argv[1] = (char *)place;
			execve(sp->sh_argv[0], sp->sh_argv, sp->envp);
		}
	}
	_exit(127);
}

/* Reads the child's stdout until EOF, the buffer is full, or the deadline. */
static void exec_capture(int fd, char *out, size_t size, long long deadline)
{
	size_t len = 0;
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	char drain[256];
	long long left;
	ssize_t n;

	while ((left = deadline - now_ms()) > 0) {
		n = poll(&pfd, 1, (int)left);
		if (n < 0 && errno == EINTR)
			continue;   /* SIGCHLD (exec_wait's) */
		if (n <= 0)
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

/* The exit of the program being waited for wakes exec_wait at once, where
 * it slept 1, 2, 4... ms between looks (a program of 5 ms held the worker
 * for 7): SIGCHLD writes a byte into a pipe made for the wait, which
 * exec_wait polls until its deadline. The handler stays, with SA_RESTART;
 * SIGCHLD comes only while exec_run has a child (exec_capture's poll goes
 * on after it), and between waits the handler writes nothing. SIGCHLD is
 * unblocked when the handler is set (a udev started with it blocked, from a
 * script, would not hear it), and each poll lasts at most CHLD_LOOK_MS
 * all the same. Without the pipe (no descriptor left), the sleeps. */
#define CHLD_LOOK_MS 1000
static volatile sig_atomic_t chld_wfd = -1;

static void on_chld(int sig)
{
	int saved = errno, fd = chld_wfd;

	(void)sig;
	if (fd >= 0)
		(void)!write(fd, "", 1);
	errno = saved;
}

static int chld_watch(int p[2])
{
	struct sigaction sa;
	sigset_t chld;
	int r = fd_pipe(p, 1);

	if (r < 0)
		return r;
	if (!chld_caught) {
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_chld;
		sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
		sigemptyset(&sa.sa_mask);
		if (sigaction(SIGCHLD, &sa, NULL) < 0) {
			close(p[0]);
			close(p[1]);
			return -errno;
		}
		sigemptyset(&chld);
		sigaddset(&chld, SIGCHLD);
		sigprocmask(SIG_UNBLOCK, &chld, NULL);
		chld_caught = 1;
	}
	chld_wfd = p[1];
	return 0;
}

/* Until SIGCHLD's byte, or left ms (at most CHLD_LOOK_MS); then the pipe
 * is emptied. */
static void chld_sleep(int rfd, long long left)
{
	struct pollfd pfd = { .fd = rfd, .events = POLLIN };
	char drain[16];

	if (poll(&pfd, 1, (int)(left < CHLD_LOOK_MS ? left : CHLD_LOOK_MS)) > 0)
		while (read(rfd, drain, sizeof(drain)) > 0)
			;
}

/* waitpid with a deadline; kills the child when it passes. */
static int exec_wait(pid_t pid, long long deadline)
{
	struct timespec ts = { 0, 1000000 };
	int status, p[2] = { -1, -1 }, watched = 0, rc = 0;
	long long left;
	pid_t r;

	for (;;) {
		r = waitpid(pid, &status, WNOHANG);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			rc = -errno;
			break;
		}
		left = deadline - now_ms();
		if (left <= 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			rc = -ETIMEDOUT;
			break;
		}
		if (!watched) {
			/* an exit before the pipe was there wrote nothing: look again */
			watched = 1;
			if (chld_watch(p) == 0)
				continue;
			p[0] = -1;
		}
		if (p[0] >= 0) {
			chld_sleep(p[0], left);
			continue;
		}
		nanosleep(&ts, NULL);
		if (ts.tv_nsec < 32000000)
			ts.tv_nsec *= 2;
	}
	if (p[0] >= 0) {
		chld_wfd = -1;
		close(p[0]);
		close(p[1]);
	}
	if (rc < 0)
		return rc;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* vfork: the child borrows the worker's memory until it execs, so a
 * program costs no copy of the worker's page tables and no copy-on-write
 * faults (fork's cost, and much of a program's start under qemu's TCG).
 * The worker is suspended until the exec is done: an exec that hangs (a
 * program on a stuck network file system) holds it with no time-out, where
 * fork's time-out killed the child if the hang was killable. */
static pid_t exec_spawn(char *const argv[], char *const envp[], int out_fd)
{
	struct spawn sp = { .argv = argv, .envp = envp, .out_fd = out_fd,
			    .pipe_ignored = pipe_ignored() };
	sigset_t all;
	pid_t pid;
	int r = exec_candidates(argv[0], envp, sp.places, sizeof(sp.places)), n;

	if (r < 0)
		return r;
	for (n = 0; argv[n]; n++)
		;
	if (n < EXEC_ARGS_MAX) {
		sp.sh_argv[0] = "/bin/sh";
		memcpy(&sp.sh_argv[2], &argv[1], (size_t)n * sizeof(argv[0]));
	}
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &sp.mask);
	/* the parent waits for the exec (or _exit) only: the child's path is
	 * system calls on its own state, as posix_spawn's (not in klibc) */
	pid = vfork();  // NOLINT(clang-analyzer-security.insecureAPI.vfork)
	if (pid == 0)
		exec_child(&sp);  // NOLINT(clang-analyzer-unix.Vfork)
	r = pid < 0 ? -errno : pid;
	sigprocmask(SIG_SETMASK, &sp.mask, NULL);
	return r;
}

/* envp without the loader's variables (loader.h): whatever the event
 * carries, a program of root's gets no LD_PRELOAD; NULL on ENOMEM. */
static char **exec_env(char *const envp[])
{
	char **v;
	size_t n = 0, i;

	while (envp && envp[n])
		n++;
	v = malloc((n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	for (n = i = 0; envp && envp[i]; i++)
		if (!loader_key(envp[i]))
			v[n++] = envp[i];
	v[n] = NULL;
	return v;
}

int exec_run(char *const argv[], char *const envp[], char *out, size_t size, int timeout)
{
	long long deadline = now_ms() + 1000L * timeout;
	int pfd[2] = { -1, -1 }, r;
	char **env;
	pid_t pid;

	if (!argv[0])
		return -EINVAL;
	env = exec_env(envp);
	if (!env)
		return -ENOMEM;
	if (out && (r = fd_pipe(pfd, 0)) < 0) {
		free(env);
		return r;
	}
	pid = exec_spawn(argv, env, pfd[1]);
	free(env);
	if (pid < 0) {
		if (out) {
			close(pfd[0]);
			close(pfd[1]);
		}
		return pid;
	}
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
