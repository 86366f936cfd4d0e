// SPDX-License-Identifier: GPL-2.0-only
/* collect: udev 117's collect, which counts the members of a group that
 * have been seen (the channels of an s390 CCW group, the paths of a
 * device...) across events:
 *   collect [--add|--remove] [--debug] CHECKPOINT ID IDLIST...
 * The IDs seen so far for CHECKPOINT are words of the file
 * UDEV_ROOT/.udev/collect/CHECKPOINT (117: /dev/.udev/collect/), read and
 * rewritten under a lock: ID is added to them (--remove: taken out), those
 * not in IDLIST are dropped, and COLLECT_CHECKPOINT=N is printed, N the
 * number of IDLIST's IDs not seen yet. Exit codes, 117's: N (0 when all
 * have been seen); 1 a usage error; 2 the file cannot be read; 3 it cannot
 * be opened (or CHECKPOINT is no file name); 4 its lock was not had within
 * 180 seconds. See docs/collect.8. */
#include "compat.h"
#include "conf.h"
#include "fd.h"
#include "fmt.h"
#include "log.h"
#include "probes.h"
#include "str.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define COLLECT_LOCK_SECONDS 180
#define COLLECT_MAX 1024            /* IDs one checkpoint holds */

enum { SEEN_NONE, SEEN_OLD, SEEN_CONFIRMED };

struct mates {
	char file[16384];               /* the file's words, NUL-separated */
	struct { const char *name; int state; } m[COLLECT_MAX];
	int n;
};

/* A checkpoint names a file and a key: letters, digits and _-.:+@, not
 * starting with a dot. */
static int checkpoint_ok(const char *s)
{
	if (!s[0] || s[0] == '.' || strlen(s) > 128)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || strchr("_-.:+@", *s)))
			return 0;
	return 1;
}

/* The locked file of checkpoint; -1 with the exit code in *rc. */
static int collect_open(const char *checkpoint, int *rc)
{
	static struct udev_conf conf;
	char path[CONF_PATH_MAX + 160];
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	struct flock fl;
	int fd, i;

	conf_defaults(&conf);
	conf_load(&conf, NULL);
	fmt_s(path, sizeof(path), "%s/.udev", conf.root);
	mkdir(path, 0755);
	str_append(path, "/collect", sizeof(path));
	mkdir(path, 0700);
	str_append(path, "/", sizeof(path));
	str_append(path, checkpoint, sizeof(path));
	*rc = 3;
	if ((fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600)) < 0) {
		log_err("collect: cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	/* polled rather than waited in F_SETLKW under alarm(): as a built-in
	 * the alarm is udev's */
	for (i = 0; fcntl(fd, F_SETLK, &fl) < 0; i++) {
		int e = errno;

		if ((e != EAGAIN && e != EACCES) || i >= COLLECT_LOCK_SECONDS * 50) {
			log_err("collect: no lock on %s: %s", path, strerror(e));
			close(fd);
			*rc = e == EAGAIN || e == EACCES ? 4 : 3;
			return -1;
		}
		nanosleep(&nap, NULL);
	}
	return fd;
}

static void mate_add(struct mates *b, const char *name, int state)
{
	if (b->n >= COLLECT_MAX) {
		log_err("collect: more than %d IDs, '%s' ignored", COLLECT_MAX, name);
		return;
	}
	b->m[b->n].name = name;
	b->m[b->n++].state = state;
}

/* The file's words, each SEEN_OLD; -1 when it cannot be read. */
static int checkout(int fd, struct mates *b)
{
	ssize_t len = fd_read_all(fd, b->file, sizeof(b->file) - 1);
	char *p, *end;

	if (len < 0)
		return -1;
	b->file[len] = '\0';
	for (p = b->file; *p; p = end) {
		p += strspn(p, " \n\t\r");
		end = p + strcspn(p, " \n\t\r");
		if (end == p)
			break;
		if (*end)
			*end++ = '\0';
		mate_add(b, p, SEEN_OLD);
	}
	return 0;
}

static void mark(struct mates *b, const char *name, int state)
{
	int i;

	for (i = 0; i < b->n; i++)
		if (strcmp(b->m[i].name, name) == 0)
			b->m[i].state = state;
}

/* Rewrites the file with the IDs kept; how many of IDLIST are missing. */
static int missing(int fd, const struct mates *b)
{
	int i, n = 0;

	if (lseek(fd, 0, SEEK_SET) < 0 || ftruncate(fd, 0) < 0)
		log_err("collect: cannot rewrite the list: %s", strerror(errno));
	for (i = 0; i < b->n; i++) {
		if (b->m[i].state == SEEN_NONE) {
			n++;
		} else if (b->m[i].state == SEEN_CONFIRMED) {
			if (fd_write_all(fd, b->m[i].name, strlen(b->m[i].name)) < 0 ||
			    fd_write_all(fd, " ", 1) < 0)
				log_err("collect: cannot write the list: %s", strerror(errno));
		}
	}
	return n;
}

/* The IDLIST words: those of the file are confirmed, the others missing. */
static void roll_call(struct mates *b, int argc, char **argv, int first)
{
	int i, j, known = b->n;

	for (i = first; i < argc; i++) {
		for (j = 0; j < known && strcmp(b->m[j].name, argv[i]) != 0; j++)
			;
		if (j < known)
			b->m[j].state = SEEN_CONFIRMED;
		else
			mate_add(b, argv[i], SEEN_NONE);
	}
}

int collect_run(int argc, char **argv, char *out, size_t size)
{
	static struct mates b;
	int i, fd, rc, prune = 0;
	char line[192];

	out[0] = '\0';
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (strcmp(argv[i], "-a") == 0 || strcmp(argv[i], "--add") == 0)
			prune = 0;
		else if (strcmp(argv[i], "-r") == 0 || strcmp(argv[i], "--remove") == 0)
			prune = 1;
		else if (strcmp(argv[i], "-d") != 0 && strcmp(argv[i], "--debug") != 0)
			return extras_usage("collect", COLLECT_USAGE, "unknown option", argv[i]);
	}
	if (i + 2 > argc)
		return extras_usage("collect", COLLECT_USAGE, "missing", "CHECKPOINT ID");
	if (!checkpoint_ok(argv[i])) {
		log_err("collect: '%s' is no checkpoint name", argv[i]);
		return 3;
	}
	if ((fd = collect_open(argv[i], &rc)) < 0)
		return rc;
	memset(&b, 0, sizeof(b));
	if (checkout(fd, &b) < 0) {
		close(fd);
		return 2;
	}
	roll_call(&b, argc, argv, i + 2);
	mark(&b, argv[i + 1], prune ? SEEN_NONE : SEEN_CONFIRMED);
	rc = missing(fd, &b);
	close(fd);   /* and its lock */
	fmt_s(line, sizeof(line), "COLLECT_%s=%d", argv[i], rc);
	extras_kv(out, size, NULL, line);
	return rc;
}
