// SPDX-License-Identifier: GPL-2.0-only
/* udev: the per-event device manager. udevd runs it as `udev SUBSYSTEM`
 * with the event's environment (ACTION, DEVPATH, SEQNUM, MAJOR, MINOR,
 * DEVNAME, DEVPATH_OLD...); it reads sysfs, applies the rules, makes the
 * node, symlinks and permissions, keeps the database and runs dev.d.
 *
 * Exit codes (0..15, passed through by udevsend):
 *    0  done (also when a rule ignores the device, or the event is stale)
 *    1  usage: no ACTION, DEVPATH or SUBSYSTEM, or a bad DEVPATH
 *    2  udev.conf unreadable (nothing done) or with bad lines (event done)
 *    3  rules unreadable or with bad rules (those skipped, event done)
 *    4  add without sysfs data: no device directory, or no `dev` file
 *       and no MAJOR/MINOR
 *    5  the device node could not be created
 *    6  a symlink could not be created
 *    7  chown/chmod failed (an unknown owner or group is root, logged, as in
 *       udev 064: the event does not fail)
 *    8  the database record could not be written
 *    9  a RUN program failed or timed out
 *   10  a network interface could not be renamed
 *   11  a node or symlink could not be removed
 *   12  out of memory
 *   15  internal error
 * When several happen the first real failure (4..15) wins over 2 and 3.
 *
 * `udev --worker` is udevd's pool mode: events arrive on fd 3 (worker.c).
 *
 * Environment: UDEV_CONFIG_FILE, SYSFS_PATH, UDEV_LOG, UDEV_NO_SLEEP (no
 * wait for a late `dev` file), UDEV_NO_DEVD (no dev.d scripts),
 * UDEV_EXEC_TIMEOUT (seconds for each PROGRAM, IMPORT, RUN, dev.d script;
 * default 30), UDEV_PASSWD_FILE and UDEV_GROUP_FILE (for tests: other
 * files than /etc/passwd and /etc/group). */
#include "compat.h"
#include "../driver.h"
#include "../worker.h"
#include "fd.h"
#include "fmt.h"
#include "msg.h"
#include "log.h"
#include "opts.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

#define UDEV_USAGE "usage: udev SUBSYSTEM, with the event's ACTION, DEVPATH, MAJOR, MINOR...\n" \
	"in the environment, as udevd runs it for each event (see udev(8))"

/* udevd passes udevcontrol's log_priority as argv[2], "UDEVD_LOG_PRIORITY=N"
 * (log.h): the level, or NULL. It wins over udev.conf and the event. */
static const char *udevd_log_priority(int argc, char **argv)
{
	if (argc < 3 || strncmp(argv[2], LOG_PRIORITY_ENV "=", sizeof(LOG_PRIORITY_ENV)) != 0)
		return NULL;
	return argv[2] + sizeof(LOG_PRIORITY_ENV);
}

static void use_udevd_log_priority(const char *level)
{
	static char entry[32];

	if (!level)
		return;
	fmt_s(entry, sizeof(entry), "UDEV_LOG=%s", level);
	putenv(entry);
}

int main(int argc, char **argv)
{
	struct driver d;
	const char *sub;
	int rc, worker;

	fd_sanitize();
	if (opts_std(argc, argv, "udev", UDEV_USAGE))
		return 0;
	worker = argc > 1 && strcmp(argv[1], MSG_WORKER_ARG) == 0;
	if (!worker) {
		/* a caller's descriptors are not the RUN programs' (a worker's
		 * are udevd's: its socket on fd 3) */
		fd_close_inherited();
		use_udevd_log_priority(udevd_log_priority(argc, argv));
	}
	log_init("udev", log_sink_auto());
	if (worker)
		return worker_main(udevd_log_priority(argc, argv));
	memset(&d, 0, sizeof(d));
	rc = driver_load(&d, environ);
	/* 050, 064: SUBSYSTEM from the environment; argv[1] when it has none */
	sub = getenv("SUBSYSTEM");
	if (rc == 0)
		rc = driver_event(&d, environ, sub && *sub ? sub : argc > 1 ? argv[1] : NULL, 0);
	driver_free(&d);
	return rc;
}
