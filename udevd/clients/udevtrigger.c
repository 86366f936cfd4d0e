// SPDX-License-Identifier: GPL-2.0-only
/* udevtrigger: asks the kernel to replay events by writing an action to
 * each device's uevent file (today's kernels), optionally filtered by
 * subsystem, attribute and name, or to each bus's and driver's
 * (--type=subsystems), or to each device whose add failed in udevd
 * (--retry-failed), then optionally waits until udevd has handled every
 * event up to the kernel's seqnum after the writes (--settle). */
#include "compat.h"
#include "coldplug.h"
#include "conf.h"
#include "ctl.h"
#include "fmt.h"
#include "log.h"
#include "loop.h"
#include "opts.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SETTLE_TIMEOUT_MS 180000
#define MATCH_MAX 16

struct opts {
	const char *action;
	const char *subsys[MATCH_MAX], *nosubsys[MATCH_MAX], *attr[MATCH_MAX];
	const char *noattr[MATCH_MAX], *sysname[MATCH_MAX];
	int nsubsys, nnosubsys, nattr, nnoattr, nsysname;
	int dry_run, verbose, settle, failed, count, subsystems, retry_failed;
	int no_uevent, with_uevent;   /* devices walked without, with a uevent file */
	uint64_t timeout_ms;
};

#define TRIGGER_USAGE "usage: udevtrigger [--action=ACTION] [--type=devices|subsystems]\n" \
	"                   [--subsystem-match=GLOB] [--subsystem-nomatch=GLOB]\n" \
	"                   [--attr-match=ATTR[=GLOB]] [--attr-nomatch=ATTR[=GLOB]]\n" \
	"                   [--sysname-match=GLOB] [--retry-failed] [--dry-run] [--verbose]\n" \
	"                   [--settle]\n" \
	"                   [--timeout=DUR]\n" \
	"DUR: N or Ns seconds, Nms milliseconds; an option's value after = or apart"
#define EXIT_FAILED 2   /* a write failed, or no uevent_seqnum to settle on */

static int any_match(const char *const *globs, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (fnmatch(globs[i], s, 0) == 0)
			return 1;
	return 0;
}

/* ATTR exists, or ATTR=GLOB matches its value (trailing whitespace removed). */
static int attr_match(const char *devpath, const char *spec)
{
	char name[128], val[4096];
	const char *eq = strchr(spec, '=');
	size_t n = eq ? (size_t)(eq - spec) : strlen(spec);

	if (n == 0 || n >= sizeof(name))
		return 0;
	memcpy(name, spec, n);
	name[n] = '\0';
	if (!eq)
		return sysfs_exists(devpath, name);
	return sysfs_attr_read(devpath, name, val, sizeof(val)) >= 0 &&
	       fnmatch(eq + 1, val, 0) == 0;
}

static int wanted(const struct opts *o, const char *devpath, const char *subsystem)
{
	const char *name = strrchr(devpath, '/');
	int i;

	if (o->nsubsys && !any_match(o->subsys, o->nsubsys, subsystem))
		return 0;
	if (any_match(o->nosubsys, o->nnosubsys, subsystem))
		return 0;
	if (o->nsysname && !any_match(o->sysname, o->nsysname, name ? name + 1 : devpath))
		return 0;
	for (i = 0; i < o->nattr; i++)
		if (!attr_match(devpath, o->attr[i]))
			return 0;
	for (i = 0; i < o->nnoattr; i++)
		if (attr_match(devpath, o->noattr[i]))
			return 0;
	return 1;
}

/* coldplug_walk's visitor: every device with a uevent file that the
 * options select (never a disk's partitions in the legacy /block). */
static int trigger(void *ctx, const char *devpath, const char *subsystem)
{
	struct opts *o = ctx;
	char p[SYSFS_PATH_MAX * 2];
	int fd;

	if (!sysfs_exists(devpath, "uevent")) {
		o->no_uevent++;
		return 0;
	}
	o->with_uevent++;
	if (!wanted(o, devpath, subsystem))
		return 0;
	o->count++;
	if (o->verbose || o->dry_run)
		printf("%s\n", devpath);
	if (o->dry_run)
		return 0;
	sysfs_path(p, sizeof(p), devpath, "uevent");
	fd = open(p, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, o->action, strlen(o->action)) < 0) {
		log_err("%s: %s", p, strerror(errno));
		o->failed++;
	}
	if (fd >= 0)
		close(fd);
	return 0;
}

/* --type=subsystems: each bus of /bus, then each driver of each bus, whose
 * uevent file the options select (subsystem globs match the bus's name). */
