// SPDX-License-Identifier: GPL-2.0-only
/* disk_id: the stable names of a disk, from sysfs alone, as KEY=value lines
 * for IMPORT{program}: its bus, vendor, model and serial number (SCSI VPD
 * pages 0x80 and 0x83 or the wwid, ATA behind libata, USB, virtio, NVMe,
 * MMC) and its path, the chain of buses above it as path_id named it
 * (pci-0000:00:1f.2-scsi-0:0:0:0). With --volume=NODE, also what vol_id
 * reads from NODE's superblock: one program per disk for the rules.
 *   disk_id [--export] [--volume=NODE [--timeout=SECONDS]] DEVPATH
 * Exit codes: 0 printed, 1 usage, 2 no such device in sysfs, 3 nothing
 * found. See docs/disk_id.8. */
#include "compat.h"
#include "enc.h"
#include "fd.h"
#include "fmt.h"
#include "log.h"
#include "opts.h"
#include "probes.h"
#include "str.h"
#include "sysfs.h"
#include "volume.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHAIN 16
#define VAL 256

struct disk {
	struct sysfs_device chain[CHAIN];
	int n;
	int scsi, usbif, usbdev;  /* chain levels, -1 when none */
	char part[16];            /* partition number, "" for a whole disk */
	char out[4096 + VOL_EXPORT_MAX];
};

static struct disk this_disk;   /* disk_id_run's, and the alarm's */
/* Run by main(), not as udev's built-in: the volume's read is bounded by our
 * own alarm (probes.h), and a usage error goes to stderr as the suite says
 * it (lib/opts.c) rather than to the built-in's log */
static int as_program;

/* The parent chain from devpath; a partition starts at its disk. */
static int disk_chain(struct disk *d, const char *devpath)
{
	char cur[SYSFS_PATH_MAX], next[SYSFS_PATH_MAX];

	const char *num;

	str_copy(cur, devpath, sizeof(cur));
	if (sysfs_exists(cur, "partition") ||
	    (strncmp(cur, "/block/", 7) == 0 && strchr(cur + 7, '/'))) {
		if (sysfs_attr_read(cur, "partition", d->part, sizeof(d->part)) <= 0) {
			for (num = cur + strlen(cur); num > cur && num[-1] >= '0' && num[-1] <= '9'; num--)
				;
			str_copy(d->part, num, sizeof(d->part));
		}
		if (sysfs_parent(cur, next, sizeof(next)) < 0)
			return -ENOENT;
		str_copy(cur, next, sizeof(cur));
	}
	d->n = sysfs_chain(cur, d->chain, CHAIN, SYSFS_CHAIN_NO_DRIVER);
	return d->n ? 0 : -ENOENT;
}

static int colons(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == ':';
	return n;
}

static void disk_levels(struct disk *d)
{
	int i;

	d->scsi = d->usbif = d->usbdev = -1;
	for (i = 1; i < d->n; i++) {
		const struct sysfs_device *s = &d->chain[i];

		if (d->scsi < 0 && strcmp(s->bus, "scsi") == 0 && colons(s->kernel) == 3)
			d->scsi = i;
		else if (d->usbif < 0 && strcmp(s->bus, "usb") == 0 && strchr(s->kernel, ':'))
			d->usbif = i;
		else if (d->usbdev < 0 && strcmp(s->bus, "usb") == 0 &&
			 sysfs_exists(s->devpath, "idVendor"))
			d->usbdev = i;
	}
}

static void put(struct disk *d, const char *key, const char *val)
{
	if (val[0])
		enc_line(d->out, sizeof(d->out), key, val);
}

/* KEY, the safe form of an untrusted value, and KEY_ENC when asked. */
static void put_safe(struct disk *d, const char *key, const char *raw, int with_enc)
{
	char buf[VAL * 4], k[32];

	enc_safe(buf, VAL, (const unsigned char *)raw, strlen(raw));
	put(d, key, buf);
	if (!with_enc)
		return;
	enc_encode(buf, VAL, (const unsigned char *)raw, strlen(raw));
	str_copy(k, key, sizeof(k));
	str_append(k, "_ENC", sizeof(k));
	put(d, k, buf);
}

static void attr(const struct sysfs_device *s, const char *name, char *buf, size_t size)
{
	if (sysfs_attr_read(s->devpath, name, buf, size) < 0)
		buf[0] = '\0';
}

