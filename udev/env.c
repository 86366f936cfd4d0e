// SPDX-License-Identifier: GPL-2.0-only
/* KEY=value environment arrays (see env.h). */
#include "compat.h"
#include "env.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int env_find(const struct env *e, const char *key)
{
	size_t len = strlen(key);
	int i;

	for (i = 0; i < e->n; i++)
		if (strncmp(e->v[i], key, len) == 0 && e->v[i][len] == '=')
			return i;
	return -1;
}

static int env_grow(struct env *e)
{
	char **v;
	int cap = e->cap ? e->cap * 2 : 64;

	if (e->n + 1 < e->cap)
		return 0;
	v = realloc(e->v, (size_t)cap * sizeof(*v));
	if (!v)
		return -ENOMEM;
	e->v = v;
	e->cap = cap;
	return 0;
}

int env_init(struct env *e, char *const *src)
{
	memset(e, 0, sizeof(*e));
	if (env_grow(e) < 0)
		return -ENOMEM;
	e->v[0] = NULL;
	for (; src && *src; src++) {
		if (!strchr(*src, '=') || env_grow(e) < 0)
			continue;
		e->v[e->n] = strdup(*src);
		if (!e->v[e->n])
			return -ENOMEM;
		e->v[++e->n] = NULL;
	}
	return 0;
}

void env_free(struct env *e)
{
	int i;

	for (i = 0; i < e->n; i++)
		free(e->v[i]);
	free(e->v);
	memset(e, 0, sizeof(*e));
}

const char *env_get(const struct env *e, const char *key)
{
	int i = env_find(e, key);

	return i < 0 ? NULL : strchr(e->v[i], '=') + 1;
}

int env_set(struct env *e, const char *key, const char *val)
{
	size_t klen = strlen(key), vlen;
	int i = env_find(e, key);
	char *s;

	if (!val || !*val) {
		if (i >= 0) {
			free(e->v[i]);
			e->v[i] = e->v[--e->n];
			e->v[e->n] = NULL;
		}
		return 0;
	}
	vlen = strlen(val);
	s = malloc(klen + vlen + 2);
	if (!s)
		return -ENOMEM;
	memcpy(s, key, klen);
	s[klen] = '=';
	memcpy(s + klen + 1, val, vlen + 1);
	if (i >= 0) {
		free(e->v[i]);
		e->v[i] = s;
		return 0;
	}
	if (env_grow(e) < 0) {
		free(s);
		return -ENOMEM;
	}
	e->v[e->n++] = s;
	e->v[e->n] = NULL;
	return 0;
}
