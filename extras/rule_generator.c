// SPDX-License-Identifier: GPL-2.0-only
/* The rule writers' common part (rule_generator.h), with udev 117's
 * rule_generator.functions as the reference for behaviour: the same files,
 * the same lock folder, the same reading of the names rules already give. */
#include "compat.h"
#include "conf.h"
#include "fd.h"
#include "fmt.h"
#include "log.h"
#include "rule_generator.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOCK_TRIES 30   /* one a second, as 117 */

const char *rulegen_env(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? v : NULL;
}

/* The folder generated rules go to: the last of udev_rules that is a
 * folder (the administrator's /etc/udev/rules.d by default), else the
 * last named. */
static void rules_dir(const struct udev_conf *conf, char *dir, size_t size)
{
	const char *w = conf->rules, *end;
	char one[CONF_PATH_MAX];
	struct stat st;
	int have_dir = 0;

	dir[0] = '\0';
	for (; *w; w = end) {
		w += strspn(w, " \t");
		end = w + strcspn(w, " \t");
		if (end == w)
			break;
		if ((size_t)(end - w) >= sizeof(one))
			continue;
		memcpy(one, w, (size_t)(end - w));
		one[end - w] = '\0';
		if (stat(one, &st) == 0 && S_ISDIR(st.st_mode))
			have_dir = 1;
		else if (have_dir)
			continue;
		str_copy(dir, one, size);
	}
}

/* 117's test: a link can be made in dir (a read-only root cannot). */
static int writable(const char *dir)
{
	char probe[600];

	fmt_s(probe, sizeof(probe), "%s/.is-writeable", dir);
	if (symlink("test-link", probe) < 0)
		return 0;
	unlink(probe);
	return 1;
}

