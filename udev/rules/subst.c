// SPDX-License-Identifier: GPL-2.0-only
/* Substitutions in rule values: %k %n %p %M %m %b %d %c %c{N} %c{N+}
 * %s{attr} %E{key} %e %r %S %P %N %A %%, an optional length limit
 * (%3s{attr}), and the $kernel $number $devpath $id $driver $major $minor
 * $result $sysfs{attr} $attr{attr} $env{key} $root $sys $parent $enum
 * $tempnode $name $links $modalias $$ spellings. */
#include "compat.h"
#include "subst.h"
#include "../db/db.h"
#include "log.h"
#include "path.h"
#include "proc.h"
#include "str.h"
#include "fmt.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define ENUM_MARK '\x01'
#define RESCAN_MAX 3       /* substitutions inside substituted text, nested */
#define NAME_MARK '\x03'   /* $name: no % letter of its own */
#define LINKS_MARK '\x04'  /* $links: none either */

static const struct { const char *name; char c; } dollar_names[] = {
	{ "kernel", 'k' }, { "number", 'n' }, { "devpath", 'p' }, { "id", 'b' },
	{ "major", 'M' }, { "minor", 'm' }, { "result", 'c' }, { "sysfs", 's' },
	{ "env", 'E' }, { "root", 'r' }, { "parent", 'P' }, { "enum", 'e' },
	{ "tempnode", 'N' }, { "name", NAME_MARK }, { "modalias", 'A' },
	{ "attr", 's' }, { "sys", 'S' }, { "links", LINKS_MARK }, { "driver", 'd' },
};
#define NDOLLAR (sizeof(dollar_names) / sizeof(dollar_names[0]))

/* The $name at p (064: in any case, the letters after it are text:
 * "$numberb" is "$number" then "b"); NDOLLAR when none. */
static size_t dollar_lookup(const char *p)
{
	size_t i;

	for (i = 0; i < NDOLLAR; i++)
		if (strncasecmp(p, dollar_names[i].name, strlen(dollar_names[i].name)) == 0)
			break;
	return i;
}

void subst_unknown(const char *s, char *word, size_t size)
{
	size_t n;

	word[0] = '\0';
	for (; (s = strchr(s, '$')); s++) {
		if (s[1] == '$')
			s++;
		else if (isalpha((unsigned char)s[1]) && dollar_lookup(s + 1) == NDOLLAR) {
			for (n = 1; isalnum((unsigned char)s[n]) || s[n] == '_'; n++)
				;
			str_copy(word, s, n + 1 < size ? n + 1 : size);
			return;
		}
	}
}

void subst_untrusted(char *s)
{
	str_replace_chars(s, ";,~\\()'", '_');
}

/* Words of the PROGRAM result, as udev 064 took them: {N} the Nth (words
 * are separated by white space, and the word ends at its first space),
 * {N+} the Nth to the end; {0} or no number: the whole result. In a rule of
 * a 2004 file as udev 050 took them: words between runs of " \n\r",
 * leading ones skipped. */
static void subst_result(const char *result, const char *arg, char *out, size_t size,
			 int legacy)
{
	const char *p = result, *ws = legacy ? " \n\r" : " \t\n\v\f\r";
	char *after;
	long n = strtol(arg, &after, 10), i;
	size_t len;

	if (n <= 0) {
		str_copy(out, result, size);
		return;
	}
	if (legacy)
		p += strspn(p, ws);
	for (i = 1; i < n && *p; i++) {
		p += strcspn(p, ws);
		p += strspn(p, ws);
	}
	len = *after == '+' ? strlen(p) : strcspn(p, legacy ? ws : " ");
	if (len >= size)
		len = size - 1;
	memcpy(out, p, len);
	out[len] = '\0';
}

/* %s{attr}: the device itself, then the device behind it (a class
 * device's, a partition's disk's) and each device above that until one has
 * it, as 064 read it, whatever level the rule's keys matched; in a rule of
 * a 2004-syntax file one level after the device itself, as 050 read it:
 * the one the rule's device keys matched while its PROGRAM runs, else the
 * device behind. */
static void subst_attr(struct udev_event *ev, const char *attr, char *out, size_t size)
{
	int i, end;

	int (*rd)(const char *, const char *, char *, size_t) =
		ev->v100_rule ? sysfs_attr_read_100 : sysfs_attr_read;
	char other[SYSFS_PATH_MAX];
	const char *name;

	out[0] = '\0';
	/* udev 117: [SUBSYSTEM/KERNEL]attribute, another device's */
	if (attr[0] == '[' && sysfs_lookup_spec(attr, other, sizeof(other), &name) != -EINVAL) {
		if (!*name || rd(other, name, out, size) < 0)
			out[0] = '\0';
		return;
	}
	event_chain(ev);
	if (ev->nchain == 0)
		return;
	if (ev->v100_rule && ev->attr_level > 0 &&
	    rd(ev->chain[ev->attr_level].devpath, attr, out, size) >= 0)
		return;
	if (rd(ev->chain[0].devpath, attr, out, size) >= 0)
		return;
	i = ev->legacy_rule && ev->attr_level >= 0 ? ev->attr_level :
	    ev->v100_rule ? 1 : event_device_level(ev);
	end = ev->legacy_rule ? i + 1 : ev->nchain;
	for (i = i > 0 ? i : 1; i < end && i < ev->nchain; i++)
		if (rd(ev->chain[i].devpath, attr, out, size) >= 0)
			return;
	out[0] = '\0';
}

