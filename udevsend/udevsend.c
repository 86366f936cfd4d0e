// SPDX-License-Identifier: GPL-2.0-only
/* udevsend: the helper the kernel execs once per event. Sends the event to
 * udevd, waits for the ack of its own seqnum, exits with udev's code. No stdio
 * and no heap: its size and start-up time are the cost of every event. */
#include "compat.h"
#include "fd.h"
#include "loop.h"
#include "msg.h"
#include "namelock.h"
#include "opts.h"
#include "layout.h"
#include "proc.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SEND_TIMEOUT_MS   10000   /* udevd's queue stays full this long: run udev */
#define START_WINDOW_MS   5000    /* a started udevd must answer within this */
#define ACK_TIMEOUT_MS    300000  /* default; UDEVSEND_ACK_TIMEOUT overrides */
#define PROBE_MS          2000    /* while waiting: is the udevd we sent to alive? */
#define PROBE_PER_HELD_MS 20      /* ...less often the more events it holds: */
#define PROBE_MAX_MS      60000   /* all helpers together probe ~50 times a second */
#define RESEND_MAX        2       /* its successors get the event this often */
#define UDEVSEND_USAGE "usage: udevsend [SUBSYSTEM] (event in the environment)"

extern char **environ;

static struct msg_event msg;
static size_t msg_len;
/* hotplug's verdict (multicall.h): 1 when nothing runs after its udevsend
 * hook, 0 when something may; -1: we are not in hotplug */
int udevsend_last_hook = -1;
/* environment for running udev ourselves: every entry takes >= 3 bytes */
static char *udev_envp[MSG_ENV_MAX / 3 + 2];

static int env_append(size_t *used, const char *a, const char *b)
{
	size_t la = strlen(a), lb = b ? strlen(b) : 0;

	if (*used + la + lb + 1 > MSG_ENV_MAX)
		return -E2BIG;
	memcpy(msg.env + *used, a, la);
	if (b)
		memcpy(msg.env + *used + la, b, lb);
	*used += la + lb;
	msg.env[(*used)++] = '\0';
	return 0;
}

/* Environment -> message; argv[1], when given, is the SUBSYSTEM. */
static int build_event(const char *subsystem)
{
	const char *a, *s, *d;
	unsigned long long seq;
	size_t used = 0;
	char **e;
	int seq_ok;

	for (e = environ; *e; e++) {
		if (**e == '=' || !strchr(*e, '='))
			continue;
		if (subsystem && strncmp(*e, "SUBSYSTEM=", 10) == 0)
			continue;
		if (env_append(&used, *e, NULL) < 0)
			return -E2BIG;
	}
	if (subsystem && env_append(&used, "SUBSYSTEM=", subsystem) < 0)
		return -E2BIG;
	/* what uevent_parse() asks, with the lookup run_udev links anyway */
	a = msg_env_get(msg.env, used, "ACTION");
	s = msg_env_get(msg.env, used, "SUBSYSTEM");
	d = msg_env_get(msg.env, used, "DEVPATH");
	if (!a || !*a || !s || !*s || !d || *d != '/')
		return -EINVAL;
	s = msg_env_get(msg.env, used, "SEQNUM");
	seq_ok = s && str_to_u64(s, &seq) == 0;
	msg_init(&msg.hdr, MSG_EVENT, seq_ok ? seq : (uint64_t)getpid());
	if (seq_ok)
		msg.hdr.flags = MSG_F_SEQNUM;
	msg.hdr.envlen = (uint32_t)used;
	/* who started us: udevd tells the kernel from a shell by it (msg.h) */
	msg.hdr.arg = (uint32_t)getppid();
	msg_len = sizeof(msg.hdr) + used;
	return 0;
}

/* Run by hand: the first of the kernel's variables build_event missed. */
static const char *missing(void)
{
	const char *a = getenv("ACTION"), *d = getenv("DEVPATH");

	if (!a || !*a)
		return "ACTION";
	return !d || *d != '/' ? "DEVPATH" : "SUBSYSTEM";
}

/* Autobound (so that the ack can reach us), credentials passed. */
static int open_socket(void)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd, on = 1;

	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) < 0 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa_family_t)) < 0) {
		close(fd);
		return -errno;
	}
	return fd;
}

static int try_connect(int fd)
{
	struct sockaddr_un sa;
	int len = msg_daemon_addr(&sa);

	if (len < 0)
		return len;
	if (connect(fd, (struct sockaddr *)&sa, (socklen_t)len) < 0)
		return -errno;
	return 0;
}

/* In the child: what our caller had open beyond 0-2 (a script's fd 9 on a
 * private file) is not udevd's, udev's or their programs'. Returns only
 * when bin could not be run. */
static void exec_child(const char *bin, char **argv, char **envp)
{
	fd_close_from3();
	execve(bin, argv, envp);
}

