/* SPDX-License-Identifier: GPL-2.0-only */
/* The programs an event runs after its node exists or is gone: dev.d
 * scripts and RUN (devd.c). */
#ifndef UDEV_DEVD_H
#define UDEV_DEVD_H

#include "../event/event.h"

/* Runs the dev.d scripts for the node name (none for "" or NULL, as 050:
 * a device without a node); and RUN. When a rule RUNs udev_run_devd (the
 * line of udev 064's default rules), devd_run only notes the name and the
 * scripts run where that RUN stands in the event's list, if it is there. */
void devd_run(struct udev_event *ev, const char *name);
void run_programs(struct udev_event *ev);
/* 1 when a RUN value (a leading '-' allowed) is udev 064's dev.d runner,
 * udev_run_devd in any folder, with no arguments. */
int devd_is_run_devd(const char *cmd);

#endif
