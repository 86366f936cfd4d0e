/* SPDX-License-Identifier: GPL-2.0-only */
/* The suite's own /sbin/hotplug as a RUN program (the shipped rule for the
 * events udevd runs): started only when no /sbin/hotplug of the kernel runs
 * the scripts and it would run one, and once per event (hotplug_gate.c). */
#ifndef UDEV_HOTPLUG_GATE_H
#define UDEV_HOTPLUG_GATE_H

#include "../event/event.h"

/* 1 when cmd (a RUN value) is the suite's hotplug, HOTPLUG_BIN or the
 * installed path of lib/layout.h, with no arguments; or udev 064's
 * hotplug.d runner, udev_run_hotplugd in any folder (the suite's hotplug
 * runs in its place). */
int hotplug_gate_applies(const struct udev_event *ev, const char *cmd);
/* 1 when hotplug, run with the event's environment, would run a script:
 * hotplug's own selection (lib/hotplug_filter.h) over HOTPLUG_DIR/default and
 * HOTPLUG_DIR/SUBSYSTEM, executable files only; for an event udevsend sent
 * (UDEVD_EVENT without UDEVD_EVENT_SOURCE) only while the kernel starts
 * udevsend itself, not its /sbin/hotplug. */
int hotplug_gate_open(struct udev_event *ev);

#endif
