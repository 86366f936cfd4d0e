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
 *    7  unknown owner or group, or chown/chmod failed
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
#include "event.h"
#include "rules.h"
#include "worker.h"
#include "fd.h"
#include "msg.h"
#include "log.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

static void setup_rules(struct rules *rules, const struct udev_conf *conf, int *rc)
{
	if (rules_load(rules, conf->rules) < 0 || rules->errors)
		*rc = UDEV_EXIT_RULES;
}

int main(int argc, char **argv)
{
	struct udev_conf conf;
	struct udev_event ev;
	struct rules rules;
	int rc = 0, r;

	fd_sanitize();
	log_init("udev", 0);
	if (argc > 1 && strcmp(argv[1], MSG_WORKER_ARG) == 0)
		return worker_main();
	r = event_conf_load(&conf, &rc);
	if (r)
		return r;
	r = event_init(&ev, &conf, environ, argc > 1 ? argv[1] : NULL);
	if (r) {
		event_free(&ev);   /* the environment copies made before the refusal */
		return r;
	}
	setup_rules(&rules, &conf, &rc);
	ev.rc = rc;
	log_debug("%s %s (%s)", ev.action, ev.devpath, ev.subsystem);
	rc = event_run(&ev, &rules);
	event_free(&ev);
	rules_free(&rules);
	return rc;
}
