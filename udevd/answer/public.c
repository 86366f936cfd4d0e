// SPDX-License-Identifier: GPL-2.0-only
/* The public part of an event (see public.h). */
#include "compat.h"
#include "public.h"

#include <string.h>

/* 1 when the entry kv is in the len bytes of block. */
static int in_block(const char *kv, const char *block, size_t len)
{
	const char *p, *end = block + len;

	for (p = block; p < end; p += strlen(p) + 1)
		if (strcmp(p, kv) == 0)
			return 1;
	return 0;
}

size_t event_public(const struct event *ev, int props, char *out, size_t cap)
{
	size_t own = ev->hdr.arg ? ev->hdr.arg : ev->envlen, len = 0, n;
	const char *src = ev->env, *end, *p;

	if (props && ev->props)
		src = ev->props;
	end = src + (src == ev->env ? own : ev->propslen);
	for (p = src; p < end; p += n) {
		n = strlen(p) + 1;
		if (strncmp(p, "UDEV_", 5) == 0 || strncmp(p, "UDEVD_", 6) == 0)
			continue;
		/* a property as the sender's environment had it is the sender's */
		if (src != ev->env && in_block(p, ev->env + own, ev->envlen - own))
			continue;
		if (len + n > cap)
			break;
		memcpy(out + len, p, n);
		len += n;
	}
	return len;
}
