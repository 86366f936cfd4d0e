/* SPDX-License-Identifier: GPL-2.0-only */
/* The programs an event runs after its node exists or is gone: dev.d
 * scripts and RUN (devd.c). */
#ifndef UDEV_DEVD_H
#define UDEV_DEVD_H

#include "event.h"

/* Runs the dev.d scripts for the node name (none for "" or NULL, as 050:
 * a device without a node); and RUN. */
void devd_run(struct udev_event *ev, const char *name);
void run_programs(struct udev_event *ev);

#endif
