// SPDX-License-Identifier: GPL-2.0-only
/* udev's worker mode (see worker.h). Before each event the process is put
 * back as udevd's fork mode would start it: the event's environment alone,
 * the working directory and umask it started with, no descriptors but the
 * ones it started with (those a fork-mode udev inherits from udevd), the default log level and sysfs root. udev.conf is read for
 * every event as in fork mode; the rules are kept parsed while neither the
 * rules file or directory nor any file in it changed (mtime, ctime, size,
 * inode), so an edited rule takes effect at the next event. */
#include "compat.h"
#include "worker.h"
#include "event.h"
#include "rules.h"
#include "fd.h"
#include "log.h"
#include "msg.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

extern char **environ;

struct stamp {
	char *path;
	int exists;
	dev_t dev;
	ino_t ino;
	off_t size;
	time_t mtime, ctime;
	long mnsec, cnsec;
};

static struct {
	char path[CONF_PATH_MAX];   /* udev_rules they were read from */
	struct rules rules;
	int loaded, rc;
	struct stamp *st;
	int nst;
} cache;

static struct {
	int fd, cwd;
	mode_t umask;
	int start_fds[64], nstart;
	const char *log_level;      /* udevcontrol's, from udevd (log.h) */
} worker = { .fd = MSG_WORKER_FD, .cwd = -1, .umask = 022 };

/* ---- the rules, kept while unchanged -------------------------------------- */

static void stamp_read(struct stamp *s)
{
	struct stat st;

	memset(&st, 0, sizeof(st));
	s->exists = stat(s->path, &st) == 0;
	s->dev = st.st_dev;
	s->ino = st.st_ino;
	s->size = st.st_size;
	s->mtime = st.st_mtime;
	s->ctime = st.st_ctime;
	s->mnsec = s->exists ? COMPAT_MTIME_NSEC(&st) : 0;
	s->cnsec = s->exists ? COMPAT_CTIME_NSEC(&st) : 0;
}

static int stamp_same(const struct stamp *a, const struct stamp *b)
{
	return a->exists == b->exists && a->dev == b->dev && a->ino == b->ino &&
	       a->size == b->size && a->mtime == b->mtime && a->ctime == b->ctime &&
	       a->mnsec == b->mnsec && a->cnsec == b->cnsec;
}

static void stamps_free(void)
{
	while (cache.nst)
		free(cache.st[--cache.nst].path);
	free(cache.st);
	cache.st = NULL;
}

static int stamp_add(const char *dir, const char *name)
{
	struct stamp *n = realloc(cache.st, (size_t)(cache.nst + 1) * sizeof(*n));
	char p[CONF_PATH_MAX * 2];

	if (!n)
		return -ENOMEM;
	cache.st = n;
	if (name && path_join(p, sizeof(p), dir, name) < 0)
		return -ENAMETOOLONG;
	memset(&n[cache.nst], 0, sizeof(*n));
	n[cache.nst].path = strdup(name ? p : dir);
	if (!n[cache.nst].path)
		return -ENOMEM;
	stamp_read(&n[cache.nst++]);
	return 0;
}

/* The rules path, and every entry of it when it is a directory (an entry
 * added or removed changes the directory's own times). */
static int stamps_take(const char *path)
{
	struct dirent *de;
	DIR *d;
	int r = stamp_add(path, NULL);

	d = r == 0 ? opendir(path) : NULL;
	while (d && r == 0 && (de = readdir(d)))
		if (de->d_name[0] != '.')
			r = stamp_add(path, de->d_name);
	if (d)
		closedir(d);
	return r;
}

static int stamps_unchanged(void)
{
	struct stamp now;
	int i;

	for (i = 0; i < cache.nst; i++) {
		now = cache.st[i];
		stamp_read(&now);
		if (!stamp_same(&now, &cache.st[i]))
			return 0;
	}
	return cache.nst > 0;
}

static void cache_drop(void)
{
	if (cache.loaded)
		rules_free(&cache.rules);
	stamps_free();
	cache.loaded = 0;
}

/* The rules for udev_rules, read again when anything changed. Stamps are
 * taken before reading, so an edit during the read shows at the next event. */
static const struct rules *rules_get(const char *path, int *rc)
{
	if (cache.loaded && strcmp(cache.path, path) == 0 && stamps_unchanged()) {
		if (cache.rc < 0 || cache.rules.errors)
			*rc = UDEV_EXIT_RULES;
		return &cache.rules;
	}
	cache_drop();
	if (stamps_take(path) < 0)
		stamps_free();   /* read again next time */
	str_copy(cache.path, path, sizeof(cache.path));
	cache.rc = rules_load(&cache.rules, path);
	cache.loaded = 1;
	if (cache.rc < 0 || cache.rules.errors)
		*rc = UDEV_EXIT_RULES;
	return &cache.rules;
}