/* A binary attribute (a VPD page) as it is; its length or -errno. */
static int attr_raw(const char *devpath, const char *name, unsigned char *buf, size_t size)
{
	char p[SYSFS_PATH_MAX * 2];
	ssize_t n;
	int fd;

	if (sysfs_path(p, sizeof(p), devpath, name) < 0)
		return -ENAMETOOLONG;
	fd = open(p, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	n = fd_read_all(fd, buf, size);
	close(fd);
	return (int)n;
}

static void hex(char *out, const unsigned char *p, size_t len)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < len; i++) {
		*out++ = digits[p[i] >> 4];
		*out++ = digits[p[i] & 15];
	}
	*out = '\0';
}

/* The best logical-unit designator of VPD page 0x83: NAA, then EUI-64,
 * then the T10 vendor id. serial gets scsi_id's form (the designator type
 * digit, then the id), wwn the NAA or EUI-64 id as 0x... */
static int vpd83(const unsigned char *pg, int len, char *serial, char *wwn)
{
	static const int rank[16] = { 0, 2, 3, 4 };
	int off, best = 0, blen = 0, bt = 0, dlen, type;

	if (len < 4 || pg[1] != 0x83)
		return 0;
	if (len > 4 + (pg[2] << 8 | pg[3]))
		len = 4 + (pg[2] << 8 | pg[3]);
	for (off = 4; off + 4 <= len; off += 4 + dlen) {
		dlen = pg[off + 3];
		type = pg[off + 1] & 15;
		if (off + 4 + dlen > len || ((pg[off + 1] >> 4) & 3) != 0 || type > 3 || !dlen)
			continue;
		if (rank[type] > rank[bt] || !best) {
			best = off;
			blen = dlen;
			bt = type;
		}
	}
	if (!best || rank[bt] < 2)
		return 0;
	serial[0] = (char)('0' + bt);
	if (bt == 1) {
		memcpy(serial + 1, pg + best + 4, (size_t)blen);
		serial[1 + blen] = '\0';
		return 1;
	}
	hex(serial + 1, pg + best + 4, (size_t)blen);
	wwn[0] = '0';
	wwn[1] = 'x';
	str_copy(wwn + 2, serial + 1, VAL - 2);
	return 1;
}

/* "naa.5000c500..." or "eui.0025..." from the wwid attribute (when the
 * VPD pages are not in sysfs): scsi_id's form as vpd83() gives it. */
static int wwid_attr(const char *wwid, char *serial, char *wwn)
{
	int type = strncmp(wwid, "naa.", 4) == 0 ? 3 : strncmp(wwid, "eui.", 4) == 0 ? 2 : 0;

	if (!type || !wwid[4])
		return 0;
	serial[0] = (char)('0' + type);
	str_copy(serial + 1, wwid + 4, VAL - 1);
	wwn[0] = '0';
	wwn[1] = 'x';
	str_copy(wwn + 2, wwid + 4, VAL - 2);
	return 1;
}

/* VPD page 0x80: the unit serial number (bytes 4.. of the page). */
static void vpd80(const char *devpath, char *out)
{
	unsigned char pg[VAL] = { 0 };
	int n = attr_raw(devpath, "vpd_pg80", pg, sizeof(pg) - 1);
	int len;

	out[0] = '\0';
	if (n < 4 || pg[1] != 0x80)
		return;
	len = pg[3] < n - 4 ? pg[3] : n - 4;
	memcpy(out, pg + 4, (size_t)len);
	out[len] = '\0';
}

/* a_b_c of the non-empty parts into out. */
static void join(char *out, size_t size, const char *a, const char *b, const char *c)
{
	const char *parts[3] = { a, b, c };
	int i;

	out[0] = '\0';
	for (i = 0; i < 3; i++) {
		if (!parts[i] || !parts[i][0])
			continue;
		if (out[0])
			str_append(out, "_", size);
		str_append(out, parts[i], size);
	}
}

/* A SCSI disk: vendor, model, revision; ATA behind libata (vendor "ATA")
 * is named by model and serial as ata_id did; USB mass storage by the USB
 * device's serial; others by the VPD designator. */
