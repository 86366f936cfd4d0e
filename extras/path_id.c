// SPDX-License-Identifier: GPL-2.0-only
/* path_id: the ID_PATH of udev 100-117's path_id (a shell script there):
 * the shortest chain of hardware addresses from the device up to its
 * controller, for /dev/disk/by-path, /dev/input/by-path, tapes and (ours)
 * serial ports.
 *   path_id DEVPATH       ($DEVPATH, when set, wins)
 * It walks the real path of the device in /devices from the device up,
 * one kind of address at a time, as the script did with its case patterns.
 * Exit codes: 0 printed; 1 no such device, no `dev` file, a class it does
 * not name, or a chain it cannot name (ID_PATH= is still printed then, as
 * the script printed it). See docs/path_id.8. */
#include "compat.h"
#include "fmt.h"
#include "log.h"
#include "path_id_san.h"
#include "probes.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static int match(const char *s, const char *pattern)
{
	return fnmatch(pattern, s, 0) == 0;   /* '*' spans '/': the shell's case */
}

/* The part of s after the last occurrence of sep, or s. */
static const char *after_last(const char *s, const char *sep)
{
	const char *p, *r = NULL;

	for (p = strstr(s, sep); p; p = strstr(p + 1, sep))
		r = p;
	return r ? r + strlen(sep) : s;
}

/* The least N of the entries TYPE<N> in dir, and own if less (the
 * script's get_port_offset): the first host, usb bus or ide port of a
 * controller counts as 0. */
static long port_offset(const char *dir, const char *type, long own)
{
	char p[SYSFS_PATH_MAX * 2];
	struct dirent *e;
	size_t len = strlen(type);
	DIR *d;

	if (sysfs_path(p, sizeof(p), dir, NULL) < 0 || !(d = opendir(p)))
		return own;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, type, len) == 0 && e->d_name[len] >= '0' &&
		    e->d_name[len] <= '9' && strtol(e->d_name + len, NULL, 10) < own)
			own = strtol(e->d_name + len, NULL, 10);
	}
	closedir(d);
	return own;
}

/* d = "WHAT" or "WHAT-d" */
static void path_prepend(struct path_walk *w, const char *what)
{
	char buf[sizeof(w->d)];

	str_copy(buf, what, sizeof(buf));
	if (w->d[0]) {
		str_append(buf, "-", sizeof(buf));
		str_append(buf, w->d, sizeof(buf));
	}
	str_copy(w->d, buf, sizeof(w->d));
}

/* D up while it still contains `pattern` (the script's host_dev_path loops);
 * last, if given, gets the last D that did. */
static void strip_while(char *D, const char *pattern, char *last, size_t size)
{
	while (D[0] && match(D, pattern)) {
		if (last)
			str_copy(last, D, size);
		path_up(D);
	}
}

static void handle_pci(struct path_walk *w)
{
	char id[128], what[160];

	str_copy(id, path_base(w->D), sizeof(id));
	strip_while(w->D, "*/pci[0-9]*", NULL, 0);
	/* "pci-ID-" even with nothing below: the script's d="pci-$pci_id-$d" */
	fmt_s(what, sizeof(what), "pci-%s-%s", id, w->d);
	str_copy(w->d, what, sizeof(w->d));
}

static void handle_up(struct path_walk *w, const char *kind, const char *id, const char *pattern)
{
	char what[160];

	fmt_s(what, sizeof(what), "%s-%s", kind, id);
	strip_while(w->D, pattern, NULL, 0);
	path_prepend(w, what);
}

static void handle_platform(struct path_walk *w)
{
	char id[128];

	str_copy(id, path_base(w->D), sizeof(id));
	handle_up(w, "platform", id, "*/platform*");
}

static void handle_serio(struct path_walk *w)
{
	char id[128];

	str_copy(id, after_last(w->D, "/serio"), sizeof(id));
	handle_up(w, "serio", id, "*/serio*");
}

/* .../ide0/0.1: the port's number less the controller's first, and the
 * unit (0 master, 1 slave). */
static void handle_ide(struct path_walk *w)
{
	char port[64], what[160];
	const char *unit;
	long n;

	str_copy(port, path_base(w->D), sizeof(port));
	unit = strchr(port, '.') ? strchr(port, '.') + 1 : "";
	if (strcmp(unit, "0") != 0 && strcmp(unit, "1") != 0)
		log_err("path_id: %s is neither master nor slave", w->D);
	n = strtol(port, NULL, 10);
	path_up(w->D);
	path_up(w->D);
	fmt_s(what, sizeof(what), "ide-%ld:%s", n - port_offset(w->D, "ide", n), unit);
	path_prepend(w, what);
}

/* .../host0/target0:0:1/0:0:1:0: the host's number on its controller,
 * then channel:target:lun. */
static void handle_scsi(struct path_walk *w)
{
	char cil[64], what[160];
	const char *c = strchr(path_base(w->D), ':');
	long host;

	str_copy(cil, c ? c + 1 : path_base(w->D), sizeof(cil));
	path_up(w->D);
	path_up(w->D);
	host = strtol(after_last(w->D, "/host"), NULL, 10);
	path_up(w->D);
	fmt_s(what, sizeof(what), "scsi-%ld:%s", host - port_offset(w->D, "host", host), cil);
	path_prepend(w, what);
}

/* .../usb2/2-1/2-1:1.0: the bus's number on its controller, then the
 * port and interface (after the bus number's '-'). */
