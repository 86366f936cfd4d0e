// SPDX-License-Identifier: GPL-2.0-only
/* sysprobe DEVDIR DBDIR: what the system calls a udev worker makes cost in
 * this guest, each kind repeated and timed (microseconds per repetition):
 * look-ups and reads under DEVDIR (a device directory in /sys), a database
 * record's write the way udev writes it (a temporary file, then renamed)
 * and other ways in DBDIR, a node made the way udev makes it in /dev, the
 * worker's per-event hygiene (close_range, poll) and a program start. A
 * measurer for docs/performance.md (TIME_PROBE=1 test/kernel/run.sh time),
 * not part of the suite. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define REPS 2000

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void report(const char *what, double t0, int reps)
{
	printf("PROBE %-44s %9.2f us\n", what, (now_us() - t0) / reps);
}

/* REPEAT_N(n, what, statements): the statements n times, timed */
#define REPEAT_N(n, what, ...) do { \
		double t0_ = now_us(); \
		for (int i_ = 0; i_ < (n); i_++) { __VA_ARGS__; } \
		report(what, t0_, (n)); \
	} while (0)
#define REPEAT(what, ...) REPEAT_N(REPS, what, __VA_ARGS__)

static char buf[4096];

static void read_close(int fd)
{
	if (fd >= 0) {
		if (read(fd, buf, sizeof(buf)) < 0)
			buf[0] = 0;
		close(fd);
	}
}

static void write_close(int fd, size_t n)
{
	if (fd >= 0) {
		if (write(fd, buf, n) < 0)
			buf[0] = 0;
		close(fd);
	}
}

/* this program again, as a rule's program is started: vfork, exec, wait */
static void start_self(const char *self)
{
	pid_t pid = vfork();

	if (pid == 0) {
		execl(self, self, "--exit", (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

int main(int argc, char **argv)
{
	char a[1024], b[1024], rec[1024];
	struct pollfd pf[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { -1, POLLIN, 0 } };
	struct stat st;
	int sp[2], dir;

	if (argc == 2 && strcmp(argv[1], "--exit") == 0)
		return 0;   /* the program that the program start starts */
	if (argc != 3) {
		fprintf(stderr, "usage: sysprobe DEVDIR DBDIR\n");
		return 2;
	}
	memset(buf, 'x', sizeof(buf));
	REPEAT("getppid (a system call's floor)", getppid());
	REPEAT("access DEVDIR (its whole path)", access(argv[1], F_OK));
	snprintf(a, sizeof(a), "%s/uevent", argv[1]);
	REPEAT("open+read+close DEVDIR/uevent", read_close(open(a, O_RDONLY)));
	snprintf(a, sizeof(a), "%s/no-such-file", argv[1]);
	REPEAT("open DEVDIR/no-such-file (ENOENT)", open(a, O_RDONLY));
	snprintf(a, sizeof(a), "%s/subsystem", argv[1]);
	REPEAT("readlink DEVDIR/subsystem", readlink(a, b, sizeof(b)));
	dir = open(argv[1], O_RDONLY | O_DIRECTORY);
	REPEAT("openat+read+close uevent beside an open DEVDIR", read_close(openat(dir, "uevent", O_RDONLY)));
	snprintf(a, sizeof(a), "%s/no-such-record", argv[2]);
	REPEAT("open DBDIR/no-such-record (ENOENT)", open(a, O_RDONLY));
	snprintf(a, sizeof(a), "%s/.sysprobe-tmp", argv[2]);
	snprintf(rec, sizeof(rec), "%s/sysprobe-record", argv[2]);
	REPEAT("record: open+write+close+rename (udev's way)",
	       write_close(open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644), 100); rename(a, rec));
	REPEAT("record: open O_TRUNC+write+close in place", write_close(open(rec, O_WRONLY | O_TRUNC), 100));
	REPEAT("record: open+read+close", read_close(open(rec, O_RDONLY)));
	REPEAT("record: create+write+close+unlink",
	       write_close(open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644), 100); unlink(a));
	unlink(rec);
	REPEAT("node: mknod+chmod+rename+unlink in /dev",
	       mknod("/dev/.sysprobe-tmp", S_IFCHR | 0600, makedev(1, 3));
	       chmod("/dev/.sysprobe-tmp", 0660);
	       rename("/dev/.sysprobe-tmp", "/dev/.sysprobe-node"); unlink("/dev/.sysprobe-node"));
	REPEAT("stat /dev", stat("/dev", &st));
	REPEAT("poll of 4 descriptors, timeout 0", poll(pf, 4, 0));
	REPEAT("close_range(6, ~0)", syscall(SYS_close_range, 6, ~0U, 0));
	if (socketpair(AF_UNIX, SOCK_SEQPACKET, 0, sp) == 0) {
		pid_t echo;

		REPEAT("seqpacket send+recv of 48 bytes",
		       send(sp[0], buf, 48, 0); recv(sp[1], b, sizeof(b), 0));
		/* a message to another process and its answer: two wake-ups,
		 * each a switch of address space, as udevd -> worker -> udevd */
		echo = fork();
		if (echo == 0) {
			ssize_t n;

			close(sp[0]);
			/* a message of 1 byte: answered; of K > 1 bytes: answered
			 * after K records written (as a worker would for K events) */
			while ((n = recv(sp[1], b, sizeof(b), 0)) > 0) {
				for (int k = 0; n > 1 && k < n; k++) {
					write_close(open(a, O_WRONLY | O_CREAT | O_TRUNC, 0644), 100);
					rename(a, rec);
				}
				send(sp[1], "", 1, 0);
			}
			_exit(0);
		}
		close(sp[1]);
		REPEAT("round trip to another process (2 wake-ups)",
		       send(sp[0], buf, 1, 0); recv(sp[0], b, 1, 0));
		REPEAT("round trip, the other writing 2 records",
		       send(sp[0], buf, 2, 0); recv(sp[0], b, 1, 0));
		REPEAT("round trip, the other writing 8 records",
		       send(sp[0], buf, 8, 0); recv(sp[0], b, 1, 0));
		unlink(rec);
		close(sp[0]);
		if (echo > 0)
			waitpid(echo, NULL, 0);
	}
	REPEAT_N(REPS / 10, "program start: vfork+exec (static)+exit+wait", start_self(argv[0]));
	return 0;
}
