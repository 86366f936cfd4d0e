// SPDX-License-Identifier: GPL-2.0-only
/* udevtest DEVPATH [SUBSYSTEM]: a dry run of the rules for one device.
 * Prints the node, mode, owner, group, symlinks and RUN programs the rules
 * would give it; creates, removes and runs nothing except PROGRAM and
 * IMPORT{program} (their output is what the rules match). Exit codes are
 * udev's. ACTION defaults to add. */
#include "compat.h"
#include "event.h"
#include "rules.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

/* The event environment of a device found in sysfs. */
static int setup_env(struct env *e, const char *devpath, const char *subsystem)
{
	struct sysfs_device dev;
	const char *action = getenv("ACTION");

	if (env_init(e, environ) < 0)
		return -1;
	env_set(e, "ACTION", action && *action ? action : "add");
	env_set(e, "DEVPATH", devpath);
	if (!subsystem && sysfs_device_get(devpath, &dev) == 0 && dev.subsystem[0])
		subsystem = dev.subsystem;
	if (subsystem)
		env_set(e, "SUBSYSTEM", subsystem);
	return 0;
}

int main(int argc, char **argv)
{
	struct udev_conf conf;
	struct udev_event ev;
	struct rules rules;
	struct env e;
	int r, rc = 0;

	log_init("udevtest", 0);
	if (argc < 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: udevtest DEVPATH [SUBSYSTEM]\n");
		return UDEV_EXIT_USAGE;
	}
	r = event_conf_load(&conf, &rc);
	if (r)
		return r;
	if (setup_env(&e, sysfs_devpath(argv[1]), argc > 2 ? argv[2] : NULL) < 0)
		return UDEV_EXIT_NOMEM;
	r = event_init(&ev, &conf, e.v, NULL);
	if (r) {
		event_free(&ev);
		env_free(&e);
		return r;
	}
	if (rules_load(&rules, conf.rules) < 0 || rules.errors)
		rc = UDEV_EXIT_RULES;
	ev.rc = rc;
	ev.dry_run = 1;
	printf("udevtest: %s %s (%s), rules from %s\n", ev.action, ev.devpath,
	       ev.subsystem, conf.rules);
	rc = event_run(&ev, &rules);
	event_free(&ev);
	rules_free(&rules);
	env_free(&e);
	return rc;
}
