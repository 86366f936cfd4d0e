// SPDX-License-Identifier: GPL-2.0-only
/* The event driver (see driver.h). Everything udev takes from its
 * environment is read here, from the array it is given, and passed on:
 * a worker handles each event with that event's environment without
 * making it the process's. */
#include "compat.h"
#include "driver.h"
#include "db/db.h"
#include "event/props.h"
#include "node/walk.h"
#include "pipeline.h"
#include "run/exec.h"
#include "layout.h"
#include "log.h"
#include "str.h"
#include "fmt.h"

#include <stdio.h>
#include <string.h>

/* 064's string_is_true: "1", "yes" or "true", in any case. */
static int is_true(const char *s)
{
	return str_casecmp(s, "1") == 0 || str_casecmp(s, "yes") == 0 ||
	       str_casecmp(s, "true") == 0;
}

enum { S_RUN, S_CONFIG, S_LOG, S_PASSWD, S_GROUP, S_NO_DEVD, S_NO_SLEEP,
       S_EXEC_TIMEOUT, S_SYSFS, S_HOTPLUG_BIN, S_HOTPLUG_DIR, S_N };

/* The keys of S_*, in that order; the UDEV_ ones without their prefix. */
static const char *const setting_key[S_N] = {
	"RUN", "CONFIG_FILE", "LOG", "PASSWD_FILE", "GROUP_FILE", "NO_DEVD",
	"NO_SLEEP", "EXEC_TIMEOUT", "SYSFS_PATH", "HOTPLUG_BIN", "HOTPLUG_DIR"
};

/* The value of the KEY=value entry s when its key is key, else NULL. */
static const char *value_of(const char *s, const char *key)
{
	while (*key && *key == *s) {
		key++;
		s++;
	}
	return !*key && *s == '=' ? s + 1 : NULL;
}

/* The settings' values in one pass over envp (each the first of its key,
 * as env_value gives), NULL where unset. */
static void settings_scan(char *const *envp, const char *val[S_N])
{
	const char *s, *v;
	int i, lo, hi;

	for (i = 0; i < S_N; i++)
		val[i] = NULL;
	for (; envp && *envp; envp++) {
		s = *envp;
		if (strncmp(s, "UDEV_", 5) == 0) {
			s += 5;
			lo = S_RUN;
			hi = S_SYSFS;
		} else if (*s == 'S' || *s == 'H') {
			lo = S_SYSFS;
			hi = S_N;
		} else {
			continue;
		}
		for (i = lo; i < hi; i++)
			if ((v = value_of(s, setting_key[i]))) {
				if (!val[i])
					val[i] = v;
				break;
			}
	}
}

/* A path setting: unset when empty. */
static const char *path_or_null(const char *v)
{
	return v && *v ? v : NULL;
}

void driver_settings(struct udev_settings *set, char *const *envp)
{
	const char *v[S_N];

	settings_scan(envp, v);
	memset(set, 0, sizeof(*set));
	set->config_file = path_or_null(v[S_CONFIG]);
	set->sysfs = path_or_null(v[S_SYSFS]);
	set->log = v[S_LOG];
	set->passwd_file = path_or_null(v[S_PASSWD]);
	set->group_file = path_or_null(v[S_GROUP]);
	set->no_devd = v[S_NO_DEVD] != NULL;
	set->no_run = v[S_RUN] && !is_true(v[S_RUN]);
	set->no_sleep = v[S_NO_SLEEP] != NULL;
	set->exec_timeout = exec_timeout_parse(v[S_EXEC_TIMEOUT]);
	set->hotplug_bin = path_or_null(v[S_HOTPLUG_BIN]);
	if (!set->hotplug_bin)
		set->hotplug_bin = HOTPLUG_BIN_DEFAULT;
	set->hotplug_dir = path_or_null(v[S_HOTPLUG_DIR]);
	if (!set->hotplug_dir)
		set->hotplug_dir = HOTPLUG_DIR_DEFAULT;
}

/* udev.conf over the defaults. */
static int driver_conf(struct driver *d)
{
	int r;

	conf_defaults(&d->conf);
	r = conf_read(&d->conf, d->set.config_file);
	d->conf_rc = r > 0 ? UDEV_EXIT_CONFIG : 0;
	exec_set_libexec(d->conf.libexec);
	if (r < 0) {
		log_err("cannot read %s: %s", conf_path(d->set.config_file), strerror(-r));
		return UDEV_EXIT_CONFIG;
	}
	return 0;
}

/* The settings that name files the worker keeps what it read from. */
static void files_named(const struct driver *d, const char *now[4])
{
	now[0] = d->set.config_file ? d->set.config_file : "";
	now[1] = d->set.passwd_file ? d->set.passwd_file : "";
	now[2] = d->set.group_file ? d->set.group_file : "";
	now[3] = d->set.hotplug_dir;
}

