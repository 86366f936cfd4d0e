/* SPDX-License-Identifier: GPL-2.0-only */
/* udev's one way through an event (driver.c), for udev, its worker mode,
 * udevstart and udevtest: the settings from the environment, udev.conf and
 * the rules, then each event, its exit code, and what it allocated freed. */
#ifndef UDEV_DRIVER_H
#define UDEV_DRIVER_H

#include "event.h"
#include "rules.h"
#include "watch.h"

struct driver {
	struct udev_settings set;
	struct udev_conf conf;
	struct rules rules;
	int conf_rc, rules_rc;      /* UDEV_EXIT_CONFIG, UDEV_EXIT_RULES or 0 */
	int keep;                   /* keep the rules parsed while unchanged */
	int loaded;
	char rules_path[CONF_PATH_MAX];   /* udev_rules they were read from */
	struct watch rules_watch;
};

/* The settings from envp (pointers into it: envp must outlive them). */
void driver_settings(struct udev_settings *set, char *const *envp);
/* Settings from envp, then udev.conf; applies the sysfs root and the log
 * level. UDEV_EXIT_CONFIG when udev.conf cannot be read (logged: nothing is
 * to be done), else 0. d starts zeroed. */
int driver_load(struct driver *d, char *const *envp);
/* The rules of udev_rules: read at the first call, and again when d->keep
 * and anything changed; sets d->rules_rc. driver_event calls it. */
void driver_rules(struct driver *d);
/* Handles one event (envp: its environment, subsystem: argv[1] or NULL)
 * with udev.conf of driver_load and the rules; dry_run prints instead of
 * acting (udevtest). Returns udev's exit code. */
int driver_event(struct driver *d, char *const *envp, const char *subsystem, int dry_run);
void driver_free(struct driver *d);

#endif
