// SPDX-License-Identifier: GPL-2.0-only
/* /sbin/hotplug: the C replacement for linux-hotplug's multiplexer script. Runs the
 * /etc/hotplug.d scripts for one kernel event in the legacy order, each waited for,
 * with the kernel's argv[1] and environment. No stdio and no heap on this path. */
#include "compat.h"
#include "hotplug_filter.h"
#include "fd.h"
#include "log.h"
#include "msg.h"
#include "opts.h"
#include "path.h"
#include "layout.h"
#include "proc.h"
#include "str.h"
#include "multicall.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define SCRIPTS_MAX 256          /* per directory; more is logged and ignored */
#define NAME_POOL_SIZE 16384     /* bytes for the names of one directory */
#define ARGS_MAX 32              /* argv entries passed on to a script */
#define EXIT_SYSTEM 2
#define HOTPLUG_USAGE "usage: hotplug [SUBSYSTEM], with the event's ACTION... in the environment"

extern char **environ;

/* The sorted names of one directory's candidate scripts, in static storage. */
struct script_list {
	char pool[NAME_POOL_SIZE];
	size_t used;
	const char *name[SCRIPTS_MAX];
	unsigned int count;
};

static int list_add(struct script_list *l, const char *name)
{
	size_t len = strlen(name) + 1;

	if (l->count >= SCRIPTS_MAX || l->used + len > sizeof(l->pool))
		return -ENOSPC;
	memcpy(l->pool + l->used, name, len);
	l->name[l->count++] = l->pool + l->used;
	l->used += len;
	return 0;
}

/* Byte order (the C locale's), as the script's glob gave in the kernel's environment.
 * Insertion sort: a directory holds a handful of scripts. */
static void list_sort(struct script_list *l)
{
	unsigned int i, j;
	const char *key;

	for (i = 1; i < l->count; i++) {
		key = l->name[i];
		for (j = i; j > 0 && strcmp(l->name[j - 1], key) > 0; j--)
			l->name[j] = l->name[j - 1];
		l->name[j] = key;
	}
}

/* Reads and sorts the candidate names of dir; the directory is closed before any
 * script runs, so no descriptor of ours reaches a child. -errno when unreadable.
 * The kernel's records straight into a static buffer (compat.h): no DIR, no
 * malloc, two system calls fewer an event. */
static int list_read(struct script_list *l, const char *dir)
{
	static union {
		struct compat_dirent64 ent;
		char raw[4096];
	} buf;
	const struct compat_dirent64 *ent;
	long n, off;
	int fd, dropped = 0;

	l->used = 0;
	l->count = 0;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	while ((n = compat_getdents64(fd, buf.raw, sizeof(buf.raw))) > 0)
		for (off = 0; off < n; off += ent->d_reclen) {
			ent = (const struct compat_dirent64 *)(const void *)(buf.raw + off);
			if (!name_is_candidate(ent->d_name))
				continue;
			if (list_add(l, ent->d_name) < 0)
				dropped++;
		}
	close(fd);
	if (n < 0) {
		errno = (int)-n;
		return (int)n;
	}
	if (dropped)
		log_err("%s: too many scripts, ignoring %d of them", dir, dropped);
	list_sort(l);
	return 0;
}

/* Follows symlinks: default/10-udev.hotplug is a link to /sbin/udevsend. */
static int is_executable_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	return access(path, X_OK) == 0;
}

/* In the child: exec the script; a script without "#!" runs under /bin/sh, as it
 * did when the multiplexer was itself a shell script. Never returns. */
static void exec_script(const char *path, char **args)
{
	char *argv[ARGS_MAX + 2];
	int n;

	/* argv + 1 is the script's own argv; argv the same under /bin/sh */
	argv[0] = (char *)"/bin/sh";
	argv[1] = (char *)path;
	for (n = 1; n < ARGS_MAX && args[n]; n++)
		argv[n + 1] = args[n];
	argv[n + 1] = NULL;
	execve(path, argv + 1, environ);
	if (errno == ENOEXEC)
		execve(argv[0], argv, environ);
	log_err("cannot run %s: %s", path, strerror(errno));
	_exit(errno == ENOENT ? 127 : 126);
}

/* Runs one script and waits for it; 0 when it was started, -errno otherwise. */
static int run_script(const char *path, char **args)
{
	pid_t pid;
	int status;

	pid = proc_fork(PROC_FORK_WAIT_MS);
	if (pid < 0) {
		log_err("cannot fork for %s: %s", path, strerror((int)-pid));
		return (int)pid;
	}
	if (pid == 0)
		exec_script(path, args);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 0;
	if (WIFSIGNALED(status))
		log_err("%s killed by signal %d", path, WTERMSIG(status));
	else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		log_err("%s exited with %d", path, WEXITSTATUS(status));
	else
		log_debug("%s done", path);
	return 0;
}

/* default/10-udev.hotplug as install makes it, a link to udevsend: the
 * event is sent (and its ack waited for) by udevsend's own code linked in
 * here, saving a program start per event. Any other script is exec'd. */
static int is_udevsend_link(const char *path)
{
	char target[PATH_MAX];
	ssize_t n = readlink(path, target, sizeof(target) - 1);

	if (n <= 0)
		return 0;
	target[n] = '\0';
	return strcmp(path_basename(target), "udevsend") == 0;
}

/* Runs udevsend_main in this process, as run_script would run the link. */
static void send_in_process(const char *path, char **args)
{
	int argc = 0, rc;

	while (args[argc])
		argc++;
	rc = udevsend_main(argc, args);
	if (rc != 0)
		log_err("%s exited with %d", path, rc);
	else
		log_debug("%s done (sent by hotplug itself)", path);
}

