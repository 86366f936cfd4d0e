// SPDX-License-Identifier: GPL-2.0-only
/* Wire format helpers (see msg.h): no stdio and no heap, so that the
 * per-event helper udevsend can link them. */
#include "compat.h"
#include "msg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void msg_init(struct msg_hdr *h, enum msg_type type, uint64_t seqnum)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->magic, MSG_MAGIC, sizeof(MSG_MAGIC));
	h->type = (uint32_t)type;
	h->seqnum = seqnum;
}

/* Every entry non-empty, with a key before its '=', block NUL-terminated.
 * One pass over each entry: the key up to its '=', then the value up to
 * the NUL, which the block's last byte guarantees (it runs for every
 * message udevd and its workers read). */
static int env_check(const char *env, size_t len)
{
	const char *p = env, *end = env + len, *q;

	if (len == 0 || env[len - 1] != '\0')
		return -EBADMSG;
	while (p < end) {
		if (!*p)
			return -EBADMSG;   /* empty */
		for (q = p + 1; *q && *q != '='; q++)
			;
		if (!*q)
			return -EBADMSG;   /* no '=' after a key */
		while (*q)
			q++;
		p = q + 1;
	}
	return 0;
}

int msg_check(const void *buf, size_t len)
{
	const struct msg_hdr *h = buf;

	if (len < sizeof(*h))
		return -EBADMSG;
	if (memcmp(h->magic, MSG_MAGIC, sizeof(MSG_MAGIC)) != 0)
		return -EBADMSG;
	if (h->type < MSG_EVENT || h->type >= MSG_TYPE_END || h->reserved != 0)
		return -EBADMSG;
	if (h->type == MSG_ACK && h->envlen == 0)
		return len == sizeof(*h) ? 0 : -EBADMSG;   /* a worker's ack may carry env */
	if (h->type != MSG_EVENT && h->type != MSG_MONITOR && h->type != MSG_ACK &&
	    h->type != MSG_CTL_ENV)
		return (len == sizeof(*h) && h->envlen == 0) ? 0 : -EBADMSG;
	if (h->envlen > MSG_ENV_MAX || len != sizeof(*h) + h->envlen)
		return -EBADMSG;
	return env_check((const char *)buf + sizeof(*h), h->envlen);
}

int msg_daemon_addr(struct sockaddr_un *sa)
{
	const char *name = getenv(MSG_SOCKET_ENV);
	size_t n;

	if (!name || !*name)
		name = MSG_SOCKET_NAME;
	n = strlen(name);
	if (n + 1 > sizeof(sa->sun_path))
		return -ENAMETOOLONG;
	memset(sa, 0, sizeof(*sa));
	sa->sun_family = AF_UNIX;
	memcpy(sa->sun_path + 1, name, n);      /* sun_path[0] = '\0': abstract */
	return (int)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
}

/* The sender's credentials into *cred; descriptors it passed (SCM_RIGHTS)
 * into *passed when the caller takes one (the first; -1 if none), every
 * other one closed: no sender can leave descriptors in the receiver. */
static void cmsg_take(struct msghdr *mh, struct ucred *cred, int *passed)
{
	struct cmsghdr *c;
	size_t i, n;
	int fd;

	cred->pid = 0;
	cred->uid = (uid_t)-1;
	cred->gid = (gid_t)-1;
	if (passed)
		*passed = -1;
	for (c = CMSG_FIRSTHDR(mh); c; c = CMSG_NXTHDR(mh, c)) {
		if (c->cmsg_level != SOL_SOCKET)
			continue;
		if (c->cmsg_type == SCM_CREDENTIALS && c->cmsg_len >= CMSG_LEN(sizeof(*cred)))
			memcpy(cred, CMSG_DATA(c), sizeof(*cred));
		if (c->cmsg_type != SCM_RIGHTS || c->cmsg_len < CMSG_LEN(0))
			continue;
		n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (i = 0; i < n; i++) {
			memcpy(&fd, (const char *)CMSG_DATA(c) + i * sizeof(int), sizeof(int));
			if (passed && *passed < 0)
				*passed = fd;
			else
				close(fd);
		}
	}
}

ssize_t msg_recv_fd(int fd, void *buf, size_t size, void *from, socklen_t *fromlen,
		    struct ucred *cred, int *trunc, int *passed)
{
	union {
		struct cmsghdr align;
		char buf[CMSG_SPACE(sizeof(struct ucred)) + CMSG_SPACE(8 * sizeof(int))];
	} ctl;
	struct iovec iov = { .iov_base = buf, .iov_len = size };
	struct msghdr mh;
	ssize_t n;

	memset(&mh, 0, sizeof(mh));
	mh.msg_name = from;
	mh.msg_namelen = from && fromlen ? *fromlen : 0;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = ctl.buf;
	mh.msg_controllen = sizeof(ctl.buf);
	do
		n = recvmsg(fd, &mh, MSG_DONTWAIT | MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	if (fromlen)
		*fromlen = mh.msg_namelen;
	cmsg_take(&mh, cred, passed);
	*trunc = (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
	return n;
}

ssize_t msg_recv(int fd, void *buf, size_t size, void *from, socklen_t *fromlen,
		 struct ucred *cred, int *trunc)
{
	return msg_recv_fd(fd, buf, size, from, fromlen, cred, trunc, NULL);
}

const char *msg_env_get(const char *env, size_t len, const char *key)
{
	size_t klen = strlen(key);
	const char *p = env, *end = env + len;

	while (p < end && *p) {
		size_t n = strnlen(p, (size_t)(end - p));

		if (n > klen && p[klen] == '=' && memcmp(p, key, klen) == 0)
			return p + klen + 1;
		p += n + 1;
	}
	return NULL;
}

int msg_ack_ok(const void *buf, size_t n, int trunc, const struct ucred *cred,
	       const struct msg_hdr *req)
{
	const struct msg_hdr *ack = buf;

	if (cred->uid != 0)
		return -EPERM;
	if (trunc || msg_check(buf, n) < 0 || ack->type != MSG_ACK)
		return -EBADMSG;
	if (ack->seqnum != req->seqnum || ((ack->flags ^ req->flags) & MSG_F_SEQNUM))
		return -EBADMSG;
	return 0;
}

int msg_rc_from_status(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st) < MSG_RC_TIMEOUT ? WEXITSTATUS(st) : MSG_RC_NOT_RUN;
	return MSG_RC_UNFINISHED;
}
