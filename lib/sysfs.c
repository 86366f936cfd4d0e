// SPDX-License-Identifier: GPL-2.0-only
/* sysfs attribute reading and the device parent chain (see sysfs.h). */
#include "compat.h"
#include "fmt.h"
#include "sysfs.h"
#include "path.h"
#include "str.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char sysfs_root_buf[SYSFS_PATH_MAX];

void sysfs_root_set(const char *root)
{
	size_t len;

	str_copy(sysfs_root_buf, root && *root ? root : "/sys", sizeof(sysfs_root_buf));
	len = strlen(sysfs_root_buf);
	while (len > 1 && sysfs_root_buf[len - 1] == '/')
		sysfs_root_buf[--len] = '\0';
}

const char *sysfs_root(void)
{
	if (!sysfs_root_buf[0])
		sysfs_root_set(getenv("SYSFS_PATH"));
	return sysfs_root_buf;
}

const char *sysfs_devpath(const char *path)
{
	const char *root = sysfs_root();
	size_t len = strlen(root);

	if (strncmp(path, root, len) == 0 && path[len] == '/')
		return path + len;
	return path;
}

int sysfs_path(char *out, size_t size, const char *devpath, const char *name)
{
	str_copy(out, sysfs_root(), size);
	if (str_append(out, devpath, size) >= size)
		return -ENAMETOOLONG;
	if (name && (str_append(out, "/", size) >= size ||
		     str_append(out, name, size) >= size))
		return -ENAMETOOLONG;
	return 0;
}

int sysfs_exists(const char *devpath, const char *name)
{
	char p[SYSFS_PATH_MAX * 2];

	return sysfs_path(p, sizeof(p), devpath, name) == 0 && access(p, F_OK) == 0;
}

