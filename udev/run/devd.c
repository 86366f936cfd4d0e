// SPDX-License-Identifier: GPL-2.0-only
/* /etc/dev.d scripts and RUN programs, after the node exists (add) or is
 * gone (remove). dev.d order, as in 2004: each leading directory of the
 * node name, the name itself, the subsystem, then default/; in each, the
 * *.dev files in name order, with the subsystem as argv[1]. */
#include "compat.h"
#include "devd.h"
#include "../keep/cache.h"
#include "hotplug_gate.h"
#include "sock.h"
#include "exec.h"
#include "log.h"
#include "path.h"
#include "str.h"
#include "fmt.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void devd_exec(struct udev_event *ev, char *path)
{
	char *argv[3] = { path, ev->subsystem, NULL };
	int r;

	log_debug("dev.d: running %s", path);
	r = exec_run(argv, ev->env.v, NULL, 0, ev->exec_timeout);
	if (r != 0)
		log_info("dev.d: %s returned %d, ignoring", path, r);
}

/* Runs every executable *.dev file of devd/sub in name order; the worker
 * lists each directory once while dev.d is unchanged (ev->cache). */
static void devd_dir(struct udev_event *ev, const char *sub)
{
	struct udev_cache once;
	const struct dir_memo *m;
	char dir[1024];
	int i;

	/* the worker knows dev.d's directories: a device's own name has none */
	if (ev->cache && !cache_subdir(ev->cache, ev->conf->devd, sub))
		return;
	if (fmt_s(dir, sizeof(dir), "%s/%s", ev->conf->devd, sub) >= sizeof(dir))
		return;
	memset(&once, 0, sizeof(once));
	m = cache_listing(ev->cache ? ev->cache : &once, dir, ".dev", NULL);
	for (i = 0; m && i < m->n; i++)
		devd_exec(ev, m->paths[i]);
	cache_drop(&once);
}

int devd_is_run_devd(const char *cmd)
{
	cmd += *cmd == '-';
	return !strchr(cmd, ' ') && strcmp(path_basename(cmd), "udev_run_devd") == 0;
}

/* The scripts, now. */
static void devd_scripts(struct udev_event *ev, const char *name)
{
	char buf[NAME_SIZE], *p;

	/* 050: only for a node (or a renamed interface) */
	if (ev->set->no_devd || !ev->conf->devd[0] || !name || !*name)
		return;
	/* 050: each leading directory of the name but the subsystem's, the
	 * name, the subsystem (once, when it is the name too), default */
	str_copy(buf, name, sizeof(buf));
	for (p = strchr(buf, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (strcmp(buf, ev->subsystem) != 0)
			devd_dir(ev, buf);
		*p = '/';
	}
	devd_dir(ev, buf);
	if (strcmp(name, ev->subsystem) != 0)
		devd_dir(ev, ev->subsystem);
	devd_dir(ev, "default");
}

void devd_run(struct udev_event *ev, const char *name)
{
	if (ev->devd_by_run)   /* 064: where RUN names udev_run_devd, if it does */
		str_copy(ev->devd_name, name ? name : "", sizeof(ev->devd_name));
	else
		devd_scripts(ev, name);
}

/* The suite's hotplug runs the hotplug.d scripts with DEVNAME as the kernel
 * gave it ("sda", or none), as when the kernel runs /sbin/hotplug itself:
 * the same scripts see the same value either way. dev.d and the other RUN
 * programs see udev's node path. */
static int run_hotplug(struct udev_event *ev, char **argv)
{
	const char *kernel = env_get(&ev->orig, "DEVNAME"), *ours = env_get(&ev->env, "DEVNAME");
	char saved[1024];
	int r;

	str_copy(saved, ours ? ours : "", sizeof(saved));
	if (env_set(&ev->env, "DEVNAME", kernel) < 0)
		return -ENOMEM;
	r = exec_run(argv, ev->env.v, NULL, 0, ev->exec_timeout);
	if (env_set(&ev->env, "DEVNAME", ours ? saved : NULL) < 0)
		log_err("DEVNAME not restored after hotplug: out of memory");
	return r;
}

void run_programs(struct udev_event *ev)
{
	char cmd[LIST_SIZE], *argv[EXEC_ARGS_MAX + 1];
	int i, r, hotplug, hotplug_done = 0;

	if (ev->set->no_run && ev->nrun) {   /* 064: UDEV_RUN=0 */
		log_debug("UDEV_RUN is not 1, yes or true: no RUN program");
		return;
	}
	for (i = 0; i < ev->nrun; i++) {
		/* "-program": its exit status is no failure of the event (modprobe
		 * of a modalias that no module claims exits 1) */
		int ignore = ev->run[i][0] == '-';

		str_copy(cmd, ev->run[i] + ignore, sizeof(cmd));
		if (devd_is_run_devd(cmd)) {   /* 064's dev.d runner: udev's own */
			devd_scripts(ev, ev->devd_name);
			continue;
		}
		if (sock_run_name(cmd)) {   /* udev 100-117: a listener or none */
			r = sock_send_event(ev, sock_run_name(cmd));
			log_debug("RUN '%s': %s", cmd, r < 0 ? "nobody listens, ignoring" : "sent");
			continue;
		}
		hotplug = hotplug_gate_applies(ev, cmd);
		/* a bare program gets the subsystem, as udev 064 ran it */
		if (exec_split(cmd, argv, EXEC_ARGS_MAX, ev->subsystem) == 0)
			continue;
		if (hotplug) {
			argv[0] = (char *)ev->set->hotplug_bin;   /* for udev_run_hotplugd */
			if (hotplug_done || !hotplug_gate_open(ev)) {
				log_debug("RUN '%s' not started: %s", ev->run[i], hotplug_done ?
					  "run once per event" : "no hotplug.d script would run");
				continue;
			}
			hotplug_done = 1;
		}
		log_debug("RUN '%s'", ev->run[i]);
		r = hotplug ? run_hotplug(ev, argv)
			    : exec_run(argv, ev->env.v, NULL, 0, ev->exec_timeout);
		if (r != 0 && ignore) {
			log_info("RUN '%s' returned %d, ignoring", ev->run[i] + 1, r);
		} else if (r != 0) {
			log_err("RUN '%s' failed (%d)", ev->run[i], r);
			event_fail(ev, 9);
		}
	}
}
