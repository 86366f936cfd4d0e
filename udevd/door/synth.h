/* SPDX-License-Identifier: GPL-2.0-only */
/* The events udevd makes itself (synth.c), in every build: the netlink door
 * completes the kernel's with them, the rescan after lost events and the
 * watch (watch.h) make theirs from a record of udev's database. */
#ifndef UDEVD_SYNTH_H
#define UDEVD_SYNTH_H

#include "msg.h"
#include "sysfs.h"

#include <stddef.h>

/* What the rescan (and the watch, watch.h) needs of a record: its P:, N:,
 * U: and M: lines. */
struct rescan_rec {
	char devpath[SYSFS_PATH_MAX], name[256], subsystem[64], major[24], *minor;
};
/* Reads the record (a file, a symbolic link whose target is its text, or
 * udev 100's link to the node's name) or a watch entry into r; 0, or
 * -errno (-EINVAL without a DEVPATH). */
int rescan_rec_read(const char *file, struct rescan_rec *r);
/* The event the kernel would give into m: ACTION, DEVPATH, SUBSYSTEM,
 * MAJOR and MINOR when known ("" when not), UDEVD_EVENT_SOURCE=source
 * (and UDEVD_RESCAN=1 when that is "rescan"); an add also gets DEVNAME.
 * 0, or -E2BIG. */
int rescan_event(struct msg_event *m, const char *action, const char *source,
		 const char *devpath, const char *subsystem, const char *major, const char *minor);

/* Appends KEY=value (kv) to an environment of *len bytes (capacity cap);
 * -E2BIG when it does not fit. */
int event_env_append(char *env, size_t *len, size_t cap, const char *kv);
/* Completes an event environment of *len bytes (capacity cap): udevd's own
 * UDEV_* and SYSFS_PATH variables, then the kernel helper's PATH and HOME,
 * each unless the event has it. -E2BIG when it does not fit. */
int event_env_complete(char *env, size_t *len, size_t cap);
/* Header of m for its environment of len bytes: MSG_EVENT, SEQNUM flag,
 * the kernel's variables in the first own bytes (the rest, udevd's own
 * additions, is not broadcast: msg.h). -EBADMSG when msg_check refuses
 * the result. */
int event_msg_finish(struct msg_event *m, size_t len, size_t own);

#endif
