// SPDX-License-Identifier: GPL-2.0-only
/* udevsettle: waits until every event the kernel has sent so far is handled
 * (the events up to /sys/kernel/uevent_seqnum, read at the start, as
 * `udevtrigger --settle` does) and udevd holds no event (none held, queued or
 * running); with --seq-end (and --seq-start), only until none up to that
 * sequence number (from the first) is left. Exit 0 when settled (or no udevd
 * listens, or --exit-if-exists's FILE exists), 1 usage, 16 at --timeout or
 * when udevd does not answer, 17 when it refuses. */
#include "compat.h"
#include "ctl.h"
#include "log.h"
#include "loop.h"
#include "opts.h"
#include "str.h"
#include "sysfs.h"

#include <poll.h>
#include <string.h>
#include <unistd.h>

#define SETTLE_TIMEOUT_MS 180000
#define POLL_MS           20
/* The kernel's last event may never reach this udevd (a helper ran udev
 * itself, a udevd started after it): once udevd holds nothing else, it is
 * waited for this long, udevd's default gap timeout, then given up. */
#define ARRIVE_MS         2000

#define SETTLE_USAGE "usage: udevsettle [--timeout=DUR] [--exit-if-exists=FILE]\n" \
	"                  [--seq-start=N] [--seq-end=N]\n" \
	"DUR: N or Ns seconds, Nms milliseconds; --timeout=DUR or --timeout DUR"

struct settle {
	uint64_t timeout, t0, deadline;
	unsigned long long start, end;  /* end 0: the whole queue */
	unsigned long long kernel;      /* the kernel's seqnum, until its events are done */
	const char *exists;
};

/* The options into s; 0, or the usage error's code, said in the suite's
 * words (lib/opts.c). */
static int parse(struct settle *s, int argc, char **argv)
{
	static const char *const names[] = { "--timeout", "--exit-if-exists", "--seq-start",
					     "--seq-end" };
	const char *v = NULL, *start = NULL;
	unsigned int k;
	int i, missing = 0;

	for (i = 1; i < argc; i++) {
		for (k = 0; k < 4; k++)
			if ((v = opts_value(argc, argv, &i, names[k], &missing)) || missing)
				break;
		if (missing)
			return opts_missing("udevsettle", SETTLE_USAGE, argv[i]);
		if (!v)
			return opts_unknown("udevsettle", SETTLE_USAGE, argv[i]);
		if (!*v || (k == 0 && loop_parse_msec(v, &s->timeout) < 0) ||
		    (k == 2 && str_to_u64(v, &s->start) < 0) ||
		    (k == 3 && (str_to_u64(v, &s->end) < 0 || !s->end)))
			return opts_bad_value("udevsettle", SETTLE_USAGE, names[k], v);
		if (k == 1)
			s->exists = v;
		if (k == 2)
			start = v;
	}
	/* (a start after the end leaves nothing to wait for: a mistake) */
	return s->start > s->end && s->end ?
		opts_bad_value("udevsettle", SETTLE_USAGE, "--seq-start", start) : 0;
}

/* Events udevd still holds: those up to the kernel's seqnum while it is
 * waited for, then all of them, or those from start to end. */
static int pending(const struct settle *s, uint32_t *n)
{
	unsigned long long start = s->kernel ? 0 : s->start, end = s->kernel ? s->kernel : s->end;
	uint64_t timeout = loop_until(loop_now_ms(), s->deadline) + 1000;
	uint32_t below = 0;
	int rc;

	if (!end)
		return ctl_request(MSG_CTL_QUEUE, 0, timeout, n);
	rc = ctl_query_seqnum(end, timeout, n);
	if (rc == 0 && start > 1)
		rc = ctl_query_seqnum(start - 1, 1000, &below);
	*n -= below < *n ? below : *n;
	return rc;
}

/* Done with the kernel's events: none left, or only its last one, given up
 * ARRIVE_MS after our start once udevd holds nothing else. */
static int kernel_done(const struct settle *s, uint32_t n)
{
	uint32_t queued = 0;

	if (n != 1 || loop_now_ms() < s->t0 + ARRIVE_MS ||
	    ctl_request(MSG_CTL_QUEUE, 0, 1000, &queued) != 0 || queued)
		return n == 0;
	log_info("seqnum %llu never reached udevd, not waiting for it", s->kernel);
	return 1;
}

/* Asks udevd until nothing asked for is left: the kernel's events (events
 * on their way too: a helper not yet started, a datagram in the socket),
 * then the queue or the range. 0, or the exit code. */
static int settle(struct settle *s)
{
	uint32_t n = 0;
	int rc;

	for (;;) {
		if (s->exists && access(s->exists, F_OK) == 0)
			return 0;
		rc = pending(s, &n);
		if (rc == MSG_RC_NOT_RUN) {
			log_info("no udevd listening, nothing to wait for");
			return 0;
		}
		if (rc == CTL_NAME_HELD)
			return rc;   /* ctl.c said by whom */
		if (rc != 0) {
			log_err("%s", rc == MSG_RC_REFUSED ? "refused by udevd" :
				"no answer from udevd");
			return rc;
		}
		if (s->kernel && kernel_done(s, n)) {
			s->kernel = 0;
			continue;
		}
		if (n == 0)
			return 0;
		if (loop_now_ms() >= s->deadline) {
			log_err("timeout: %u events still queued", n);
			return EXIT_TIMEOUT;
		}
		poll(NULL, 0, POLL_MS);
	}
}

int main(int argc, char **argv)
{
	struct settle s = { .timeout = SETTLE_TIMEOUT_MS };
	char buf[32];
	int rc;

	if (opts_std(argc, argv, "udevsettle", SETTLE_USAGE))
		return 0;
	log_init("udevsettle", log_sink_auto());
	rc = parse(&s, argc, argv);
	if (rc)
		return rc;
	s.t0 = loop_now_ms();
	s.deadline = s.t0 + s.timeout;
	/* the kernel's counter, read once (as udevtrigger --settle); none
	 * before 2.6.10 or without sysfs: the queue only. --seq-end names the
	 * events to wait for itself. */
	if (s.end || sysfs_attr_read("/kernel", "uevent_seqnum", buf, sizeof(buf)) < 0 ||
	    str_to_u64(buf, &s.kernel) < 0)
		s.kernel = 0;
	return settle(&s);
}
