/* SPDX-License-Identifier: GPL-2.0-only */
/* Network interface names (netif.c). */
#ifndef UDEV_NETIF_H
#define UDEV_NETIF_H

/* Renames a network interface (SIOCSIFNAME); 0 or -errno. */
int netif_rename(const char *from, const char *to);

#endif
