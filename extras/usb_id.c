// SPDX-License-Identifier: GPL-2.0-only
/* usb_id: what udev 100-117's usb_id printed for a device on the USB bus
 * (a disk, a serial adapter's tty, an input device): vendor, model,
 * revision, serial number and type, from sysfs alone.
 *   usb_id [-x|--export] [-u|--usb-info] [-n|--num-info] [DEVPATH]
 * $DEVPATH, when set, is the device (as udev 100's usb_id read it).
 * Exit codes: 0 printed, 1 a usage error or no USB device above DEVPATH.
 * See docs/usb_id.8. */
#include "compat.h"
#include "fmt.h"
#include "log.h"
#include "probes.h"
#include "str.h"
#include "sysfs.h"

#include <stdlib.h>
#include <string.h>

struct usb_ids {
	char vendor[64], model[64], revision[64], serial[256], type[64], instance[64];
};

static int space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* udev 100's cleaning of a sysfs string: white space at both ends dropped,
 * a run of it inside one '_', '/' a '.', every byte but ASCII letters,
 * digits and punctuation left out. At most size - 1 bytes of from are read. */
static void usb_str(char *to, size_t size, const char *from)
{
	size_t i = 0, j = 0, len = strlen(from);

	if (len > size - 1)
		len = size - 1;
	while (len && space((unsigned char)from[len - 1]))
		len--;
	while (i < len && space((unsigned char)from[i]))
		i++;
	for (; i < len; i++) {
		unsigned char c = (unsigned char)from[i];

		if (space(c)) {
			while (i + 1 < len && space((unsigned char)from[i + 1]))
				i++;
			to[j++] = '_';
		} else if (c == '/') {
			to[j++] = '.';
		} else if (c > ' ' && c < 0x7f) {
			to[j++] = (char)c;
		}
	}
	to[j] = '\0';
}

/* The number of an attribute as strtoul with base 0 reads it; -1 when none. */
static long attr_num(const char *devpath, const char *name, int base)
{
	char buf[32], *end;
	unsigned long n;

	if (sysfs_attr_read(devpath, name, buf, sizeof(buf)) <= 0)
		return -1;
	n = strtoul(buf, &end, base);
	return end == buf || n > 0xffff ? -1 : (long)n;
}

static const char *iface_type(long cls)
{
	switch (cls) {
	case 1: return "audio";
	case 3: return "hid";
	case 7: return "printer";
	case 8: return "storage";
	default: return "generic";
	}
}

static const char *storage_type(long sub)
{
	switch (sub) {
	case 2: return "cd";
	case 3: return "tape";
	case 4: case 5: return "floppy";
	case 1: case 6: return "disk";
	default: return "generic";
	}
}

/* The first device above chain[from] on bus `bus`; -1 when none. */
static int above(const struct sysfs_device *chain, int n, int from, const char *bus)
{
	int i;

	for (i = from + 1; i < n; i++)
		if (strcmp(chain[i].bus, bus) == 0)
			return i;
	return -1;
}

/* target and lun of a SCSI device's name "host:bus:target:lun"; -1 when
 * it is not one. */
static int hctl(const char *kernel, unsigned long *target, unsigned long *lun)
{
	unsigned long n[4];
	const char *p = kernel;
	char *end;
	int i;

	for (i = 0; i < 4; i++) {
		if (*p < '0' || *p > '9')
			return -1;
		n[i] = strtoul(p, &end, 10);
		if (i < 3 && *end != ':')
			return -1;
		p = end + 1;
	}
	*target = n[2];
	*lun = n[3];
	return 0;
}

/* A SCSI device behind USB mass storage (SPC-2 transparent: subclass 6)
 * names itself, each value in turn until one is missing: what is still
 * empty then comes from the USB device (as in 117). */
static void scsi_names(struct usb_ids *u, const struct sysfs_device *s)
{
	char buf[64];
	unsigned long target, lun;
	long type;

	if (hctl(s->kernel, &target, &lun) < 0 ||
	    sysfs_attr_read(s->devpath, "vendor", buf, sizeof(buf)) < 0)
		return;
	usb_str(u->vendor, sizeof(u->vendor), buf);
	if (sysfs_attr_read(s->devpath, "model", buf, sizeof(buf)) < 0)
		return;
	usb_str(u->model, sizeof(u->model), buf);
	if ((type = attr_num(s->devpath, "type", 0)) < 0)
		return;
	str_copy(u->type, extras_scsi_type(type), sizeof(u->type));
	if (sysfs_attr_read(s->devpath, "rev", buf, sizeof(buf)) < 0)
		return;
	usb_str(u->revision, sizeof(u->revision), buf);
	/* some devices give every LUN the same identifiers */
	fmt_s(u->instance, sizeof(u->instance), "%lu:%lu", target, lun);
}

/* usb_str of the first of two attributes there is; -1 when neither is. */
static int usb_attr(char *to, size_t size, const char *devpath, const char *name,
		    const char *fallback)
{
	char buf[256];

	if ((!name || sysfs_attr_read(devpath, name, buf, sizeof(buf)) < 0) &&
	    sysfs_attr_read(devpath, fallback, buf, sizeof(buf)) < 0)
		return -1;
	usb_str(to, size, buf);
	return 0;
}