/* $NAME, or DFLT when it is unset or empty */
static const char *bin_of(const char *name, const char *dflt)
{
	const char *bin = getenv(name);

	return bin && *bin ? bin : dflt;
}

/* The event is lost: say so on stderr and, when that is /dev/null (as for
 * the kernel's helpers), to syslog (no wait on a full queue), at most once
 * per LOST_EVERY_S seconds of a storm: the first to find the stamp (under
 * /dev, as udev's db) older rewrites it. By hand, in the event's buffer,
 * with no stdio nor fmt: the 8 KiB budget (so udevd's path goes unnamed). */
#define LOST_STAMP   "/dev/.udevsend-lost"
#define LOST_EVERY_S 10
static const struct { sa_family_t family; char path[9]; } syslog_addr = { AF_UNIX, "/dev/log" };
static void say_lost(const char *udev)
{
	struct stat st;
	size_t n = 0;
	int fd;

	/* the event's copy is no longer needed: the line takes its place */
	if (env_append(&n, "<27>udevsend: error: cannot run ", udev) < 0)
		return;
	n--;   /* the next piece overwrites the NUL */
	env_append(&n, ", no udevd: lost ", getenv("DEVPATH"));
	msg.env[n - 1] = '\n';
	if (write(STDERR_FILENO, msg.env + 4, n - 4) < 0) {
		/* nowhere to say it */
	}
	/* syslog only when stderr is /dev/null (1:3): it was closed (fd_sanitize) */
	if (fstat(STDERR_FILENO, &st) == 0 && st.st_rdev != makedev(1, 3))
		return;
	/* (no stamp: st still holds /dev/null's size, 0, and the line goes out) */
	fd = open(LOST_STAMP, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
	fstat(fd, &st);
	if (st.st_size && time(NULL) - st.st_mtime < LOST_EVERY_S)
		return;
	if (write(fd, msg.env, 1) < 0) {
		/* a read-only /dev: no limit */
	}
	/* (syslogd drops the newline) */
	sendto(socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0), msg.env, n,
	       MSG_DONTWAIT | MSG_NOSIGNAL, (const struct sockaddr *)&syslog_addr, sizeof(syslog_addr));
}

/* udevd --daemon returns once its socket is bound; 127: it could not exec. */
static pid_t spawn_daemon(void)
{
	const char *bin = bin_of("UDEVD_BIN", UDEVD_BIN_DEFAULT);
	char *argv[3];
	pid_t pid;

	argv[0] = (char *)bin;
	argv[1] = (char *)"--daemon";
	argv[2] = NULL;
	pid = proc_fork(PROC_FORK_WAIT_MS);
	if (pid == 0) {
		setsid();
		exec_child(bin, argv, environ);
		_exit(127);
	}
	return pid;
}

/* Starts udevd once and retries the connection for a bounded time. The
 * name is bound before udevd --daemon forks, its lock taken after: connected,
 * we wait for the udevd we started to return (it does once the process that
 * stays holds the lock), or verify_daemon could find the lock not yet held
 * and run udev here, while that udevd runs the same event from its journal. */
static int start_daemon(int fd)
{
	uint64_t deadline = loop_now_ms() + START_WINDOW_MS;
	pid_t pid = spawn_daemon();
	int st, r, failed = pid < 0;

	for (;;) {
		if (pid > 0 && waitpid(pid, &st, WNOHANG) == pid) {
			pid = 0;
			failed = WIFEXITED(st) && WEXITSTATUS(st) == 127;
		}
		r = try_connect(fd);
		if ((r == 0 && pid <= 0) || failed || loop_now_ms() >= deadline)
			break;
		poll(NULL, 0, r == 0 ? 2 : 20);
	}
	if (pid > 0)
		waitpid(pid, &st, WNOHANG);
	return r;
}

/* Non-blocking: a full queue (max_dgram_qlen) never blocks us for ever. */
/* (the clock is read only when the send must wait: under klibc each
 * reading is a system call) */
static int send_msg(int fd, const void *buf, size_t len)
{
	uint64_t deadline = 0;
	struct pollfd p = { .fd = fd, .events = POLLOUT };

	for (;;) {
		if (send(fd, buf, len, MSG_DONTWAIT | MSG_NOSIGNAL) >= 0)
			return 0;
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			return -errno;
		if (!deadline)
			deadline = loop_now_ms() + SEND_TIMEOUT_MS;
		else if (loop_now_ms() >= deadline)
			return -ETIMEDOUT;
		poll(&p, 1, (int)loop_until(loop_now_ms(), deadline));
	}
}

static uint64_t ack_timeout(void)
{
	const char *s = getenv("UDEVSEND_ACK_TIMEOUT");
	uint64_t ms;

	if (s && loop_parse_msec(s, &ms) == 0)
		return ms;
	return ACK_TIMEOUT_MS;
}