static void trigger_subsystems(struct opts *o)
{
	char dir[SYSFS_PATH_MAX], sub[SYSFS_PATH_MAX], drivers[SYSFS_PATH_MAX];
	char path[SYSFS_PATH_MAX];
	struct dirent *bus, *drv;
	DIR *b, *d;

	if (sysfs_path(dir, sizeof(dir), "/bus", NULL) < 0 || !(b = opendir(dir)))
		return;
	while ((bus = readdir(b))) {
		if (bus->d_name[0] == '.' || path_join(sub, sizeof(sub), "/bus", bus->d_name) < 0)
			continue;
		trigger(o, sub, bus->d_name);
		if (path_join(drivers, sizeof(drivers), sub, "drivers") < 0 ||
		    sysfs_path(path, sizeof(path), drivers, NULL) < 0 || !(d = opendir(path)))
			continue;
		while ((drv = readdir(d)))
			if (drv->d_name[0] != '.' &&
			    path_join(path, sizeof(path), drivers, drv->d_name) == 0)
				trigger(o, path, bus->d_name);
		closedir(d);
	}
	closedir(b);
}

/* A name of udevd's failed folder back into the DEVPATH (\xNN a byte):
 * 0, or -1 when it is not one. */
static int failed_devpath(const char *name, char *devpath, size_t size)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0;
	const char *h, *l;

	for (; *name && n + 1 < size; n++) {
		if (name[0] == '\\' && name[1] == 'x' && name[2] && name[3] &&
		    (h = strchr(hex, name[2])) && (l = strchr(hex, name[3]))) {
			devpath[n] = (char)((h - hex) << 4 | (l - hex));
			name += 4;
		} else {
			devpath[n] = *name++;
		}
	}
	devpath[n] = '\0';
	return *name || devpath[0] != '/' || strstr(devpath, "/..") ? -1 : 0;
}

/* The subsystem the filters see for devpath: its `subsystem` link's
 * name, or in the legacy layout "block" below /block, NAME below
 * /class/NAME, else its `bus` link's name. */
static void subsystem_of(const char *devpath, char *buf, size_t size)
{
	buf[0] = '\0';
	if (sysfs_link_name(devpath, "subsystem", buf, size) > 0)
		return;
	if (strncmp(devpath, "/block/", 7) == 0)
		str_copy(buf, "block", size);
	else if (strncmp(devpath, "/class/", 7) == 0)
		str_copy_component(buf, devpath + 7, size);
	else if (sysfs_link_name(devpath, "bus", buf, size) <= 0)
		buf[0] = '\0';
}

/* --retry-failed: the devices udevd recorded in <udev_root>/.udev/failed
 * (udevd(8)), as udev 117's udevtrigger read them. */
static void trigger_failed(struct opts *o)
{
	struct udev_conf conf;
	char dir[CONF_PATH_MAX + 16], devpath[SYSFS_PATH_MAX], subsystem[64];
	struct dirent *de;
	DIR *d;

	conf_defaults(&conf);
	if (conf_load(&conf, NULL) < 0)
		log_info("%s unread, the defaults are used", conf_file());
	fmt_s(dir, sizeof(dir), "%s/.udev/failed", conf.root);
	d = opendir(dir);
	if (!d)
		return;   /* nothing failed */
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		if (failed_devpath(de->d_name, devpath, sizeof(devpath)) < 0) {
			log_info("%s/%s: not a device path, ignoring", dir, de->d_name);
			continue;
		}
		subsystem_of(devpath, subsystem, sizeof(subsystem));
		trigger(o, devpath, subsystem);   /* a device gone has no uevent */
	}
	closedir(d);
}

static int settle(const struct opts *o)
{
	char buf[32];
	unsigned long long seq;
	uint64_t deadline = loop_now_ms() + o->timeout_ms;
	uint32_t pending = 0;
	int rc;

	if (sysfs_attr_read("/kernel", "uevent_seqnum", buf, sizeof(buf)) < 0 ||
	    str_to_u64(buf, &seq) < 0) {
		log_err("cannot read the kernel's uevent_seqnum, not settling");
		return EXIT_FAILED;
	}
	for (;;) {
		rc = ctl_query_seqnum(seq, loop_until(loop_now_ms(), deadline) + 1000, &pending);
		if (rc == MSG_RC_NOT_RUN) {
			log_info("no udevd listening, nothing to wait for");
			return 0;
		}
		if (rc == CTL_NAME_HELD)
			return rc;   /* ctl.c said by whom */
		if (rc != 0) {
			log_err("%s", rc == MSG_RC_REFUSED ? "refused by udevd" : "no answer from udevd");
			return rc;
		}
		if (pending == 0)
			return 0;
		if (loop_now_ms() >= deadline) {
			log_err("timeout: %u events up to seqnum %llu not handled", pending, seq);
			return EXIT_TIMEOUT;
		}
		poll(NULL, 0, 20);
	}
}

