// SPDX-License-Identifier: GPL-2.0-only
/* udevsettle: waits until udevd holds no event (none held, queued or
 * running), or, with --seq-end (and --seq-start), none up to that sequence
 * number (from the first). Exit 0 when settled (or no udevd listens, or
 * --exit-if-exists's FILE exists), 1 usage, 16 at --timeout or when udevd
 * does not answer, 17 when it refuses. */
#include "compat.h"
#include "ctl.h"
#include "log.h"
#include "loop.h"
#include "opts.h"
#include "str.h"

#include <poll.h>
#include <string.h>
#include <unistd.h>

#define SETTLE_TIMEOUT_MS 180000
#define POLL_MS           20

#define SETTLE_USAGE "usage: udevsettle [--timeout=DUR] [--exit-if-exists=FILE]\n" \
	"                  [--seq-start=N] [--seq-end=N]\n" \
	"DUR: N or Ns seconds, Nms milliseconds; --timeout=DUR or --timeout DUR"

struct settle {
	uint64_t timeout;
	unsigned long long start, end;  /* end 0: the whole queue */
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

/* Events udevd still holds: all of them, or those from start to end. */
static int pending(const struct settle *s, uint64_t deadline, uint32_t *n)
{
	uint32_t below = 0;
	int rc;

	if (!s->end)
		return ctl_request(MSG_CTL_QUEUE, 0, loop_until(loop_now_ms(), deadline) + 1000, n);
	rc = ctl_query_seqnum(s->end, loop_until(loop_now_ms(), deadline) + 1000, n);
	if (rc == 0 && s->start > 1)
		rc = ctl_query_seqnum(s->start - 1, 1000, &below);
	*n -= below < *n ? below : *n;
	return rc;
}

int main(int argc, char **argv)
{
	struct settle s = { .timeout = SETTLE_TIMEOUT_MS };
	uint64_t deadline;
	uint32_t queued = 0;
	int rc;

	if (opts_std(argc, argv, "udevsettle", SETTLE_USAGE))
		return 0;
	log_init("udevsettle", log_sink_auto());
	rc = parse(&s, argc, argv);
	if (rc)
		return rc;
	deadline = loop_now_ms() + s.timeout;
	for (;;) {
		if (s.exists && access(s.exists, F_OK) == 0)
			return 0;
		rc = pending(&s, deadline, &queued);
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
		if (queued == 0)
			return 0;
		if (loop_now_ms() >= deadline) {
			log_err("timeout: %u events still queued", queued);
			return EXIT_TIMEOUT;
		}
		poll(NULL, 0, POLL_MS);
	}
}
