/* SPDX-License-Identifier: GPL-2.0-only */
/* udevd's own socket: its send buffer, and who holds its name. */
#ifndef UDEVD_SOCK_H
#define UDEVD_SOCK_H

#include "msg.h"

/* Sets the send buffer (UDEVD_SNDBUF, default 4 MiB; SO_SNDBUFFORCE as
 * root). 0, or 1 (logged) when UDEVD_SNDBUF is no size. */
int sock_sndbuf(int sock);
/* bind() of sock (unbound, SO_PASSCRED) to sa found the name taken: asks
 * its holder from sock and logs who it is. Returns udevd's exit code: 2 for
 * a udevd of root, 3 for anything else. */
int sock_name_taken(int sock, const char *name, const struct sockaddr_un *sa, socklen_t len);

#endif