static void ids_scsi(struct disk *d)
{
	const struct sysfs_device *s = &d->chain[d->scsi];
	char vendor[VAL], model[VAL], rev[VAL], serial[VAL], wwn[VAL], id[VAL * 3];
	unsigned char pg[1024] = { 0 };
	int n;

	attr(s, "vendor", vendor, sizeof(vendor));
	attr(s, "model", model, sizeof(model));
	attr(s, "rev", rev, sizeof(rev));
	vpd80(s->devpath, serial);
	put_safe(d, "ID_VENDOR", vendor, 1);
	put_safe(d, "ID_MODEL", model, 1);
	put_safe(d, "ID_REVISION", rev, 0);
	wwn[0] = id[0] = '\0';
	n = attr_raw(s->devpath, "vpd_pg83", pg, sizeof(pg));
	if (!vpd83(pg, n, id, wwn)) {
		attr(s, "wwid", rev, sizeof(rev));
		wwid_attr(rev, id, wwn);
	}
	put(d, "ID_WWN", wwn);
	if (d->usbdev >= 0)
		return;
	if (strcmp(vendor, "ATA") == 0 && serial[0]) {
		put(d, "ID_BUS", "ata");
		join(id, sizeof(id), model, serial, NULL);
	} else {
		put(d, "ID_BUS", "scsi");
		if (!id[0] && serial[0])
			join(id, sizeof(id), vendor, model, serial);
	}
	put_safe(d, "ID_SERIAL", id, 0);
	put_safe(d, "ID_SERIAL_SHORT", serial, 0);
}

/* USB mass storage: the SCSI vendor and model (or the USB device's own),
 * the USB serial number and the target:lun, as usb_id named them. */
static void ids_usb(struct disk *d)
{
	const struct sysfs_device *u = &d->chain[d->usbdev];
	char vendor[VAL], model[VAL], serial[VAL], id[VAL * 4], *lun;

	vendor[0] = model[0] = '\0';
	if (d->scsi >= 0) {
		attr(&d->chain[d->scsi], "vendor", vendor, sizeof(vendor));
		attr(&d->chain[d->scsi], "model", model, sizeof(model));
	}
	if (!vendor[0])
		attr(u, "manufacturer", vendor, sizeof(vendor));
	if (!model[0])
		attr(u, "product", model, sizeof(model));
	attr(u, "serial", serial, sizeof(serial));
	join(id, sizeof(id), vendor, model, serial);
	if (d->scsi >= 0 && (lun = strchr(strchr(d->chain[d->scsi].kernel, ':') + 1, ':'))) {
		str_append(id, "-", sizeof(id));
		str_append(id, lun + 1, sizeof(id));
	}
	put(d, "ID_BUS", "usb");
	if (d->scsi < 0) {
		put_safe(d, "ID_VENDOR", vendor, 1);
		put_safe(d, "ID_MODEL", model, 1);
	}
	put_safe(d, "ID_SERIAL", id, 0);
	put_safe(d, "ID_SERIAL_SHORT", serial, 0);
}

/* virtio-blk, NVMe and MMC keep their serial numbers in sysfs: the disk's
 * own serial (virtio), or its controller's or card's model/name and serial. */
static void ids_other(struct disk *d)
{
	const struct sysfs_device *disk = &d->chain[0];
	char serial[VAL], model[VAL], id[VAL * 2];
	int i;

	if (strncmp(disk->kernel, "vd", 2) == 0) {
		attr(disk, "serial", serial, sizeof(serial));
		put(d, "ID_BUS", "virtio");
		put_safe(d, "ID_SERIAL", serial, 0);
		return;
	}
	for (i = 1; i < d->n; i++) {
		const struct sysfs_device *s = &d->chain[i];
		int nvme = strncmp(s->kernel, "nvme", 4) == 0, mmc = strcmp(s->bus, "mmc") == 0;

		if (!nvme && !mmc)
			continue;
		attr(s, nvme ? "model" : "name", model, sizeof(model));
		attr(s, "serial", serial, sizeof(serial));
		put(d, "ID_BUS", nvme ? "nvme" : "mmc");
		put_safe(d, nvme ? "ID_MODEL" : "ID_NAME", model, 1);
		join(id, sizeof(id), model, serial, NULL);
		put_safe(d, "ID_SERIAL", id, 0);
		put_safe(d, "ID_SERIAL_SHORT", serial, 0);
		return;
	}
}

static void path_prepend(char *path, size_t size, const char *kind, const char *id)
{
	char buf[1024];

	str_copy(buf, kind, sizeof(buf));
	str_append(buf, "-", sizeof(buf));
	str_append(buf, id, sizeof(buf));
	if (path[0]) {
		str_append(buf, "-", sizeof(buf));
		str_append(buf, path, sizeof(buf));
	}
	str_copy(path, buf, size);
}

/* The number of the port folder dir (".../host6", ".../ide1", named
 * prefix<N>) on its controller: N less the least N of the controller's
 * folders named so, as path_id counted them (the kernel numbers hosts
 * across the machine, so a stick's host is host6 after five plugs; on its
 * USB interface it is the first, 0). A libata port (ata2/host1) holds one
 * host: its number stays, the only one that tells the ports apart. -1 when
 * dir is not named prefix<N>. */
