// SPDX-License-Identifier: GPL-2.0-only
/* storm: fires one hotplug helper per event the way the kernel does (spawned
 * concurrently, never waited for before the next, real SEQNUMs, the kernel's
 * environment), then measures wall time, CPU time and daemon memory. */
#include "compat.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <signal.h>
#include <unistd.h>

/* Built with the build machine's libc whatever the variant under test, so
 * that `make bench USE_DIETLIBC=true` measures a dietlibc floor and suite:
 * no lib/ here. Messages go to stderr as "storm: ...". */
#define warn_msg(fmt, ...) fprintf(stderr, "storm: " fmt "\n", ##__VA_ARGS__)

#define MAX_EXTRA_ENV 32
#define ENV_SLOTS (12 + MAX_EXTRA_ENV)

struct event {
	char *subsystem, *devpath, *devname, *devtype;
	unsigned int major, minor, partn;
};

struct opts {
	const char *list, *action, *devroot, *settle, *errlog, *nulldev;
	long starved;		/* -z: this event's helper sleeps first (-1: none) */
	const char *starve_secs;
	const char *extra_env[MAX_EXTRA_ENV];
	int n_extra;
	int use_fork;
	unsigned long long seqnum;
	pid_t daemon;
	double timeout;
	double helper_timeout;	/* -H: a helper not back by then is late */
	char **helper;		/* argv of the helper; SUBSYSTEM is appended */
};

/* Daemon counters from /proc/PID/stat and /proc/PID/status. */
struct daemon_stat {
	double cpu;		/* utime + stime + cutime + cstime, seconds */
	long hwm_kb;		/* VmHWM */
	unsigned long long csw;	/* context switches of it and its live children */
};

struct result {
	double t_spawned, t_helpers, t_settled, t_end;
	double cpu_helpers, cpu_settle, cpu_spawn, cpu_daemon;
	long hwm_kb;
	unsigned int failed, late, nodes_bad;
	unsigned int peak_helpers;	/* the most alive at once (a count, not a time) */
	unsigned long long csw_helpers, csw_daemon;	/* context switches (counts) */
	int nodes_checked;
};

static struct event *events;
static unsigned int n_events;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double tv_sec(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

/* ---- the event list ------------------------------------------------------ */

static int parse_line(char *line, struct event *ev)
{
	char *f[7];
	int i;

	for (i = 0; i < 7; i++) {
		f[i] = strsep(&line, "\t");
		if (!f[i])
			return -EINVAL;
	}
	ev->subsystem = f[0];
	ev->devpath = f[1];
	ev->major = (unsigned int)strtoul(f[2], NULL, 10);
	ev->minor = (unsigned int)strtoul(f[3], NULL, 10);
	ev->devname = f[4];
	ev->devtype = strcmp(f[5], "-") ? f[5] : NULL;
	ev->partn = (unsigned int)strtoul(f[6], NULL, 10);
	return 0;
}

/* Reads the whole list (fakesys output) into events[]; lines stay in buf. */
static int load_events(const char *path)
{
	static char *buf;
	char *line, *save = NULL;
	size_t cap = 0, len = 0, lines = 0, i;
	FILE *f = fopen(path, "re");

	if (!f)
		return -errno;
	for (;;) {
		if (len + 4096 > cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap + 1);
			if (!buf)
				return -ENOMEM;
		}
		i = fread(buf + len, 1, cap - len, f);
		if (i == 0)
			break;
		len += i;
	}
	fclose(f);
	buf[len] = '\0';
	for (i = 0; i < len; i++)
		lines += buf[i] == '\n';
	events = calloc(lines + 1, sizeof(*events));
	if (!events)
		return -ENOMEM;
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (parse_line(line, &events[n_events]) == 0)
			n_events++;
	return n_events ? 0 : -ENODATA;
}

/* ---- spawning, the kernel's way ------------------------------------------ */

