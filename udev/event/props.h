/* SPDX-License-Identifier: GPL-2.0-only */
/* The event's properties once udev is done with it (props.c): what a
 * worker answers udevd with, and what udevd's broadcast and udevmonitor
 * carry to libudev's clients. */
#ifndef UDEV_PROPS_H
#define UDEV_PROPS_H

#include "event.h"

#include <stddef.h>

/* The event's environment (escaped as env.h keeps it: the kernel's, the
 * rules' ENV{}, IMPORT's values, DEVNAME as the node's path), without
 * udevd's own UDEVD_* keys, then DEVLINKS (the links' paths, space
 * separated) and MAJOR/MINOR where the environment lacks them: a
 * NUL-separated KEY=value block in out. An entry that does not fit is left
 * out. Returns the block's length. */
size_t event_props(const struct udev_event *ev, char *out, size_t size);

#endif
