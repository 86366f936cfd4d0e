// SPDX-License-Identifier: GPL-2.0-only
/* peer_uid (see peer.h): two exact look-ups of NETLINK_SOCK_DIAG's unix
 * family, by inode, each one datagram to the kernel and its answer: our
 * socket's peer (UNIX_DIAG_PEER), then that socket's owner (UNIX_DIAG_UID).
 * SO_PEERCRED is not set on a datagram socket's connect. Kept small:
 * udevsend and hotplug carry it. */
#include "compat.h"
#include "peer.h"

#include <errno.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef UNIX_DIAG_UID
#define UNIX_DIAG_UID 7
#endif
#ifndef UDIAG_SHOW_UID
#define UDIAG_SHOW_UID 0x40
#endif

static struct {
	struct nlmsghdr nh;
	struct unix_diag_req r;
} q = { .nh = { .nlmsg_len = sizeof(q), .nlmsg_type = SOCK_DIAG_BY_FAMILY,
		.nlmsg_flags = NLM_F_REQUEST },
	.r = { .sdiag_family = AF_UNIX, .udiag_cookie = { ~0U, ~0U } } };

/* The u32 of attribute want (UNIX_DIAG_PEER, UNIX_DIAG_UID) of socket ino,
 * or -errno. An error answer holds no such attribute where we look. */
static long diag_get(int nl, unsigned int ino, unsigned int show, unsigned short want)
{
	unsigned int a[256];
	const struct nlmsghdr *nh = (const struct nlmsghdr *)a;
	const unsigned char *p = (const unsigned char *)a + NLMSG_LENGTH(sizeof(struct unix_diag_msg));
	const unsigned char *end = (const unsigned char *)a;
	const struct nlattr *at;
	long n;

	q.r.udiag_ino = ino;
	q.r.udiag_show = show;
	n = send(nl, &q, sizeof(q), 0);
	if (n >= 0)
		n = recv(nl, a, sizeof(a), 0);
	if (n < 0)
		return -errno;
	if (nh->nlmsg_type != SOCK_DIAG_BY_FAMILY || nh->nlmsg_len > (unsigned long)n)
		return -EPROTO;
	for (end += nh->nlmsg_len; p + NLA_HDRLEN + 4 <= end; p += NLA_ALIGN(at->nla_len)) {
		at = (const struct nlattr *)p;
		if (at->nla_len < NLA_HDRLEN)
			break;
		if (at->nla_type == want)
			return (long)*(const unsigned int *)(p + NLA_HDRLEN);
	}
	return -EOPNOTSUPP;   /* before 5.3: no owner in the answer */
}

int peer_uid(int fd)
{
	struct stat st;
	long r;
	int nl = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);

	if (nl < 0)
		return -errno;
	/* not connected: peer 0, which no look-up finds */
	r = fstat(fd, &st) < 0 ? -errno :
	    diag_get(nl, (unsigned int)st.st_ino, UDIAG_SHOW_PEER, UNIX_DIAG_PEER);
	if (r >= 0)
		r = diag_get(nl, (unsigned int)r, UDIAG_SHOW_UID, UNIX_DIAG_UID);
	close(nl);
	return (int)r;   /* a uid of 2^31 and above: negative, "cannot tell" */
}
