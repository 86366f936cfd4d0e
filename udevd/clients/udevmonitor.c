// SPDX-License-Identifier: GPL-2.0-only
/* udevmonitor: prints each event as it passes: the kernel's uevent as it is
 * broadcast on netlink (KERNEL), and udevd's result once udev has handled it
 * (UDEV, through udevd's monitor subscription). --env adds the environment;
 * --subsystem-match=SUBSYSTEM[/DEVTYPE] (later udevadm's, repeatable) prints
 * only the events of those subsystems. */
#include "compat.h"
#include "fmt.h"
#include "ctl.h"
#include "log.h"
#include "loop.h"
#include "opts.h"
#include "msg.h"
#include "str.h"

#include <errno.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef NETLINK_KOBJECT_UEVENT
#define NETLINK_KOBJECT_UEVENT 15
#endif

#define RESUBSCRIBE_MS 2000     /* no udevd, or it refused: try again */

#define MATCH_MAX 8

struct mon {
	int env, kernel, udev;
	int nmatch;
	const char *match[MATCH_MAX];   /* --subsystem-match values */
	int nl, ud, sub;        /* netlink, control socket, our end of the pair */
	int subscribed;         /* udevd acked the subscription on sub */
	uint64_t next_sub;
};

static union {
	struct msg_event m;
	char raw[sizeof(struct msg_event) + 1];
} buf;

#define MONITOR_USAGE "usage: udevmonitor [--env] [--kernel] [--udev]\n" \
	"       [--subsystem-match=SUBSYSTEM[/DEVTYPE]]..."

static int usage(const char *bad)
{
	return opts_unknown("udevmonitor", MONITOR_USAGE, bad);
}

/* One KEY=value line; a value's control characters as \xNN, so that a
 * device's newline cannot print as a variable of its own. */
static void print_line(const char *s)
{
	static char line[4 * MSG_ENV_MAX + 1];

	str_escape(line, s, sizeof(line));
	fmt_print(stdout, "%s\n", line);
}

/* The event is of a subsystem (and device type) asked for, or none was. */
static int wanted(const struct mon *mo, const char *env, size_t len)
{
	const char *s = msg_env_get(env, len, "SUBSYSTEM"), *t = msg_env_get(env, len, "DEVTYPE");
	const char *m, *slash;
	int i;

	for (i = 0; i < mo->nmatch; i++) {
		m = mo->match[i];
		slash = strchr(m, '/');
		if (!s || strncmp(s, m, slash ? (size_t)(slash - m) : strlen(m) + 1) != 0 ||
		    (slash && s[slash - m]))
			continue;
		if (!slash || (t && strcmp(t, slash + 1) == 0))
			return 1;
	}
	return mo->nmatch == 0;
}

static void print_event(const struct mon *mo, const char *src, const char *env,
			size_t len, const char *tail)
{
	uint64_t t = loop_now_ms();
	const char *a = msg_env_get(env, len, "ACTION"), *p = msg_env_get(env, len, "DEVPATH");
	const char *s = msg_env_get(env, len, "SUBSYSTEM"), *q = msg_env_get(env, len, "SEQNUM");
	const char *e;
	char ms[4] = { (char)('0' + t % 1000 / 100), (char)('0' + t % 100 / 10),
		       (char)('0' + t % 10), '\0' };

	if (!wanted(mo, env, len))
		return;

	/* fmt_print, not the libc's printf (2.5 KB in klibc): no widths */
	fmt_print(stdout, "%s[%llu.%s] %s %s (%s) seqnum %s%s\n", src,
		  (unsigned long long)(t / 1000), ms, a ? a : "?", p ? p : "?", s ? s : "?",
		  q ? q : "-", tail);
	if (mo->env) {
		for (e = env; e < env + len && *e; e += strlen(e) + 1)
			print_line(e);
		fputs("\n", stdout);
	}
	fflush(stdout);   /* a line at a time, also into a pipe */
}

static int open_netlink(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK, .nl_groups = 1 };
	int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_KOBJECT_UEVENT);

	if (fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* One kernel uevent: "ACTION@DEVPATH\0KEY=value\0...", from port id 0 only. */
static void read_kernel(const struct mon *mo)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	socklen_t sl = sizeof(sa);
	ssize_t n = recvfrom(mo->nl, buf.raw, sizeof(buf.raw) - 1, MSG_DONTWAIT,
			     (struct sockaddr *)&sa, &sl);
	size_t h;

	if (n == -1 && errno == ENOBUFS) {
		fputs("KERNEL events lost (receive buffer full)\n", stdout);
		fflush(stdout);
	}
	/* no sender address: not provably the kernel */
	if (n <= 0 || (size_t)sl < sizeof(sa) || sa.nl_pid != 0)
		return;
	buf.raw[n] = '\0';
	h = strlen(buf.raw) + 1;
	if (h < (size_t)n)
		print_event(mo, "KERNEL", buf.raw + h, (size_t)n - h, "");
}

/* A new subscription: one end of a SOCK_SEQPACKET pair goes to udevd with
 * MSG_CTL_MONITOR; events come on the other, which only we hold. */
