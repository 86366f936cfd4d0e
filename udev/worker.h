/* SPDX-License-Identifier: GPL-2.0-only */
/* `udev --worker`: udevd's pool mode. Events arrive on fd MSG_WORKER_FD
 * (see msg.h) and each is handled as a fresh `udev SUBSYSTEM` would. */
#ifndef UDEV_WORKER_H
#define UDEV_WORKER_H

/* Loops until udevd closes the socket; returns the exit code. */
int worker_main(const char *log_level);

#endif