int sysfs_attr_read_raw(const char *devpath, const char *attr, char *buf, size_t size)
{
	char p[SYSFS_PATH_MAX * 2];
	ssize_t n;
	int fd;

	if (sysfs_path(p, sizeof(p), devpath, attr) < 0 || strstr(attr, ".."))
		return -EINVAL;
	fd = open(p, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	while (n > 0 && buf[n - 1] == '\n')
		n--;
	buf[n] = '\0';
	return (int)n;
}

int sysfs_attr_read(const char *devpath, const char *attr, char *buf, size_t size)
{
	int n = sysfs_attr_read_raw(devpath, attr, buf, size);

	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		n--;
	if (n >= 0)
		buf[n] = '\0';
	return n;
}

/* Raw link target; length or -errno. */
static int sysfs_readlink(const char *devpath, const char *link, char *buf, size_t size)
{
	char p[SYSFS_PATH_MAX * 2];
	ssize_t n;

	if (sysfs_path(p, sizeof(p), devpath, link) < 0)
		return -ENAMETOOLONG;
	n = readlink(p, buf, size - 1);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return (int)n;
}

int sysfs_link_name(const char *devpath, const char *link, char *buf, size_t size)
{
	char target[SYSFS_PATH_MAX];
	int r = sysfs_readlink(devpath, link, target, sizeof(target));

	if (r < 0)
		return r;
	return (int)str_copy(buf, path_basename(target), size);
}

int sysfs_attr_read_100(const char *devpath, const char *attr, char *buf, size_t size)
{
	int r = sysfs_attr_read(devpath, attr, buf, size);

	/* a link (to a directory, whose read says EISDIR, or to nothing) */
	if (r < 0 && !strstr(attr, "..") && sysfs_link_name(devpath, attr, buf, size) >= 0)
		return (int)strlen(buf);
	return r;
}

static int sysfs_resolve(const char *dir, const char *rel, char *out, size_t size);

/* The directory (or the link to one, resolved) rel of sysfs as a devpath. */
static int spec_found(const char *rel, char *devpath, size_t size)
{
	char p[SYSFS_PATH_MAX * 2], target[SYSFS_PATH_MAX], dir[SYSFS_PATH_MAX];
	struct stat st;

	if (sysfs_path(p, sizeof(p), rel, NULL) < 0 || lstat(p, &st) < 0)
		return -ENOENT;
	if (S_ISDIR(st.st_mode))
		return str_copy(devpath, rel, size) < size ? 0 : -ENAMETOOLONG;
	if (!S_ISLNK(st.st_mode) || sysfs_readlink(rel, NULL, target, sizeof(target)) < 0)
		return -ENOENT;
	str_copy(dir, rel, sizeof(dir));
	*strrchr(dir, '/') = '\0';
	return sysfs_resolve(dir, target, devpath, size);
}

int sysfs_lookup_spec(const char *spec, char *devpath, size_t size, const char **rest)
{
	static const char *const forms[][2] = {
		{ "/subsystem/", "/devices/" }, { "/bus/", "/devices/" }, { "/class/", "/" },
	};
	char sub[128], id[128], rel[SYSFS_PATH_MAX];
	const char *end = strchr(spec, ']'), *slash;
	unsigned int i;

	if (spec[0] != '[' || !end)
		return -EINVAL;
	slash = memchr(spec + 1, '/', (size_t)(end - spec - 1));
	if (!slash || slash == spec + 1 || slash + 1 == end ||
	    (size_t)(slash - spec) > sizeof(sub) || (size_t)(end - slash) > sizeof(id))
		return -EINVAL;
	str_copy(sub, spec + 1, (size_t)(slash - spec));
	str_copy(id, slash + 1, (size_t)(end - slash));
	/* one name each: no way out of the folder */
	if (strchr(id, '/') || strstr(sub, "..") || strstr(id, ".."))
		return -EINVAL;
	*rest = end + 1;
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (fmt_s(rel, sizeof(rel), "%s%s%s%s", forms[i][0], sub, forms[i][1], id) <
		    sizeof(rel) &&
		    spec_found(rel, devpath, size) == 0)
			return 0;
	return -ENOENT;
}

int sysfs_devnum(const char *devpath, unsigned int *major, unsigned int *minor)
{
	char buf[64];

	if (sysfs_attr_read(devpath, "dev", buf, sizeof(buf)) < 0)
		return -ENOENT;
	if (str_to_devnum(buf, major, minor) < 0)
		return -EINVAL;
	return 0;
}

/* Has devpath's directory a `uevent` file (trees of 2.6.16 and later)?
 * There a device on a bus always has its `bus` or `subsystem` link, and a
 * bound driver its `driver` link: the older trees' look-ups below find
 * nothing more; and the folders between a device and its parent without
 * one are groupings ("block", "net"). Asked once per directory, when
 * needed (*modern < 0: not yet asked). */
static int sysfs_modern(const char *devpath, int *modern)
{
	if (*modern < 0)
		*modern = sysfs_exists(devpath, "uevent");
	return *modern;
}

/* 1 when a `subsystem` link's target leads into /bus (../../bus/scsi), not
 * to a class: the device is on that bus, and has no `device` link (the
 * kernel gives one to class devices only). */
static int target_is_bus(const char *target)
{
	return strstr(target, "/bus/") != NULL;
}

/* The bus a device under /devices sits on: its `subsystem` link (subsys:
 * its target, NULL when none) when that points into /bus, else its `bus`
 * link (2.6.x), or libsysfs's way of looking for /bus/NAME/devices/ID. */
static void sysfs_find_bus(const char *devpath, const char *id, const char *subsys,
			   int *modern, char *bus, size_t size)
{
	char p[SYSFS_PATH_MAX];
	static const char *const buses[] = {
		"usb", "pci", "scsi", "ide", "pnp", "platform", "serio", "i2c",
		"ieee1394", "pcmcia", "virtio", "mmc", "sdio", "spi", "input", NULL,
	};
	int i;

	bus[0] = '\0';
	/* a `subsystem` link into /bus names the bus its `bus` link names */
	if (subsys && target_is_bus(subsys)) {
		str_copy(bus, path_basename(subsys), size);
		return;
	}
	if (sysfs_link_name(devpath, "bus", bus, size) > 0 || subsys)
		return;
	if (strncmp(devpath, "/devices/", 9) != 0 || sysfs_modern(devpath, modern))
		return;
	for (i = 0; buses[i]; i++) {
		fmt_s(p, sizeof(p), "/bus/%s/devices/%s", buses[i], id);
		if (sysfs_exists(p, NULL)) {
			str_copy(bus, buses[i], size);
			return;
		}
	}
}

/* The driver bound to a device: its `driver` link, or on kernels before
 * that link (2.6.1x) the driver directory of its bus that links to it,
 * /bus/BUS/drivers/DRIVER/ID, as libsysfs looked it up for udev 064. */
static void sysfs_find_driver(const char *devpath, const struct sysfs_device *dev,
			      int *modern, char *driver, size_t size)
{
	char dir[SYSFS_PATH_MAX], p[SYSFS_PATH_MAX * 2], *names[64];
	struct stat st;
	int n, i;

	driver[0] = '\0';
	if (sysfs_link_name(devpath, "driver", driver, size) > 0 || !dev->bus[0] ||
	    strncmp(devpath, "/devices/", 9) != 0 || sysfs_modern(devpath, modern))
		return;
	fmt_s(dir, sizeof(dir), "/bus/%s/drivers", dev->bus);
	if (sysfs_path(p, sizeof(p), dir, NULL) < 0)
		return;
	n = path_list_dir(p, "", names, 64);
	for (i = 0; i < n; i++) {
		if (!driver[0] && names[i][0] != '.' &&
		    fmt_s(p, sizeof(p), "%s%s/%s/%s", sysfs_root(), dir, names[i],
			  dev->kernel) < sizeof(p) &&
		    lstat(p, &st) == 0 && S_ISLNK(st.st_mode))
			str_copy(driver, names[i], size);
		free(names[i]);
	}
}

/* sysfs_device_get; *modern is devpath's (sysfs_modern), flags as for
 * sysfs_chain; *on_bus (if given) is set when the device's subsystem link
 * points at a bus. */
static int device_get(const char *devpath, struct sysfs_device *dev, int *modern, int flags,
		      int *on_bus)
{
	char p[SYSFS_PATH_MAX * 2], target[SYSFS_PATH_MAX];
	struct stat st;
	int sub;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0)
		return -ENAMETOOLONG;
	/* a folder with a uevent file is there */
	if (*modern != 1 && (stat(p, &st) < 0 || !S_ISDIR(st.st_mode)))
		return -ENOENT;
	memset(dev, 0, sizeof(*dev));
	str_copy(dev->devpath, devpath, sizeof(dev->devpath));
	str_copy(dev->kernel, path_basename(devpath), sizeof(dev->kernel));
	/* the subsystem link read once: the bus and the subsystem both */
	sub = sysfs_readlink(devpath, "subsystem", target, sizeof(target));
	if (on_bus)
		*on_bus = sub > 0 && target_is_bus(target);
	sysfs_find_bus(devpath, dev->kernel, sub > 0 ? target : NULL, modern,
		       dev->bus, sizeof(dev->bus));
	if (!(flags & SYSFS_CHAIN_NO_DRIVER))
		sysfs_find_driver(devpath, dev, modern, dev->driver, sizeof(dev->driver));
	if (sub >= 0) {
		str_copy(dev->subsystem, path_basename(target), sizeof(dev->subsystem));
	} else {
		if (strncmp(devpath, "/class/", 7) == 0)
			str_copy_component(dev->subsystem, devpath + 7, sizeof(dev->subsystem));
		else if (strncmp(devpath, "/block/", 7) == 0)
			str_copy(dev->subsystem, "block", sizeof(dev->subsystem));
		else
			str_copy(dev->subsystem, dev->bus, sizeof(dev->subsystem));
	}
	return 0;
}

