// SPDX-License-Identifier: GPL-2.0-only
/* Environment block -> struct uevent (see uevent.h). No stdio, no heap. */
#include "compat.h"
#include "uevent.h"
#include "str.h"

#include <errno.h>
#include <string.h>

static int parse_ul(const char *s, unsigned long *out)
{
	unsigned long long v;

	if (!s || str_to_u64(s, &v) < 0 || v > 0xffffffffULL)
		return -EINVAL;
	*out = (unsigned long)v;
	return 0;
}

/* The keys the sequencer reads; the first of each wins, as msg_env_get(). */
enum { K_ACTION, K_DEVPATH, K_DEVPATH_OLD, K_SUBSYSTEM, K_SEQNUM, K_MAJOR, K_MINOR, K_N };
#define KEY(k) { k, sizeof(k) - 1 }
static const struct {
	const char *name;
	size_t len;
} keys[K_N] = {
	KEY("ACTION"), KEY("DEVPATH"), KEY("DEVPATH_OLD"), KEY("SUBSYSTEM"), KEY("SEQNUM"),
	KEY("MAJOR"), KEY("MINOR"),
};

/* One pass over the block (it is read for every event, in udevd's loop):
 * counts the entries and finds the values of keys[] in val[]. */
static size_t scan(const char *env, size_t len, const char *val[K_N])
{
	const char *p, *end = env + len;
	size_t n, k, klen, nenv = 0;

	for (p = env; p < end && *p; p += n + 1) {
		n = strnlen(p, (size_t)(end - p));
		nenv++;
		for (k = 0; k < K_N; k++) {
			klen = keys[k].len;
			if (!val[k] && n > klen && p[klen] == '=' &&
			    memcmp(p, keys[k].name, klen) == 0) {
				val[k] = p + klen + 1;
				break;
			}
		}
	}
	return nenv;
}

int uevent_parse(struct uevent *ev, const char *env, size_t len)
{
	const char *val[K_N] = { NULL };

	memset(ev, 0, sizeof(*ev));
	ev->nenv = scan(env, len, val);
	ev->action = val[K_ACTION];
	ev->devpath = val[K_DEVPATH];
	ev->devpath_old = val[K_DEVPATH_OLD];
	ev->subsystem = val[K_SUBSYSTEM];
	if (!ev->action || !*ev->action || !ev->subsystem || !*ev->subsystem ||
	    !ev->devpath || ev->devpath[0] != '/')
		return -EINVAL;
	if (ev->devpath_old && ev->devpath_old[0] != '/')
		ev->devpath_old = NULL;
	ev->has_seqnum = val[K_SEQNUM] && str_to_u64(val[K_SEQNUM], &ev->seqnum) == 0;
	ev->has_devnum = parse_ul(val[K_MAJOR], &ev->major) == 0 &&
			 parse_ul(val[K_MINOR], &ev->minor) == 0;
	return 0;
}
