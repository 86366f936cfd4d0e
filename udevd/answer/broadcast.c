// SPDX-License-Identifier: GPL-2.0-only
/* The broadcast (see broadcast.h). A libudev monitor takes a message on
 * group 2 only from uid 0 (the kernel attaches the sender's credentials to
 * every netlink message, and only a process with CAP_NET_ADMIN may send to a
 * multicast group of this family); its format is a 40-byte header ("libudev",
 * the magic 0xfeedcafe, the header's size, where the NUL-separated KEY=value
 * block starts and its length, and MurmurHash2 values of SUBSYSTEM and
 * DEVTYPE that monitors filter on in the kernel; the magic and hashes in
 * network order), then the block. Sending never blocks: a monitor whose
 * queue is full misses the event, as with the kernel's own broadcast. */
#include "compat.h"
#include "broadcast.h"
#include "public.h"
#include "log.h"
#include "msg.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/netlink.h>
#include <sys/stat.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef NETLINK_KOBJECT_UEVENT
#define NETLINK_KOBJECT_UEVENT 15
#endif

#define MONITOR_MAGIC 0xfeedcafeu

struct nl_header {
	char prefix[8];                 /* "libudev" */
	uint32_t magic;                 /* network order */
	uint32_t header_size, props_off, props_len;
	uint32_t subsystem_hash, devtype_hash;   /* network order */
	uint32_t bloom_hi, bloom_lo;    /* tags: none */
};

static uint32_t be32(uint32_t v)
{
	const unsigned char b[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
				     (unsigned char)(v >> 8), (unsigned char)v };
	uint32_t r;

	memcpy(&r, b, 4);
	return r;
}

/* MurmurHash2 (Austin Appleby's, seed 0), the words read in the machine's
 * own order as libudev reads them. */
static uint32_t murmur2(const char *s)
{
	const uint32_t m = 0x5bd1e995;
	size_t len = strlen(s);
	uint32_t h = (uint32_t)len, k;

	for (; len >= 4; s += 4, len -= 4) {
		memcpy(&k, s, 4);
		k *= m;
		k ^= k >> 24;
		h = (h * m) ^ (k * m);
	}
	switch (len) {
	case 3: h ^= (uint32_t)(unsigned char)s[2] << 16; /* fall through */
	case 2: h ^= (uint32_t)(unsigned char)s[1] << 8;  /* fall through */
	case 1: h ^= (unsigned char)s[0];
		h *= m;
	}
	h ^= h >> 13;
	h *= m;
	return h ^ (h >> 15);
}

/* libudev's monitors listen on group 2 only where /dev is a devtmpfs or
 * BROADCAST_MARK exists, its sign that udev runs (a path, not a socket, is
 * what it looks for): made empty when missing, and left at exit. */
static void broadcast_mark(void)
{
	int fd;

	mkdir(BROADCAST_MARK_DIR, 0755);
	fd = open(BROADCAST_MARK, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	if (fd >= 0)
		close(fd);
}

int broadcast_open(struct broadcast *b)
{
	b->fd = -1;
	if (!b->udev && !b->group)
		return 0;
	if (b->udev)
		broadcast_mark();
	b->fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC | SOCK_NONBLOCK,
		       NETLINK_KOBJECT_UEVENT);
	return b->fd < 0 ? -errno : 0;
}

static void send_to(const struct broadcast *b, unsigned int group, struct iovec *iov, int n)
{
	struct sockaddr_nl sa;
	struct msghdr mh;

	memset(&sa, 0, sizeof(sa));
	sa.nl_family = AF_NETLINK;
	sa.nl_groups = group;
	memset(&mh, 0, sizeof(mh));
	mh.msg_name = &sa;
	mh.msg_namelen = sizeof(sa);
	mh.msg_iov = iov;
	mh.msg_iovlen = (size_t)n;
	/* ECONNREFUSED: nobody listens, the usual case on a small system */
	if (sendmsg(b->fd, &mh, MSG_DONTWAIT) < 0 && errno != ECONNREFUSED)
		log_debug("broadcast to group %u: %s", group, strerror(errno));
}

/* libudev's format, with udev's properties. */
static char pub[MSG_ENV_MAX];

static void send_udev(const struct broadcast *b, const struct event *ev)
{
	const char *env = pub;
	size_t len = event_public(ev, 1, pub, sizeof(pub));
	const char *devtype = msg_env_get(env, len, "DEVTYPE");
	struct nl_header h;
	struct iovec iov[2];

	memset(&h, 0, sizeof(h));
	memcpy(h.prefix, "libudev", 8);
	h.magic = be32(MONITOR_MAGIC);
	h.header_size = h.props_off = sizeof(h);
	h.props_len = (uint32_t)len;
	h.subsystem_hash = be32(murmur2(ev->u.subsystem));
	h.devtype_hash = devtype ? be32(murmur2(devtype)) : 0;
	iov[0].iov_base = &h;
	iov[0].iov_len = sizeof(h);
	iov[1].iov_base = (void *)env;
	iov[1].iov_len = len;
	send_to(b, BROADCAST_GROUP_UDEV, iov, 2);
}

/* The kernel's format: "ACTION@DEVPATH", then the event's own variables. */
static void send_kernel(const struct broadcast *b, const struct event *ev)
{
	struct iovec iov[4];

	iov[0].iov_base = (void *)ev->u.action;
	iov[0].iov_len = strlen(ev->u.action);
	iov[1].iov_base = (void *)"@";
	iov[1].iov_len = 1;
	iov[2].iov_base = (void *)ev->u.devpath;
	iov[2].iov_len = strlen(ev->u.devpath) + 1;
	iov[3].iov_base = pub;
	iov[3].iov_len = event_public(ev, 0, pub, sizeof(pub));
	send_to(b, b->group, iov, 4);
}

void broadcast_send(const struct broadcast *b, const struct event *ev, int rc)
{
	if (b->fd < 0 || rc < 0 || rc >= MSG_RC_TIMEOUT || !ev->u.has_seqnum)
		return;
	if (b->udev)
		send_udev(b, ev);
	if (b->group)
		send_kernel(b, ev);
}