int event_modalias(struct udev_event *ev, char *out, size_t size)
{
	int i = event_device_level(ev);

	out[0] = '\0';
	if (i < ev->nchain && sysfs_attr_read(ev->chain[i].devpath, "modalias", out, size) >= 0)
		return 1;
	out[0] = '\0';
	return 0;
}

/* %N: a node of the device's number for PROGRAM to open before the real
 * node exists; event_free() removes it. */
static void subst_tempnode(struct udev_event *ev, char *out, size_t size)
{
	char path[1024];

	out[0] = '\0';
	if (!ev->has_devnum)
		return;
	if (!ev->tmpnode[0]) {
		mode_t mode = (event_is_block(ev) ? S_IFBLK : S_IFCHR) | 0600;
		dev_t dev = makedev(ev->major, ev->minor);

		fmt_s(path, sizeof(path), "%s/.tmp-%u-%u-%d", ev->conf->root, ev->major,
		      ev->minor, (int)proc_self());
		/* udev_root is there but for the first node: its folders only then */
		if (mknod(path, mode, dev) < 0 &&
		    (errno != ENOENT || path_mkdir_parents(path, 0755) < 0 || mknod(path, mode, dev) < 0)) {
			log_err("cannot make temporary node %s: %s", path, strerror(errno));
			return;
		}
		str_copy(ev->tmpnode, path, sizeof(ev->tmpnode));
	}
	str_copy(out, ev->tmpnode, size);
}

static void subst_parent(struct udev_event *ev, char *out, size_t size)
{
	struct db_record rec;

	out[0] = '\0';
	event_chain(ev);
	if (ev->nchain > 1 && db_read(ev->conf, ev->chain[1].devpath, &rec) == 0)
		str_copy(out, rec.name, size);
}

/* The value of one substitution c with optional {arg}. */
static void subst_one(struct udev_event *ev, char c, const char *arg, char *out, size_t size)
{
	const char *v = "";

	out[0] = '\0';
	switch (c) {
	case 'k': v = ev->kernel; break;
	case 'n': v = ev->number; break;
	case 'p': v = ev->devpath; break;
	case 'r': v = ev->conf->root; break;
	case '%': v = "%"; break;
	case '$': v = "$"; break;
	case 'M': fmt_s(out, size, "%u", ev->major); return;
	case 'm': fmt_s(out, size, "%u", ev->minor); return;
	case 'b':   /* 050/064: the device behind the class device; 100: the */
	case 'd': { /* level the rule's parent keys matched, else the device */
		int level = ev->v100_rule ? (event_chain(ev), ev->attr_level > 0 ? ev->attr_level : 0)
					  : event_device_level(ev);

		if (level < ev->nchain)
			v = c == 'b' ? ev->chain[level].kernel : ev->chain[level].driver;
		break;
	}
	case 'c':
		if (arg)
			subst_result(ev->result, arg, out, size, ev->legacy_rule);
		else
			str_copy(out, ev->result, size);
		return;
	case 's':
		if (arg)
			subst_attr(ev, arg, out, size);
		if (!ev->escape_none)
			subst_untrusted(out);
		return;
	case 'E': v = arg ? env_get(&ev->env, arg) : NULL; break;
	case 'P': subst_parent(ev, out, size); return;
	case 'A': event_modalias(ev, out, size); return;
	case 'N': subst_tempnode(ev, out, size); return;
	case NAME_MARK: v = ev->name; break;
	case LINKS_MARK: v = ev->symlinks; break;
	case 'S': v = sysfs_root(); break;
	default:
		log_err("unknown substitution %%%c, ignoring", c);
	}
	str_copy(out, v ? v : "", size);
}

/* Parses the substitution after '%' or '$' at *pp into c/arg/limit. */
static int subst_parse(const char **pp, char dollar, char *c, char *arg, size_t asize, int *limit)
{
	const char *p = *pp;
	size_t i, n;

	*limit = 0;
	if (dollar == '$' && isalpha((unsigned char)*p)) {
		i = dollar_lookup(p);
		if (i == NDOLLAR)
			return -1;
		*c = dollar_names[i].c;
		p += strlen(dollar_names[i].name);
	} else {
		/* digits past any useful length only saturate (no int overflow) */
		for (; dollar == '%' && isdigit((unsigned char)*p); p++)
			if (*limit < LIST_SIZE * 100)
				*limit = *limit * 10 + (*p - '0');
		if (!*p)
			return -1;
		*c = *p++;
		if (dollar == '$' && *c != '$')
			return -1;
	}
	arg[0] = '\0';
	/* %% and $$ take no {arg}: "$${K#usb}" is the shell's (064, 100) */
	if (*p == '{' && *c != '%' && *c != '$') {
		n = strcspn(p + 1, "}");
		if (p[1 + n] != '}' || n >= asize)
			return -1;
		memcpy(arg, p + 1, n);
		arg[n] = '\0';
		p += n + 2;
	}
	*pp = p;
	return 0;
}

