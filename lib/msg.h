/* SPDX-License-Identifier: GPL-2.0-only */
/* The wire format between udevsend, udevd and the control clients, defined here
 * only: a fixed header, then (events only) a NUL-separated KEY=value environment. */
#ifndef LIB_MSG_H
#define LIB_MSG_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>

#define MSG_MAGIC        "udev-legacy/1"  /* names the protocol version */
#define MSG_MAGIC_SIZE   16               /* NUL-padded */
#define MSG_ENV_MAX      16384            /* largest environment block of an event */
#define MSG_SOCKET_ENV   "UDEVD_SOCKET"
#define MSG_SOCKET_NAME  "udevd"          /* abstract: "\0udevd" */

enum msg_type {
	MSG_EVENT = 1,          /* env follows; acked with udev's rc */
	MSG_ACK,                /* rc; arg = queue length for MSG_CTL_QUEUE */
	MSG_CTL_STOP_EXEC,      /* start no new udev until MSG_CTL_START_EXEC */
	MSG_CTL_START_EXEC,
	MSG_CTL_LOG_PRIORITY,   /* arg = syslog level 0..7 */
	MSG_CTL_MAX_CHILDS,     /* arg = N >= 1 */
	MSG_CTL_RELOAD_RULES,   /* udev reads rules per event: acknowledged only */
	MSG_CTL_QUEUE,          /* ack arg = events held, queued or running */
	MSG_CTL_MONITOR,        /* passes (SCM_RIGHTS) a SOCK_SEQPACKET socket for MSG_MONITOR */
	MSG_MONITOR,            /* udevd -> monitor: env follows, rc = the event's result */
	MSG_CTL_SEQNUM,         /* seqnum = K; ack arg = events <= K not handled yet */
	MSG_CTL_STATUS,         /* seqnum, flags of an event: is it done? (MSG_F_STATUS) */
	MSG_WORKER_HELLO,       /* udev worker -> udevd, first: it speaks this protocol */
	MSG_CTL_EXIT,           /* udevd terminates, as at SIGTERM (udevadm control --exit) */
	MSG_TYPE_END
};

#define MSG_F_SEQNUM 0x1u       /* seqnum is the event's SEQNUM, not a cookie */
/* In the answer to MSG_CTL_STATUS (its request's flags are echoed with
 * these added; arg = events udevd holds): */
#define MSG_F_STATUS  0x2u      /* this is a status answer, not the event's ack */
#define MSG_F_PENDING 0x4u      /* the event is held, queued or running */
#define MSG_F_DONE    0x8u      /* the event finished; rc is its result */
/* In an event: its sender has nothing to run after udev (the kernel's own
 * helper), so it may be answered once udevd holds the event safely; */
#define MSG_F_MAY_QUEUE 0x10u
/* ...and in the answer: udevd holds it (journal.h), it has not run; rc 0. */
#define MSG_F_QUEUED  0x20u

/* Exit codes of udevsend past udev's own 0..15, also carried in acks. */
#define MSG_RC_TIMEOUT   16     /* no ack within the ack timeout (udevsend only) */
#define MSG_RC_REFUSED   17     /* credentials, size, magic or content refused */
#define MSG_RC_NOT_RUN   18     /* not sent / not run (udevd shutting down, queue full) */
#define MSG_RC_UNFINISHED 19    /* udev crashed or was killed at the exec timeout */

/* In the environment of every event udevd runs (pool and fork mode), as
 * udev 064's udevd set it: rules and programs tell its events from those of
 * udevstart or a udev run by hand, and udevsend and hotplug run under it
 * know the event is udev's already. */
#define MSG_UDEVD_EVENT  "UDEVD_EVENT=1"
#define MSG_UDEVD_EVENT_KEY "UDEVD_EVENT"

/* udevd -> udev worker (pool mode): `UDEV_BIN --worker` with one end of a
 * SOCK_SEQPACKET socketpair on fd MSG_WORKER_FD. The worker first sends one
 * MSG_WORKER_HELLO record (a UDEV_BIN that ends without it does not speak
 * the protocol: udevd then runs it once per event). Per event one MSG_EVENT
 * record goes in (as from udevsend) and one MSG_ACK record with the same
 * seqnum and udev's exit code in rc comes back, its environment block the
 * event's properties after udev ran it (DEVNAME, DEVLINKS, the rules'
 * ENV{}, IMPORT's values; empty when udev could not run it), for udevd's
 * broadcast and monitors. EOF ends the worker. */
#define MSG_WORKER_FD    3
#define MSG_WORKER_ARG   "--worker"

struct msg_hdr {
	char magic[MSG_MAGIC_SIZE];
	uint32_t type;          /* enum msg_type */
	uint32_t flags;         /* MSG_F_* */
	uint64_t seqnum;        /* SEQNUM, or a cookie the ack echoes */
	uint32_t envlen;        /* bytes of environment after the header (events) */
	uint32_t arg;           /* control argument / queue length in an ack / in an
				 * event from udevsend, its parent's pid (0:
				 * unknown), in udevd where the event's own
				 * variables end (door/own.h) */
	int32_t rc;             /* ack: result code */
	uint32_t reserved;      /* zero */
};

struct msg_event {
	struct msg_hdr hdr;
	char env[MSG_ENV_MAX];
};

void msg_init(struct msg_hdr *h, enum msg_type type, uint64_t seqnum);
/* Checks a received datagram before anything else reads it: size, magic, type,
 * reserved bits, and for events a non-empty NUL-terminated KEY=value block.
 * 0 if valid, -EBADMSG otherwise. */
int msg_check(const void *buf, size_t len);
/* Abstract address of the daemon from UDEVD_SOCKET (default "udevd"). Returns
 * the address length, or -ENAMETOOLONG. */
int msg_daemon_addr(struct sockaddr_un *sa);
/* recvmsg() one datagram without blocking; *cred is the sender's from
 * SCM_CREDENTIALS, uid (uid_t)-1 when none came. *trunc is set when the
 * datagram did not fit. from (any address family; may be NULL) gets the
 * sender's address, *fromlen its size in and length out. Returns the
 * datagram's length or -errno. Descriptors the sender passed are closed.
 * msg_recv_fd: the first of them goes to *passed instead (-1 when none). */
ssize_t msg_recv(int fd, void *buf, size_t size, void *from, socklen_t *fromlen,
		 struct ucred *cred, int *trunc);
ssize_t msg_recv_fd(int fd, void *buf, size_t size, void *from, socklen_t *fromlen,
		    struct ucred *cred, int *trunc, int *passed);
/* Is a received datagram (n bytes, *trunc and *cred from msg_recv) root's
 * ack of req: 0 if so; -EPERM when its sender is not root; -EBADMSG when it
 * is cut, malformed, not an ack, or for another seqnum, or for a cookie
 * where req has a SEQNUM or the other way round (MSG_F_SEQNUM). */
int msg_ack_ok(const void *buf, size_t n, int trunc, const struct ucred *cred,
	       const struct msg_hdr *req);
/* udevsend's code for a udev that ended with waitpid() status st: 0..15 as
 * udev exited, MSG_RC_NOT_RUN for other exit codes (127: exec failed),
 * MSG_RC_UNFINISHED when a signal ended it. */
int msg_rc_from_status(int st);
/* Value of KEY in a NUL-separated environment block, or NULL. */
const char *msg_env_get(const char *env, size_t len, const char *key);

#endif
