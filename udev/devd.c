// SPDX-License-Identifier: GPL-2.0-only
/* /etc/dev.d scripts and RUN programs, after the node exists (add) or is
 * gone (remove). dev.d order, as in 2004: each leading directory of the
 * node name, the name itself, the subsystem, then default/; in each, the
 * *.dev files in name order, with the subsystem as argv[1]. */
#include "compat.h"
#include "devd.h"
#include "cache.h"
#include "exec.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEVD_MAX 128   /* scripts per directory */

/* The executable *.dev files of dir, in name order, into paths (each
 * allocated); how many. */
static int devd_list(const char *dir, char **paths, int max)
{
	char path[1300], *names[DEVD_MAX];
	struct stat st;
	int n = path_list_dir(dir, ".dev", names, max), i, k = 0;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		free(names[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0 &&
		    (paths[k] = strdup(path)))
			k++;
	}
	return k;
}

static void devd_exec(struct udev_event *ev, char *path)
{
	char *argv[3] = { path, ev->subsystem, NULL };
	int r;

	log_debug("dev.d: running %s", path);
	r = exec_run(argv, ev->env.v, NULL, 0, ev->set->exec_timeout);
	if (r != 0)
		log_info("dev.d: %s returned %d, ignoring", path, r);
}

/* Runs every executable *.dev file of devd/sub in name order; the worker
 * lists each directory once while dev.d is unchanged (ev->cache). */
static void devd_dir(struct udev_event *ev, const char *sub)
{
	const struct devd_memo *m;
	char dir[1024], **paths;
	int n, i;

	if (snprintf(dir, sizeof(dir), "%s/%s", ev->conf->devd, sub) >= (int)sizeof(dir))
		return;
	m = cache_devd_get(ev->cache, dir);
	if (!m) {
		paths = malloc(DEVD_MAX * sizeof(*paths));
		n = paths ? devd_list(dir, paths, DEVD_MAX) : 0;
		if (ev->cache && paths) {
			m = cache_devd_put(ev->cache, dir, paths, n);
		} else {
			for (i = 0; i < n; i++) {
				devd_exec(ev, paths[i]);
				free(paths[i]);
			}
			free(paths);
		}
	}
	for (i = 0; m && i < m->n; i++)
		devd_exec(ev, m->paths[i]);
}

void devd_run(struct udev_event *ev, const char *name)
{
	char buf[NAME_SIZE], *p;
	size_t len;

	if (ev->set->no_devd || !ev->conf->devd[0])
		return;
	if (name && *name) {
		str_copy(buf, name, sizeof(buf));
		for (p = strchr(buf, '/'); p; p = strchr(p + 1, '/')) {
			*p = '\0';
			devd_dir(ev, buf);
			*p = '/';
		}
		devd_dir(ev, buf);
	}
	/* a subsystem directory already run as part of the name runs once */
	len = strlen(ev->subsystem);
	if (!name || strncmp(name, ev->subsystem, len) != 0 ||
	    (name[len] != '\0' && name[len] != '/'))
		devd_dir(ev, ev->subsystem);
	devd_dir(ev, "default");
}

void run_programs(struct udev_event *ev)
{
	char cmd[LIST_SIZE], *argv[EXEC_ARGS_MAX + 1];
	int i, r;

	for (i = 0; i < ev->nrun; i++) {
		/* "-program": its exit status is no failure of the event (modprobe
		 * of a modalias that no module claims exits 1) */
		int ignore = ev->run[i][0] == '-';

		str_copy(cmd, ev->run[i] + ignore, sizeof(cmd));
		if (exec_split(cmd, argv, EXEC_ARGS_MAX) == 0)
			continue;
		log_debug("RUN '%s'", ev->run[i]);
		r = exec_run(argv, ev->env.v, NULL, 0, ev->set->exec_timeout);
		if (r != 0 && ignore) {
			log_info("RUN '%s' returned %d, ignoring", ev->run[i] + 1, r);
		} else if (r != 0) {
			log_err("RUN '%s' failed (%d)", ev->run[i], r);
			event_fail(ev, 9);
		}
	}
}
