// SPDX-License-Identifier: GPL-2.0-only
/* udevstart: coldplug. Runs an "add" for every device of sysfs that has a
 * `dev` file, and for every device without one that has a modalias (its
 * driver's module: 80-drivers.rules), in this one process (no fork per
 * device, rules read once):
 * the legacy layout's /class/SUBSYSTEM/DEV and /block/DISK[/PART]
 * directories and the modern layout's /devices tree (the /class and
 * /block symlinks of today's kernels are skipped, never counted twice).
 * Order as legacy udevstart: mem first, block devices after the others,
 * device-mapper last. Exit: 0, or the first failing device's udev code. */
#include "compat.h"
#include "coldplug.h"
#include "../driver.h"
#include "log.h"
#include "opts.h"
#include "path.h"
#include "str.h"
#include "fmt.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

extern char **environ;

#define STARTUP_USAGE "usage: udevstart\n" \
	"runs an add event for every device of sysfs that has a dev file or a modalias"

/* The device's modalias, as the kernel gives it in the event: MODALIAS= of
 * its uevent file (2.6.13 and later), else its modalias attribute (from
 * 2.6.11 on some buses); -1 when it has none. */
static int device_modalias(const char *devpath, char *out, size_t size)
{
	char buf[1024], *m;

	if (sysfs_attr_read(devpath, "uevent", buf, sizeof(buf)) > 0 &&
	    (m = strstr(buf, "MODALIAS=")) && (m == buf || m[-1] == '\n')) {
		m[9 + strcspn(m + 9, "\n")] = '\0';
		str_copy(out, m + 9, size);
	} else if (sysfs_attr_read(devpath, "modalias", out, size) <= 0) {
		return -1;
	}
	out[strcspn(out, "\n")] = '\0';
	return out[0] ? 0 : -1;
}

/* The environment the kernel would have given this add event. */
static int device_env(struct env *e, const struct coldplug_dev *f)
{
	char buf[1024], num[16], *dn;
	unsigned int major, minor;

	if (env_init(e, environ) < 0)
		return -1;
	env_set(e, "ACTION", "add");
	env_set(e, "DEVPATH", f->devpath);
	env_set(e, "SUBSYSTEM", f->subsystem);
	env_set(e, "UDEV_START", "1");
	env_set(e, "DEVNAME", NULL);
	if (sysfs_devnum(f->devpath, &major, &minor) == 0) {
		fmt_s(num, sizeof(num), "%u", major);
		env_set(e, "MAJOR", num);
		fmt_s(num, sizeof(num), "%u", minor);
		env_set(e, "MINOR", num);
	}
	if (sysfs_attr_read(f->devpath, "uevent", buf, sizeof(buf)) > 0 &&
	    (dn = strstr(buf, "DEVNAME="))) {
		dn[8 + strcspn(dn + 8, "\n")] = '\0';
		env_set(e, "DEVNAME", dn + 8);
	}
	if (device_modalias(f->devpath, buf, sizeof(buf)) == 0)
		env_set(e, "MODALIAS", buf);
	return 0;
}

static int run_device(struct driver *d, const struct coldplug_dev *f)
{
	struct env e;
	int rc;

	if (device_env(&e, f) < 0)
		return UDEV_EXIT_NOMEM;
	rc = driver_event(d, e.v, NULL, 0);
	env_free(&e);
	return rc;
}

int main(int argc, char **argv)
{
	struct coldplug_list l;
	struct driver d;
	char alias[256];
	int i, r, rc, n = 0, failed = 0;

	if (opts_std(argc, argv, "udevstart", STARTUP_USAGE))
		return 0;
	if (argc > 1)   /* no options: anything else is a mistake, not a coldplug */
		return argv[1][0] == '-' ? opts_unknown("udevstart", STARTUP_USAGE, argv[1]) :
			opts_usage_error("udevstart", STARTUP_USAGE, "extra argument", argv[1]);
	log_init("udevstart", log_sink_auto());
	memset(&d, 0, sizeof(d));
	r = driver_load(&d, environ);
	if (r) {
		driver_free(&d);
		return r;
	}
	driver_rules(&d);
	/* bad udev.conf lines win over bad rules here */
	rc = d.conf_rc ? d.conf_rc : d.rules_rc;
	/* every device: those without a node only for their driver's module */
	coldplug_scan(&l, 1);
	for (i = 0; i < l.n; i++) {
		if (!sysfs_exists(l.v[i].devpath, "dev") &&
		    device_modalias(l.v[i].devpath, alias, sizeof(alias)) < 0)
			continue;
		n++;
		r = run_device(&d, &l.v[i]);
		if (r && r != UDEV_EXIT_RULES && r != UDEV_EXIT_CONFIG) {
			failed++;
			if (!rc || rc == UDEV_EXIT_RULES || rc == UDEV_EXIT_CONFIG)
				rc = r;
		}
	}
	log_info("%d devices, %d failed", n, failed);
	coldplug_free(&l);
	driver_free(&d);
	return rc;
}
