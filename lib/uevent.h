/* SPDX-License-Identifier: GPL-2.0-only */
/* An event's environment block (NUL-separated KEY=value, as checked by
 * msg_check) turned into the fields the sequencer needs. */
#ifndef LIB_UEVENT_H
#define LIB_UEVENT_H

#include <stddef.h>

struct uevent {
	const char *action;       /* pointers into the block, NULL when absent */
	const char *devpath;
	const char *devpath_old;
	const char *subsystem;
	unsigned long long seqnum;
	int has_seqnum;           /* SEQNUM present and a decimal number */
	unsigned long major, minor;
	int has_devnum;           /* both MAJOR and MINOR present and numeric */
	size_t nenv;              /* number of KEY=value entries */
};

/* Fills ev from a validated block of len bytes. -EINVAL when ACTION, DEVPATH
 * or SUBSYSTEM is missing or DEVPATH does not start with '/'. */
int uevent_parse(struct uevent *ev, const char *env, size_t len);

#endif
