// SPDX-License-Identifier: GPL-2.0-only
/* udev's worker mode (see worker.h). Before each event the process is put
 * back as udevd's fork mode would start it: no descriptors but the ones it
 * started with (those a fork-mode udev inherits from udevd), its change
 * watch and udev_root's, checked again by the next event's first walk
 * (walk.h). Its working
 * directory and umask stay the ones it started with: nothing in udev changes
 * either (its programs run in processes of their own), so they are not set
 * again per event. The event's environment is passed to
 * the driver (driver.h), which takes every setting from it: the process's
 * own environment is never swapped. udev.conf, the rules and the driver's
 * other kept state (cache.h) stay while nothing they were read from changed
 * (watch.h), so an edited rule takes effect at the next event. */
#include "compat.h"
#include "worker.h"
#include "driver.h"
#include "fd.h"
#include "log.h"
#include "msg.h"
#include "node/walk.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static struct {
	int fd;
	int start_fds[64], nstart;
	int no_close_range;         /* the kernel has no close_range(2) */
	const char *log_level;      /* udevcontrol's, from udevd (log.h) */
} worker = { .fd = MSG_WORKER_FD };

static struct driver driver;    /* zeroed (bss); keeps conf, rules, memos (worker_main) */
static char props[MSG_ENV_MAX]; /* the event's properties for the answer (props.h) */

/* ---- one event -------------------------------------------------------------- */

static int keep_fd(int fd)
{
	int i;

	for (i = 0; i < worker.nstart; i++)
		if (worker.start_fds[i] == fd)
			return 1;
	return fd <= 2 || fd == worker.fd || fd == driver_fd(&driver) || fd == walk_kept_fd() ||
	       fd == log_fd();
}

/* Descriptors the worker was started with are kept: a fork-mode udev
 * inherits the same from udevd. */
static void note_start_fd(int fd)
{
	if (worker.nstart < (int)(sizeof(worker.start_fds) / sizeof(worker.start_fds[0])))
		worker.start_fds[worker.nstart++] = fd;
}

/* Descriptors an event left open (none should be: udev closes what it
 * opens, all close-on-exec) do not reach the next event. */
static void close_stray_fd(int fd)
{
	if (keep_fd(fd))
		return;
	log_warn("descriptor %d left open by the last event, closing it", fd);
	close(fd);
}

/* The descriptors kept above 2, ascending, each once: what fd_close_other
 * spares. */
static int kept_fds(int *keep)
{
	int own[4] = { worker.fd, driver_fd(&driver), walk_kept_fd(), log_fd() };
	int i, j, n = 0, fd;

	for (i = 0; i < worker.nstart + 4; i++) {
		fd = i < worker.nstart ? worker.start_fds[i] : own[i - worker.nstart];
		for (j = 0; j < n && keep[j] != fd; j++)
			;
		if (fd <= 2 || j < n)
			continue;
		for (j = n++; j > 0 && keep[j - 1] > fd; j--)
			keep[j] = keep[j - 1];
		keep[j] = fd;
	}
	return n;
}

/* What an event left open goes: with one close_range(2) per gap between the
 * kept descriptors, or where the kernel has none (before 5.9) by listing
 * /proc/self/fd, which also names each one found. */
static void close_strays(void)
{
	int keep[sizeof(worker.start_fds) / sizeof(worker.start_fds[0]) + 4];
	int r;

	if (!worker.no_close_range) {
		r = fd_close_other(keep, kept_fds(keep));
		if (r == 0)
			return;
		log_debug("close_range: %s, listing /proc/self/fd instead", strerror(-r));
		worker.no_close_range = 1;
	}
	fd_each(close_stray_fd);
}

/* The process as fork mode would exec it. fds 0-2 were made sure of at the
 * start (main) and nothing here closes them: a poll of the three, not an
 * open of /dev/null, checks it. The same poll asks the driver's change
 * watch (inotify) whether anything is to be read: when not, driver_load
 * reads nothing. */
static void event_reset(void)
{
	struct pollfd fds[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 0, 0 }, { -1, POLLIN, 0 } };

	close_strays();
	fds[3].fd = driver_fd(&driver);   /* < 0: poll skips it */
	if (poll(fds, 4, 0) < 0 ||
	    ((fds[0].revents | fds[1].revents | fds[2].revents) & POLLNVAL)) {
		fd_sanitize();
		return;
	}
	if (fds[3].fd >= 0 && !fds[3].revents)
		driver_fd_empty(&driver);
}

/* NUL-separated KEY=value block -> NULL-terminated array (msg_check has
 * made sure the block is terminated and holds at most max - 1 entries). */
static void env_split(char *env, size_t len, char **envp, size_t max)
{
	size_t i = 0, off = 0;

	while (off < len && i + 1 < max) {
		envp[i++] = env + off;
		off += strlen(env + off) + 1;
	}
	envp[i] = NULL;
}

/* The event with its own environment, passed explicitly (driver.h): the
 * process's environment stays udevd's. */
static int worker_event(struct msg_event *m)
{
	static char *envp[MSG_ENV_MAX / 2 + 2];
	int rc;

	env_split(m->env, m->hdr.envlen, envp, sizeof(envp) / sizeof(envp[0]));
	log_env_level(envp, sizeof(envp) / sizeof(envp[0]), worker.log_level);
	event_reset();
	rc = driver_load(&driver, envp);
	if (rc == 0)
		rc = driver_event(&driver, envp, NULL, 0);
	fflush(NULL);
	return rc;
}

static void worker_setup(void)
{
	fd_cloexec(worker.fd);
	fd_each(note_start_fd);
}

/* The answer: MSG_ACK with udev's exit code, and the event's properties
 * after it ran as its environment block (msg.h), for udevd's broadcast
 * and its monitors. */
static int worker_answer(const struct msg_hdr *req, int rc)
{
	struct msg_hdr ack;
	struct iovec iov[2];
	struct msghdr m;

	msg_init(&ack, MSG_ACK, req->seqnum);
	ack.flags = req->flags;
	ack.rc = rc;
	ack.envlen = (uint32_t)driver.props_len;
	iov[0].iov_base = &ack;
	iov[0].iov_len = sizeof(ack);
	iov[1].iov_base = props;
	iov[1].iov_len = driver.props_len;
	memset(&m, 0, sizeof(m));
	m.msg_iov = iov;
	m.msg_iovlen = 2;
	return sendmsg(worker.fd, &m, MSG_NOSIGNAL) < 0 ? -1 : 0;
}

int worker_main(const char *log_level)
{
	static union {
		struct msg_event ev;
		char raw[sizeof(struct msg_event) + 1];
	} buf;
	struct msg_hdr hello;
	ssize_t n;
	int rc;

	worker_setup();
	worker.log_level = log_level;
	driver.keep = 1;
	driver.props = props;
	driver.props_size = sizeof(props);
	msg_init(&hello, MSG_WORKER_HELLO, 0);
	if (send(worker.fd, &hello, sizeof(hello), MSG_NOSIGNAL) < 0)
		return 1;
	for (;;) {
		n = recv(worker.fd, buf.raw, sizeof(buf.raw), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;   /* udevd is gone */
		driver.props_len = 0;
		if (msg_check(buf.raw, (size_t)n) < 0 || buf.ev.hdr.type != MSG_EVENT)
			rc = UDEV_EXIT_INTERNAL;
		else
			rc = worker_event(&buf.ev);
		if (worker_answer(&buf.ev.hdr, rc) < 0)
			break;
	}
	driver_free(&driver);
	return n < 0 ? 1 : 0;
}
