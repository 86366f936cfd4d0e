// SPDX-License-Identifier: GPL-2.0-only
// Runs a command (insmod, rmmod) and waits until every hotplug helper the kernel
// spawned has exited, then prints the wall times: "cmd_ms=N done_ms=N rc=R peak=P".
// Usage: helperwait [-q QUIET_MS] [-t TIMEOUT_S] [CMD ARG...]
//
// A helper is a user process whose parent is kthreadd (pid 2): the kernel starts
// uevent helpers with CLONE_PARENT from a kworker. Work items queued but not yet
// forked are invisible, so "done" needs QUIET_MS without any helper; done_ms is
// the moment the last helper was seen gone, not the end of the quiet window.
// peak is sampled after the command returned (every 5 ms, or twice a scan's time).
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PF_KTHREAD 0x00200000UL

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* Reads /proc/PID/stat: is it a user process whose parent is kthreadd? */
static int is_helper(const char *pid)
{
	char path[64], buf[1024], *p;
	unsigned long flags;
	int fd, n, ppid;

	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (!p)
		return 0;
	/* after "pid (comm)": state ppid pgrp session tty_nr tpgid flags */
	if (sscanf(p + 1, " %*c %d %*d %*d %*d %*d %lu", &ppid, &flags) != 2)
		return 0;
	return ppid == 2 && !(flags & PF_KTHREAD);
}

static int count_helpers(void)
{
	DIR *dir = opendir("/proc");
	struct dirent *de;
	int count = 0;

	if (!dir)
		return -1;
	while ((de = readdir(dir)))
		if (isdigit((unsigned char)de->d_name[0]) && is_helper(de->d_name))
			count++;
	closedir(dir);
	return count;
}

static int run(char **argv)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 127;
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return 127;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int main(int argc, char **argv)
{
	long quiet_ms = 500, timeout_ms = 1800 * 1000L, t0, t_cmd, last_seen, scan_ms;
	int opt, rc = 0, peak = 0, n;

	while ((opt = getopt(argc, argv, "+q:t:")) != -1) {
		if (opt == 'q')
			quiet_ms = atol(optarg);
		else if (opt == 't')
			timeout_ms = atol(optarg) * 1000L;
		else
			return 2;
	}
	t0 = now_ms();
	if (optind < argc)
		rc = run(argv + optind);
	t_cmd = last_seen = now_ms();
	for (;;) {
		long t = now_ms();

		n = count_helpers();
		if (n > peak)
			peak = n;
		if (n != 0)
			last_seen = t;
		else if (t - last_seen >= quiet_ms)
			break;
		/* a scan of thousands of /proc entries is slow under emulation:
		 * at most a third of a CPU for it, not all of one */
		scan_ms = now_ms() - t;
		if (t - t0 > timeout_ms) {
			printf("cmd_ms=%ld done_ms=timeout rc=%d peak=%d left=%d\n",
			       t_cmd - t0, rc, peak, n);
			return 3;
		}
		usleep(scan_ms * 2 > 5 ? (useconds_t)scan_ms * 2000 : 5000);
	}
	printf("cmd_ms=%ld done_ms=%ld rc=%d peak=%d\n", t_cmd - t0, last_seen - t0, rc, peak);
	return rc ? 1 : 0;
}
