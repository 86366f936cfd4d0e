/* SPDX-License-Identifier: GPL-2.0-only */
/* sysfs access for both layouts: legacy (/class/NAME/DEV with a `device`
 * link, /block/sda/sda1) and modern (everything under /devices with
 * `subsystem` links and `uevent` files). Paths are devpaths: relative to
 * the sysfs mount (SYSFS_PATH, default /sys) and starting with '/'. */
#ifndef LIB_SYSFS_H
#define LIB_SYSFS_H

#include <stddef.h>

#define SYSFS_PATH_MAX 512

struct sysfs_device {
	char devpath[SYSFS_PATH_MAX];
	char kernel[128];    /* last component: the ID of a bus device */
	char bus[64];        /* bus for bus devices, "" for class devices */
	char driver[64];     /* bound driver, "" when none */
	char subsystem[64];  /* class or bus name */
};

/* The sysfs mount point without a trailing '/': the one last set, else
 * the process's $SYSFS_PATH, else /sys. */
const char *sysfs_root(void);
/* Sets the mount point explicitly (NULL or "": /sys): udev's worker sets
 * each event's SYSFS_PATH. */
void sysfs_root_set(const char *root);
/* Strips the sysfs mount point from an absolute path given by a user. */
const char *sysfs_devpath(const char *path);
/* Absolute path of devpath[/name] into out. */
int sysfs_path(char *out, size_t size, const char *devpath, const char *name);
int sysfs_exists(const char *devpath, const char *name);
/* Reads an attribute, trailing whitespace removed; length or -errno. */
int sysfs_attr_read(const char *devpath, const char *attr, char *buf, size_t size);
/* The same with only the trailing newlines removed (other blanks kept). */
int sysfs_attr_read_raw(const char *devpath, const char *attr, char *buf, size_t size);
/* Basename of the target of a link in devpath; length or -errno. */
int sysfs_link_name(const char *devpath, const char *link, char *buf, size_t size);
/* An attribute as udev 100 read it: one that cannot be read and is a link
 * (`driver`) gives the last part of its target; length or -errno. */
int sysfs_attr_read_100(const char *devpath, const char *attr, char *buf, size_t size);
/* udev 117's "[SUBSYSTEM/KERNEL]rest": the device path of that device
 * (/subsystem/S/devices/K, /bus/S/devices/K, then /class/S/K, as 117
 * looked) into devpath, *rest what follows ']'. -EINVAL when spec is not
 * of that form, -ENOENT when there is no such device. */
int sysfs_lookup_spec(const char *spec, char *devpath, size_t size, const char **rest);
/* MAJOR:MINOR from the `dev` file. */
int sysfs_devnum(const char *devpath, unsigned int *major, unsigned int *minor);
/* Fills dev for devpath; -ENOENT when its directory does not exist. */
int sysfs_device_get(const char *devpath, struct sysfs_device *dev);
/* The next device up the matching chain: the physical device behind a
 * class device, then its ancestors. -ENOENT at the top. */
int sysfs_parent(const char *devpath, char *parent, size_t size);
/* The matching chain of devpath into chain[0..max-1]: its device, then each
 * parent as sysfs_parent gives it; how many (0: no such device). Flags:
 * SYSFS_CHAIN_NO_DRIVER leaves every driver "" (not looked up). */
#define SYSFS_CHAIN_NO_DRIVER 1
int sysfs_chain(const char *devpath, struct sysfs_device *chain, int max, int flags);

#endif
