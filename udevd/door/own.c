// SPDX-License-Identifier: GPL-2.0-only
/* An event's own variables first (see own.h). */
#include "compat.h"
#include "own.h"
#include "fmt.h"
#include "msg.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define OWN(k) { k, sizeof(k) - 1 }
static const struct {
	const char *key;
	size_t len;
} own_keys[] = {
	OWN("ACTION"), OWN("DEVPATH"), OWN("DEVPATH_OLD"), OWN("SUBSYSTEM"), OWN("SEQNUM"),
	OWN("MAJOR"), OWN("MINOR"), OWN("DEVNAME"), OWN("DEVTYPE"), OWN("DRIVER"),
	OWN("MODALIAS"), OWN("INTERFACE"), OWN("IFINDEX"), OWN("PRODUCT"), OWN("TYPE"),
};

/* 1 when kv's key (k bytes) is one of the kernel's keys above. */
static int own_key(const char *kv, size_t k)
{
	size_t i;

	for (i = 0; i < sizeof(own_keys) / sizeof(own_keys[0]); i++)
		if (own_keys[i].len == k && memcmp(kv, own_keys[i].key, k) == 0)
			return 1;
	return 0;
}

/* The parents looked at in this receiving turn (own_turn): in a storm
 * the kernel's helpers come from a few of its threads, several a turn. */
static struct { uint32_t ppid; int hand; } seen[4];
static unsigned int nseen, next_seen;

void own_turn(void)
{
	nseen = 0;
}

/* A kernel thread has no executable (ENOENT, as without /proc). */
static int by_hand(uint32_t ppid)
{
	char path[32], c;
	unsigned int i;
	int hand;

	if (!ppid)
		return 0;
	for (i = 0; i < nseen; i++)
		if (seen[i].ppid == ppid)
			return seen[i].hand;
	fmt_s(path, sizeof(path), "/proc/%u/exe", ppid);
	hand = readlink(path, &c, 1) >= 0 || errno != ENOENT;
	i = nseen < 4 ? nseen++ : next_seen++ % 4;
	seen[i].ppid = ppid;
	seen[i].hand = hand;
	return hand;
}

/* 1 when kv's key (k bytes) is one of list's words, each ended by sep
 * (the last one by the list's NUL). */
static int key_listed(const char *kv, size_t k, const char *list, char sep)
{
	size_t w;
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
	const char *more;
	size_t i, n, k, out = 0, own = 0;
	int pass;

	/* (len is at most MSG_ENV_MAX: msg_check) */
	if (!by_hand(ppid))
		return 0;
	more = msg_env_get(env, len, "UDEVSEND_EVENT_KEYS");
	for (pass = 1; pass >= 0; pass--) {
		for (i = 0; i < len; i += n) {
			n = strlen(env + i) + 1;
			for (k = 0; env[i + k] && env[i + k] != '='; k++)
				;   /* (not strcspn: klibc's builds a table per call) */
			if ((own_key(env + i, k) || (more && key_listed(env + i, k, more, ' '))) != pass)
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
