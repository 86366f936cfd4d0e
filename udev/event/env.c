// SPDX-License-Identifier: GPL-2.0-only
/* KEY=value environment arrays (see env.h). */
#include "compat.h"
#include "env.h"
#include "str.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int env_index(char *const *v, const char *key)
{
	size_t len = strlen(key);
	char first = len ? key[0] : '=';   /* compared before the call */
	int i;

	for (i = 0; v && v[i]; i++)
		if (v[i][0] == first && strncmp(v[i], key, len) == 0 && v[i][len] == '=')
			return i;
	return -1;
}

static int env_find(const struct env *e, const char *key)
{
	return e->n ? env_index(e->v, key) : -1;
}

const char *env_value(char *const *envp, const char *key)
{
	int i = env_index(envp, key);

	return i < 0 ? NULL : strchr(envp[i], '=') + 1;
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

/* "KEY=value" with the value's control characters written as \xNN: no
 * byte of device data can end a line of the database or of IMPORT. */
static char *env_entry(const char *key, size_t klen, const char *val)
{
	const char *p = val;
	size_t vlen;
	char *s;

	while (!str_is_ctl((unsigned char)*p))   /* stops at the NUL too */
		p++;
	vlen = *p ? str_escape(NULL, val, 0) : (size_t)(p - val);
	s = malloc(klen + vlen + 2);
	if (!s)
		return NULL;
	memcpy(s, key, klen);
	s[klen] = '=';
	if (!*p)   /* nothing to escape (the usual case): a copy */
		memcpy(s + klen + 1, val, vlen + 1);
	else
		str_escape(s + klen + 1, val, vlen + 1);
	return s;
}

/* A key is a word: no '=', no space, no control character. Where the
 * word that starts at s ends. */
static const char *key_end(const char *s)
{
	while ((unsigned char)*s > ' ' && *s != '=' && *s != 0x7f)
		s++;
	return s;
}

static int env_key_ok(const char *key, size_t klen)
{
	return klen > 0 && key_end(key) == key + klen;
}

/* Not freed one by one: an entry of the block (env_init's, or shared by a copy). */
static int env_in_block(const struct env *e, const char *s)
{
	return e->lo && (uintptr_t)s >= (uintptr_t)e->lo && (uintptr_t)s < (uintptr_t)e->hi;
}

static void env_drop(struct env *e, char *s)
{
	if (!env_in_block(e, s))
		free(s);
}

/* The entries without a control character in their value (the usual case)
 * are copied as they are into one block, sized by the whole of src; the
 * others are escaped, each its own allocation. */
int env_init(struct env *e, char *const *src)
{
	const char *eq, *p;
	size_t total = 0, len;
	char *at;
	int i;

	memset(e, 0, sizeof(*e));
	if (env_grow(e) < 0)
		return -ENOMEM;
	e->v[0] = NULL;
	for (i = 0; src && src[i]; i++)
		total += strlen(src[i]) + 1;
	if (total && !(e->block = malloc(total)))
		return -ENOMEM;
	e->lo = at = e->block;
	e->hi = e->block + total;
	for (; src && *src; src++) {
		eq = key_end(*src);
		if (*eq != '=' || eq == *src || env_grow(e) < 0)
			continue;
		for (p = eq + 1; !str_is_ctl((unsigned char)*p); p++)   /* stops at the NUL too */
			;
		if (!*p) {
			len = (size_t)(p - *src) + 1;
			e->v[e->n] = memcpy(at, *src, len);
			at += len;
		} else if (!(e->v[e->n] = env_entry(*src, (size_t)(eq - *src), eq + 1))) {
			return -ENOMEM;
		}
		e->v[++e->n] = NULL;
	}
	return 0;
}

int env_copy(struct env *dst, const struct env *src)
{
	int i;

	memset(dst, 0, sizeof(*dst));
	dst->lo = src->lo;
	dst->hi = src->hi;
	if (env_grow(dst) < 0)
		return -ENOMEM;
	dst->v[0] = NULL;
	for (i = 0; i < src->n; i++) {
		if (env_grow(dst) < 0)
			return -ENOMEM;
		dst->v[dst->n] = src->v[i];
		if (!env_in_block(src, src->v[i]) && !(dst->v[dst->n] = strdup(src->v[i])))
			return -ENOMEM;
		dst->v[++dst->n] = NULL;
	}
	return 0;
}

void env_free(struct env *e)
{
	int i;

	for (i = 0; i < e->n; i++)
		env_drop(e, e->v[i]);
	free(e->v);
	free(e->block);
	memset(e, 0, sizeof(*e));
}

int env_is_initial(const struct env *e, int i)
{
	return i >= 0 && i < e->n && env_in_block(e, e->v[i]);
}

const char *env_get(const struct env *e, const char *key)
{
	return e->n ? env_value(e->v, key) : NULL;
}

int env_set(struct env *e, const char *key, const char *val)
{
	size_t klen = strlen(key);
	int i = env_find(e, key);
	char *s;

	if (!env_key_ok(key, klen))
		return -EINVAL;
	if (!val || !*val) {
		if (i >= 0) {
			env_drop(e, e->v[i]);
			e->v[i] = e->v[--e->n];
			e->v[e->n] = NULL;
		}
		return 0;
	}
	s = env_entry(key, klen, val);
	if (!s)
		return -ENOMEM;
	if (i >= 0) {
		env_drop(e, e->v[i]);
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
