/* SPDX-License-Identifier: GPL-2.0-only */
/* One event through udev's stages (pipeline.c): sysfs, rules, node, links,
 * database, dev.d and RUN, by its action. */
#ifndef UDEV_PIPELINE_H
#define UDEV_PIPELINE_H

#include "event/event.h"

struct rules;

/* Handles the event end to end; returns its exit code (udev.c). */
int event_run(struct udev_event *ev, const struct rules *rules);

#endif
