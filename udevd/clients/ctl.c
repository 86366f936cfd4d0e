// SPDX-License-Identifier: GPL-2.0-only
/* One control request to udevd and its ack (see ctl.h). */
#include "compat.h"
#include "ctl.h"
#include "log.h"
#include "loop.h"
#include "namelock.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Connected to the name: does a udevd of root hold it (namelock_check)?
 * The holder is not asked: a squatter is seen at once. */
static int ctl_holder_ok(void)
{
	const char *name = getenv(MSG_SOCKET_ENV);
	int r = namelock_check();

	if (r == 1)
		return 0;
	log_err("socket @%s is held by a process that is not a udevd of root%s: no udevd to ask",
		name && *name ? name : MSG_SOCKET_NAME,
		r < 0 ? " (its name lock's folder is missing, or not root's alone)" : "");
	return -EPERM;
}

int ctl_socket(void)
{
	struct sockaddr_un self = { .sun_family = AF_UNIX }, sa;
	int fd, on = 1, len = msg_daemon_addr(&sa);

	if (len < 0)
		return len;
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &on, sizeof(on)) < 0 ||
	    bind(fd, (struct sockaddr *)&self, sizeof(sa_family_t)) < 0 ||
	    connect(fd, (struct sockaddr *)&sa, (socklen_t)len) < 0) {
		len = -errno;
		close(fd);
		return len;
	}
	if (ctl_holder_ok() < 0) {
		close(fd);
		return -EPERM;
	}
	return fd;
}

static int ctl_wait(int fd, const struct msg_hdr *req, uint64_t deadline, uint32_t *ack_arg)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct msg_hdr ack[2];
	struct ucred cred;
	int trunc;
	ssize_t n;

	for (;;) {
		n = msg_recv(fd, ack, sizeof(ack), NULL, NULL, &cred, &trunc);
		if (n >= 0 && msg_ack_ok(ack, (size_t)n, trunc, &cred, req) == 0) {
			if (ack_arg)
				*ack_arg = ack[0].arg;
			return ack[0].rc;
		}
		if (n >= 0 || n == -EINTR)
			continue;
		if ((n != -EAGAIN && n != -EWOULDBLOCK) || loop_now_ms() >= deadline)
			return MSG_RC_TIMEOUT;
		poll(&p, 1, (int)loop_until(loop_now_ms(), deadline));
	}
}

static int ctl_send(struct msg_hdr *req, uint64_t timeout_ms, uint32_t *ack_arg)
{
	int fd = ctl_socket(), rc;

	if (fd < 0)
		return fd == -EPERM ? CTL_NAME_HELD : MSG_RC_NOT_RUN;
	if (send(fd, req, sizeof(*req) + req->envlen, MSG_NOSIGNAL) < 0) {
		close(fd);
		return MSG_RC_NOT_RUN;
	}
	rc = ctl_wait(fd, req, loop_now_ms() + timeout_ms, ack_arg);
	close(fd);
	return rc;
}

int ctl_query_seqnum(uint64_t seqnum, uint64_t timeout_ms, uint32_t *pending)
{
	struct msg_hdr req;

	msg_init(&req, MSG_CTL_SEQNUM, seqnum);
	req.flags = MSG_F_SEQNUM;
	return ctl_send(&req, timeout_ms, pending);
}

int ctl_request_env(enum msg_type type, const char *env, size_t len, uint64_t timeout_ms)
{
	static uint32_t counter;
	struct msg_event req;

	if (len > sizeof(req.env))
		return MSG_RC_REFUSED;
	msg_init(&req.hdr, type, ((uint64_t)getpid() << 20) | (1u << 19) | ++counter);
	memcpy(req.env, env, len);
	req.hdr.envlen = (uint32_t)len;
	return ctl_send(&req.hdr, timeout_ms, NULL);
}

int ctl_request(enum msg_type type, uint32_t arg, uint64_t timeout_ms, uint32_t *ack_arg)
{
	static uint32_t counter;
	struct msg_hdr req;

	msg_init(&req, type, ((uint64_t)getpid() << 20) | ++counter);
	req.arg = arg;
	return ctl_send(&req, timeout_ms, ack_arg);
}
