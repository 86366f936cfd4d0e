// SPDX-License-Identifier: GPL-2.0-only
/* /etc/dev.d scripts and RUN programs, after the node exists (add) or is
 * gone (remove). dev.d order, as in 2004: each leading directory of the
 * node name, the name itself, the subsystem, then default/; in each, the
 * *.dev files in name order, with the subsystem as argv[1]. */
#include "compat.h"
#include "node.h"
#include "exec.h"
#include "log.h"
#include "str.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every executable *.dev file of devd/sub in name order. */
static void devd_dir(struct udev_event *ev, const char *sub)
{
	char dir[1024], path[1300], *names[128], *argv[3];
	struct dirent *de;
	struct stat st;
	int n = 0, i, r;
	size_t len;
	DIR *d;

	if (snprintf(dir, sizeof(dir), "%s/%s", ev->conf->devd, sub) >= (int)sizeof(dir))
		return;
	d = opendir(dir);
	if (!d)
		return;
	while ((de = readdir(d)) && n < 128) {
		len = strlen(de->d_name);
		if (len > 4 && strcmp(de->d_name + len - 4, ".dev") == 0 &&
		    (names[n] = strdup(de->d_name)))
			n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), name_cmp);
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		free(names[i]);
		if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) || access(path, X_OK) < 0)
			continue;
		argv[0] = path;
		argv[1] = ev->subsystem;
		argv[2] = NULL;
		log_debug("dev.d: running %s", path);
		r = exec_run(argv, ev->env.v, NULL, 0);
		if (r != 0)
			log_info("dev.d: %s returned %d, ignoring", path, r);
	}
}

void devd_run(struct udev_event *ev, const char *name)
{
	char buf[NAME_SIZE], *p;

	if (getenv("UDEV_NO_DEVD") || !ev->conf->devd[0])
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
	if (!name || strcmp(name, ev->subsystem) != 0)
		devd_dir(ev, ev->subsystem);
	devd_dir(ev, "default");
}

void run_programs(struct udev_event *ev)
{
	char cmd[LIST_SIZE], *argv[EXEC_ARGS_MAX + 1];
	int i, r;

	for (i = 0; i < ev->nrun; i++) {
		str_copy(cmd, ev->run[i], sizeof(cmd));
		if (exec_split(cmd, argv, EXEC_ARGS_MAX) == 0)
			continue;
		log_debug("RUN '%s'", ev->run[i]);
		r = exec_run(argv, ev->env.v, NULL, 0);
		if (r != 0) {
			log_err("RUN '%s' failed (%d)", ev->run[i], r);
			event_fail(ev, 9);
		}
	}
}
