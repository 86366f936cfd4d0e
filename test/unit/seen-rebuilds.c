// SPDX-License-Identifier: GPL-2.0-only
/* Counts the seen set's table rebuilds (udevd/door/seen.c) while it stays at
 * a size: "seen-rebuilds N PAIRS" remembers N devices, then removes one and
 * adds another PAIRS times, and prints the rebuilds of that second part.
 * A count, not a time: test/udevd-seen.bats. */
#include "compat.h"
#include "../../udevd/door/seen.h"
#include "fmt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void note(struct seen *t, const char *action, unsigned long i)
{
	struct event ev;
	char devpath[64];

	memset(&ev, 0, sizeof(ev));
	fmt_s(devpath, sizeof(devpath), "/devices/virtual/test/d%lu", i);
	ev.u.action = action;
	ev.u.devpath = devpath;
	ev.u.subsystem = "test";
	seen_note(t, &ev, 0);
}

int main(int argc, char **argv)
{
	struct seen t;
	unsigned long n, pairs, i;
	size_t before;

	if (argc != 3)
		return 2;
	n = strtoul(argv[1], NULL, 10);
	pairs = strtoul(argv[2], NULL, 10);
	memset(&t, 0, sizeof(t));
	for (i = 0; i < n; i++)
		note(&t, "add", i);
	if (t.n != n)
		return 1;
	before = t.rebuilds;
	for (i = 0; i < pairs; i++) {
		note(&t, "remove", i);
		note(&t, "add", n + i);
	}
	/* the first one is gone, the last one there */
	if (t.n != n || (pairs && seen_has(&t, "/devices/virtual/test/d0")))
		return 1;
	printf("%zu devices, %zu slots, %zu rebuilds\n", t.n, t.cap, t.rebuilds - before);
	return 0;
}