/* The environment call_usermodehelper gives a hotplug helper, in its order. */
static void build_env(const struct opts *o, const struct event *ev,
		      unsigned long long seqnum, char **envp, char (*bufs)[4200])
{
	int n = 0, i;

	envp[n++] = "HOME=/";
	envp[n++] = "PATH=/sbin:/bin:/usr/sbin:/usr/bin";
	snprintf(bufs[n], sizeof(bufs[n]), "ACTION=%s", o->action);
	envp[n] = bufs[n], n++;
	snprintf(bufs[n], sizeof(bufs[n]), "DEVPATH=%s", ev->devpath);
	envp[n] = bufs[n], n++;
	snprintf(bufs[n], sizeof(bufs[n]), "SUBSYSTEM=%s", ev->subsystem);
	envp[n] = bufs[n], n++;
	snprintf(bufs[n], sizeof(bufs[n]), "MAJOR=%u", ev->major);
	envp[n] = bufs[n], n++;
	snprintf(bufs[n], sizeof(bufs[n]), "MINOR=%u", ev->minor);
	envp[n] = bufs[n], n++;
	snprintf(bufs[n], sizeof(bufs[n]), "DEVNAME=%s", ev->devname);
	envp[n] = bufs[n], n++;
	if (ev->devtype) {
		snprintf(bufs[n], sizeof(bufs[n]), "DEVTYPE=%s", ev->devtype);
		envp[n] = bufs[n], n++;
	}
	if (ev->partn) {
		snprintf(bufs[n], sizeof(bufs[n]), "PARTN=%u", ev->partn);
		envp[n] = bufs[n], n++;
	}
	snprintf(bufs[n], sizeof(bufs[n]), "SEQNUM=%llu", seqnum);
	envp[n] = bufs[n], n++;
	for (i = 0; i < o->n_extra; i++)
		envp[n++] = (char *)o->extra_env[i];
	envp[n] = NULL;
}

/* The helpers not reaped yet, so that the late ones can be killed. */
static pid_t *live;
static unsigned int n_live;

static void forget(pid_t pid)
{
	unsigned int i;

	for (i = 0; i < n_live; i++)
		if (live[i] == pid) {
			live[i] = live[--n_live];
			return;
		}
}

/* Collects every helper that has exited (blocking until one does if block).
 * One that ended with an error is failed, one killed for lateness is not. */
static unsigned int reap(struct result *res, int block, int killed)
{
	unsigned int n = 0;
	struct rusage ru;
	int status;
	pid_t pid;

	while ((pid = wait4(-1, &status, block && n == 0 ? 0 : WNOHANG, &ru)) > 0) {
		res->cpu_helpers += tv_sec(&ru.ru_utime) + tv_sec(&ru.ru_stime);
		res->csw_helpers += (unsigned long long)ru.ru_nvcsw + (unsigned long long)ru.ru_nivcsw;
		if (!killed && (!WIFEXITED(status) || WEXITSTATUS(status) != 0))
			res->failed++;
		forget(pid);
		n++;
	}
	if (pid < 0 && errno != ECHILD && errno != EINTR)
		warn_msg("wait4: %m");
	return n;
}

/* Helpers get stdin from the null device and stdout/stderr on the log, opened
 * once here: a tmpfs on /dev (mdev's namespace) has no /dev/null. */
static int stdio_fds[2] = { -1, -1 };
static posix_spawn_file_actions_t spawn_fa;

