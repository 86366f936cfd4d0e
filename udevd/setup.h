/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's state, passed to every part of the daemon, and its set-up
 * (setup.c: options, socket, netlink, signals, daemonizing). */
#ifndef UDEVD_SETUP_H
#define UDEVD_SETUP_H

#include "workers/budget.h"
#include "door/dedup.h"
#include "door/gather.h"
#include "door/refuse.h"
#include "door/seen.h"
#include "door/watch.h"
#include "profile.h"
#include "loop.h"
#include "answer/failed.h"
#include "answer/monitor.h"
#include "queue/journal.h"
#include "queue/queue.h"
#include "workers/runner.h"

#include <stdint.h>
#include <sys/socket.h>
#include <sys/un.h>

#define NICE_DEFAULT (-10)   /* udevd's own (--nice): a helper waits for its answer */
#define EXIT_SETUP 4   /* exit codes: 1 usage, 2 name taken by udevd, 3 by another, 4 setup failed */

#define TAKEN_MAX 64                /* events taken per commit of the journal */

struct udevd {
	int sock;
	int lockfd;                 /* the name lock (namelock.h), held while the name is ours */
	int name_held;              /* --netlink: another process holds the name */
	uint64_t name_retry_ms;     /* ...and it is tried again then */
	int sigpipe[2];
	struct loop loop;
	struct queue q;
	struct runner runner;
	struct budget budget;       /* how many of max_childs help now */
	struct dedup dedup;         /* recent seqnums and results */
	struct monitor monitor;     /* udevmonitor subscribers */
	const char *name;
	unsigned long max_childs;
	uint64_t gap_ms, startup_ms, exec_timeout_ms, idle_ms;
	uint64_t expected_seq;      /* UDEVD_EXPECTED_SEQNUM, if have_expected_seq */
	int have_expected_seq;
	enum runner_mode mode;      /* --workers=pool|fork */
	int daemonize, debug;
	int stopped;                /* stop_exec_queue */
	int terminating;            /* SIGTERM: drain and exit */
	int reap;                   /* SIGCHLD came: reap this turn */
	int netlink;                /* --netlink: nl is the kernel's uevent socket;
				     * read it as udevd_netlink(d) */
	int nl;
	int rescan;                 /* events were lost: rescan sysfs this turn */
	struct seen seen;           /* --netlink: devices added without a node */
	int passed;                 /* a descriptor the message carried, or -1 */
	uint64_t max_seqnum;        /* highest SEQNUM received, either way */
	uint64_t fork_retry_ms;     /* no event starts before this (fork failed) */
	int budget_held;            /* ready events wait for the budget, not max_childs */
	struct refusals refusals;   /* refused messages logged this second */
	struct journal journal;     /* events answered "queued", for the next udevd */
	int ack_when_done;          /* --ack-when-done: no "queued" answer */
	int nice, nice_given;       /* --nice: udevd's own, not its children's */
	struct sentry {             /* the newest helper answered "queued" waits on */
		struct msg_hdr hdr; /* its event's header; held: not answered yet */
		struct sockaddr_un addr;
		socklen_t addrlen;
		int held;
	} sentry;
	struct event *taken[TAKEN_MAX];   /* in the journal's next commit, to answer */
	size_t ntaken;
	struct watch watch;         /* the nodes of OPTIONS watch (door/watch.h) */
	struct failed failed;       /* the failed add events (trigger --retry-failed) */
	struct gather gather;       /* a storm's events read a few at a time (door/gather.h) */
	unsigned long qlen;         /* net.unix.max_dgram_qlen at the socket's making */
};

/* --netlink, in a build that has it (lib/profile.h): a constant 0 in one
 * without, so that the netlink door and its rescan are not linked in. */
#define udevd_netlink(d) (HAVE_NETLINK && (d)->netlink)

/* Options (and UDEVD_MAX_CHILDS, UDEVD_WORKERS), the log level, the socket,
 * --netlink's socket, the signal pipe; exits on a usage error. 0, or the
 * exit code. */
int setup(struct udevd *d, int argc, char **argv);
/* --daemon: the parent exits 0 once the child has bound the name and
 * taken the name lock, or with the child's exit code. */
void setup_daemon(struct udevd *d);
/* In the process that stays (setup_daemon's child, or udevd itself
 * without --daemon): the name is bound, and the name lock says so from
 * now on. 0, or udevd's exit code. */
int setup_lock(struct udevd *d);
/* --netlink, the name held by another process: tries it again when due. */
void setup_name_retry(struct udevd *d, uint64_t now);

#endif
