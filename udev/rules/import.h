/* SPDX-License-Identifier: GPL-2.0-only */
/* KEY=value lines into an event's environment (import.c). */
#ifndef UDEV_RULES_IMPORT_H
#define UDEV_RULES_IMPORT_H

#include "glob.h"
#include "../event/event.h"

/* KEY=value lines of text (changed in place) into the environment. */
void import_lines(struct udev_event *ev, char *text);
/* IMPORT{file}: the file value names, after substitution; 1 when read. */
int import_file(struct udev_event *ev, const char *value);
/* IMPORT{parent}: the keys matching pattern of the nearest parent with a
 * database record; 1 when there is one. */
int import_parent(struct udev_event *ev, const struct glob *pattern);

#endif