/* MSG_F_STATUS in the request too: a udevd without the status question
 * refuses it with an answer that cannot pass for our event's ack. */
static void status_query(struct msg_hdr *q)
{
	msg_init(q, MSG_CTL_STATUS, msg.hdr.seqnum);
	q->flags = msg.hdr.flags | MSG_F_STATUS;
}

/* A udevd killed with our event queued never acks it, and a datagram socket
 * is not told that its peer is gone: ask the peer whether our event is done
 * (MSG_CTL_STATUS, a cheap O(1) question; the answer carries the result
 * when our ack was lost). -ECONNREFUSED: gone. */
static int probe_daemon(int fd)
{
	struct msg_hdr probe;

	status_query(&probe);
	if (send(fd, &probe, sizeof(probe), MSG_DONTWAIT | MSG_NOSIGNAL) < 0 &&
	    (errno == ECONNREFUSED || errno == ECONNRESET))
		return -ECONNREFUSED;
	return 0;
}

enum { ANS_OTHER = 1, ANS_PENDING, ANS_RESULT };

/* One datagram from the name we are connected to: ANS_RESULT (*rc) for our
 * ack or a status answer that says our event is done; ANS_PENDING (*held)
 * when it is still held, queued or running; ANS_OTHER for anything else (a
 * sender not root, another answer). -errno when none could be read. */
static int read_answer(int fd, int *rc, uint32_t *held)
{
	struct msg_hdr ack[2];
	struct ucred cred;
	ssize_t n;
	int trunc, r;

	n = msg_recv(fd, ack, sizeof(ack), NULL, NULL, &cred, &trunc);
	if (n < 0)
		return (int)n;
	r = msg_ack_ok(ack, (size_t)n, trunc, &cred, &msg.hdr);
	if (r < 0)
		return ANS_OTHER;
	*held = ack[0].arg;
	*rc = (ack[0].rc >= 0 && ack[0].rc <= MSG_RC_UNFINISHED) ? ack[0].rc : MSG_RC_NOT_RUN;
	if (ack[0].flags == (msg.hdr.flags | MSG_F_QUEUED) && (msg.hdr.flags & MSG_F_MAY_QUEUE))
		return ANS_RESULT;   /* held safely (rc 0): we may go */
	if (ack[0].flags == msg.hdr.flags || (ack[0].flags & MSG_F_DONE))
		return ANS_RESULT;
	return (ack[0].flags & MSG_F_PENDING) ? ANS_PENDING : ANS_OTHER;
}

/* Before the event goes out: a udevd of root holds the name when it holds
 * its name lock (namelock_check), and nothing else counts: a process of
 * another user holding the name, answering or not, gets nothing and costs
 * no wait (-EPERM: we run udev ourselves). The check is a stat and an
 * F_GETLK, no round trip. */
static int verify_daemon(void)
{
	return namelock_check() == 1 ? 0 : -EPERM;
}

/* The next probe: every PROBE_MS, or PROBE_PER_HELD_MS per event udevd holds
 * (up to PROBE_MAX_MS): in a storm thousands of helpers wait, and probes at a
 * fixed rate would take the very time udevd needs for their events. Always
 * within half the ack timeout, which the answers start again. */
static uint64_t probe_every(uint64_t held, uint64_t timeout)
{
	uint64_t ms = held * PROBE_PER_HELD_MS;

	if (ms < PROBE_MS)
		ms = PROBE_MS;
	if (ms > PROBE_MAX_MS)
		ms = PROBE_MAX_MS;
	return ms < timeout / 2 + 1 ? ms : timeout / 2 + 1;
}

/* Only an ack from uid 0, for our seqnum, counts: squatters and forgers of
 * other users are ignored until the deadline. The ack timeout bounds udevd's
 * silence, not the wait: in a storm our event may sit behind thousands, and
 * every answer to a probe that says udevd still holds events (ours among
 * them: it acks before it answers a later probe) starts the timeout again.
 * The clock is first read when no answer is there yet (*deadline 0: the
 * timeout starts then). -ECONNREFUSED when the udevd we sent to is gone
 * before it acked. */
static int wait_ack(int fd, uint64_t *deadline, uint64_t timeout)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	uint64_t now, every = probe_every(0, timeout);
	uint64_t probe_at = 0;
	uint32_t held = 0;
	int n, rc;

	for (;;) {
		n = read_answer(fd, &rc, &held);
		if (n == ANS_RESULT)
			return rc;
		if (n == ANS_PENDING) {
			now = loop_now_ms();
			*deadline = now + timeout;
			every = probe_every(held, timeout);
			probe_at = now + every;
		}
		if (n > 0 || n == -EINTR)
			continue;
		if (n != -EAGAIN && n != -EWOULDBLOCK && n != -ECONNREFUSED)
			return MSG_RC_TIMEOUT;
		now = loop_now_ms();
		if (!*deadline)
			*deadline = now + timeout;
		if (!probe_at)
			probe_at = now + every;
		if (now >= *deadline)
			return MSG_RC_TIMEOUT;
		if (now >= probe_at) {
			if (probe_daemon(fd) < 0)
				return -ECONNREFUSED;
			probe_at = now + every;
		}
		poll(&p, 1, (int)loop_until(now, *deadline < probe_at ? *deadline : probe_at));
	}
}

