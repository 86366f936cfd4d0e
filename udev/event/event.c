// SPDX-License-Identifier: GPL-2.0-only
/* The event (see event.h): what udev takes in (the environment, the kernel
 * name, the device number the kernel gave) and the accessors the stages ask
 * (the parent chain, the device level, block or not). Below every stage:
 * it calls none of them. */
#include "compat.h"
#include "event.h"
#include "fmt.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void event_fail(struct udev_event *ev, int rc)
{
	if (ev->rc == 0 || ev->rc == UDEV_EXIT_CONFIG || ev->rc == UDEV_EXIT_RULES)
		ev->rc = rc;
}

/* The kernel name with '!' as '/' (cciss!c0d0 -> cciss/c0d0), as udev 050
 * and 064 gave it to KERNEL and %k, and its trailing number. */
static void event_kernel_name(struct udev_event *ev)
{
	size_t len;
	char *p;

	str_copy(ev->kernel, path_basename(ev->devpath), sizeof(ev->kernel));
	for (p = ev->kernel; *p; p++)
		if (*p == '!')
			*p = '/';
	len = strlen(ev->kernel);
	while (len && isdigit((unsigned char)ev->kernel[len - 1]))
		len--;
	str_copy(ev->number, ev->kernel + len, sizeof(ev->number));
}

/* Syslog lines of this event begin with its SEQNUM and DEVPATH. */
static void event_log_context(const struct udev_event *ev)
{
	const char *seq = env_get(&ev->env, "SEQNUM");
	char ctx[192];

	fmt_s(ctx, sizeof(ctx), "seq %s %s", seq && *seq ? seq : "-", ev->devpath);
	log_set_context(ctx);
}

/* The programs an event runs (PROGRAM, IMPORT, RUN, dev.d) get the log
 * level as a number in UDEV_LOG, as from 064: the event's own UDEV_LOG when
 * it names a level, else udev.conf's udev_log, not when that says "no" (050
 * and 064 exported nothing then; 050 gave "1" for "yes"); none for 0. */
static int event_log_env(struct udev_event *ev)
{
	const char *s = env_get(&ev->env, "UDEV_LOG");
	int level = log_get_level();
	char num[2];

	if (s ? log_level_parse(s) < 0 : ev->conf->log_no)
		return 0;
	if (level <= 0)
		return 0;
	num[0] = (char)('0' + level);
	num[1] = '\0';
	return env_set(&ev->env, "UDEV_LOG", num);
}

int event_init(struct udev_event *ev, const struct udev_conf *conf,
	       const struct udev_settings *set, char *const *envp, const char *subsystem)
{
	const char *s, *maj, *min;

	/* the chain's entries are written whole as it is built and read only
	 * below nchain: 13 KB not cleared for every event (the first one is) */
	memset(ev, 0, offsetof(struct udev_event, chain[1]));
	memset(&ev->nchain, 0, sizeof(*ev) - offsetof(struct udev_event, nchain));
	ev->conf = conf;
	ev->set = set;
	ev->mode = conf->mode;
	ev->exec_timeout = set->exec_timeout;
	if (env_init(&ev->env, envp) < 0 || event_log_env(ev) < 0 ||
	    env_copy(&ev->orig, &ev->env) < 0)
		return UDEV_EXIT_NOMEM;
	s = env_get(&ev->env, "ACTION");
	str_copy(ev->action, s ? s : "", sizeof(ev->action));
	s = env_get(&ev->env, "DEVPATH");
	str_copy(ev->devpath, s ? sysfs_devpath(s) : "", sizeof(ev->devpath));
	if (!subsystem || !*subsystem)
		subsystem = env_get(&ev->env, "SUBSYSTEM");
	str_copy(ev->subsystem, subsystem ? subsystem : "", sizeof(ev->subsystem));
	if (!ev->action[0] || ev->devpath[0] != '/' || !ev->subsystem[0]) {
		log_err("need ACTION, DEVPATH and SUBSYSTEM (argv[1])");
		return UDEV_EXIT_USAGE;
	}
	if (strstr(ev->devpath, "/../") || strstr(ev->devpath, "/./")) {
		log_err("refusing DEVPATH '%s'", ev->devpath);
		return UDEV_EXIT_USAGE;
	}
	event_log_context(ev);
	event_kernel_name(ev);
	maj = env_get(&ev->env, "MAJOR");
	min = env_get(&ev->env, "MINOR");
	if (maj && min && isdigit((unsigned char)*maj) && isdigit((unsigned char)*min)) {
		ev->major = (unsigned int)strtoul(maj, NULL, 10);
		ev->minor = (unsigned int)strtoul(min, NULL, 10);
		ev->has_devnum = 1;
	}
	return 0;
}

void event_free(struct udev_event *ev)
{
	if (ev->tmpnode[0])
		unlink(ev->tmpnode);
	while (ev->nrun)
		free(ev->run[--ev->nrun]);
	env_free(&ev->orig);   /* before env: it shares env's first entries */
	env_free(&ev->env);
}

void event_chain(struct udev_event *ev)
{
	if (ev->chain_built)
		return;
	ev->chain_built = 1;
	ev->nchain = sysfs_chain(ev->devpath, ev->chain, CHAIN_MAX, 0);
}

int event_legacy_device_level(struct udev_event *ev)
{
	int i;

	event_chain(ev);
	if (ev->nchain == 0 || strncmp(ev->chain[0].devpath, "/devices/", 9) == 0)
		return -1;
	for (i = 1; i < ev->nchain && strncmp(ev->chain[i].devpath, "/devices/", 9) != 0; i++)
		;
	return i;
}

int event_device_level(struct udev_event *ev)
{
	int i = event_legacy_device_level(ev);

	/* the legacy layout, as 064: what a class device's (a partition's
	 * disk's) `device` link points at, on a bus or not (a SCSI host) */
	if (i >= 0)
		return i;
	/* a /devices device without a bus or a subsystem: the device itself */
	if (ev->nchain == 0 || !ev->chain[0].subsystem[0])
		return 0;
	for (i = 0; i < ev->nchain && !ev->chain[i].bus[0]; i++)
		;
	return i;
}

int event_is_block(const struct udev_event *ev)
{
	return strcmp(ev->subsystem, "block") == 0 || strncmp(ev->devpath, "/block/", 7) == 0;
}