static void subscribe(struct mon *mo)
{
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(int))];
	} ctl;
	struct msg_hdr req;
	struct iovec iov = { .iov_base = &req, .iov_len = sizeof(req) };
	struct msghdr mh;
	int sv[2], on = 1;

	mo->next_sub = loop_now_ms() + RESUBSCRIBE_MS;
	if (mo->ud < 0)
		mo->ud = ctl_socket();
	if (mo->ud < 0 || socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
		return;
	setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, &on, sizeof(on));
	msg_init(&req, MSG_CTL_MONITOR, (uint64_t)getpid());
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = ctl.buf;
	mh.msg_controllen = sizeof(ctl.buf);
	CMSG_FIRSTHDR(&mh)->cmsg_level = SOL_SOCKET;
	CMSG_FIRSTHDR(&mh)->cmsg_type = SCM_RIGHTS;
	CMSG_FIRSTHDR(&mh)->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(CMSG_FIRSTHDR(&mh)), &sv[1], sizeof(int));
	if (sendmsg(mo->ud, &mh, MSG_NOSIGNAL | MSG_DONTWAIT) < 0 && errno != EAGAIN) {
		close(mo->ud);
		mo->ud = -1;
	}
	close(sv[1]);
	if (mo->sub >= 0)
		close(mo->sub);
	mo->sub = sv[0];
	mo->subscribed = 0;
}

/* udevd's answer to the subscription, from root: 0 or refused (full). */
static void read_ack(struct mon *mo)
{
	struct ucred cred;
	int trunc;
	ssize_t n = msg_recv(mo->ud, buf.raw, sizeof(buf.raw), NULL, NULL, &cred, &trunc);

	if (n == -ECONNREFUSED) {
		close(mo->ud);
		mo->ud = -1;
		return;
	}
	if (n < 0 || cred.uid != 0 || trunc || msg_check(buf.raw, (size_t)n) < 0 ||
	    buf.m.hdr.type != MSG_ACK)
		return;
	if (buf.m.hdr.rc != 0)
		log_err("udevd refused the monitor subscription (too many monitors?)");
	else
		mo->subscribed = 1;
}

/* One MSG_MONITOR per event on our end of the pair, sent by root; at its
 * end (udevd is gone) a new subscription is tried. */
static void read_events(struct mon *mo)
{
	struct ucred cred;
	char tail[32];
	int trunc;
	ssize_t n = msg_recv(mo->sub, buf.raw, sizeof(buf.raw), NULL, NULL, &cred, &trunc);

	if (n == 0 || (n < 0 && n != -EAGAIN && n != -EINTR)) {
		close(mo->sub);
		mo->sub = -1;
		mo->subscribed = 0;
		mo->next_sub = loop_now_ms();
		return;
	}
	if (n < 0 || cred.uid != 0 || trunc || msg_check(buf.raw, (size_t)n) < 0 ||
	    buf.m.hdr.type != MSG_MONITOR)
		return;
	fmt_s(tail, sizeof(tail), " rc %d", buf.m.hdr.rc);
	print_event(mo, "UDEV", buf.m.env, buf.m.hdr.envlen, tail);
}

static void run(struct mon *mo)
{
	struct pollfd p[3];
	int64_t t;

	for (;;) {
		if (mo->udev && !mo->subscribed && loop_now_ms() >= mo->next_sub)
			subscribe(mo);
		p[0].fd = mo->nl;
		p[1].fd = mo->ud;
		p[2].fd = mo->sub;
		p[0].events = p[1].events = p[2].events = POLLIN;
		t = mo->udev && !mo->subscribed ? loop_until(loop_now_ms(), mo->next_sub) : -1;
		if (poll(p, 3, (int)t) <= 0)
			continue;
		if (mo->nl >= 0 && (p[0].revents & POLLIN))
			read_kernel(mo);
		if (mo->ud >= 0 && (p[1].revents & (POLLIN | POLLERR)))
			read_ack(mo);
		if (mo->sub >= 0 && (p[2].revents & (POLLIN | POLLERR | POLLHUP)))
			read_events(mo);
	}
}

int main(int argc, char **argv)
{
	struct mon mo = { .nl = -1, .ud = -1, .sub = -1 };
	int i;

	if (opts_std(argc, argv, "udevmonitor", MONITOR_USAGE))
		return 0;
	log_init("udevmonitor", log_sink_auto());
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--env") == 0)
			mo.env = 1;
		else if (strcmp(argv[i], "--kernel") == 0)
			mo.kernel = 1;
		else if (strcmp(argv[i], "--udev") == 0)
			mo.udev = 1;
		else if (strncmp(argv[i], "--subsystem-match=", 18) == 0 && argv[i][18] &&
			 mo.nmatch < MATCH_MAX)
			mo.match[mo.nmatch++] = argv[i] + 18;
		else
			return usage(argv[i]);
	}
	if (!mo.kernel && !mo.udev)
		mo.kernel = mo.udev = 1;
	if (mo.kernel && (mo.nl = open_netlink()) < 0) {
		log_err("netlink socket: %s", strerror(errno));
		return 2;
	}
	fmt_print(stdout, "udevmonitor prints %s%s%s events\n", mo.kernel ? "KERNEL" : "",
		  mo.kernel && mo.udev ? " and " : "", mo.udev ? "UDEV" : "");
	fflush(stdout);
	run(&mo);
	return 0;
}