static int add_glob(const char **v, int *n, const char *s)
{
	if (*n >= MATCH_MAX || !*s)
		return -1;
	v[(*n)++] = s;
	return 0;
}

/* The option at argv[*i] (and its value); -1 when the value is bad. */
static int parse_valued(struct opts *o, unsigned int k, const char *v)
{
	switch (k) {
	case 0: o->action = v; return *v ? 0 : -1;
	case 1: return add_glob(o->subsys, &o->nsubsys, v);
	case 2: return add_glob(o->nosubsys, &o->nnosubsys, v);
	case 3: return add_glob(o->attr, &o->nattr, v);
	case 4: return loop_parse_msec(v, &o->timeout_ms);
	case 5: return add_glob(o->noattr, &o->nnoattr, v);
	case 6: return add_glob(o->sysname, &o->nsysname, v);
	default:
		o->subsystems = strcmp(v, "subsystems") == 0;
		return o->subsystems || strcmp(v, "devices") == 0 ? 0 : -1;
	}
}

/* The option at argv[*i] (and its value); 0, or the usage error's code,
 * said in the suite's words (lib/opts.c). */
static int parse_opt(struct opts *o, int argc, char **argv, int *i)
{
	static const char *const valued[] = { "--action", "--subsystem-match",
		"--subsystem-nomatch", "--attr-match", "--timeout", "--attr-nomatch",
		"--sysname-match", "--type" };
	const char *a = argv[*i], *v = NULL;
	unsigned int k;
	int missing = 0;

	for (k = 0; k < sizeof(valued) / sizeof(valued[0]); k++)
		if ((v = opts_value(argc, argv, i, valued[k], &missing)) || missing)
			break;
	if (missing)
		return opts_missing("udevtrigger", TRIGGER_USAGE, a);
	if (v)
		return parse_valued(o, k, v) < 0 ?
			opts_bad_value("udevtrigger", TRIGGER_USAGE, valued[k], v) : 0;
	if (strcmp(a, "--dry-run") == 0)
		o->dry_run = 1;
	else if (strcmp(a, "--verbose") == 0)
		o->verbose = 1;
	else if (strcmp(a, "--settle") == 0)
		o->settle = 1;
	else if (strcmp(a, "--retry-failed") == 0)
		o->retry_failed = 1;
	else
		return opts_unknown("udevtrigger", TRIGGER_USAGE, a);
	return 0;
}

int main(int argc, char **argv)
{
	static const char *const actions[] = { "add", "remove", "change", "move",
					       "online", "offline", "bind", "unbind" };
	struct opts o = { .action = "add", .timeout_ms = SETTLE_TIMEOUT_MS };
	unsigned int j;
	int i;

	if (opts_std(argc, argv, "udevtrigger", TRIGGER_USAGE))
		return 0;
	log_init("udevtrigger", log_sink_auto());
	for (i = 1; i < argc; i++)
		if ((j = (unsigned int)parse_opt(&o, argc, argv, &i)))
			return (int)j;
	for (j = 0; j < sizeof(actions) / sizeof(actions[0]); j++)
		if (strcmp(o.action, actions[j]) == 0)
			break;
	if (j == sizeof(actions) / sizeof(actions[0]))
		return opts_bad_value("udevtrigger", TRIGGER_USAGE, "--action", o.action);
	if (o.retry_failed) {
		trigger_failed(&o);
	} else if (o.subsystems) {
		trigger_subsystems(&o);
	} else {
		coldplug_walk("/devices", trigger, &o);
		coldplug_walk("/class", trigger, &o);
		coldplug_walk("/block", trigger, &o);
	}
	fflush(stdout);
	log_info("%d devices%s", o.count, o.dry_run ? " (dry run)" : "");
	if (o.with_uevent == 0 && o.no_uevent > 0) {
		/* a kernel before 2.6.13 (or a copied tree): nothing to write to */
		log_err("none of the %d devices under %s has a uevent file (a kernel before "
			"2.6.13?): nothing triggered; udevstart replays them", o.no_uevent,
			sysfs_root());
		return EXIT_FAILED;
	}
	if (o.settle && !o.dry_run) {
		i = settle(&o);
		if (i)
			return i;
	}
	return o.failed ? EXIT_FAILED : 0;
}
