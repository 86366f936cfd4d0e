// SPDX-License-Identifier: GPL-2.0-only
/* Environment block -> struct uevent (see uevent.h). No stdio, no heap. */
#include "compat.h"
#include "uevent.h"
#include "msg.h"
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

int uevent_parse(struct uevent *ev, const char *env, size_t len)
{
	const char *p;

	memset(ev, 0, sizeof(*ev));
	for (p = env; p < env + len && *p; p += strlen(p) + 1)
		ev->nenv++;
	ev->action = msg_env_get(env, len, "ACTION");
	ev->devpath = msg_env_get(env, len, "DEVPATH");
	ev->devpath_old = msg_env_get(env, len, "DEVPATH_OLD");
	ev->subsystem = msg_env_get(env, len, "SUBSYSTEM");
	if (!ev->action || !*ev->action || !ev->subsystem || !*ev->subsystem ||
	    !ev->devpath || ev->devpath[0] != '/')
		return -EINVAL;
	if (ev->devpath_old && ev->devpath_old[0] != '/')
		ev->devpath_old = NULL;
	p = msg_env_get(env, len, "SEQNUM");
	ev->has_seqnum = p && str_to_u64(p, &ev->seqnum) == 0;
	ev->has_devnum = parse_ul(msg_env_get(env, len, "MAJOR"), &ev->major) == 0 &&
			 parse_ul(msg_env_get(env, len, "MINOR"), &ev->minor) == 0;
	return 0;
}
