// SPDX-License-Identifier: GPL-2.0-only
/* NETLINK_KOBJECT_UEVENT receiver for udevd --netlink (see netlink.h). A
 * kernel uevent is "ACTION@DEVPATH\0" followed by NUL-separated KEY=value
 * strings; only messages from port id 0 (the kernel) are taken. */
#include "compat.h"
#include "netlink.h"
#include "marks.h"
#include "synth.h"
#include "log.h"
#include "str.h"

#include <errno.h>
#include <linux/netlink.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef NETLINK_KOBJECT_UEVENT
#define NETLINK_KOBJECT_UEVENT 15
#endif
#ifndef SO_RCVBUFFORCE
#define SO_RCVBUFFORCE 33
#endif

int netlink_open(int rcvbuf)
{
	struct sockaddr_nl sa;
	int fd, on = 1;

	fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK,
		    NETLINK_KOBJECT_UEVENT);
	if (fd < 0)
		return -errno;
	memset(&sa, 0, sizeof(sa));
	sa.nl_family = AF_NETLINK;
	sa.nl_groups = 1;
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf)) < 0 &&
	    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf)) < 0)
		log_warn("netlink receive buffer of %d bytes: %s, ignoring", rcvbuf,
			 strerror(errno));
	if (setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) < 0 ||
	    bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		on = -errno;
		close(fd);
		return on;
	}
	return fd;
}

/* One message and its sender's port id and uid (-1 when no credentials came). */
static ssize_t nl_recvmsg(int fd, char *buf, size_t size, struct sockaddr_nl *sa,
			  long *uid, int *trunc)
{
	socklen_t sl = sizeof(*sa);
	struct ucred cred;
	ssize_t n;

	memset(sa, 0, sizeof(*sa));
	n = msg_recv(fd, buf, size, sa, &sl, &cred, trunc);
	*uid = n < 0 || cred.uid == (uid_t)-1 ? -1 : (long)cred.uid;
	return n;
}

static int drop(const char *why, unsigned int port)
{
	log_info("netlink message dropped: %s (port id %u)", why, port);
	return 0;
}

int netlink_recv(int fd, struct msg_event *m)
{
	static char buf[8192 + 1];
	struct sockaddr_nl sa;
	size_t hlen, envlen, own;
	const char *mark;
	long uid = -1;
	int trunc = 0;
	ssize_t n = nl_recvmsg(fd, buf, sizeof(buf) - 1, &sa, &uid, &trunc);

	if (n < 0)
		return (int)n;
	if (sa.nl_pid != 0 || uid > 0)
		return drop("not from the kernel", sa.nl_pid);
	if (trunc)
		return drop("truncated", sa.nl_pid);
	buf[n] = '\0';
	hlen = strlen(buf);
	if (hlen == 0 || (size_t)n <= hlen + 1 || !strchr(buf, '@'))
		return drop("no ACTION@DEVPATH header or no environment", sa.nl_pid);
	envlen = (size_t)n - hlen - 1;
	if (buf[n - 1] != '\0')
		buf[n++] = '\0', envlen++;
	memcpy(m->env, buf + hlen + 1, envlen);
	envlen = marks_drop(m->env, envlen, &mark);
	if (mark)
		log_notice("kernel event %s: %s in its environment dropped (only udevd sets it)",
			   buf, mark);
	if (event_env_append(m->env, &envlen, sizeof(m->env), MARK_SOURCE "=netlink") < 0)
		return drop("malformed environment", sa.nl_pid);
	own = envlen;
	if (event_env_complete(m->env, &envlen, sizeof(m->env)) < 0 ||
	    event_msg_finish(m, envlen, own) < 0)
		return drop("malformed environment", sa.nl_pid);
	return 1;
}

