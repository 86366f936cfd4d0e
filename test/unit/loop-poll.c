// SPDX-License-Identifier: GPL-2.0-only
/* The event loop's muting (lib/loop.c: udevd --gather) over a real datagram
 * socketpair and a real poll(): muted, a readable descriptor wakes no wait;
 * unmuted, it does; and a wait for the descriptor to be writable (udevd's
 * kept replies) survives a mute and an unmute in between. Prints one line
 * per check and exits 1 if one failed: test/udevd-gather.bats. */
#include "compat.h"
#include "loop.h"

#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

static int failed;

static void check(const char *what, int ok)
{
	printf("%s %s\n", ok ? "ok" : "FAIL", what);
	failed |= !ok;
}

int main(void)
{
	struct loop l;
	char buf[64] = "x";
	int sv[2], n = 0;

	if (socketpair(AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0, sv) < 0) {
		perror("socketpair");
		return 2;
	}
	loop_init(&l);
	if (loop_add(&l, sv[0]) < 0)
		return 2;
	/* input waiting: muted it wakes nothing, unmuted it does */
	send(sv[1], buf, 1, 0);
	loop_mute(&l, sv[0], 1);
	check("a muted descriptor with input waiting: the wait times out",
	      loop_wait(&l, 200) == 0 && !loop_ready(&l, sv[0]));
	loop_mute(&l, sv[0], 0);
	check("unmuted: the wait returns it ready", loop_wait(&l, 2000) == 1 && loop_ready(&l, sv[0]));
	recv(sv[0], buf, sizeof(buf), 0);
	/* the peer's queue full: sv[0] is not writable until sv[1] reads */
	while (send(sv[0], buf, sizeof(buf), 0) == (ssize_t)sizeof(buf))
		n++;
	loop_watch_write(&l, sv[0], 1);
	loop_mute(&l, sv[0], 1);
	loop_mute(&l, sv[0], 0);
	check("not writable, nothing to read: the wait times out", loop_wait(&l, 200) == 0);
	while (recv(sv[1], buf, sizeof(buf), 0) > 0)
		;
	check("the peer read: the write wait, set before a mute and an unmute, wakes",
	      loop_wait(&l, 2000) == 1);
	loop_mute(&l, sv[0], 1);
	check("muted: the write wait still wakes", loop_wait(&l, 2000) == 1);
	loop_watch_write(&l, sv[0], 0);
	check("no write wait, muted, nothing to read: the wait times out", loop_wait(&l, 200) == 0);
	printf("%d datagrams filled the queue\n", n);
	loop_free(&l);
	return failed;
}
