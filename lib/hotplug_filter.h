/* SPDX-License-Identifier: GPL-2.0-only */
/* Which names in /etc/hotplug.d hotplug runs, and which subsystem names may
 * name a directory: pure string tests, apart so that they can be fuzzed. */
#ifndef HOTPLUG_FILTER_H
#define HOTPLUG_FILTER_H

#include <string.h>

#define SCRIPT_SUFFIX ".hotplug"

/* Which part of a directory a pass runs: default/ is split by its first character. */
enum pass {
	PASS_ALL,
	PASS_DIGIT,
	PASS_NOT_DIGIT,
};

/* 1 when name is a script to run: "*.hotplug", not hidden, not a leftover. */
int name_is_candidate(const char *name);
/* 1 when a pass over a directory runs name. */
int pass_wants(enum pass pass, const char *name);
/* 1 when hotplug skips name for an event udevd handed over (event_source:
 * its UDEVD_EVENT_SOURCE, NULL or "" when none): udev's own hook, which
 * would hand the event back to udevd. */
#define UDEV_HOOK_NAME "10-udev.hotplug"
static inline int hook_skipped(const char *name, const char *event_source)
{
	return event_source && *event_source && strcmp(name, UDEV_HOOK_NAME) == 0;
}
/* 1 when the subsystem is one plain path component other than "default". */
int subsystem_is_safe(const char *s);

#endif
