// SPDX-License-Identifier: GPL-2.0-only
/* The variables of udevadm control --env (globals.h): one block of
 * "KEY=VALUE\0" strings, in the order they were first set. */
#include "compat.h"
#include "globals.h"
#include "msg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static char block[GLOBALS_MAX];
static size_t used;

/* The entry for the key of kv (klen bytes) in block, or NULL. */
static char *find(const char *kv, size_t klen)
{
	char *p;

	for (p = block; p < block + used; p += strlen(p) + 1)
		if (strncmp(p, kv, klen) == 0 && p[klen] == '=')
			return p;
	return NULL;
}

int globals_set(const char *kv)
{
	const char *eq = strchr(kv, '=');
	size_t klen, len = strlen(kv) + 1;
	char *old;

	if (!eq || eq == kv || eq - kv >= GLOBALS_KEY_MAX)
		return -EINVAL;
	klen = (size_t)(eq - kv);
	old = find(kv, klen);
	if (old) {
		size_t olen = strlen(old) + 1;

		memmove(old, old + olen, used - (size_t)(old - block) - olen);
		used -= olen;
	}
	if (!eq[1])
		return 0;
	if (used + len > sizeof(block))
		return -E2BIG;
	memcpy(block + used, kv, len);
	used += len;
	return 0;
}

size_t globals_for(const char *env, size_t envlen, char *out, size_t size)
{
	char key[GLOBALS_KEY_MAX];
	size_t n = 0, len, klen;
	const char *p;

	for (p = block; p < block + used; p += len) {
		len = strlen(p) + 1;
		klen = (size_t)(strchr(p, '=') - p);
		memcpy(key, p, klen);
		key[klen] = '\0';
		if (msg_env_get(env, envlen, key))
			continue;
		if (n + len > size)
			return 0;
		memcpy(out + n, p, len);
		n += len;
	}
	return n;
}

char **globals_envp(char **envp, const char *env, size_t envlen)
{
	static char out[GLOBALS_MAX];
	size_t len = globals_for(env, envlen, out, sizeof(out)), i, n = 0;
	char **all, *p;

	if (!len)
		return envp;
	for (p = out; p < out + len; p += strlen(p) + 1)
		n++;
	for (i = 0; envp[i]; i++)
		;
	all = malloc((i + n + 2) * sizeof(*all));
	if (!all)
		return envp;
	memcpy(all, envp, i * sizeof(*all));
	for (p = out; p < out + len; p += strlen(p) + 1)
		all[i++] = p;
	all[i] = NULL;
	return all;
}