static int setup_stdio(const struct opts *o)
{
	stdio_fds[0] = open(o->nulldev, O_RDONLY | O_CLOEXEC);
	stdio_fds[1] = open(o->errlog, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (stdio_fds[0] < 0 || stdio_fds[1] < 0)
		return -errno;
	posix_spawn_file_actions_init(&spawn_fa);
	posix_spawn_file_actions_adddup2(&spawn_fa, stdio_fds[0], 0);
	posix_spawn_file_actions_adddup2(&spawn_fa, stdio_fds[1], 1);
	posix_spawn_file_actions_adddup2(&spawn_fa, stdio_fds[1], 2);
	return 0;
}

/* fork (default): the spawner goes on at once, as the kernel's workqueue does,
 * which never waits for a helper's exec, so helpers overlap as in a real
 * storm and reach a sequencer out of order. spawn: posix_spawn (vfork-like),
 * where the spawner sleeps until each exec is done: less overlap, helpers
 * arrive nearly in order. Neither waits for a helper to finish.
 * Returns 0 or an errno. */
static int spawn_one(int use_fork, char **argv, char **envp, pid_t *pid)
{
	if (!use_fork)
		return posix_spawn(pid, argv[0], &spawn_fa, NULL, argv, envp);
	*pid = fork();
	if (*pid < 0)
		return errno;
	if (*pid == 0) {
		dup2(stdio_fds[0], 0);
		dup2(stdio_fds[1], 1);
		dup2(stdio_fds[1], 2);
		execve(argv[0], argv, envp);
		if (write(2, "storm: cannot exec the helper\n", 30) < 0)
			_exit(126);
		_exit(127);
	}
	return 0;
}

/* A starved helper (-z): the kernel started it, the scheduler did not run it
 * for a while. The same helper behind "sh -c 'sleep S; exec ...'". */
static char **starved_argv(const struct opts *o, char **argv, char **out)
{
	unsigned int i;

	out[0] = "/bin/sh";
	out[1] = "-c";
	out[2] = "sleep \"$0\"; exec \"$@\"";
	out[3] = (char *)o->starve_secs;
	for (i = 0; argv[i] && i < 59; i++)
		out[4 + i] = argv[i];
	out[4 + i] = NULL;
	return out;
}

/* Spawns every helper without waiting for any; returns how many are running. */
static unsigned int fire(const struct opts *o, struct result *res, unsigned int *done)
{
	static char bufs[ENV_SLOTS][4200];
	char *envp[ENV_SLOTS + 1], *argv[64], *slow[68];
	unsigned int i, argc = 0, spawned = 0;
	int remove = strcmp(o->action, "remove") == 0, r;
	pid_t pid;

	while (o->helper[argc] && argc < 62) {
		argv[argc] = o->helper[argc];
		argc++;
	}
	argv[argc + 1] = NULL;
	for (i = 0; i < n_events; i++) {
		const struct event *ev = &events[remove ? n_events - 1 - i : i];

		build_env(o, ev, o->seqnum + i, envp, bufs);
		argv[argc] = ev->subsystem;
		r = spawn_one(o->use_fork, (long)i == o->starved ? starved_argv(o, argv, slow) : argv,
			      envp, &pid);
		if (r != 0) {
			errno = r;
			warn_msg("cannot spawn %s for seqnum %llu: %m", argv[0], o->seqnum + i);
			res->failed++;	/* the kernel loses such an event, too */
			continue;
		}
		spawned++;
		live[n_live++] = pid;
		if (n_live > res->peak_helpers)
			res->peak_helpers = n_live;
		*done += reap(res, 0, 0);
	}
	return spawned;
}

/* ---- after the storm: settle, nodes, daemon ------------------------------ */

static int run_settle(const char *cmd, struct result *res)
{
	struct rusage ru;
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		return -errno;
	res->cpu_settle += tv_sec(&ru.ru_utime) + tv_sec(&ru.ru_stime);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static unsigned int nodes_found;

static int count_node(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path, (void)flag, (void)ftw;
	if (S_ISBLK(st->st_mode) || S_ISCHR(st->st_mode))
		nodes_found++;
	return 0;
}

/* How many nodes differ from what the events want: each DEVNAME present with
 * its type and number after add, absent after remove; plus every node under
 * devroot that no event names. */
static unsigned int nodes_wrong(const char *devroot, int remove)
{
	unsigned int i, bad = 0, named = 0;
	char path[4200];
	struct stat st;

	for (i = 0; i < n_events; i++) {
		const struct event *ev = &events[i];
		mode_t type = strcmp(ev->subsystem, "block") ? S_IFCHR : S_IFBLK;
		int ok;

		snprintf(path, sizeof(path), "%s/%s", devroot, ev->devname);
		if (lstat(path, &st) < 0) {
			ok = remove;
		} else {
			ok = !remove && (st.st_mode & S_IFMT) == type &&
			     st.st_rdev == makedev(ev->major, ev->minor);
			named += S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode);
		}
		bad += !ok;
	}
	nodes_found = 0;
	nftw(devroot, count_node, 16, FTW_PHYS);
	return bad + (nodes_found > named ? nodes_found - named : 0);
}

/* Polls until the nodes are right or the timeout passes; *t_pass is when the
 * last pass started (the state it saw was complete by then: every helper has
 * exited), so the check's own cost stays out of the wall time. */
static unsigned int wait_nodes(const struct opts *o, double *t_pass)
{
	double end = now() + o->timeout;
	int remove = strcmp(o->action, "remove") == 0;
	unsigned int bad;

	for (;;) {
		*t_pass = now();
		bad = nodes_wrong(o->devroot, remove);
		if (bad == 0 || *t_pass > end)
			return bad;
		usleep(5000);
	}
}

/* utime + stime + cutime + cstime of one /proc/PID/stat; its ppid too. */
static int stat_ticks(const char *path, unsigned long long *ticks, int *ppid)
{
	unsigned long long ut, st, cut, cst;
	char buf[2048], *p;
	FILE *f = fopen(path, "re");

	if (!f)
		return -errno;
	p = fgets(buf, sizeof(buf), f);
	fclose(f);
	p = p ? strrchr(buf, ')') : NULL;
	/* after "pid (comm)": state ppid pgrp session tty tpgid flags minflt
	 * cminflt majflt cmajflt utime stime cutime cstime */
	if (!p || sscanf(p + 2, "%*c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u "
			 "%llu %llu %llu %llu", ppid, &ut, &st, &cut, &cst) != 5)
		return -EINVAL;
	*ticks = ut + st + cut + cst;
	return 0;
}

/* voluntary + nonvoluntary context switches of /proc/PID/status; VmHWM */
static unsigned long long status_csw(const char *pid, long *hwm_kb)
{
	unsigned long long csw = 0;
	char path[300], buf[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%s/status", pid);
	f = fopen(path, "re");
	while (f && fgets(buf, sizeof(buf), f)) {
		if (strstr(buf, "_ctxt_switches:"))
			csw += strtoull(strchr(buf, ':') + 1, NULL, 10);
		else if (hwm_kb && strncmp(buf, "VmHWM:", 6) == 0)
			*hwm_kb = strtol(buf + 6, NULL, 10);
	}
	if (f)
		fclose(f);
	return csw;
}

/* CPU of the daemon's live children (udevd's pool workers): a reaped
 * child is already in the daemon's cutime and cstime; their context
 * switches into *csw (a reaped child's are not counted anywhere). */
static unsigned long long children_ticks(pid_t daemon, unsigned long long *csw)
{
	unsigned long long sum = 0, t;
	char path[300];
	struct dirent *de;
	DIR *d = opendir("/proc");
	int ppid;

	while (d && (de = readdir(d))) {
		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", de->d_name);
		if (stat_ticks(path, &t, &ppid) == 0 && ppid == (int)daemon) {
			sum += t;
			*csw += status_csw(de->d_name, NULL);
		}
	}
	if (d)
		closedir(d);
	return sum;
}

/* The daemon's CPU with its children's, reaped or alive (pool workers). */
static int daemon_read(pid_t pid, struct daemon_stat *ds)
{
	unsigned long long ticks;
	char path[64], spid[24];
	int ppid, r;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	r = stat_ticks(path, &ticks, &ppid);
	if (r < 0)
		return r;
	ds->csw = 0;
	ticks += children_ticks(pid, &ds->csw);
	ds->cpu = (double)ticks / (double)sysconf(_SC_CLK_TCK);
	snprintf(spid, sizeof(spid), "%d", (int)pid);
	ds->hwm_kb = -1;
	ds->csw += status_csw(spid, &ds->hwm_kb);
	return 0;
}

/* ---- the run -------------------------------------------------------------- */

static void storm(const struct opts *o, struct result *res)
{
	struct daemon_stat d0 = { 0, -1, 0 }, d1 = { 0, -1, 0 };
	struct rusage self0, self1;
	unsigned int done = 0, spawned;
	double t0;

	if (o->daemon > 0 && daemon_read(o->daemon, &d0) < 0)
		warn_msg("cannot read /proc/%d, ignoring", (int)o->daemon);
	getrusage(RUSAGE_SELF, &self0);
	t0 = now();
	spawned = fire(o, res, &done);
	res->t_spawned = now() - t0;
	getrusage(RUSAGE_SELF, &self1);
	res->cpu_spawn = tv_sec(&self1.ru_utime) + tv_sec(&self1.ru_stime) -
			 tv_sec(&self0.ru_utime) - tv_sec(&self0.ru_stime);
	while (done < spawned && now() - t0 < o->helper_timeout) {
		done += reap(res, 0, 0);
		if (done < spawned)
			usleep(10000);
	}
	res->t_helpers = now() - t0;
	if (done < spawned) {	/* late helpers: killed, counted, reported */
		res->late = n_live;
		warn_msg("%u helpers did not return within %.0f s, killing them", n_live,
			 o->helper_timeout);
		for (unsigned int i = 0; i < n_live; i++)
			kill(live[i], SIGKILL);
		while (done < spawned)
			done += reap(res, 1, 1);
	}
	if (o->settle && run_settle(o->settle, res) != 0)
		warn_msg("settle command '%s' failed, ignoring", o->settle);
	res->t_settled = now() - t0;
	res->t_end = res->t_settled;
	if (o->devroot) {
		double t_pass;

		res->nodes_checked = 1;
		res->nodes_bad = wait_nodes(o, &t_pass);
		res->t_end = t_pass - t0;
	}
	if (o->daemon > 0 && daemon_read(o->daemon, &d1) == 0) {
		res->cpu_daemon = d1.cpu - d0.cpu;
		res->hwm_kb = d1.hwm_kb;
		/* (a worker that ended takes its count with it: at least this) */
		res->csw_daemon = d1.csw > d0.csw ? d1.csw - d0.csw : 0;
	}
}

static void report(const struct opts *o, const struct result *r)
{
	double cpu = r->cpu_helpers + r->cpu_daemon + r->cpu_settle;

	printf("action=%s events=%u seqnum_first=%llu seqnum_next=%llu "
	       "wall_s=%.4f spawned_s=%.4f helpers_s=%.4f settled_s=%.4f "
	       "cpu_helpers_s=%.4f cpu_daemon_s=%.4f cpu_settle_s=%.4f cpu_spawn_s=%.4f "
	       "cpu_per_event_ms=%.4f daemon_hwm_kb=%ld late=%u failed=%u nodes=%s",
	       o->action, n_events, o->seqnum, o->seqnum + n_events,
	       r->t_end, r->t_spawned, r->t_helpers, r->t_settled,
	       r->cpu_helpers, r->cpu_daemon, r->cpu_settle, r->cpu_spawn,
	       cpu * 1000.0 / n_events, o->daemon > 0 ? r->hwm_kb : -1L, r->late, r->failed,
	       !r->nodes_checked ? "none" : r->nodes_bad ? "bad" : "ok");
	if (r->nodes_bad)
		printf(" nodes_bad=%u", r->nodes_bad);
	printf(" peak_helpers=%u csw_helpers_per_event=%.2f csw_daemon_per_event=%.2f\n",
	       r->peak_helpers, (double)r->csw_helpers / n_events,
	       o->daemon > 0 ? (double)r->csw_daemon / n_events : 0.0);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: storm -l EVENTS [-a add|remove] [-s SEQNUM] [-e KEY=VALUE]...\n"
		"             [-p DAEMON_PID] [-d DEVROOT] [-w SETTLE_CMD] [-t TIMEOUT]\n"
		"             [-o HELPER_LOG] [-n NULL_DEVICE] [-m fork|spawn]\n"
		"             [-z INDEX:SECONDS] [-H SECONDS]\n"
		"             HELPER [ARG...]\n"
		"  spawns HELPER [ARG...] SUBSYSTEM once per event of EVENTS (fakesys\n"
		"  output; reverse order for remove), all at once, and prints one line\n"
		"  of key=value measurements; -z starves the helper of the INDEXth event\n"
		"  (0-based, in firing order): it sleeps SECONDS before it runs; a helper\n"
		"  not back within -H seconds (default 120) is killed and counted late,\n"
		"  one that exits non-zero failed\n");
	exit(2);
}

static void parse_opts(int argc, char **argv, struct opts *o)
{
	int opt;

	while ((opt = getopt(argc, argv, "+l:a:s:e:p:d:w:t:o:n:m:z:H:")) != -1) {
		switch (opt) {
		case 'l': o->list = optarg; break;
		case 'a': o->action = optarg; break;
		case 's': o->seqnum = strtoull(optarg, NULL, 10); break;
		case 'p': o->daemon = (pid_t)atoi(optarg); break;
		case 'd': o->devroot = optarg; break;
		case 'w': o->settle = optarg; break;
		case 't': o->timeout = atof(optarg); break;
		case 'H': o->helper_timeout = atof(optarg); break;
		case 'o': o->errlog = optarg; break;
		case 'n': o->nulldev = optarg; break;
		case 'm': o->use_fork = strcmp(optarg, "spawn") != 0; break;
		case 'z':
			o->starved = strtol(optarg, NULL, 10);
			o->starve_secs = strchr(optarg, ':');
			if (!o->starve_secs++ || o->starved < 0)
				usage();
			break;
		case 'e':
			if (o->n_extra == MAX_EXTRA_ENV || !strchr(optarg, '='))
				usage();
			o->extra_env[o->n_extra++] = optarg;
			break;
		default: usage();
		}
	}
	if (!o->list || optind >= argc)
		usage();
	o->helper = argv + optind;
}

int main(int argc, char **argv)
{
	struct opts o = { .action = "add", .seqnum = 1, .timeout = 60, .helper_timeout = 120,
			  .errlog = "/dev/null", .nulldev = "/dev/null", .use_fork = 1,
			  .starved = -1 };
	struct result res;
	int r;

	parse_opts(argc, argv, &o);
	r = load_events(o.list);
	if (r < 0) {
		errno = -r;
		warn_msg("cannot read the event list %s: %m", o.list);
		return 1;
	}
	if (setup_stdio(&o) < 0) {
		warn_msg("cannot open %s or %s: %m", o.nulldev, o.errlog);
		return 1;
	}
	memset(&res, 0, sizeof(res));
	live = calloc(n_events ? n_events : 1, sizeof(*live));
	if (!live) {
		warn_msg("out of memory");
		return 1;
	}
	storm(&o, &res);
	report(&o, &res);
	return fflush(stdout) == 0 ? 0 : 1;
}
