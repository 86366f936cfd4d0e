/* SPDX-License-Identifier: GPL-2.0-only */
/* Network interface names (netif.c). */
#ifndef UDEV_NETIF_H
#define UDEV_NETIF_H

#include <stddef.h>

/* How long an interface waits for a name another one holds (udev 117's
 * 30 s), and how often it tries. */
#define NETIF_WAIT_MS  30000
#define NETIF_RETRY_MS 50

/* Renames a network interface (SIOCSIFNAME) from to to; 0 or -errno. When
 * another interface has the name and wait_ms > 0, this one is renamed
 * FROM_rename and tries for the name for up to wait_ms (udev 117). now
 * gets the name the interface has when it returns. */
int netif_rename(const char *from, const char *to, char *now, size_t size, int wait_ms);

#endif
