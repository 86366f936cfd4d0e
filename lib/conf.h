/* SPDX-License-Identifier: GPL-2.0-only */
/* udev.conf: key="value" lines naming udev's paths, log level and default
 * permissions. UDEV_CONFIG_FILE overrides the default /etc/udev/udev.conf. */
#ifndef LIB_CONF_H
#define LIB_CONF_H

#include <sys/types.h>

#define CONF_PATH_MAX 512

struct udev_conf {
	char root[CONF_PATH_MAX];        /* udev_root: where nodes go (/dev) */
	char db[CONF_PATH_MAX];          /* udev_db: the per-device database */
	char rules[CONF_PATH_MAX];       /* udev_rules: file or directory */
	char permissions[CONF_PATH_MAX]; /* udev_permissions: file or directory */
	char devd[CONF_PATH_MAX];        /* udev_devd: the dev.d script tree */
	char firmware[CONF_PATH_MAX];    /* udev_firmware: directories, %v = release */
	char libudev_db[CONF_PATH_MAX];  /* udev_libudev_db: libudev's records, "": none */
	char libexec[CONF_PATH_MAX];     /* udev_libexec: where a program named
					  * without a '/' is looked for first */
	char owner[64];                  /* default_owner */
	char group[64];                  /* default_group */
	mode_t mode;                     /* default_mode */
	char mode_given;                 /* udev.conf set default_mode */
	int log;                         /* udev_log as a syslog level, -1 if unset */
	char log_no;                     /* udev_log said "no": no UDEV_LOG exported */
};

/* Fills conf with the compiled-in defaults. */
void conf_defaults(struct udev_conf *conf);
/* Reads file (NULL or "": the default /etc/udev/udev.conf) over the
 * defaults. Returns 0, the number of bad lines (> 0, each logged), or
 * -errno when the file cannot be read (a missing default file is not an
 * error). Sets nothing but conf: udev_log comes back in conf->log, and each
 * program applies it (log_level_pick), so that a reload cannot override a
 * level the program was given (udevd --debug, udevcontrol log_priority). */
int conf_read(struct udev_conf *conf, const char *file);
/* conf_read of path, or (path NULL) of the process's $UDEV_CONFIG_FILE. */
int conf_load(struct udev_conf *conf, const char *path);
/* The file conf_read(conf, file) reads, for messages. */
const char *conf_path(const char *file);
/* The udev.conf conf_load(conf, NULL) reads, for messages. */
const char *conf_file(void);

#endif
