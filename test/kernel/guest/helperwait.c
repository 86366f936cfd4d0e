// SPDX-License-Identifier: GPL-2.0-only
// Runs a command (insmod, rmmod) and waits until every hotplug helper the kernel
// spawned has exited, then prints the wall times and counts:
// "cmd_ms=N done_ms=N rc=R peak=P mem_min_kb=M".
// Usage: helperwait [-q QUIET_MS] [-t TIMEOUT_S] [-s SETTLE] [-n] [-d DEV] [-S SYS]
//                   [CMD ARG...]
//
// A helper is a user process whose parent is kthreadd (pid 2): the kernel starts
// uevent helpers with CLONE_PARENT from a kworker. Work items queued but not yet
// forked are invisible, so "done" needs QUIET_MS without any helper; done_ms is
// the moment the last helper was seen gone, not the end of the quiet window.
// peak (helpers alive at once) and mem_min_kb (the lowest MemAvailable) are sampled
// while the command runs and until the helpers are gone (every 5 ms, or twice a
// scan's time).
//
// For a daemon that takes the events by netlink (no helpers), two more waits follow:
// -s runs SETTLE with /bin/sh -c (udevsettle) and adds "settle_ms=N src=R"; -n then
// polls until the sd and sg nodes in DEV (/dev) are exactly those of SYS (/sys):
// every /sys/block/sd* and /sys/class/scsi_generic/sg* as a node of its type and
// numbers, no other sd or sg node ("nodes_ms=N", or nodes_ms=timeout and the first
// difference). done_ms is then the end of the last wait.
#include <ctype.h>
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PF_KTHREAD 0x00200000UL

static int peak;
static long mem_min_kb = -1;

/* MemAvailable in kB, or -1 */
static long mem_available(void)
{
	char buf[512], *p;
	int fd = open("/proc/meminfo", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strstr(buf, "MemAvailable:");
	return p ? atol(p + 13) : -1;
}

static void sample_mem(void)
{
	long kb = mem_available();

	if (kb >= 0 && (mem_min_kb < 0 || kb < mem_min_kb))
		mem_min_kb = kb;
}

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

	snprintf(path, sizeof(path), "/proc/%.32s/stat", pid);
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
	if (count > peak)
		peak = count;
	sample_mem();
	return count;
}