static void subst_expand(struct udev_event *ev, const char *in, char *out, size_t size,
			 int depth, int path);

/* A substituted value is scanned again (PROGRAM output "disk-%n" gives
 * "disk-3"), as udev 050 and 064 did, RESCAN_MAX levels deep at most (064
 * looped for ever on a value that named itself); %% and $$ are final, and
 * %e and %N are not expanded there (see subst_expand). */
static void subst_rescan(struct udev_event *ev, char c, char *val, size_t size, int depth,
			 int path)
{
	char again[LIST_SIZE];
	size_t n;

	for (n = 0; val[n]; n++)   /* the mark is ours alone */
		if (val[n] == ENUM_MARK)
			val[n] = '\x02';
	if (c == '%' || c == '$' || depth >= RESCAN_MAX || !strpbrk(val, "%$"))
		return;
	subst_expand(ev, val, again, sizeof(again), depth + 1, path);
	str_copy(val, again, size);
}

/* Device data: attributes, PROGRAM's result, the environment's values (but
 * the kernel's DEVPATH and DEVPATH_OLD, which %p gives too), modalias. */
static int subst_from_device(char c, const char *arg)
{
	if (c == 'E')
		return !arg || (strcmp(arg, "DEVPATH") != 0 && strcmp(arg, "DEVPATH_OLD") != 0);
	return c == 's' || c == 'c' || c == 'A';
}

/* Device data in a path is one name: no '/' (no component of its own),
 * and not "." or ".." (nor dots only, which two values side by side could
 * join into ".."): those become '_'. */
static void subst_one_name(char *val)
{
	str_replace_chars(val, "/", '_');
	if (*val && !val[strspn(val, ".")])
		str_replace_chars(val, ".", '_');
}

static void subst_expand(struct udev_event *ev, const char *in, char *out, size_t size,
			 int depth, int path)
{
	char val[LIST_SIZE], arg[128], c;
	size_t len = 0, n;
	int limit;
	const char *p;

	for (p = in; *p && len + 1 < size;) {
		const char *start = p;

		/* a '$' in a 2004-syntax rule is text: 050 knew no $names (060) */
		if ((*p != '%' && (*p != '$' || ev->legacy_rule)) ||
		    (p++, subst_parse(&p, *start, &c, arg, sizeof(arg), &limit) < 0)) {
			p = start + 1;
			out[len++] = *start;
			continue;
		}
		if (depth && (c == 'e' || c == 'N')) {
			/* device data may not make udev scan the database or make a
			 * node: %e and %N stay as written in substituted text */
			n = (size_t)(p - start) < size - 1 - len ? (size_t)(p - start) : size - 1 - len;
			memcpy(out + len, start, n);
			len += n;
			continue;
		}
		if (c == 'e') {
			out[len++] = ENUM_MARK;
			continue;
		}
		subst_one(ev, c, arg[0] ? arg : NULL, val, sizeof(val));
		subst_rescan(ev, c, val, sizeof(val), depth, path);
		if (limit > 0 && (size_t)limit < strlen(val))
			val[limit] = '\0';
		if (path && subst_from_device(c, arg[0] ? arg : NULL))
			subst_one_name(val);
		n = strlen(val);
		if (n > size - 1 - len)
			n = size - 1 - len;
		memcpy(out + len, val, n);
		len += n;
	}
	out[len] = '\0';
}

/* %e: the first of "", "1", "2"... that no other device's record uses. */
static void subst_enum(struct udev_event *ev, char *s, size_t size)
{
	char cand[LIST_SIZE], num[16], *mark = strchr(s, ENUM_MARK);
	int i;

	if (!mark)
		return;
	*mark = '\0';
	for (i = 0; i < 1000; i++) {
		num[0] = '\0';
		if (i)
			fmt_s(num, sizeof(num), "%d", i);
		fmt_s(cand, sizeof(cand), "%s%s%s", s, num, mark + 1);
		if (!db_name_taken(ev->conf, cand, ev->devpath))
			break;
	}
	str_copy(s, cand, size);
}

static void subst_format_as(struct udev_event *ev, const char *in, char *out, size_t size,
			    int path)
{
	char *p;

	subst_expand(ev, in, out, size, 0, path);
	subst_enum(ev, out, size);
	while ((p = strchr(out, ENUM_MARK)))
		memmove(p, p + 1, strlen(p));
}

void subst_format(struct udev_event *ev, const char *in, char *out, size_t size)
{
	subst_format_as(ev, in, out, size, 0);
}

void subst_path(struct udev_event *ev, const char *in, char *out, size_t size)
{
	subst_format_as(ev, in, out, size, 1);
}
