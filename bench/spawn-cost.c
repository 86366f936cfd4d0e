// SPDX-License-Identifier: GPL-2.0-only
/* spawn-cost: what one event costs the kernel side. Spawns a helper N times
 * with the kernel's environment, one after the other (each waited for) or as a
 * storm (all at once, then waited for), and prints the wall and CPU time. */
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Built with the build machine's libc (HOSTCC), whatever the variant measured. */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double children_cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_CHILDREN, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* The environment the kernel gives a helper, plus the variables that point
 * the suite at the daemon and programs under test, when set. */
static const char *const pass_env[] = { "UDEVD_SOCKET", "UDEVD_LOCK_DIR", "UDEV_BIN", "UDEVD_BIN" };
#define N_PASS (sizeof(pass_env) / sizeof(pass_env[0]))
static char env_buf[6 + N_PASS][256];

static char **event_env(unsigned long long seqnum, unsigned int dev)
{
	static char *envp[6 + N_PASS + 1];
	unsigned int i, n = 6;
	const char *v;

	snprintf(env_buf[0], sizeof(env_buf[0]), "HOME=/");
	snprintf(env_buf[1], sizeof(env_buf[1]), "PATH=/sbin:/bin:/usr/sbin:/usr/bin");
	snprintf(env_buf[2], sizeof(env_buf[2]), "ACTION=add");
	snprintf(env_buf[3], sizeof(env_buf[3]), "DEVPATH=/devices/virtual/bench/bench%u", dev);
	snprintf(env_buf[4], sizeof(env_buf[4]), "SUBSYSTEM=bench");
	snprintf(env_buf[5], sizeof(env_buf[5]), "SEQNUM=%llu", seqnum);
	for (i = 0; i < N_PASS; i++)
		if ((v = getenv(pass_env[i])))
			snprintf(env_buf[n++], sizeof(env_buf[0]), "%s=%s", pass_env[i], v);
	for (i = 0; i < n; i++)
		envp[i] = env_buf[i];
	envp[n] = NULL;
	return envp;
}

static int spawn_one(char **argv, unsigned long long seqnum, unsigned int dev, pid_t *pid)
{
	int r = posix_spawn(pid, argv[0], NULL, NULL, argv, event_env(seqnum, dev));

	if (r)
		fprintf(stderr, "spawn-cost: %s: %s\n", argv[0], strerror(r));
	return r;
}

static unsigned int reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 1;
	return !WIFEXITED(status) || WEXITSTATUS(status) != 0;
}

/* Sequential: each event's helper is waited for before the next. */
static unsigned int run_serial(char **argv, unsigned int n, unsigned long long seq)
{
	unsigned int i, failed = 0;
	pid_t pid;

	for (i = 0; i < n; i++) {
		if (spawn_one(argv, seq + i, 0, &pid))
			return n;
		failed += reap(pid);
	}
	return failed;
}

/* Storm: all helpers started before any is waited for, as in a boot. */
static unsigned int run_storm(char **argv, unsigned int n, unsigned long long seq)
{
	pid_t *pids = calloc(n, sizeof(*pids));
	unsigned int i, started = 0, failed = 0;

	if (!pids)
		return n;
	for (i = 0; i < n; i++, started++)
		if (spawn_one(argv, seq + i, i, &pids[i]))
			break;
	for (i = 0; i < started; i++)
		failed += reap(pids[i]);
	free(pids);
	return failed + (n - started);
}

int main(int argc, char **argv)
{
	unsigned long long seq = 1;
	unsigned int n = 100, failed;
	int opt, storm = 0;
	double t0, c0, wall, cpu;

	while ((opt = getopt(argc, argv, "+n:q:s")) != -1) {
		if (opt == 'n')
			n = (unsigned int)strtoul(optarg, NULL, 10);
		else if (opt == 'q')
			seq = strtoull(optarg, NULL, 10);
		else if (opt == 's')
			storm = 1;
		else
			goto usage;
	}
	if (optind >= argc || n == 0)
		goto usage;
	t0 = now_s();
	c0 = children_cpu_s();
	failed = storm ? run_storm(argv + optind, n, seq) : run_serial(argv + optind, n, seq);
	wall = now_s() - t0;
	cpu = children_cpu_s() - c0;
	printf("n=%u wall_us=%.1f cpu_us=%.1f failed=%u\n", n, wall * 1e6 / n, cpu * 1e6 / n,
	       failed);
	return failed ? 1 : 0;
usage:
	fprintf(stderr, "usage: spawn-cost [-s] [-n N] [-q FIRST_SEQNUM] PROGRAM [ARG...]\n");
	return 2;
}
