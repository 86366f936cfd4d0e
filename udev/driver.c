// SPDX-License-Identifier: GPL-2.0-only
/* The event driver (see driver.h). Everything udev takes from its
 * environment is read here, from the array it is given, and passed on:
 * a worker handles each event with that event's environment without
 * making it the process's. */
#include "compat.h"
#include "driver.h"
#include "exec.h"
#include "log.h"
#include "str.h"

#include <stdio.h>
#include <string.h>

static const char *env_path(char *const *envp, const char *key)
{
	const char *v = env_value(envp, key);

	return v && *v ? v : NULL;
}

void driver_settings(struct udev_settings *set, char *const *envp)
{
	memset(set, 0, sizeof(*set));
	set->config_file = env_path(envp, "UDEV_CONFIG_FILE");
	set->sysfs = env_path(envp, "SYSFS_PATH");
	set->log = env_value(envp, "UDEV_LOG");
	set->passwd_file = env_path(envp, "UDEV_PASSWD_FILE");
	set->group_file = env_path(envp, "UDEV_GROUP_FILE");
	set->no_devd = env_value(envp, "UDEV_NO_DEVD") != NULL;
	set->no_sleep = env_value(envp, "UDEV_NO_SLEEP") != NULL;
	set->exec_timeout = exec_timeout_parse(env_value(envp, "UDEV_EXEC_TIMEOUT"));
}

/* udev.conf over the defaults; the log level from UDEV_LOG or udev_log. */
static int driver_conf(struct driver *d)
{
	int r;

	conf_defaults(&d->conf);
	r = conf_read(&d->conf, d->set.config_file);
	log_set_level(log_level_pick(d->set.log, d->conf.log, LOG_ERR));
	d->conf_rc = r > 0 ? UDEV_EXIT_CONFIG : 0;
	if (r < 0) {
		log_err("cannot read %s: %s", conf_path(d->set.config_file), strerror(-r));
		return UDEV_EXIT_CONFIG;
	}
	return 0;
}

/* Read once, or (d->keep) while nothing changed. */
static int rules_current(const struct driver *d)
{
	return d->loaded && (!d->keep || (strcmp(d->rules_path, d->conf.rules) == 0 &&
					  watch_unchanged(&d->rules_watch)));
}

/* The watch is taken before reading, so an edit during the read shows at
 * the next event. */
void driver_rules(struct driver *d)
{
	int r;

	if (!rules_current(d)) {
		if (d->loaded)
			rules_free(&d->rules);
		if (d->keep)
			watch_take(&d->rules_watch, d->conf.rules);   /* failed: read again next time */
		str_copy(d->rules_path, d->conf.rules, sizeof(d->rules_path));
		r = rules_load(&d->rules, d->conf.rules);
		d->loaded = 1;
		d->rules_rc = r < 0 || d->rules.errors ? UDEV_EXIT_RULES : 0;
	}
}

int driver_load(struct driver *d, char *const *envp)
{
	driver_settings(&d->set, envp);
	sysfs_root_set(d->set.sysfs);
	return driver_conf(d);
}

int driver_event(struct driver *d, char *const *envp, const char *subsystem, int dry_run)
{
	struct udev_event ev;
	int rc = event_init(&ev, &d->conf, &d->set, envp, subsystem);

	if (rc == 0) {
		driver_rules(d);   /* after event_init: its messages carry the event's context */
		ev.rc = d->rules_rc ? d->rules_rc : d->conf_rc;
		ev.dry_run = dry_run;
		if (dry_run)
			printf("udevtest: %s %s (%s), rules from %s\n", ev.action, ev.devpath,
			       ev.subsystem, d->conf.rules);
		else
			log_debug("%s %s (%s)", ev.action, ev.devpath, ev.subsystem);
		rc = event_run(&ev, &d->rules);
	}
	event_free(&ev);   /* also the environment copies made before a refusal */
	return rc;
}

void driver_free(struct driver *d)
{
	if (d->loaded)
		rules_free(&d->rules);
	d->loaded = 0;
	watch_free(&d->rules_watch);
}