/* No udevd: run udev ourselves with the event's environment. */
static int run_udev(void)
{
	const char *bin = bin_of("UDEV_BIN", UDEV_BIN_DEFAULT);
	char *argv[3], *p = msg.env, *end = msg.env + msg.hdr.envlen;
	size_t i = 0;
	pid_t pid;
	int st;

	for (; p < end; p += strlen(p) + 1)
		udev_envp[i++] = p;
	udev_envp[i] = NULL;
	argv[0] = (char *)bin;
	argv[1] = (char *)msg_env_get(msg.env, msg.hdr.envlen, "SUBSYSTEM");
	argv[2] = NULL;
	pid = proc_fork(PROC_FORK_WAIT_MS);
	if (pid < 0)
		return MSG_RC_NOT_RUN;
	if (pid == 0) {
		exec_child(bin, argv, udev_envp);
		say_lost(bin);   /* the event is lost: say so, here in the child */
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return MSG_RC_NOT_RUN;
	return msg_rc_from_status(st);
}

static int hand_over(int fd)
{
	int r = verify_daemon();

	return r < 0 ? r : send_msg(fd, &msg, msg_len);
}

/* Connects (starting udevd when none answers), makes sure a udevd of root
 * holds the name, and sends; -errno when the event could not be handed to a udevd. */
static int deliver(int fd)
{
	int r = try_connect(fd);

	if (r == -ECONNREFUSED || r == -ENOENT)
		r = start_daemon(fd);
	if (r == 0)
		r = hand_over(fd);
	if (r == -ECONNREFUSED && start_daemon(fd) == 0)
		r = hand_over(fd);
	return r;
}

/* May udevd answer "queued" (MSG_F_MAY_QUEUE) rather than udev's code?
 * Only when nothing waits for the node after us: the kernel started us
 * (proc.h; UDEVSEND_WAIT) or hotplug, which did, has no script after its
 * udevsend hook. Events without a SEQNUM always wait. */
static void may_queue(int by_kernel)
{
	int yes = udevsend_last_hook >= 0 ? udevsend_last_hook : by_kernel;

	if (yes && (msg.hdr.flags & MSG_F_SEQNUM))
		msg.hdr.flags |= MSG_F_MAY_QUEUE;
}

int main(int argc, char **argv)
{
	uint64_t deadline, timeout;
	const char *sub;
	int fd, r, tries, by_kernel = proc_by_kernel();

	/* SIGPIPE keeps its disposition for udev: sends use MSG_NOSIGNAL;
	 * run by hotplug (udevsend_last_hook set), whose main made sure of
	 * fds 0-2 already */
	if (udevsend_last_hook < 0)
		fd_sanitize();
	/* Run under udev for an event udevd runs (UDEVD_EVENT, 064; the shipped
	 * rules RUN /sbin/hotplug for netlink events): udev has run, and handing
	 * the event back to udevd would only run it again. */
	if (opts_std(argc, argv, "udevsend", UDEVSEND_USAGE))
		return 0;
	if (getenv("UDEVD_EVENT_SOURCE") || getenv(MSG_UDEVD_EVENT_KEY))
		return 0;
	/* 050, 064: SUBSYSTEM from the environment; argv[1] when it has none */
	sub = getenv("SUBSYSTEM");
	r = build_event(sub && *sub ? NULL : argc > 1 && argv[1][0] ? argv[1] : NULL);
	if (r == -EINVAL)
		return opts_usage_error("udevsend", UDEVSEND_USAGE,
					"no event: the environment has no (or a bad)", missing());
	if (r < 0)
		return MSG_RC_NOT_RUN;
	may_queue(by_kernel);
	fd = open_socket();
	if (fd < 0)
		return run_udev();
	timeout = ack_timeout();
	deadline = 0;   /* from the wait's first reading of the clock */
	for (tries = 0;; tries++) {
		r = deliver(fd);
		if (r < 0)
			break;
		r = wait_ack(fd, &deadline, timeout);
		if (r != -ECONNREFUSED)
			break;
		/* udevd died with our event: its successor (started by us or
		 * another helper) gets it again; a duplicate beats a loss */
		if (tries == RESEND_MAX)
			break;
	}
	/* (hotplug runs this main in its own process and goes on) */
	close(fd);
	return r < 0 ? run_udev() : r;
}