static long port_on_controller(const char *dir, const char *prefix)
{
	char ctl[SYSFS_PATH_MAX], p[SYSFS_PATH_MAX * 2];
	const char *base = strrchr(dir, '/');
	size_t len = strlen(prefix);
	struct dirent *e;
	long own, least, n;
	DIR *d;

	if (!base || strncmp(base + 1, prefix, len) != 0 || base[1 + len] < '0' || base[1 + len] > '9')
		return -1;
	own = least = strtol(base + 1 + len, NULL, 10);
	if (own == 0)
		return 0;   /* the first already: no folder read (512 disks on host0) */
	str_copy(ctl, dir, sizeof(ctl));
	ctl[base - dir] = '\0';
	base = strrchr(ctl, '/');
	if (base && strncmp(base + 1, "ata", 3) == 0)
		return own;
	fmt_s(p, sizeof(p), "%s%s", sysfs_root(), ctl);
	d = opendir(p);
	if (!d)
		return own;
	while ((e = readdir(d)))
		if (strncmp(e->d_name, prefix, len) == 0 && e->d_name[len] >= '0' &&
		    e->d_name[len] <= '9' && (n = strtol(e->d_name + len, NULL, 10)) < least)
			least = n;
	closedir(d);
	return own - least;
}

/* "H:C:T:L" of a SCSI level (.../host1/target1:0:0/1:0:0:0: prefix
 * "host", sep ':', the host folder up 2), "C:U" of an IDE one
 * (.../ide1/1.0: "ide", '.', up 1), the host or channel counted on its
 * controller (port_on_controller); else the level's name, sep as ':'. */
static void port_id(const struct sysfs_device *s, const char *prefix, char sep, int up,
		    char *id, size_t size)
{
	char dir[SYSFS_PATH_MAX], *c;
	const char *rest = strchr(s->kernel, sep);
	long n;

	str_copy(dir, s->devpath, sizeof(dir));
	while (up-- > 0 && (c = strrchr(dir, '/')))
		*c = '\0';
	n = port_on_controller(dir, prefix);
	if (n >= 0 && rest) {
		fmt_s(id, size, "%ld:%s", n, rest + 1);
		return;
	}
	str_copy(id, s->kernel, size);
	if ((c = strchr(id, sep)))
		*c = ':';
}

/* ID_PATH: from the disk up to the first PCI or platform device, the SCSI
 * address, the IDE channel and unit, the USB port and interface, the NVMe
 * namespace. */
static void id_path(struct disk *d)
{
	char path[1024], usb[VAL];   /* usb: a bus id or port rewritten for the path */
	const char *p = strchr(d->chain[0].kernel, 'n');
	int i;

	path[0] = '\0';
	if (strncmp(d->chain[0].kernel, "nvme", 4) == 0 && p && (p = strchr(p + 1, 'n')))
		path_prepend(path, sizeof(path), "nvme", p + 1);
	for (i = 1; i < d->n; i++) {
		const struct sysfs_device *s = &d->chain[i];

		if (i == d->scsi) {
			port_id(s, "host", ':', 2, usb, sizeof(usb));
			path_prepend(path, sizeof(path), "scsi", usb);
		} else if (i == d->usbif && strchr(s->kernel, '-')) {
			str_copy(usb, "0:", sizeof(usb));
			str_append(usb, strchr(s->kernel, '-') + 1, sizeof(usb));
			path_prepend(path, sizeof(path), "usb", usb);
		} else if (strcmp(s->bus, "ide") == 0 && strchr(s->kernel, '.')) {
			port_id(s, "ide", '.', 1, usb, sizeof(usb));
			path_prepend(path, sizeof(path), "ide", usb);
		} else if (strcmp(s->bus, "pci") == 0 || strcmp(s->bus, "platform") == 0) {
			path_prepend(path, sizeof(path), s->bus, s->kernel);
			break;
		}
	}
	put_safe(d, "ID_PATH", path, 0);
}

#define DISK_ID_USAGE "usage: disk_id [--export] [--volume=NODE [--timeout=SECONDS]] DEVPATH"

/* The volume did not answer in time: the disk's own keys (complete before
 * the alarm was set) are still right. */
