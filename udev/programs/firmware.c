// SPDX-License-Identifier: GPL-2.0-only
/* firmware: answers the kernel's user-space firmware request (run by the
 * default rule for "add" events of SUBSYSTEM firmware with FIRMWARE set).
 * It finds FIRMWARE in the firmware directories (udev_firmware of
 * udev.conf), writes 1 to the device's `loading`, copies the file into
 * `data` and writes 0; when the file is missing or cannot be read it writes
 * -1 at once, so that the driver never waits out its timeout.
 *
 * Exit codes (docs/firmware.8):
 *    0  loaded, or nothing to do (ACTION other than add)
 *    1  usage: no FIRMWARE or DEVPATH, or a DEVPATH that leaves sysfs
 *    2  FIRMWARE is not a name inside the firmware directories (refused)
 *    3  the file was not found or could not be read in any directory
 *    4  the device's `loading` or `data` could not be written */
#include "compat.h"
#include "conf.h"
#include "fd.h"
#include "log.h"
#include "opts.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <unistd.h>

#define FW_EXIT_USAGE   1
#define FW_EXIT_NAME    2
#define FW_EXIT_MISSING 3
#define FW_EXIT_DEVICE  4

#define FW_NAME_MAX 256

/* Whether name is a relative path that stays below the directory it is
 * joined to: no leading '/', no "." or ".." or empty component, no control
 * character (path_sanitize would change none of it), and no backslash: udev
 * passes a control character of the kernel's value on as \xNN (env.h). */
static int name_is_safe(const char *name)
{
	char copy[SYSFS_PATH_MAX];

	if (!*name || strchr(name, '\\') || str_copy(copy, name, sizeof(copy)) >= sizeof(copy))
		return 0;
	return path_sanitize(copy) == 0;
}

/* Logs to stderr when someone reads it, to syslog when stderr is closed or
 * /dev/null (udevd --daemon, the kernel's helper): a refused request must
 * reach someone. */
static void setup_log(void)
{
	struct stat st;
	int quiet = fstat(STDERR_FILENO, &st) < 0 ||
		(S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3));

	fd_sanitize();
	log_init("firmware", quiet ? LOG_TO_SYSLOG : 0);
}

/* Writes "1", "0" or "-1" to the device's `loading`; -errno on failure. */
static int set_loading(int fd, const char *state)
{
	ssize_t r = fd_write_all(fd, state, strlen(state));

	return r < 0 ? (int)r : 0;
}

/* dir with %v replaced by the kernel release (uname -r), then "/" name. */
static int fw_path(char *out, size_t size, const char *dir, const char *name)
{
	struct utsname u;
	const char *v = strstr(dir, "%v");

	out[0] = '\0';
	if (v) {
		if (uname(&u) < 0)
			return -errno;
		if ((size_t)(v - dir) >= size)
			return -ENAMETOOLONG;
		memcpy(out, dir, (size_t)(v - dir));
		out[v - dir] = '\0';
		str_append(out, u.release, size);
		dir = v + 2;
	}
	if (str_append(out, dir, size) >= size || str_append(out, "/", size) >= size ||
	    str_append(out, name, size) >= size)
		return -ENAMETOOLONG;
	return 0;
}

/* Opens path for reading if it is a regular file; -errno otherwise (and
 * -EISDIR or -EINVAL for a directory or another kind of file). */
static int fw_open_file(const char *path)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		st.st_mode = 0;
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	return fd;
}

/* The first readable name in the directories of dirs (separated by blanks
 * or ':'), its path in found; -ENOENT when there is none. Every file that
 * exists but cannot be opened is logged with the reason. */
static int fw_find(const char *dirs, const char *name, char *found, size_t size)
{
	char dir[CONF_PATH_MAX];
	const char *p = dirs;
	size_t n;
	int fd;

	for (;;) {
		p += strspn(p, " \t:");
		if (!*p)
			return -ENOENT;
		n = strcspn(p, " \t:");
		str_copy(dir, p, n + 1 < sizeof(dir) ? n + 1 : sizeof(dir));
		p += n;
		if (fw_path(found, size, dir, name) < 0)
			continue;
		fd = fw_open_file(found);
		if (fd >= 0)
			return fd;
		if (fd != -ENOENT && fd != -ENOTDIR)
			log_err("cannot read firmware %s: %s", found, strerror(-fd));
		else
			log_debug("no firmware %s", found);
	}
}

