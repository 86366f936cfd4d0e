// SPDX-License-Identifier: GPL-2.0-only
/* The public part of an event (see public.h). */
#include "compat.h"
#include "public.h"
#include "str.h"

#include <string.h>

/* The sender's own entries (an event sent by hand carries its sender's
 * whole environment; the kernel's carry none), measured once a call. */
#define CALLER_MAX 128
struct caller {
	const char *p[CALLER_MAX];
	size_t n[CALLER_MAX];
	size_t count;
	int all;                      /* every entry is in p[] */
};

static void caller_scan(struct caller *c, const char *block, size_t len)
{
	const char *p, *end = block + len;

	c->count = 0;
	for (p = block; p < end && c->count < CALLER_MAX; p += c->n[c->count++]) {
		c->p[c->count] = p;
		c->n[c->count] = strlen(p) + 1;
	}
	c->all = p >= end;
}

/* 1 when the entry kv (n bytes with its NUL) is one of the sender's:
 * lengths first, then the bytes. */
static int in_caller(const struct caller *c, const char *kv, size_t n, const char *block,
		     size_t len)
{
	const char *p, *end = block + len;
	size_t i, m;

	for (i = 0; i < c->count; i++)
		if (c->n[i] == n && str_same(c->p[i], kv, n))
			return 1;
	if (c->all)
		return 0;
	for (p = c->p[c->count - 1] + c->n[c->count - 1]; p < end; p += m) {
		m = strlen(p) + 1;
		if (m == n && str_same(p, kv, n))
			return 1;
	}
	return 0;
}

size_t event_public(const struct event *ev, int props, char *out, size_t cap)
{
	size_t own = ev->hdr.arg ? ev->hdr.arg : ev->envlen, len = 0, n;
	const char *src = ev->env, *end, *p;
	static struct caller caller;

	if (props && ev->props)
		src = ev->props;
	if (src != ev->env)
		caller_scan(&caller, ev->env + own, ev->envlen - own);
	end = src + (src == ev->env ? own : ev->propslen);
	for (p = src; p < end; p += n) {
		n = strlen(p) + 1;
		if (strncmp(p, "UDEV_", 5) == 0 || strncmp(p, "UDEVD_", 6) == 0)
			continue;
		/* a property as the sender's environment had it is the sender's */
		if (src != ev->env && in_caller(&caller, p, n, ev->env + own, ev->envlen - own))
			continue;
		if (len + n > cap)
			break;
		memcpy(out + len, p, n);
		len += n;
	}
	return len;
}
