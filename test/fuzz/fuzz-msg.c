// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: a datagram as udevd receives it -> msg_check, and for a
 * valid event uevent_parse and msg_env_get over the environment block. */
#include "compat.h"
#include "fuzz.h"
#include "msg.h"
#include "uevent.h"

#include <stdlib.h>
#include <string.h>

/* A value returned for an env block points inside it and is NUL-terminated there. */
static void check_value(const char *v, const char *env, size_t len)
{
	if (!v)
		return;
	FUZZ_ASSERT(v >= env && v < env + len);
	FUZZ_ASSERT(memchr(v, '\0', (size_t)(env + len - v)) != NULL);
}

/* The environment block's rule, byte by byte: every entry non-empty with
 * a '=' after its first byte, the block ending in a NUL. */
static int entries_ok(const char *env, size_t len)
{
	size_t i, start = 0;
	int eq = 0;

	if (len == 0 || env[len - 1] != '\0')
		return 0;
	for (i = 0; i < len; i++) {
		if (env[i] == '=' && i > start)
			eq = 1;
		if (env[i] != '\0')
			continue;
		if (!eq)
			return 0;
		start = i + 1;
		eq = 0;
	}
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct msg_hdr *h;
	struct uevent ev;
	const char *env;
	void *buf;
	size_t len;

	/* udevd receives into an aligned buffer of its own */
	buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	h = buf;
	/* an event with a sound header is taken exactly when its block is */
	if (size >= sizeof(*h) && memcmp(h->magic, MSG_MAGIC, sizeof(MSG_MAGIC)) == 0 &&
	    h->type == MSG_EVENT && h->reserved == 0 && h->envlen <= MSG_ENV_MAX &&
	    size == sizeof(*h) + h->envlen)
		FUZZ_ASSERT((msg_check(buf, size) == 0) ==
			    entries_ok((const char *)buf + sizeof(*h), h->envlen));
	if (msg_check(buf, size) == 0) {
		FUZZ_ASSERT(size >= sizeof(*h));
		FUZZ_ASSERT(h->type >= MSG_EVENT && h->type < MSG_TYPE_END);
		/* control --env's variables: a sound block, as an event's */
		if (h->type == MSG_CTL_ENV)
			FUZZ_ASSERT(entries_ok((const char *)buf + sizeof(*h), h->envlen));
		if (h->type == MSG_EVENT) {
			env = (const char *)buf + sizeof(*h);
			len = h->envlen;
			FUZZ_ASSERT(len > 0 && len <= MSG_ENV_MAX && env[len - 1] == '\0');
			if (uevent_parse(&ev, env, len) == 0) {
				FUZZ_ASSERT(ev.devpath[0] == '/');
				/* one pass finds what a lookup per key finds: the first */
				FUZZ_ASSERT(ev.action == msg_env_get(env, len, "ACTION"));
				FUZZ_ASSERT(ev.devpath == msg_env_get(env, len, "DEVPATH"));
				FUZZ_ASSERT(ev.subsystem == msg_env_get(env, len, "SUBSYSTEM"));
				FUZZ_ASSERT(!ev.devpath_old ||
					    ev.devpath_old == msg_env_get(env, len, "DEVPATH_OLD"));
				check_value(ev.action, env, len);
				check_value(ev.subsystem, env, len);
				check_value(ev.devpath_old, env, len);
			}
			check_value(msg_env_get(env, len, "SEQNUM"), env, len);
		}
	}
	free(buf);
	return 0;
}
