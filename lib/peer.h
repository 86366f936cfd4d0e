/* SPDX-License-Identifier: GPL-2.0-only */
/* Who holds the socket name we connected to, asked of the kernel (sock_diag),
 * not of the holder: no round trip through it, no wait on a silent one. */
#ifndef LIB_PEER_H
#define LIB_PEER_H

/* The uid that created the socket at the other end of fd, a connected
 * AF_UNIX socket: >= 0; -errno when the kernel cannot tell (no
 * CONFIG_UNIX_DIAG, or a kernel before 5.3, which reports no owner). */
int peer_uid(int fd);

#endif