/* An event udevd runs reaches us through udev (UDEVD_EVENT_SOURCE for one
 * from netlink, UDEVD_EVENT for any): udev has run, so udev's own hook
 * 10-udev.hotplug is skipped; it would hand the event back to udevd.
 * (udevsend under any other name returns at once for such an event: see
 * udevsend.c.) */
static int is_udev_hook(const char *name)
{
	const char *src = getenv("UDEVD_EVENT_SOURCE");

	return hook_skipped(name, src ? src : getenv(MSG_UDEVD_EVENT_KEY));
}

static struct script_list default_list;
static struct script_list subsystem_list;
static int by_kernel;   /* proc_by_kernel(), from main */

/* Does a script run after default/'s entry i in the digit pass? By names
 * (not whether each can run): in doubt, udevsend waits for udev's code. */
static int scripts_after(unsigned int i)
{
	unsigned int k;

	if (subsystem_list.count)
		return 1;
	for (k = 0; k < default_list.count; k++)
		if (k > i || !pass_wants(PASS_DIGIT, default_list.name[k]))
			return 1;
	return 0;
}

/* Runs one pass over a sorted list; -errno if a script could not be started. */
static int run_list(const char *dir, const struct script_list *l, enum pass pass,
		    char **args)
{
	char path[PATH_MAX];
	const char *skip;
	unsigned int i;
	int ret = 0;

	for (i = 0; i < l->count; i++) {
		if (!pass_wants(pass, l->name[i]))
			continue;
		if (path_join(path, sizeof(path), dir, l->name[i]) < 0) {
			log_err("%s/%s: path too long, ignoring", dir, l->name[i]);
			continue;
		}
		/* (one log line for both: hotplug is within 8 KiB by bytes) */
		skip = is_udev_hook(l->name[i]) ? "udev has run" :
		       !is_executable_file(path) ? "not executable" : NULL;
		if (skip)
			log_debug("%s: %s, skipping", path, skip);
		else if (pass == PASS_DIGIT && is_udevsend_link(path)) {
			/* nothing after it waits for the node: udevsend may go
			 * once udevd holds the event (udevsend.c) */
			udevsend_last_hook = by_kernel && l == &default_list && !scripts_after(i);
			send_in_process(path, args);
		}
		else if (run_script(path, args) < 0)
			ret = -EAGAIN;
	}
	return ret;
}

/* A missing directory is normal (no scripts for that subsystem); anything else is
 * worth a log line. Returns 0, or -errno when the directory exists but is unreadable. */
static int load_dir(struct script_list *l, const char *dir)
{
	int r = list_read(l, dir);

	if (r == -ENOENT)
		return 0;
	if (r < 0)
		log_err("cannot read %s: %s", dir, strerror(-r));
	return r;
}


/* Legacy order: the digit-named scripts of default/, then those of the subsystem's
 * directory, then the rest of default/. */
static int run_all(const char *top, const char *subsystem, char **args)
{
	char def[PATH_MAX], sub[PATH_MAX];
	int failed = 0;

	if (path_join(def, sizeof(def), top, "default") < 0)
		return -ENAMETOOLONG;
	failed |= load_dir(&default_list, def) < 0;
	/* both read before any script runs: the udevsend hook asks what follows it */
	sub[0] = '\0';
	if (!subsystem_is_safe(subsystem)) {
		if (strcmp(subsystem, "default") != 0)
			log_err("subsystem '%s' is not a plain name, ignoring",
				subsystem);
	} else if (path_join(sub, sizeof(sub), top, subsystem) == 0) {
		failed |= load_dir(&subsystem_list, sub) < 0;
	} else {
		sub[0] = '\0';
	}
	failed |= run_list(def, &default_list, PASS_DIGIT, args) < 0;
	if (sub[0])
		failed |= run_list(sub, &subsystem_list, PASS_ALL, args) < 0;
	failed |= run_list(def, &default_list, PASS_NOT_DIGIT, args) < 0;
	return failed ? -EAGAIN : 0;
}

int main(int argc, char *argv[])
{
	char *fallback[3];
	char **args = argv;
	const char *subsystem = argc > 1 ? argv[1] : getenv("SUBSYSTEM");
	const char *top = getenv("HOTPLUG_DIR"), *action = getenv("ACTION");
	int had_stderr = fcntl(STDERR_FILENO, F_GETFD) >= 0;

	by_kernel = proc_by_kernel();
	fd_sanitize();
	if (opts_std(argc, argv, "hotplug", HOTPLUG_USAGE))
		return 0;
	fd_close_from3();   /* a caller's descriptors are not the scripts' */
	/* started by the kernel, we have no stderr: syslog, never waiting on it */
	log_init("hotplug", had_stderr ? 0 : LOG_TO_SYSLOG_NOWAIT);
	if (argc > 1 && argv[1][0] == '-')
		return opts_unknown("hotplug", HOTPLUG_USAGE, argv[1]);
	if (!subsystem || !*subsystem)
		return opts_usage_error("hotplug", HOTPLUG_USAGE, "no event: no", "SUBSYSTEM");
	/* the kernel always gives one: by hand, no scripts run for no event */
	if (!action || !*action)
		return opts_usage_error("hotplug", HOTPLUG_USAGE,
					"no event: the environment has no", "ACTION");
	if (argc < 2) {
		fallback[0] = argv[0];
		fallback[1] = (char *)subsystem;
		fallback[2] = NULL;
		args = fallback;
	}
	if (!top || !*top)
		top = HOTPLUG_DIR_DEFAULT;
	return run_all(top, subsystem, args) < 0 ? EXIT_SYSTEM : 0;
}
