// SPDX-License-Identifier: GPL-2.0-only
/* The daemon side's floor: a udev pool worker that does no work. It says
 * hello, then answers each event at once with rc 0 (lib/msg.h's worker
 * protocol). udevd with it as UDEV_BIN costs what udevsend's messages,
 * udevd's queue and the worker's wake-ups cost, without any event's own work
 * (no sysfs, rules, node or record): make bench's udevd-floor contenders.
 * Not installed. It fills its records itself (what msg_init does) so that
 * it links no lib/ object: the kernel proof compiles it alone, and the
 * sanitizer build's objects do not link statically. */
#include "compat.h"
#include "msg.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>

static int answer(uint32_t type, uint64_t seqnum, uint32_t flags)
{
	struct msg_hdr h;

	memset(&h, 0, sizeof(h));
	memcpy(h.magic, MSG_MAGIC, sizeof(MSG_MAGIC));
	h.type = type;
	h.seqnum = seqnum;
	h.flags = flags;
	return send(MSG_WORKER_FD, &h, sizeof(h), MSG_NOSIGNAL) < 0 ? -1 : 0;
}

int main(void)
{
	static union {
		struct msg_hdr hdr;
		char raw[sizeof(struct msg_event) + 1];
	} buf;
	ssize_t n;

	if (answer(MSG_WORKER_HELLO, 0, 0) < 0)
		return 1;
	for (;;) {
		n = recv(MSG_WORKER_FD, buf.raw, sizeof(buf.raw), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < (ssize_t)sizeof(buf.hdr))
			return n < 0;   /* EOF: udevd ends the worker */
		if (answer(MSG_ACK, buf.hdr.seqnum, buf.hdr.flags) < 0)
			return 1;
	}
}
