/* SPDX-License-Identifier: GPL-2.0-only */
/* udev's one way through an event (driver.c), for udev, its worker mode,
 * udevstart and udevtest: the settings from the environment, udev.conf and
 * the rules, then each event, its exit code, and what it allocated freed. */
#ifndef UDEV_DRIVER_H
#define UDEV_DRIVER_H

#include "keep/cache.h"
#include "event/event.h"
#include "rules/rules.h"
#include "keep/watch.h"

struct driver {
	struct udev_settings set;
	struct udev_conf conf;
	struct rules rules;
	int conf_rc, rules_rc;      /* UDEV_EXIT_CONFIG, UDEV_EXIT_RULES or 0 */
	int keep;                   /* the worker: keep what was read while unchanged */
	int conf_kept, loaded;      /* conf read with the settings in from[] / rules read */
	char from[4][CONF_PATH_MAX];   /* UDEV_CONFIG_FILE, UDEV_PASSWD_FILE, UDEV_GROUP_FILE, HOTPLUG_DIR */
	struct watch watch;         /* what conf, rules and cache were read from */
	struct udev_cache cache;
	char *props;                /* the worker's: the event's properties after it ran */
	size_t props_size, props_len;   /* (props.h), props_len 0 when it did not run */
};

/* The settings from envp (pointers into it: envp must outlive them). */
void driver_settings(struct udev_settings *set, char *const *envp);
/* Settings from envp, then udev.conf (with d->keep: again only when
 * anything it, the rules, udev_permissions, dev.d, the passwd or group
 * file changed, or the settings name other files); applies the sysfs root
 * and the log level. UDEV_EXIT_CONFIG when udev.conf cannot be read
 * (logged: nothing is to be done), else 0. */
int driver_load(struct driver *d, char *const *envp);
/* The rules of udev_rules, unless read since the last change; sets
 * d->rules_rc. driver_event calls it. */
void driver_rules(struct driver *d);
/* Handles one event (envp: its environment, subsystem: argv[1] or NULL)
 * with udev.conf of driver_load and the rules; dry_run prints instead of
 * acting (udevtest). Returns udev's exit code. */
int driver_event(struct driver *d, char *const *envp, const char *subsystem, int dry_run);
/* The descriptor the driver keeps open between events, or -1. d starts
 * zeroed. */
int driver_fd(const struct driver *d);
/* A poll of driver_fd just found nothing to read: the next driver_load
 * need not read it. */
void driver_fd_empty(struct driver *d);
void driver_free(struct driver *d);

#endif
