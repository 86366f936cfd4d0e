// SPDX-License-Identifier: GPL-2.0-only
/* An event's own variables first (see own.h). */
#include "compat.h"
#include "own.h"
#include "fmt.h"
#include "msg.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static const char own_keys[] =
	"ACTION\0DEVPATH\0DEVPATH_OLD\0SUBSYSTEM\0SEQNUM\0MAJOR\0MINOR\0DEVNAME\0"
	"DEVTYPE\0DRIVER\0MODALIAS\0INTERFACE\0IFINDEX\0PRODUCT\0TYPE\0";

/* A kernel thread has no executable (ENOENT, as without /proc). */
static int by_hand(uint32_t ppid)
{
	char path[32], c;

	fmt_s(path, sizeof(path), "/proc/%u/exe", ppid);
	return ppid && (readlink(path, &c, 1) >= 0 || errno != ENOENT);
}

/* 1 when kv's key is one of list's words, each ended by sep (the last one
 * by the list's NUL; with sep NUL, the list ends with an empty word). */
static int key_listed(const char *kv, const char *list, char sep)
{
	size_t k = strcspn(kv, "="), w;
	const char *end;

	for (; *list; list += w + (end != NULL)) {
		end = strchr(list, sep);
		w = end ? (size_t)(end - list) : strlen(list);
		if (w == k && strncmp(kv, list, k) == 0)
			return 1;
	}
	return 0;
}

uint32_t own_split(char *env, size_t len, uint32_t ppid)
{
	static char tmp[MSG_ENV_MAX];
	const char *more = msg_env_get(env, len, "UDEVSEND_EVENT_KEYS");
	size_t i, n, out = 0, own = 0;
	int pass;

	/* (len is at most MSG_ENV_MAX: msg_check) */
	if (!by_hand(ppid))
		return 0;
	for (pass = 1; pass >= 0; pass--) {
		for (i = 0; i < len; i += n) {
			n = strlen(env + i) + 1;
			if ((key_listed(env + i, own_keys, '\0') ||
			     (more && key_listed(env + i, more, ' '))) != pass)
				continue;
			memcpy(tmp + out, env + i, n);
			out += n;
		}
		if (pass)
			own = out;
	}
	memcpy(env, tmp, len);
	return (uint32_t)own;
}