/* Copies fd into the device's `data`: 0, FW_EXIT_MISSING when the file
 * cannot be read, FW_EXIT_DEVICE when `data` cannot be written (logged). */
static int fw_copy(int fd, const char *devpath, const char *file)
{
	char path[SYSFS_PATH_MAX * 2], buf[4096];
	ssize_t n;
	int out, r = 0;

	if (sysfs_path(path, sizeof(path), devpath, "data") < 0)
		return FW_EXIT_DEVICE;
	out = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (out < 0) {
		log_err("cannot open %s: %s", path, strerror(errno));
		return FW_EXIT_DEVICE;
	}
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			log_err("cannot read firmware %s: %s", file, strerror(errno));
			r = FW_EXIT_MISSING;
			break;
		}
		n = fd_write_all(out, buf, (size_t)n);
		if (n < 0) {
			log_err("cannot write %s: %s", path, strerror((int)-n));
			r = FW_EXIT_DEVICE;
			break;
		}
	}
	close(out);
	return r;
}

/* Loads name into the device whose `loading` is open as lfd; exit code.
 * Whatever fails, the request is aborted (-1) before we return. */
static int fw_load(int lfd, const struct udev_conf *conf, const char *devpath,
		   const char *name)
{
	char file[CONF_PATH_MAX + FW_NAME_MAX];
	int fd, r;

	fd = fw_find(conf->firmware, name, file, sizeof(file));
	if (fd < 0) {
		log_err("no readable firmware '%s' for %s in %s", name, devpath, conf->firmware);
		set_loading(lfd, "-1");
		return FW_EXIT_MISSING;
	}
	r = set_loading(lfd, "1");
	if (r < 0)
		log_err("cannot start loading %s: %s", devpath, strerror(-r));
	r = r < 0 ? FW_EXIT_DEVICE : fw_copy(fd, devpath, file);
	close(fd);
	if (r == 0 && (r = set_loading(lfd, "0")) < 0) {
		log_err("cannot finish loading %s: %s", devpath, strerror(-r));
		r = FW_EXIT_DEVICE;
	}
	if (r) {
		set_loading(lfd, "-1");
		return r;
	}
	log_info("loaded %s into %s", file, devpath);
	return 0;
}

/* Opens the device's `loading`, or logs why not. */
static int open_loading(const char *devpath)
{
	char path[SYSFS_PATH_MAX * 2];
	int fd;

	if (sysfs_path(path, sizeof(path), devpath, "loading") < 0)
		return -ENAMETOOLONG;
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		fd = -errno;
		log_err("cannot open %s: %s", path, strerror(-fd));
	}
	return fd;
}

#define FW_USAGE "usage: firmware, run by a rule with FIRMWARE and DEVPATH (a sysfs device) set"

int main(int argc, char **argv)
{
	const char *action = getenv("ACTION"), *name = getenv("FIRMWARE");
	const char *devpath = getenv("DEVPATH");
	char shown[FW_NAME_MAX];
	struct udev_conf conf;
	int lfd, r;

	if (opts_std(argc, argv, "firmware", FW_USAGE))
		return 0;
	/* no options; argv[1] is the subsystem, as a rule's RUN gives it */
	if (argc > 1 && argv[1][0] == '-')
		return opts_unknown("firmware", FW_USAGE, argv[1]);
	if (argc > 2)
		return opts_usage_error("firmware", FW_USAGE, "extra argument", argv[2]);
	setup_log();
	if (action && strcmp(action, "add") != 0)
		return 0;
	if (!name || !devpath || devpath[0] != '/' || !name_is_safe(devpath + 1)) {
		log_err("usage: firmware, with FIRMWARE and DEVPATH (a sysfs device) set");
		return FW_EXIT_USAGE;
	}
	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	log_set_level(log_level_pick(getenv("UDEV_LOG"), conf.log, log_get_level()));
	if (r < 0)
		log_err("cannot read udev.conf: %s, using the default directories", strerror(-r));
	lfd = open_loading(devpath);
	if (lfd < 0)
		return FW_EXIT_DEVICE;
	if (strlen(name) >= FW_NAME_MAX || !name_is_safe(name)) {
		str_escape(shown, name, sizeof(shown));
		log_err("refusing firmware name '%s' for %s: not a file name inside %s",
			shown, devpath, conf.firmware);
		set_loading(lfd, "-1");
		close(lfd);
		return FW_EXIT_NAME;
	}
	r = fw_load(lfd, &conf, devpath, name);
	close(lfd);
	return r;
}
