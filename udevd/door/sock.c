// SPDX-License-Identifier: GPL-2.0-only
/* udevd's own socket (see sock.h): a send buffer for a storm's unread acks,
 * and who holds the name when it is taken. */
#include "compat.h"
#include "sock.h"
#include "log.h"
#include "str.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SNDBUF_DEFAULT     4194304  /* bytes asked for; the kernel doubles it */
#define SNDBUF_ENV         "UDEVD_SNDBUF"

/* Acks stay charged to our send buffer until their helper reads them, and
 * in a storm thousands are unread at once: a large buffer (as root
 * SO_SNDBUFFORCE, past net.core.wmem_max); UDEVD_SNDBUF (bytes) sets it. */
int sock_sndbuf(int sock)
{
	const char *v = getenv(SNDBUF_ENV);
	unsigned long long size = SNDBUF_DEFAULT;
	int n;

	if (v && *v && (str_to_u64(v, &size) < 0 || size < 1024 || size > 0x40000000ULL)) {
		log_err("%s=%s: not a size in bytes", SNDBUF_ENV, v);
		return 1;
	}
	n = (int)size;
	if (setsockopt(sock, SOL_SOCKET, SO_SNDBUFFORCE, &n, sizeof(n)) < 0 &&
	    setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &n, sizeof(n)) < 0)
		log_err("SO_SNDBUF %d: %s, ignoring", n, strerror(errno));
	return 0;
}

/* Someone holds our name: a udevd of root answers a query, anything else
 * (another user, or a process that does not answer within a second) is
 * reported as such. udevsend, finding no answer from root there, runs udev
 * itself, so events keep working while the name is taken. */
int sock_name_taken(int sock, const char *name, const struct sockaddr_un *sa, socklen_t len)
{
	struct sockaddr_un self = { .sun_family = AF_UNIX };   /* autobind: the family alone */
	struct pollfd p = { .fd = sock, .events = POLLIN };
	struct msg_hdr q;
	struct ucred who;
	int r = 0, trunc;

	/* our unbound socket asks, from an address of its own */
	msg_init(&q, MSG_CTL_QUEUE, (uint64_t)getpid());
	if (bind(sock, (const struct sockaddr *)&self, sizeof(sa_family_t)) == 0 &&
	    connect(sock, (const struct sockaddr *)sa, len) == 0 &&
	    send(sock, &q, sizeof(q), MSG_NOSIGNAL) == sizeof(q) && poll(&p, 1, 1000) == 1)
		r = msg_recv(sock, &q, sizeof(q), NULL, NULL, &who, &trunc) >= 0;
	if (r && who.uid == 0) {
		log_err("another udevd already listens on socket @%s; exiting", name);
		return 2;
	}
	/* uid -1: no answer within a second */
	log_err("socket @%s is held by uid %d, not by a udevd of root: udevsend runs udev "
		"itself while it is; exiting", name, r ? (int)who.uid : -1);
	return 3;
}