/* What the worker keeps was read with these settings. */
static int same_files(const struct driver *d)
{
	const char *now[4];
	int i;

	files_named(d, now);
	for (i = 0; i < 4; i++)
		if (strcmp(d->from[i], now[i]) != 0)
			return 0;
	return 1;
}

/* Each entry of udev_rules (blank separated, load.c). */
static int watch_list(struct watch *w, const char *paths)
{
	char entry[CONF_PATH_MAX];
	size_t len;
	int r = 0;

	for (; r == 0 && *(paths += strspn(paths, " \t")); paths += len) {
		len = strcspn(paths, " \t");
		str_copy(entry, paths, len < sizeof(entry) ? len + 1 : sizeof(entry));
		r = watch_add(w, entry, 1);
	}
	return r;
}

/* Watches everything the kept state comes from, before it is read: an
 * edit during the reading shows at the next event. */
static int watch_sources(struct driver *d)
{
	const char *files[2] = { d->set.passwd_file, d->set.group_file };
	const char *dflt[2] = { "/etc/passwd", "/etc/group" };
	int i, r;

	r = watch_list(&d->watch, d->conf.rules);
	if (r == 0)
		r = watch_add(&d->watch, d->conf.permissions, 1);
	if (r == 0)
		r = watch_add(&d->watch, d->conf.devd, CACHE_DEPTH);
	if (r == 0)
		r = watch_add(&d->watch, d->set.hotplug_dir, 1);
	for (i = 0; r == 0 && i < 2; i++)
		r = watch_add(&d->watch, files[i] ? files[i] : dflt[i], 0);
	return r;
}

/* Drops what the worker kept, watches udev.conf and reads it, then
 * watches what it names. */
static int driver_reload(struct driver *d)
{
	const char *now[4];
	int i, r;

	cache_drop(&d->cache);
	if (d->loaded)
		rules_free(&d->rules);
	d->loaded = 0;
	d->conf_kept = 0;
	watch_start(&d->watch);
	r = watch_add(&d->watch, conf_path(d->set.config_file), 0);
	i = driver_conf(d);
	if (i)
		return i;   /* not kept: read (and reported) again next time */
	if (r < 0 || watch_sources(d) < 0)
		return 0;   /* cannot watch (out of inotify watches?): not kept */
	files_named(d, now);
	for (i = 0; i < 4; i++)
		str_copy(d->from[i], now[i], sizeof(d->from[i]));
	db_check_old_names(&d->conf);
	d->conf_kept = 1;
	return 0;
}

void driver_rules(struct driver *d)
{
	int r;

	if (d->loaded)
		return;
	r = rules_load(&d->rules, d->conf.rules);
	d->loaded = 1;
	d->rules_rc = r < 0 || d->rules.errors ? UDEV_EXIT_RULES : 0;
}

int driver_load(struct driver *d, char *const *envp)
{
	int r = 0;

	driver_settings(&d->set, envp);
	sysfs_root_set(d->set.sysfs);
	log_set_level(log_level_pick(d->set.log, -1, LOG_ERR));   /* for udev.conf's errors */
	if (!d->keep)
		r = driver_conf(d);
	else if (!d->conf_kept || !same_files(d) || !watch_unchanged(&d->watch))
		r = driver_reload(d);
	log_set_level(log_level_pick(d->set.log, r ? -1 : d->conf.log, LOG_ERR));
	return r;
}

int driver_event(struct driver *d, char *const *envp, const char *subsystem, int dry_run)
{
	struct udev_event ev;
	int rc = event_init(&ev, &d->conf, &d->set, envp, subsystem), ran = rc == 0;

	/* lookups are kept only where a change is noticed without a stat */
	ev.cache = d->keep && watch_cheap(&d->watch) ? &d->cache : NULL;
	if (rc == 0) {
		driver_rules(d);   /* after event_init: its messages carry the event's context */
		ev.rc = d->rules_rc ? d->rules_rc : d->conf_rc;
		ev.dry_run = dry_run;
		if (dry_run)
			fmt_print(stdout, "udevtest: %s %s (%s), rules from %s\n", ev.action,
				   ev.devpath, ev.subsystem, d->conf.rules);
		else
			log_debug("%s %s (%s)", ev.action, ev.devpath, ev.subsystem);
		rc = event_run(&ev, &d->rules);
	}
	if (d->props)
		d->props_len = ran ? event_props(&ev, d->props, d->props_size) : 0;
	event_free(&ev);   /* also the environment copies made before a refusal */
	walk_forget();
	return rc;
}

int driver_fd(const struct driver *d)
{
	return d->watch.inotify ? d->watch.fd : -1;
}

void driver_fd_empty(struct driver *d)
{
	watch_polled_empty(&d->watch);
}

void driver_free(struct driver *d)
{
	if (d->loaded)
		rules_free(&d->rules);
	d->loaded = 0;
	d->conf_kept = 0;
	cache_drop(&d->cache);
	watch_free(&d->watch);
}