/* Lexically resolves the link target rel seen from directory dir. */
static int sysfs_resolve(const char *dir, const char *rel, char *out, size_t size)
{
	char buf[SYSFS_PATH_MAX * 2];
	char *p;

	if (rel[0] == '/')
		return -EINVAL;
	str_copy(buf, dir, sizeof(buf));
	while (strncmp(rel, "../", 3) == 0) {
		p = strrchr(buf, '/');
		if (!p)
			return -EINVAL;
		*p = '\0';
		rel += 3;
	}
	if (str_append(buf, "/", sizeof(buf)) >= sizeof(buf) ||
	    str_append(buf, rel, sizeof(buf)) >= sizeof(buf))
		return -ENAMETOOLONG;
	return str_copy(out, buf, size) < size ? 0 : -ENAMETOOLONG;
}

/* The parent of devpath (sysfs_parent); *modern is devpath's, and is set
 * to the parent's when the look-up learnt it (else -1). on_bus: devpath's
 * subsystem link points at a bus, so it has no `device` link to read. */
static int parent_of(const char *devpath, int *modern, int on_bus, char *parent, size_t size)
{
	char target[SYSFS_PATH_MAX], cur[SYSFS_PATH_MAX];
	char *p;
	int m;

	str_copy(cur, devpath, sizeof(cur));
	/* a class device below another (2.6.15's input0/event0): the one above,
	 * as udev 100 walked it */
	if (strncmp(cur, "/class/", 7) == 0 && (p = strchr(cur + 7, '/')) && (p = strrchr(p + 1, '/'))) {
		*p = '\0';
		*modern = -1;
		return str_copy(parent, cur, size) < size ? 0 : -ENAMETOOLONG;
	}
	/* a class device points at its physical device */
	if (!on_bus && sysfs_readlink(devpath, "device", target, sizeof(target)) > 0) {
		*modern = -1;
		return sysfs_resolve(devpath, target, parent, size);
	}
	if (strncmp(cur, "/block/", 7) == 0) {
		p = strrchr(cur, '/');
		if (p == cur + 6)
			return -ENOENT;   /* a whole disk without a device link */
		*p = '\0';
		*modern = -1;
		return str_copy(parent, cur, size) < size ? 0 : -ENAMETOOLONG;
	}
	if (strncmp(cur, "/devices/", 9) != 0)
		return -ENOENT;
	m = sysfs_modern(devpath, modern);
	for (;;) {
		p = strrchr(cur, '/');
		*p = '\0';
		if (strcmp(cur, "/devices") == 0)
			return -ENOENT;
		/* modern trees have grouping directories ("block", "net") */
		if (!m || sysfs_exists(cur, "uevent"))
			break;
	}
	*modern = m ? 1 : -1;
	return str_copy(parent, cur, size) < size ? 0 : -ENAMETOOLONG;
}

int sysfs_device_get(const char *devpath, struct sysfs_device *dev)
{
	int modern = -1;

	return device_get(devpath, dev, &modern, 0, NULL);
}

int sysfs_parent(const char *devpath, char *parent, size_t size)
{
	int modern = -1;

	return parent_of(devpath, &modern, 0, parent, size);
}

int sysfs_chain(const char *devpath, struct sysfs_device *chain, int max, int flags)
{
	char cur[SYSFS_PATH_MAX], next[SYSFS_PATH_MAX];
	int n = 0, modern = -1, on_bus;

	str_copy(cur, devpath, sizeof(cur));
	while (n < max && device_get(cur, &chain[n], &modern, flags, &on_bus) == 0) {
		n++;
		if (parent_of(cur, &modern, on_bus, next, sizeof(next)) < 0)
			break;
		str_copy(cur, next, sizeof(cur));
	}
	return n;
}