/* udev_root's .udev: a folder (not a link) of ours no one else may write. */
static int udev_dir_ok(const char *dir)
{
	struct stat st;

	return lstat(dir, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid() &&
	       !(st.st_mode & 022);
}

static int lock_take(struct rulegen *rg, const char *udev_dir, const char *name)
{
	int i;

	rg->lock[0] = '\0';
	if ((mkdir(udev_dir, 0755) < 0 && errno != EEXIST) || !udev_dir_ok(udev_dir)) {
		log_info("%s is not a folder of ours alone: no lock", udev_dir);
		return 0;
	}
	fmt_s(rg->lock, sizeof(rg->lock), "%s/.lock-%s", udev_dir, name);
	for (i = 0; mkdir(rg->lock, 0700) < 0; i++) {
		if (errno != EEXIST) {
			log_info("cannot make the lock %s: %s, going on without", rg->lock,
				 strerror(errno));
			rg->lock[0] = '\0';
			return 0;
		}
		if (i == LOCK_TRIES) {
			log_err("cannot lock %s (%s is held)", name, rg->lock);
			rg->lock[0] = '\0';
			return RULEGEN_EXIT_WRITE;
		}
		sleep(1);
	}
	return 0;
}

int rulegen_open(struct rulegen *rg, const char *argv0, const char *name)
{
	struct udev_conf conf;
	char dir[CONF_PATH_MAX], udev_dir[CONF_PATH_MAX + 8], tmp[600];
	int rc;

	memset(rg, 0, sizeof(*rg));
	conf_defaults(&conf);
	if (conf_load(&conf, NULL) < 0)
		log_info("%s unread, the defaults are used", conf_file());
	/* as udev ran it: from udev_libexec when named without a '/' */
	if (strchr(argv0, '/'))
		str_copy(rg->prog, argv0, sizeof(rg->prog));
	else
		fmt_s(rg->prog, sizeof(rg->prog), "%s/%s", conf.libexec, argv0);
	rules_dir(&conf, dir, sizeof(dir));
	fmt_s(udev_dir, sizeof(udev_dir), "%s/.udev", conf.root);
	fmt_s(rg->file, sizeof(rg->file), "%s/%s", dir, name);
	fmt_s(tmp, sizeof(tmp), "%s/tmp-rules--%s", udev_dir, name);
	rc = lock_take(rg, udev_dir, name);
	if (rc)
		return rc;
	rg->header = access(rg->file, F_OK) < 0 && access(tmp, F_OK) < 0;
	if (!writable(dir)) {
		str_copy(rg->ro_file, rg->file, sizeof(rg->ro_file));
		str_copy(rg->file, tmp, sizeof(rg->file));
	}
	return 0;
}

void rulegen_close(struct rulegen *rg)
{
	if (rg->lock[0] && rmdir(rg->lock) < 0)
		log_err("cannot remove the lock %s: %s", rg->lock, strerror(errno));
	rg->lock[0] = '\0';
}

static int blank(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* 117's pattern for one line: the last KEY"value" after a blank or a ','
 * whose value is name (series 0), or base and digits (series 1), followed
 * by blanks and the end of the line, a ',', or a '\' that ends it. The
 * value is copied to val; 1 when there is one. */
static int line_value(const char *line, const char *key, const char *name, int series,
		      char *val, size_t size)
{
	size_t klen = strlen(key), nlen = strlen(name);
	const char *p, *v, *e, *t;
	int found = 0;

	if (!line[0])
		return 0;
	for (p = line + 1; *p; p++) {
		if (!(blank(p[-1]) || p[-1] == ',') || strncmp(p, key, klen) != 0 || p[klen] != '"')
			continue;
		v = p + klen + 1;
		e = strchr(v, '"');
		if (!e || strncmp(v, name, nlen) != 0)
			continue;
		if (series ? strspn(v + nlen, "0123456789") != (size_t)(e - v) - nlen :
			     (size_t)(e - v) != nlen)
			continue;
		for (t = e + 1; blank(*t); t++)
			;
		if (*t && *t != ',' && !(*t == '\\' && !t[1]))
			continue;
		if ((size_t)(e - v) >= size)
			continue;
		memcpy(val, v, (size_t)(e - v));
		val[e - v] = '\0';
		found = 1;
	}
	return found;
}

/* The highest number after base that one line gives (-1: none). */
struct scan {
	const char *key, *name;
	int series;
	long max;
};

static void scan_line(struct scan *s, const char *line)
{
	char val[256];
	const char *d;
	long n = 0;

	if (!line_value(line, s->key, s->name, s->series, val, sizeof(val)))
		return;
	for (d = val + strlen(s->name); *d && n < 100000000; d++)
		n = n * 10 + (*d - '0');
	if (n > s->max)
		s->max = n;
}

/* Feeds every line of file to scan_line (a line longer than the buffer
 * is read as its first part). */
static void scan_file(struct scan *s, const char *file)
{
	char buf[4096], line[4096];
	size_t len = 0;
	ssize_t n, i;
	int fd;

	if (!file[0] || (fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++) {
			if (buf[i] == '\n') {
				line[len] = '\0';
				scan_line(s, line);
				len = 0;
			} else if (len < sizeof(line) - 1) {
				line[len++] = buf[i] ? buf[i] : ' ';
			}
		}
	line[len] = '\0';
	if (len)
		scan_line(s, line);
	close(fd);
}

static long scan_both(const struct rulegen *rg, const char *key, const char *name, int series)
{
	struct scan s = { key, name, series, -1 };

	scan_file(&s, rg->ro_file);
	scan_file(&s, rg->file);
	return s.max;
}

int rulegen_taken(const struct rulegen *rg, const char *key, const char *name)
{
	return scan_both(rg, key, name, 0) >= 0;
}

long rulegen_next(const struct rulegen *rg, const char *key, const char *base)
{
	long max = scan_both(rg, key, base, 1);

	return max < 0 ? -1 : max + 1;
}

int rulegen_append(const struct rulegen *rg, const char *text)
{
	int fd = open(rg->file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
	size_t len = strlen(text);

	if (fd < 0 || fd_write_all(fd, text, len) < 0) {
		log_err("cannot write %s: %s", rg->file, strerror(errno));
		if (fd >= 0)
			close(fd);
		return RULEGEN_EXIT_WRITE;
	}
	if (close(fd) < 0) {
		log_err("cannot write %s: %s", rg->file, strerror(errno));
		return RULEGEN_EXIT_WRITE;
	}
	return 0;
}

int rulegen_bad_value(const char *what, const char *value)
{
	const char *c;

	for (c = value; *c; c++)
		if (*c == '"' || *c == '\\' || str_is_ctl((unsigned char)*c)) {
			char esc[256];

			str_escape(esc, value, sizeof(esc));
			log_err("%s '%s' cannot be written in a rule", what, esc);
			return 1;
		}
	return 0;
}

void rulegen_comment(char *to, size_t size, const char *s)
{
	str_copy(to, s, size);
	for (; *to; to++)
		if (str_is_ctl((unsigned char)*to))
			*to = ' ';
}
