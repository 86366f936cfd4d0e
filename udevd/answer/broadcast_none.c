// SPDX-License-Identifier: GPL-2.0-only
/* A build without libudev's broadcast (lib/profile.h, WITHOUT=broadcast):
 * nothing is sent, and udevd refuses --broadcast-kernel (setup.c). */
#include "compat.h"
#include "broadcast.h"

int broadcast_open(struct broadcast *b)
{
	b->fd = -1;
	return 0;
}

void broadcast_send(const struct broadcast *b, const struct event *ev, int rc)
{
	(void)b;
	(void)ev;
	(void)rc;
}