static void handle_usb(struct path_walk *w)
{
	char port[64], bus[SYSFS_PATH_MAX], what[160];
	const char *dash = strchr(path_base(w->D), '-');
	long n;

	str_copy(port, dash ? dash + 1 : path_base(w->D), sizeof(port));
	bus[0] = '\0';
	strip_while(w->D, "*/usb*", bus, sizeof(bus));
	n = strtol(after_last(bus, "/usb"), NULL, 10);
	fmt_s(what, sizeof(what), "usb-%ld:%s", n - port_offset(w->D, "usb", n), port);
	path_prepend(w, what);
}

/* One step of the walk: the address D ends in, D its controller after;
 * -1 when D is no address path_id knows. */
static int path_step(struct path_walk *w)
{
	if (match(w->D, "*/ide[0-9]/[0-9].[0-9]*") || match(w->D, "*/ide[0-9][0-9]/[0-9][0-9].[0-9]*"))
		handle_ide(w);
	else if (match(w->D, "*/css0/*"))
		return path_ccw(w);
	else if (match(w->D, "*/rport-[0-9]*:[0-9]*-[0-9]*/*"))
		return path_fc(w);
	else if (match(w->D, "*/phy-[0-9]*:[0-9]*/*"))
		return path_sas(w);
	else if (match(w->D, "*/fw-host[0-9]*/*"))
		return path_firewire(w);
	else if (match(w->D, "*/session[0-9]*/*"))
		return path_iscsi(w);
	else if (match(w->D, "*/host[0-9]*/[0-9]*:[0-9]*:[0-9]*:[0-9]*"))
		handle_scsi(w);
	else if (match(w->D, "*/usb[0-9]*/[0-9]*/*"))
		handle_usb(w);
	else if (match(w->D, "*/pci[0-9]*:[0-9]*"))
		handle_pci(w);
	else if (match(w->D, "*/serio[0-9]*"))
		handle_serio(w);
	else if (match(w->D, "*/platform/*"))
		handle_platform(w);
	else if (match(w->D, "*/devices"))
		w->D[0] = '\0';
	else
		return -1;
	return 0;
}

/* The class of devpath as the script named it; "" when none. */
static void path_type(const char *devpath, char *type, size_t size)
{
	type[0] = '\0';
	if (strncmp(devpath, "/class/", 7) == 0) {
		str_copy(type, devpath + 7, size);
		type[strcspn(type, "/")] = '\0';
	} else if (strncmp(devpath, "/block/", 7) == 0) {
		str_copy(type, "block", size);
	} else if (strncmp(devpath, "/devices/", 9) == 0 &&
		   sysfs_link_name(devpath, "subsystem", type, size) < 0) {
		type[0] = '\0';
	}
}

/* The real path (in sysfs, from /devices) of the first device on a bus
 * at or above devpath into D; -1 when there is none. */
static int path_start(const char *devpath, char *D, size_t size)
{
	static struct sysfs_device chain[16];
	static char real[PATH_MAX], root[PATH_MAX];   /* realpath()'s size */
	char abs[SYSFS_PATH_MAX * 2];
	int n = sysfs_chain(devpath, chain, 16, SYSFS_CHAIN_NO_DRIVER), i;

	for (i = 0; i < n && !chain[i].bus[0]; i++)
		;
	/* a USB serial port is named by its interface (ours: the script
	 * named no tty) */
	if (i < n - 1 && strcmp(chain[i].bus, "usb-serial") == 0)
		i++;
	if (i == n || sysfs_path(abs, sizeof(abs), chain[i].devpath, NULL) < 0 ||
	    !realpath(abs, real) || !realpath(sysfs_root(), root) ||
	    strncmp(real, root, strlen(root)) != 0)
		return -1;
	str_copy(D, real + strlen(root), size);
	return 0;
}

/* A tape's node name says how it rewinds (n) and its mode (l, m, a). */
static void tape_suffix(struct path_walk *w, const char *devpath)
{
	const char *name = path_base(devpath), *st = strstr(name, "st"), *end;
	char what[64];

	if (!st || !w->d[0])
		return;
	end = name + strlen(name);
	what[0] = '-';
	str_copy(what + 1, name, (size_t)(st - name) + 1 < sizeof(what) - 1 ?
		 (size_t)(st - name) + 1 : sizeof(what) - 1);
	str_append(what, "st", sizeof(what));
	if (end > st + 2 && strchr("lma", end[-1]))
		str_append(what, end - 1, sizeof(what));
	str_append(w->d, what, sizeof(w->d));
}

int path_id_run(int argc, char **argv, char *out, size_t size)
{
	static struct path_walk w;
	const char *devpath = argc > 1 ? argv[argc - 1] : NULL;
	char type[64];
	int rc = 0;

	out[0] = '\0';
	if (extras_devpath_env)
		devpath = extras_devpath_env;
	if (!devpath || devpath[0] == '-')
		return extras_usage("path_id", PATH_ID_USAGE, devpath ? "unknown option" : "missing",
				    devpath ? devpath : "DEVPATH");
	devpath = sysfs_devpath(devpath);
	path_type(devpath, type, sizeof(type));
	if (!sysfs_exists(devpath, "dev") || (strcmp(type, "block") != 0 &&
	    strcmp(type, "scsi_tape") != 0 && strcmp(type, "input") != 0 && strcmp(type, "tty") != 0))
		return 1;
	memset(&w, 0, sizeof(w));
	w.devpath = devpath;
	if (path_start(devpath, w.D, sizeof(w.D)) < 0)
		rc = 1;
	str_copy(w.start, w.D, sizeof(w.start));
	while (!rc && w.D[0])
		rc = path_step(&w) < 0 ? 1 : 0;
	if (strcmp(type, "scsi_tape") == 0)
		tape_suffix(&w, devpath);
	str_copy(out, "ID_PATH=", size);
	str_append(out, w.d, size);
	str_append(out, "\n", size);
	return rc;
}
