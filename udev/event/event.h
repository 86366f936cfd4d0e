/* SPDX-License-Identifier: GPL-2.0-only */
/* One event as udev handles it: inputs from the environment and sysfs,
 * results of the rules (event.c); pipeline.h runs the steps that act on them. */
#ifndef UDEV_EVENT_H
#define UDEV_EVENT_H

#include "conf.h"
#include "exitcode.h"
#include "env.h"
#include "sysfs.h"

#include <sys/types.h>

#define NAME_SIZE 256
#define LIST_SIZE 1024
#define CHAIN_MAX 16
#define RUN_MAX 16

struct rules;
struct udev_cache;

/* What udev takes from its environment besides the event (udev(8)), read
 * by the driver (driver.h) from the process's environment or, in a worker,
 * from each event's, and passed to every step that needs it. */
struct udev_settings {
	const char *config_file;   /* UDEV_CONFIG_FILE; NULL: the default */
	const char *sysfs;         /* SYSFS_PATH; NULL: /sys */
	const char *log;           /* UDEV_LOG; NULL: udev_log of udev.conf */
	const char *passwd_file;   /* UDEV_PASSWD_FILE; NULL: /etc/passwd */
	const char *group_file;    /* UDEV_GROUP_FILE; NULL: /etc/group */
	int no_devd;               /* UDEV_NO_DEVD set: no dev.d scripts */
	int no_run;                /* UDEV_RUN set, not 1/yes/true: no RUN (064) */
	int no_sleep;              /* UDEV_NO_SLEEP set: no wait for `dev` */
	int exec_timeout;          /* UDEV_EXEC_TIMEOUT seconds (default 30) */
	const char *hotplug_bin;   /* HOTPLUG_BIN: the suite's hotplug (layout.h) */
	const char *hotplug_dir;   /* HOTPLUG_DIR, or the default (layout.h) */
};

struct udev_event {
	const struct udev_conf *conf;
	const struct udev_settings *set;
	struct udev_cache *cache;  /* the worker's memos (cache.h), or NULL */
	struct env env;          /* grows with ENV{} and IMPORT */
	struct env orig;         /* as given, to find what rules added */
	char action[32];
	char devpath[SYSFS_PATH_MAX];
	char subsystem[64];
	char kernel[128];
	char number[32];          /* trailing digits of kernel (%n) */
	unsigned int major, minor;
	int has_devnum;
	/* the matching chain: [0] the device, then parents; built on demand */
	struct sysfs_device chain[CHAIN_MAX];
	int nchain, chain_built;
	/* the rule applied is of a 2004-syntax file (050): its %s{attr} reads
	 * the device and one more level, chain[attr_level] or the device behind
	 * it when -1, and its %c{N} counts the words of the result (subst.c) */
	int legacy_rule, attr_level;
	/* ... of a udev 100 file: its %b and %s{attr} read chain[attr_level]
	 * (the level its parent keys matched; the device when -1) first */
	int v100_rule;
	int escape_none;          /* the rule says string_escape=none: %s{} as read */
	int link_priority;        /* OPTIONS link_priority=N: who keeps a shared link */
	int exec_timeout;         /* seconds a program may run (event_timeout=N) */
	/* results of the rules */
	char name[NAME_SIZE];
	char symlinks[LIST_SIZE]; /* space separated */
	char owner[64], group[64];
	mode_t mode;
	char result[LIST_SIZE];   /* PROGRAM output (%c) */
	char tmpnode[NAME_SIZE];  /* %N node made for PROGRAM, removed at the end */
	char *run[RUN_MAX];
	int nrun;
	unsigned int name_set : 1, name_final : 1, symlink_final : 1,
		owner_set : 1, owner_final : 1, group_set : 1, group_final : 1,
		mode_set : 1, mode_final : 1, run_final : 1,
		legacy_named : 1,
		/* a remove, or a device without a node: rules that name a
		 * device or set its permissions are skipped whole (064) */
		run_only : 1,
		partitions_fixed : 1,  /* all_partitions of a 2004 file: 15 (050) */
		devd_by_run : 1,       /* dev.d where RUN names udev_run_devd (064) */
		node_kept : 1,         /* the node was there, not udev's (node.h) */
		legacy_conf : 1;       /* every rules file is in the 2004 syntax (050) */
	unsigned int options;     /* OPT_* */
	int dry_run;              /* udevtest: print, change nothing */
	int rc;                   /* exit code so far */
	char devd_name[NAME_SIZE]; /* devd_by_run: the name devd_run was given */
};

/* Fills ev from the environment array envp and the subsystem argument;
 * conf and set must outlive ev. */
int event_init(struct udev_event *ev, const struct udev_conf *conf,
	       const struct udev_settings *set, char *const *envp, const char *subsystem);
void event_free(struct udev_event *ev);
/* Builds the parent chain once (no-op when sysfs has no such device). */
void event_chain(struct udev_event *ev);
/* The legacy /class and /block layout: the chain level of the first device
 * under /devices (a class device's, a partition's disk's, `device` link);
 * the levels before it are class devices. nchain when there is none; -1 on
 * the /devices layout or without a chain. Builds the chain. */
int event_legacy_device_level(struct udev_event *ev);
/* The chain level of the device behind the class device (udev 050/064's
 * "physical device", where BUS, ID and DRIVER start and whose bus id %b
 * is): on the legacy layout event_legacy_device_level's, on a bus or not;
 * on /devices the first level on a bus, or 0 for a device with neither bus
 * nor subsystem; nchain when there is none. Builds the chain. */
int event_device_level(struct udev_event *ev);
/* A block device: SUBSYSTEM block, or a DEVPATH in the legacy /block tree. */
int event_is_block(const struct udev_event *ev);
/* Records an exit code: real failures replace warnings (codes 2 and 3). */
void event_fail(struct udev_event *ev, int rc);

#endif
