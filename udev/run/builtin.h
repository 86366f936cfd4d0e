/* SPDX-License-Identifier: GPL-2.0-only */
/* IMPORT{builtin}: the probes udev carries (vol_id, disk_id, usb_id) run in udev's
 * own process, as a pool worker or as udev per event, instead of as a
 * program: the same code as the programs (extras/probes.h), no fork, no
 * exec. */
#ifndef UDEV_BUILTIN_H
#define UDEV_BUILTIN_H

#include <stddef.h>

/* NULL when the first word of cmd names a built-in, else the parser's
 * message ("unknown built-in 'NAME'"). */
const char *builtin_check(const char *cmd);
/* Runs the built-in argv[0] with argv (argc words) as the program would
 * run: its output into out (NUL-terminated, trailing newlines cut, as
 * exec_run captures a program's). Returns its exit code, -ENOENT for no
 * such built-in. A built-in still running after timeout seconds ends the
 * process with SIGALRM, as a crash would: no probe can be stopped halfway
 * and the process go on (udevd acks the event as it acks a crashed udev).
 * That, or SIGTERM meanwhile (udevd's exec timeout), removes tmpnode (the
 * event's temporary node, or NULL) first. usb_id named without a DEVPATH
 * gets devpath (the event's) as its last word: argv must have room for one
 * more. -ENOSYS for an extra this build has not built in (the caller runs
 * the program). */
int builtin_run(int argc, char **argv, char *out, size_t size, int timeout,
		const char *tmpnode, const char *devpath);

#endif