/* ---- one event -------------------------------------------------------------- */

static int keep_fd(int fd)
{
	int i;

	for (i = 0; i < worker.nstart; i++)
		if (worker.start_fds[i] == fd)
			return 1;
	return fd <= 2 || fd == worker.fd || fd == worker.cwd;
}

/* Descriptors the worker was started with are kept: a fork-mode udev
 * inherits the same from udevd. */
static void note_start_fd(int fd)
{
	if (worker.nstart < (int)(sizeof(worker.start_fds) / sizeof(worker.start_fds[0])))
		worker.start_fds[worker.nstart++] = fd;
}

/* Descriptors an event left open (none should be: udev closes what it
 * opens, all close-on-exec) do not reach the next event. */
static void close_stray_fd(int fd)
{
	if (keep_fd(fd))
		return;
	log_warn("descriptor %d left open by the last event, closing it", fd);
	close(fd);
}

/* The process as fork mode would exec it, with envp as its environment. */
static void event_reset(char **envp)
{
	environ = envp;
	if (worker.cwd >= 0 && fchdir(worker.cwd) < 0)
		log_warn("cannot return to the start directory: %s, ignoring", strerror(errno));
	umask(worker.umask);
	fd_each(close_stray_fd);
	fd_sanitize();
	sysfs_root_reset();
	log_set_level(LOG_ERR);
	log_init("udev", log_sink_auto());
}

/* NUL-separated KEY=value block -> NULL-terminated array (msg_check has
 * made sure the block is terminated and holds at most max - 1 entries). */
static void env_split(char *env, size_t len, char **envp, size_t max)
{
	size_t i = 0, off = 0;

	while (off < len && i + 1 < max) {
		envp[i++] = env + off;
		off += strlen(env + off) + 1;
	}
	envp[i] = NULL;
}

/* Mirrors udev.c's main() with the kept rules. */
static int event_handle(void)
{
	struct udev_conf conf;
	struct udev_event ev;
	const struct rules *rules;
	int rc = 0, r;

	r = event_conf_load(&conf, &rc);
	if (r)
		return r;
	r = event_init(&ev, &conf, environ, NULL);
	if (r) {
		event_free(&ev);
		return r;
	}
	rules = rules_get(conf.rules, &rc);
	ev.rc = rc;
	log_debug("%s %s (%s)", ev.action, ev.devpath, ev.subsystem);
	rc = event_run(&ev, rules);
	event_free(&ev);
	return rc;
}

static int worker_event(struct msg_event *m)
{
	static char *envp[MSG_ENV_MAX / 2 + 2];
	static char *no_env[] = { NULL };
	int rc;

	env_split(m->env, m->hdr.envlen, envp, sizeof(envp) / sizeof(envp[0]));
	log_env_level(envp, sizeof(envp) / sizeof(envp[0]), worker.log_level);
	event_reset(envp);
	rc = event_handle();
	fflush(NULL);
	environ = no_env;
	return rc;
}

static void worker_setup(void)
{
	fd_cloexec(worker.fd);
	fd_each(note_start_fd);
	worker.cwd = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	worker.umask = umask(022);
	umask(worker.umask);
}

int worker_main(const char *log_level)
{
	static union {
		struct msg_event ev;
		char raw[sizeof(struct msg_event) + 1];
	} buf;
	struct msg_hdr ack;
	ssize_t n;
	int rc;

	worker_setup();
	worker.log_level = log_level;
	msg_init(&ack, MSG_WORKER_HELLO, 0);
	if (send(worker.fd, &ack, sizeof(ack), MSG_NOSIGNAL) < 0)
		return 1;
	for (;;) {
		n = recv(worker.fd, buf.raw, sizeof(buf.raw), 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;   /* udevd is gone */
		if (msg_check(buf.raw, (size_t)n) < 0 || buf.ev.hdr.type != MSG_EVENT)
			rc = UDEV_EXIT_INTERNAL;
		else
			rc = worker_event(&buf.ev);
		msg_init(&ack, MSG_ACK, buf.ev.hdr.seqnum);
		ack.flags = buf.ev.hdr.flags;
		ack.rc = rc;
		if (send(worker.fd, &ack, sizeof(ack), MSG_NOSIGNAL) < 0)
			break;
	}
	cache_drop();
	return n < 0 ? 1 : 0;
}
