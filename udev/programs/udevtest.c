// SPDX-License-Identifier: GPL-2.0-only
/* udevtest DEVPATH [SUBSYSTEM]: a dry run of the rules for one device.
 * Prints the node, mode, owner, group, symlinks and RUN programs the rules
 * would give it; creates, removes and runs nothing except PROGRAM and
 * IMPORT{program} (their output is what the rules match). Exit codes are
 * udev's. ACTION defaults to add. */
#include "compat.h"
#include "../driver.h"
#include "log.h"
#include "opts.h"
#include "path.h"
#include "str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

#define UDEVTEST_USAGE "usage: udevtest DEVPATH [SUBSYSTEM]\n" \
	"DEVPATH as in sysfs, with or without the sysfs mount point in front"

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
	struct driver d;
	struct env e;
	const char *action;
	int rc;

	if (opts_std(argc, argv, "udevtest", UDEVTEST_USAGE))
		return 0;
	log_init("udevtest", log_sink_auto());
	if (argc < 2)
		return opts_usage_error("udevtest", UDEVTEST_USAGE, "missing", "DEVPATH");
	if (argv[1][0] == '-' || argc > 3)
		return opts_usage_error("udevtest", UDEVTEST_USAGE, argc > 3 ?
					"extra argument" : "unknown option", argv[argc > 3 ? 3 : 1]);
	memset(&d, 0, sizeof(d));
	rc = driver_load(&d, environ);
	/* an add needs the device; a remove may name one that is gone */
	action = getenv("ACTION");
	if (rc == 0 && (!action || !*action || strcmp(action, "add") == 0) &&
	    !sysfs_exists(sysfs_devpath(argv[1]), NULL)) {
		log_err("no such device: %s%s", sysfs_root(), sysfs_devpath(argv[1]));
		rc = UDEV_EXIT_NODEVICE;
	}
	if (rc == 0 && setup_env(&e, sysfs_devpath(argv[1]), argc > 2 ? argv[2] : NULL) < 0)
		rc = UDEV_EXIT_NOMEM;
	else if (rc == 0) {
		rc = driver_event(&d, e.v, NULL, 1);
		env_free(&e);
	}
	driver_free(&d);
	return rc;
}