/* The USB device's own strings where the SCSI device gave none. */
static int usb_names(struct usb_ids *u, const char *dev, int num_info)
{
	char buf[256];

	if (!u->vendor[0] &&
	    usb_attr(u->vendor, sizeof(u->vendor), dev, num_info ? NULL : "manufacturer", "idVendor") < 0)
		return -1;
	if (!u->model[0] &&
	    usb_attr(u->model, sizeof(u->model), dev, num_info ? NULL : "product", "idProduct") < 0)
		return -1;
	if (!u->revision[0] && sysfs_attr_read(dev, "bcdDevice", buf, sizeof(buf)) >= 0)
		usb_str(u->revision, sizeof(u->revision), buf);
	if (sysfs_attr_read(dev, "serial", buf, sizeof(buf)) >= 0)
		usb_str(u->serial, sizeof(u->serial), buf);
	return 0;
}

#define CHAIN 16

/* The identifiers of devpath's USB device into u; 0, or 1 (none). */
static int usb_ids(struct usb_ids *u, const char *devpath, int usb_info, int num_info)
{
	static struct sysfs_device chain[CHAIN];
	int n = sysfs_chain(devpath, chain, CHAIN, SYSFS_CHAIN_NO_DRIVER);
	int iface = above(chain, n, 0, "usb"), dev, scsi;
	long cls, sub = 0;

	if (iface < 0 || (cls = attr_num(chain[iface].devpath, "bInterfaceClass", 16)) < 0) {
		log_info("usb_id: no USB interface above '%s'", devpath);
		return 1;
	}
	if (cls == 8) {
		sub = attr_num(chain[iface].devpath, "bInterfaceSubClass", 0);
		str_copy(u->type, storage_type(sub), sizeof(u->type));
	} else {
		str_copy(u->type, iface_type(cls), sizeof(u->type));
	}
	if ((dev = above(chain, n, iface, "usb")) < 0)
		return 1;
	scsi = above(chain, n, 0, "scsi");
	if (sub == 6 && !usb_info && scsi >= 0 && scsi < iface)
		scsi_names(u, &chain[scsi]);
	return usb_names(u, chain[dev].devpath, num_info) < 0 ? 1 : 0;
}

static void line(char *out, size_t size, const char *key, const char *val)
{
	if (key) {
		str_append(out, key, size);
		str_append(out, "=", size);
	}
	str_append(out, val, size);
	str_append(out, "\n", size);
}

static void usb_print(const struct usb_ids *u, int export, char *out, size_t size)
{
	char serial[256];

	str_copy(serial, u->vendor, sizeof(serial));
	str_append(serial, "_", sizeof(serial));
	str_append(serial, u->model, sizeof(serial));
	if (u->serial[0]) {
		str_append(serial, "_", sizeof(serial));
		str_append(serial, u->serial, sizeof(serial));
	}
	if (u->instance[0]) {
		str_append(serial, "-", sizeof(serial));
		str_append(serial, u->instance, sizeof(serial));
	}
	if (!export) {
		line(out, size, NULL, serial);
		return;
	}
	line(out, size, "ID_VENDOR", u->vendor);
	line(out, size, "ID_MODEL", u->model);
	line(out, size, "ID_REVISION", u->revision);
	line(out, size, "ID_SERIAL", serial);
	if (u->serial[0])
		line(out, size, "ID_SERIAL_SHORT", u->serial);
	line(out, size, "ID_TYPE", u->type);
	if (u->instance[0])
		line(out, size, "ID_INSTANCE", u->instance);
	line(out, size, "ID_BUS", "usb");
}

/* One flag argument (-x, -xu, --export...): 0, or -1 when unknown. */
static int usb_flag(const char *a, int *export, int *usb_info, int *num_info)
{
	if (a[1] == '-') {
		if (strcmp(a, "--export") == 0)
			return *export = 1, 0;
		if (strcmp(a, "--usb-info") == 0)
			return *usb_info = 1, 0;
		if (strcmp(a, "--num-info") == 0)
			return *num_info = *usb_info = 1, 0;
		return -1;
	}
	for (a++; *a; a++) {
		if (*a == 'x')
			*export = 1;
		else if (*a == 'u')
			*usb_info = 1;
		else if (*a == 'n')
			*num_info = *usb_info = 1;
		else
			return -1;
	}
	return 0;
}

int usb_id_run(int argc, char **argv, char *out, size_t size)
{
	struct usb_ids u;
	const char *devpath = NULL;
	int i, export = 0, usb_info = 0, num_info = 0;

	out[0] = '\0';
	for (i = 1; i < argc; i++) {
		if (argv[i][0] == '-' && argv[i][1]) {
			if (usb_flag(argv[i], &export, &usb_info, &num_info) < 0)
				return extras_usage("usb_id", USB_ID_USAGE, "unknown option", argv[i]);
		} else if (!devpath) {
			devpath = argv[i];
		}
	}
	if (extras_devpath_env)
		devpath = extras_devpath_env;
	if (!devpath)
		return extras_usage("usb_id", USB_ID_USAGE, "missing", "DEVPATH");
	memset(&u, 0, sizeof(u));
	if (usb_ids(&u, sysfs_devpath(devpath), usb_info, num_info))
		return 1;
	usb_print(&u, export, out, size);
	return 0;
}
