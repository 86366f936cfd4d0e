// SPDX-License-Identifier: GPL-2.0-only
/* udevsettle: waits until udevd holds no event (none held, queued or
 * running). Exit 0 when empty (or no udevd listens), 1 at --timeout, 16 or
 * 17 when udevd does not answer or refuses. */
#include "compat.h"
#include "ctl.h"
#include "log.h"
#include "loop.h"

#include <poll.h>
#include <string.h>

#define SETTLE_TIMEOUT_MS 180000
#define POLL_MS           20

static int usage(const char *bad)
{
	log_err("unknown option '%s'; usage: udevsettle [--timeout=SECS]", bad);
	return 2;
}

int main(int argc, char **argv)
{
	uint64_t timeout = SETTLE_TIMEOUT_MS, deadline;
	uint32_t queued = 0;
	int i, rc;

	log_init("udevsettle", 0);
	for (i = 1; i < argc; i++) {
		const char *v = strncmp(argv[i], "--timeout=", 10) == 0 ? argv[i] + 10 :
				strcmp(argv[i], "--timeout") == 0 && i + 1 < argc ? argv[++i] : NULL;

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
			return 1;
		}
		poll(NULL, 0, POLL_MS);
	}
}