static void on_alarm(int sig)
{
	static const char msg[] = "disk_id: timed out reading the volume\n";

	(void)sig;
	(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
	_exit(this_disk.out[0] && fd_write_all(STDOUT_FILENO, this_disk.out, strlen(this_disk.out)) >= 0 ?
	      0 : EXIT_TIMEOUT);
}

/* NODE's ID_FS_* and ID_PART_* keys after the disk's, when it holds a
 * known volume or table (the entry's number once: sysfs gave it first). */
static void volume_keys(const char *node, const char *devpath, unsigned int timeout)
{
	struct volume v;
	int rc;

	if (as_program) {
		signal(SIGALRM, on_alarm);
		alarm(timeout);
	}
	rc = volume_probe_node(node, devpath, &v);
	if (as_program)
		alarm(0);
	if (v.part.entry.scheme && (unsigned long)atol(this_disk.part) == v.part.entry.number)
		v.part.entry.number = 0;
	if (rc == VOL_FOUND)
		volume_export(&v, this_disk.out, sizeof(this_disk.out));
}

/* "disk_id: WHAT 'ARG'" (lib/opts.c's words); EXIT_USAGE */
static int usage(const char *what, const char *arg)
{
	if (as_program)
		return opts_usage_error("disk_id", DISK_ID_USAGE, what, arg);
	log_err("disk_id: %s '%s' (%s)", what, arg, DISK_ID_USAGE);
	return EXIT_USAGE;
}

/* One option of argv: NULL, or what is wrong with it (*bad the value, when
 * that is what is wrong). */
static const char *disk_opt(const char *a, const char **node, unsigned long long *timeout,
			    const char **bad)
{
	if (strcmp(a, "--export") == 0 || strcmp(a, "-x") == 0)
		return NULL;
	if (strncmp(a, "--volume=", 9) == 0) {
		if (*node)
			return "extra argument";
		*node = *bad = a + 9;
		return a[9] ? NULL : "bad value of --volume";
	}
	if (strncmp(a, "--timeout=", 10) == 0) {
		*bad = a + 10;
		return str_to_u64(a + 10, timeout) == 0 && *timeout > 0 && *timeout < 3600 ?
			NULL : "bad value of --timeout";
	}
	return "unknown option";
}

/* DEVPATH, and NODE of --volume= (NULL when none) from argv; -EINVAL with
 * *what and *bad naming what makes no command line of disk_id. */
static int disk_args(int argc, char **argv, const char **devpath, const char **node,
		     unsigned long long *timeout, const char **what, const char **bad)
{
	const char *arg = "DEVPATH";
	int i;

	*devpath = *node = NULL;
	*timeout = 5;
	for (i = 1; i < argc; i++) {
		const char *a = *bad = argv[i];

		*what = NULL;
		if (a[0] == '-')
			*what = disk_opt(a, node, timeout, bad);
		else if (*devpath)
			*what = "extra argument";
		else
			*devpath = sysfs_devpath(arg = a);
		if (*what)
			return -EINVAL;
	}
	*what = *devpath ? "bad DEVPATH" : "missing";
	*bad = arg;
	return *devpath && (*devpath)[0] == '/' && !strstr(*devpath, "/../") ? 0 : -EINVAL;
}

/* The one code path of the program and the built-in (probes.h). */
int disk_id_run(int argc, char **argv, char *out, size_t size)
{
	const char *devpath, *node, *what, *bad;
	unsigned long long timeout;

	out[0] = '\0';
	if (disk_args(argc, argv, &devpath, &node, &timeout, &what, &bad) < 0)
		return usage(what, bad);
	memset(&this_disk, 0, sizeof(this_disk));
	if (disk_chain(&this_disk, devpath) < 0) {
		log_err("no device %s in sysfs", devpath);
		return 2;
	}
	disk_levels(&this_disk);
	put(&this_disk, "ID_PART_ENTRY_NUMBER", this_disk.part);
	if (this_disk.usbdev >= 0)
		ids_usb(&this_disk);
	if (this_disk.scsi >= 0)
		ids_scsi(&this_disk);
	else if (this_disk.usbdev < 0)
		ids_other(&this_disk);
	id_path(&this_disk);
	if (node)
		volume_keys(node, devpath, (unsigned int)timeout);
	str_copy(out, this_disk.out, size);
	return this_disk.out[0] ? 0 : 3;
}

int main(int argc, char **argv)
{
	static char out[sizeof(this_disk.out)];
	int rc;

	log_init("disk_id", 0);
	if (opts_std(argc, argv, "disk_id", DISK_ID_USAGE))
		return 0;
	as_program = 1;
	rc = disk_id_run(argc, argv, out, sizeof(out));
	if (rc)
		return rc;
	return fd_write_all(STDOUT_FILENO, out, strlen(out)) < 0 ? 2 : 0;
}
