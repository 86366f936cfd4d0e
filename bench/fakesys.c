// SPDX-License-Identifier: GPL-2.0-only
/* fakesys: writes a fake sysfs tree of N SCSI-like disks (with partitions) and
 * N char devices in today's layout (/sys/devices/..., class, block and dev
 * links, uevent and dev files), and prints the event list, one device a line. */
#include "compat.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Built with the build machine's libc whatever the variant under test, so
 * that `make bench USE_DIETLIBC=true` measures a dietlibc floor and suite:
 * no lib/ here. Messages go to stderr as "fakesys: ...". */
#define warn_msg(fmt, ...) fprintf(stderr, "fakesys: " fmt "\n", ##__VA_ARGS__)

#define CHAR_MAJOR 240	/* "local/experimental use": never a real driver's */
#define SCSI_HOST "devices/pseudo_0/adapter0/host0/target0:0:0"

static const char *root;	/* the tree's top, e.g. /tmp/x/sys */

/* mkdir -p for a path relative to root. */
static int mkdir_rel(const char *rel)
{
	char path[PATH_MAX];
	char *p;

	if (snprintf(path, sizeof(path), "%s/%s", root, rel) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	for (p = path + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(path, 0755) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

static int write_rel(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX];
	int fd;
	ssize_t r;

	snprintf(path, sizeof(path), "%s/%s/%s", root, dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	r = write(fd, text, strlen(text));
	if (close(fd) < 0 || r != (ssize_t)strlen(text))
		return r < 0 ? -errno : -EIO;
	return 0;
}

/* Symlink at root/link pointing to root/target, written relative as sysfs does. */
static int link_rel(const char *link, const char *target)
{
	char rel[PATH_MAX] = "";
	char path[PATH_MAX];
	const char *p;

	for (p = link; (p = strchr(p, '/')); p++)
		strncat(rel, "../", sizeof(rel) - strlen(rel) - 1);
	strncat(rel, target, sizeof(rel) - strlen(rel) - 1);
	snprintf(path, sizeof(path), "%s/%s", root, link);
	if (symlink(rel, path) < 0 && errno != EEXIST)
		return -errno;
	return 0;
}

/* Kernel sd naming: sda..sdz, sdaa..sdzz, sdaaa... */
static void sd_name(unsigned int index, char *out, size_t size)
{
	char rev[8];
	int n = 0;

	do {
		rev[n++] = (char)('a' + index % 26);
		index = index / 26;
	} while (index-- > 0 && n < 7);
	snprintf(out, size, "sd");
	while (n > 0 && strlen(out) + 1 < size) {
		size_t len = strlen(out);

		out[len] = rev[--n];
		out[len + 1] = '\0';
	}
}

/* sd's major numbers (8, 65-71, 128-135), then a made-up range beyond 255. */
static unsigned int sd_major(unsigned int index)
{
	if (index < 16)
		return 8;
	if (index < 128)
		return 65 + (index - 16) / 16;
	if (index < 256)
		return 128 + (index - 128) / 16;
	return 512 + (index - 256) / 16;
}

/* One device directory with its dev, uevent and subsystem files and links. */
static int make_dev(const char *dir, const char *subsys, const char *name,
		    unsigned int maj, unsigned int min, const char *extra)
{
	char buf[512], link[PATH_MAX], target[PATH_MAX];
	int r;

	r = mkdir_rel(dir);
	if (r < 0)
		return r;
	snprintf(buf, sizeof(buf), "%u:%u\n", maj, min);
	r = write_rel(dir, "dev", buf);
	snprintf(buf, sizeof(buf), "MAJOR=%u\nMINOR=%u\nDEVNAME=%s\n%s",
		 maj, min, name, extra);
	if (r == 0)
		r = write_rel(dir, "uevent", buf);
	snprintf(link, sizeof(link), "%s/subsystem", dir);
	snprintf(target, sizeof(target), "class/%s", subsys);
	if (r == 0)
		r = link_rel(link, target);
	snprintf(link, sizeof(link), "class/%s/%s", subsys, name);
	if (r == 0)
		r = link_rel(link, dir);
	snprintf(link, sizeof(link), "dev/%s/%u:%u",
		 strcmp(subsys, "block") ? "char" : "block", maj, min);
	if (r == 0)
		r = link_rel(link, dir);
	return r;
}

static void print_event(const char *subsys, const char *dir, unsigned int maj,
			unsigned int min, const char *name, const char *type,
			unsigned int partn)
{
	printf("%s\t/%s\t%u\t%u\t%s\t%s\t%u\n", subsys, dir, maj, min, name,
	       type, partn);
}

static int make_disk(unsigned int index, unsigned int parts)
{
	char name[16], pname[24], dir[512], pdir[PATH_MAX], link[64];
	char extra[64];
	unsigned int maj = sd_major(index), min = (index % 16) * 16, p;
	int r;

	sd_name(index, name, sizeof(name));
	snprintf(dir, sizeof(dir), SCSI_HOST "/0:0:0:%u/block/%s", index, name);
	r = make_dev(dir, "block", name, maj, min, "DEVTYPE=disk\n");
	if (r == 0)
		r = write_rel(dir, "size", "2048\n");
	snprintf(link, sizeof(link), "block/%s", name);
	if (r == 0)
		r = link_rel(link, dir);
	print_event("block", dir, maj, min, name, "disk", 0);
	for (p = 1; r == 0 && p <= parts && p < 16; p++) {
		snprintf(pname, sizeof(pname), "%s%u", name, p);
		snprintf(pdir, sizeof(pdir), "%s/%s", dir, pname);
		snprintf(extra, sizeof(extra), "DEVTYPE=partition\nPARTN=%u\n", p);
		r = make_dev(pdir, "block", pname, maj, min + p, extra);
		snprintf(extra, sizeof(extra), "%u\n", p);
		if (r == 0)
			r = write_rel(pdir, "partition", extra);
		print_event("block", pdir, maj, min + p, pname, "partition", p);
	}
	return r;
}

static int make_char(unsigned int index)
{
	char name[32], dir[PATH_MAX];

	snprintf(name, sizeof(name), "bench%u", index);
	snprintf(dir, sizeof(dir), "devices/virtual/bench/%s", name);
	print_event("bench", dir, CHAR_MAJOR, index, name, "-", 0);
	return make_dev(dir, "bench", name, CHAR_MAJOR, index, "");
}

static int make_tree(unsigned int nblock, unsigned int nchar, unsigned int parts)
{
	static const char *const dirs[] = {
		"block", "class/block", "class/bench", "dev/block", "dev/char",
		"devices/virtual/bench", "kernel",
	};
	unsigned int i;
	int r = 0;

	for (i = 0; r == 0 && i < sizeof(dirs) / sizeof(dirs[0]); i++)
		r = mkdir_rel(dirs[i]);
	for (i = 0; r == 0 && i < nblock; i++)
		r = make_disk(i, parts);
	for (i = 0; r == 0 && i < nchar; i++)
		r = make_char(i);
	return r;
}

static void usage(void)
{
	fprintf(stderr, "usage: fakesys [-p PARTITIONS] DIR NBLOCK NCHAR\n"
		"  writes the tree under DIR, prints the event list (add order):\n"
		"  SUBSYSTEM DEVPATH MAJOR MINOR DEVNAME DEVTYPE PARTN, tab-separated\n");
	exit(2);
}

static unsigned int parse_count(const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || v > 100000)
		usage();
	return (unsigned int)v;
}

int main(int argc, char **argv)
{
	unsigned int parts = 1;
	int opt, r;

	while ((opt = getopt(argc, argv, "p:")) != -1) {
		if (opt != 'p')
			usage();
		parts = parse_count(optarg);
	}
	if (argc - optind != 3)
		usage();
	root = argv[optind];
	if (mkdir(root, 0755) < 0 && errno != EEXIST) {
		warn_msg("cannot create %s: %m", root);
		return 1;
	}
	r = make_tree(parse_count(argv[optind + 1]), parse_count(argv[optind + 2]), parts);
	if (r < 0) {
		errno = -r;
		warn_msg("cannot write the tree under %s: %m", root);
		return 1;
	}
	return fflush(stdout) == 0 ? 0 : 1;
}
