// SPDX-License-Identifier: GPL-2.0-only
/* udevd's own variables taken out of what arrives (see marks.h). */
#include "compat.h"
#include "marks.h"
#include "msg.h"

#include <string.h>

static const char *const mark_keys[] = {
	MARK_LATE, MSG_UDEVD_EVENT_KEY, MARK_SOURCE, MARK_RESCAN
};

/* The mark whose key the entry kv has, or NULL. Every mark's key begins
 * with MARK_PREFIX: an entry that does not is none (the common case, one
 * comparison). */
#define MARK_PREFIX "UDEVD_"
static const char *mark_of(const char *kv)
{
	size_t i, n;

	if (kv[0] != 'U' || strncmp(kv, MARK_PREFIX, sizeof(MARK_PREFIX) - 1) != 0)
		return NULL;
	for (i = 0; i < sizeof(mark_keys) / sizeof(mark_keys[0]); i++) {
		n = strlen(mark_keys[i]);
		if (strncmp(kv, mark_keys[i], n) == 0 && kv[n] == '=')
			return mark_keys[i];
	}
	return NULL;
}

size_t marks_drop(char *env, size_t len, const char **first)
{
	size_t in, out = 0, n;
	const char *key;

	*first = NULL;
	for (in = 0; in < len; in += n) {
		n = strlen(env + in) + 1;
		key = mark_of(env + in);
		if (key) {
			if (!*first)
				*first = key;
			continue;
		}
		if (out != in)
			memmove(env + out, env + in, n);
		out += n;
	}
	return out;
}