/* The number in SYS/DIR/NAME/dev as "MAJ:MIN" into *rdev; 0 when read */
static int sys_dev(const char *sys, const char *dir, const char *name, dev_t *rdev)
{
	char path[512], buf[32];
	unsigned int maj, min;
	int fd, n;

	snprintf(path, sizeof(path), "%s/%s/%s/dev", sys, dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	if (sscanf(buf, "%u:%u", &maj, &min) != 2)
		return -1;
	*rdev = makedev(maj, min);
	return 0;
}

struct nodes {
	const char *dev, *sys;
	char diff[160];
};

/* Every sd* (sg*) device in SYS/DIR has its node in DEV; 1 when so, else diff set */
static int sys_has_nodes(struct nodes *w, const char *dir, const char *prefix, mode_t type)
{
	DIR *d;
	struct dirent *de;
	char path[512];
	struct stat st;
	dev_t rdev;
	int ok = 1;
	snprintf(path, sizeof(path), "%s/%s", w->sys, dir);
	d = opendir(path);
	if (!d)
		return 1;	/* no such class yet: nothing to have */
	while (ok && (de = readdir(d))) {
		if (strncmp(de->d_name, prefix, 2) || sys_dev(w->sys, dir, de->d_name, &rdev))
			continue;
		snprintf(path, sizeof(path), "%s/%s", w->dev, de->d_name);
		if (lstat(path, &st) || (st.st_mode & S_IFMT) != type || st.st_rdev != rdev) {
			snprintf(w->diff, sizeof(w->diff), "%.64s:%u:%u", de->d_name,
				 major(rdev), minor(rdev));
			ok = 0;
		}
	}
	closedir(d);
	return ok;
}

/* No sd* or sg* entry in DEV that sysfs does not have; 1 when so, else diff set */
static int dev_has_no_extra(struct nodes *w)
{
	DIR *d = opendir(w->dev);
	struct dirent *de;
	char path[512];
	struct stat st;
	int ok = 1;

	if (!d)
		return 0;
	while (ok && (de = readdir(d))) {
		const char *dir = de->d_name[1] == 'd' ? "block" : "class/scsi_generic";

		if (de->d_name[0] != 's' || (de->d_name[1] != 'd' && de->d_name[1] != 'g'))
			continue;
		snprintf(path, sizeof(path), "%s/%s/%s", w->sys, dir, de->d_name);
		if (lstat(path, &st)) {
			snprintf(w->diff, sizeof(w->diff), "extra:%.64s", de->d_name);
			ok = 0;
		}
	}
	closedir(d);
	return ok;
}

static int nodes_match(struct nodes *w)
{
	w->diff[0] = '\0';
	return sys_has_nodes(w, "block", "sd", S_IFBLK) &&
	       sys_has_nodes(w, "class/scsi_generic", "sg", S_IFCHR) && dev_has_no_extra(w);
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
	for (;;) {
		long t = now_ms(), took;
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			break;
		if (r < 0)
			return 127;
		count_helpers();
		took = now_ms() - t;
		usleep(took * 2 > 5 ? (useconds_t)took * 2000 : 5000);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* Polls (every 5 ms, or twice a check's time) until the nodes match, or timeout */
static int wait_nodes(struct nodes *w, long deadline)
{
	for (;;) {
		long t = now_ms(), took;

		if (nodes_match(w))
			return 0;
		if (t > deadline)
			return -1;
		took = now_ms() - t;
		usleep(took * 2 > 5 ? (useconds_t)took * 2000 : 5000);
	}
}

/* After the command and its helpers: SETTLE, then the nodes; prints their fields */
static int settle_and_nodes(const char *settle, struct nodes *w, long t0, long deadline,
			    long *done)
{
	char *sh[] = { "/bin/sh", "-c", (char *)settle, NULL };
	int src;

	if (settle) {
		src = run(sh);
		*done = now_ms();
		printf(" settle_ms=%ld src=%d", *done - t0, src);
		if (src)
			return -1;
	}
	if (!w)
		return 0;
	if (wait_nodes(w, deadline)) {
		printf(" nodes_ms=timeout first_difference=%s", w->diff);
		return -1;
	}
	*done = now_ms();
	printf(" nodes_ms=%ld", *done - t0);
	return 0;
}

/* Waits until no helper was seen for quiet_ms; the last time one was seen, or -1 */
static long wait_helpers(long t0, long quiet_ms, long timeout_ms, int *left)
{
	long last_seen = now_ms(), scan_ms;

	for (;;) {
		long t = now_ms();
		int n = count_helpers();

		if (n != 0)
			last_seen = t;
		else if (t - last_seen >= quiet_ms)
			return last_seen;
		/* a scan of thousands of /proc entries is slow under emulation:
		 * at most a third of a CPU for it, not all of one */
		scan_ms = now_ms() - t;
		if (t - t0 > timeout_ms) {
			*left = n;
			return -1;
		}
		usleep(scan_ms * 2 > 5 ? (useconds_t)scan_ms * 2000 : 5000);
	}
}

int main(int argc, char **argv)
{
	long quiet_ms = 500, timeout_ms = 1800 * 1000L, t0, t_cmd, done;
	struct nodes nodes = { "/dev", "/sys", "" }, *w = NULL;
	const char *settle = NULL;
	int opt, rc = 0, left = 0;

	while ((opt = getopt(argc, argv, "+q:t:s:nd:S:")) != -1) {
		if (opt == 'q')
			quiet_ms = atol(optarg);
		else if (opt == 't')
			timeout_ms = atol(optarg) * 1000L;
		else if (opt == 's')
			settle = optarg;
		else if (opt == 'n')
			w = &nodes;
		else if (opt == 'd')
			nodes.dev = optarg;
		else if (opt == 'S')
			nodes.sys = optarg;
		else
			return 2;
	}
	t0 = now_ms();
	sample_mem();
	if (optind < argc)
		rc = run(argv + optind);
	t_cmd = now_ms();
	done = wait_helpers(t0, quiet_ms, timeout_ms, &left);
	if (done < 0) {
		printf("cmd_ms=%ld done_ms=timeout rc=%d peak=%d left=%d\n", t_cmd - t0, rc, peak, left);
		return 3;
	}
	printf("cmd_ms=%ld", t_cmd - t0);
	if (settle_and_nodes(settle, w, t0, t0 + timeout_ms, &done)) {
		printf(" done_ms=timeout rc=%d peak=%d\n", rc, peak);
		return 3;
	}
	printf(" done_ms=%ld rc=%d peak=%d mem_min_kb=%ld\n", done - t0, rc, peak, mem_min_kb);
	return rc ? 1 : 0;
}
