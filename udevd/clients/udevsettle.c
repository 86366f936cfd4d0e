// SPDX-License-Identifier: GPL-2.0-only
/* udevsettle: waits until udevd holds no event (none held, queued or
 * running). Exit 0 when empty (or no udevd listens), 1 usage, 16 at
 * --timeout or when udevd does not answer, 17 when it refuses. */
#include "compat.h"
#include "ctl.h"
#include "log.h"
#include "loop.h"
#include "opts.h"

#include <poll.h>
#include <string.h>

#define SETTLE_TIMEOUT_MS 180000
#define POLL_MS           20

#define SETTLE_USAGE "usage: udevsettle [--timeout=DUR]\n" \
	"DUR: N or Ns seconds, Nms milliseconds; --timeout=DUR or --timeout DUR"

static int usage(const char *bad)
{
	return opts_usage_error("udevsettle", SETTLE_USAGE, "unknown or bad option", bad);
}

int main(int argc, char **argv)
{
	uint64_t timeout = SETTLE_TIMEOUT_MS, deadline;
	uint32_t queued = 0;
	int i, rc;

	if (opts_std(argc, argv, "udevsettle", SETTLE_USAGE))
		return 0;
	log_init("udevsettle", log_sink_auto());
	for (i = 1; i < argc; i++) {
		int missing;
		const char *v = opts_value(argc, argv, &i, "--timeout", &missing);

		if (!v || loop_parse_msec(v, &timeout) < 0)
			return usage(argv[i]);
	}
	deadline = loop_now_ms() + timeout;
	for (;;) {
		rc = ctl_request(MSG_CTL_QUEUE, 0, loop_until(loop_now_ms(), deadline) + 1000,
				 &queued);
		if (rc == MSG_RC_NOT_RUN) {
			log_info("no udevd listening, nothing to wait for");
			return 0;
		}
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
