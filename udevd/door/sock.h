/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's own socket: its send buffer, and who holds its name. */
#ifndef UDEVD_SOCK_H
#define UDEVD_SOCK_H

#include "msg.h"

/* Sets the send buffer (UDEVD_SNDBUF, default 4 MiB; SO_SNDBUFFORCE as
 * root). 0, or 1 (logged) when UDEVD_SNDBUF is no size. */
int sock_sndbuf(int sock);
/* bind() found the name taken: 2 (logged) when a udevd of root holds it
 * (its name lock, namelock.h), 3 when anything else does. */
int sock_name_taken(const char *name);
/* The pid that holds the name lock, 0 when unknown (none, or one in
 * another pid namespace). */
int sock_name_holder(void);

#endif
