// SPDX-License-Identifier: GPL-2.0-only
/* udevinfo: queries the database and walks sysfs for rule writers.
 *   -q name|symlink|path|env|all  with -n NODE or -p DEVPATH; -r adds udev_root
 *   -a  print every level of the device chain as paste-ready rule keys
 *   -d (or -e) dump the database;  -r alone prints udev_root;  -V version
 *   -x  the env query as KEY='value' lines (later udevadm's --export)
 * udev 100's long options too: --query= --name= --path= --root
 * --attribute-walk --export-db --export.
 * Exit codes, as udev 0.5x's udevinfo (its -1 and -EINVAL as exit status; the
 * suite's usage code is the same 1, docs/conventions.md): 0 done, 1 usage
 * (bad option, unknown query type, -q without -n or -p, no readable
 * udev.conf), 255 not in the database (or not in sysfs, for -a), 234 -a
 * without a device. */
#include "compat.h"
#include "../db/db.h"
#include "../event/event.h"
#include "log.h"
#include "opts.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"
#include "fmt.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct opts {
	const char *query, *node, *path;
	int root, attrs, dump, exp;
};

static struct udev_conf conf;

/* Exit codes of udev 0.5x's udevinfo: its -1 and -EINVAL as exit status. */
enum {
	UDEVINFO_OK = 0,
	UDEVINFO_USAGE = 1,        /* bad option, query type or arguments */
	UDEVINFO_NOT_FOUND = 255,  /* not in the database (or sysfs, for -a) */
	UDEVINFO_NO_PATH = 234,    /* -a without a device */
};

#define UDEVINFO_HELP \
	"usage: udevinfo [-q name|symlink|path|env|all] [-n NODE | -p DEVPATH] [-r] [-x]\n" \
	"       udevinfo -a -p DEVPATH | -a -n NODE\n" \
	"       udevinfo -d | -V | -h"

static int usage(const char *what, const char *arg)
{
	return opts_usage_error("udevinfo", UDEVINFO_HELP, what, arg);
}

static void print_list(const char *list, int root)
{
	char buf[LIST_SIZE], *w, *save = NULL;
	const char *sep = "";

	str_copy(buf, list, sizeof(buf));
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		fmt_print(stdout, "%s%s%s%s", sep, root ? conf.root : "", root ? "/" : "", w);
		sep = " ";
	}
	fmt_print(stdout, "\n");
}

static int print_record(const struct db_record *rec, void *data)
{
	char env[DB_ENV_SIZE], *line, *save = NULL;

	(void)data;
	fmt_print(stdout, "P: %s\nN: %s\n", rec->devpath, rec->name);
	if (rec->symlinks[0]) {
		fmt_print(stdout, "S: ");
		print_list(rec->symlinks, 0);
	}
	if (rec->partitions)
		fmt_print(stdout, "A: %d\n", rec->partitions);
	if (rec->ignore_remove)
		fmt_print(stdout, "R: %d\n", rec->ignore_remove);
	str_copy(env, rec->env, sizeof(env));
	for (line = strtok_r(env, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		fmt_print(stdout, "E: %s\n", line);
	fmt_print(stdout, "\n");
	return 0;
}

static int query_type_ok(const char *q)
{
	return strcmp(q, "name") == 0 || strcmp(q, "symlink") == 0 ||
	       strcmp(q, "path") == 0 || strcmp(q, "env") == 0 || strcmp(q, "all") == 0 ||
	       strcmp(q, "property") == 0;   /* udevadm's: env with the device's own */
}

/* value up to end as a shell word, in single quotes (a ' as '\'') */
static void put_quoted(const char *v, const char *end)
{
	fputc('\'', stdout);
	for (; v < end; v++)
		if (*v == '\'')
			fputs("'\\''", stdout);
		else
			fputc(*v, stdout);
	fputs("'\n", stdout);
}

/* KEY=value, or with exp KEY='value' as later udevadm's --export printed
 * it: a shell can eval it */
static void print_prop(const char *key, const char *val, int exp)
{
	if (!exp) {
		fmt_print(stdout, "%s=%s\n", key, val);
		return;
	}
	fmt_print(stdout, "%s=", key);
	put_quoted(val, val + strlen(val));
}

/* KEY=value lines (the rules' variables), plain or as print_prop's exp */
static void print_vars(const char *env, int exp)
{
	const char *p = env, *eq, *end;

	if (!exp) {
		fmt_print(stdout, "%s", env);
		return;
	}
	for (; *p; p = *end ? end + 1 : end) {
		end = p + strcspn(p, "\n");
		eq = memchr(p, '=', (size_t)(end - p));
		if (!eq)
			continue;
		fwrite(p, 1, (size_t)(eq + 1 - p), stdout);
		put_quoted(eq + 1, end);
	}
}

/* The device's properties, as libudev's have them: the record's devpath,
 * node, number (sysfs) and links, then the variables the rules set. */
static void print_env(const struct db_record *rec, int exp)
{
	char dev[32] = "", val[LIST_SIZE + 256] = "", *colon, *w, *save = NULL, buf[LIST_SIZE];
	size_t n = 0;

	print_prop("DEVPATH", rec->devpath, exp);
	if (rec->name[0]) {
		fmt_s(val, sizeof(val), "%s/%s", conf.root, rec->name);
		print_prop("DEVNAME", val, exp);
	}
	if (sysfs_attr_read(rec->devpath, "dev", dev, sizeof(dev)) >= 0 &&
	    (colon = strchr(dev, ':'))) {
		*colon++ = '\0';
		colon[strcspn(colon, "\n")] = '\0';
		print_prop("MAJOR", dev, exp);
		print_prop("MINOR", colon, exp);
	}
	if (rec->symlinks[0]) {
		str_copy(buf, rec->symlinks, sizeof(buf));
		val[0] = '\0';
		for (w = strtok_r(buf, " ", &save); w && n < sizeof(val); w = strtok_r(NULL, " ", &save))
			n += fmt_s(val + n, sizeof(val) - n, "%s%s/%s", n ? " " : "", conf.root, w);
		print_prop("DEVLINKS", val, exp);
	}
	print_vars(rec->env, exp);
}

static void query(const struct opts *o, struct db_record *rec)
{
	if (strcmp(o->query, "name") == 0)
		fmt_print(stdout, "%s%s%s\n", o->root ? conf.root : "", o->root ? "/" : "", rec->name);
	else if (strcmp(o->query, "symlink") == 0)
		print_list(rec->symlinks, o->root);
	else if (strcmp(o->query, "path") == 0)
		fmt_print(stdout, "%s\n", rec->devpath);
	else if (strcmp(o->query, "env") == 0)
		print_vars(rec->env, o->exp);   /* the rules' variables, as 0.5x */
	else if (strcmp(o->query, "property") == 0)
		print_env(rec, o->exp);
	else
		print_record(rec, NULL);
}

/* 1 when the attribute value is printable text worth showing. */
static int printable(const char *s)
{
	for (; *s; s++)
		if (!isprint((unsigned char)*s))
			return 0;
	return 1;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The attributes of devpath as keys of a rule: ATTR{file}=="value" of
 * the device, ATTRS{file}=="value" of a parent. */
static void print_attrs(const char *devpath, const char *key)
{
	char p[SYSFS_PATH_MAX * 2], *names[256], val[256];
	struct dirent *de;
	struct stat st;
	int n = 0, i;
	DIR *d;

	if (sysfs_path(p, sizeof(p), devpath, NULL) < 0 || !(d = opendir(p)))
		return;
	while ((de = readdir(d)) && n < 256) {
		char f[SYSFS_PATH_MAX * 2 + 256];

		fmt_s(f, sizeof(f), "%s/%s", p, de->d_name);
		if (lstat(f, &st) == 0 && S_ISREG(st.st_mode) && strcmp(de->d_name, "uevent") != 0 &&
		    (names[n] = strdup(de->d_name)))
			n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), name_cmp);
	for (i = 0; i < n; i++) {
		if (sysfs_attr_read(devpath, names[i], val, sizeof(val)) >= 0 && printable(val))
			fmt_print(stdout, "    %s{%s}==\"%s\"\n", key, names[i], val);
		free(names[i]);
	}
}

/* One level's keys in udev 100's names: KERNEL, SUBSYSTEM, DRIVER and
 * ATTR{} of the device (its DRIVER only when it has one: the key walks
 * the parents, apply.c), KERNELS, SUBSYSTEMS, DRIVERS and ATTRS{} of a
 * parent. */
static void print_level(const struct sysfs_device *d, int parent)
{
	const char *s = parent ? "S" : "";
	char kernel[sizeof(d->kernel)], *p;

	str_copy(kernel, d->kernel, sizeof(kernel));
	for (p = kernel; !parent && *p; p++)   /* KERNEL matches cciss/c0d0 */
		if (*p == '!')
			*p = '/';
	fmt_print(stdout, "    KERNEL%s==\"%s\"\n    SUBSYSTEM%s==\"%s\"\n", s, kernel, s, d->subsystem);
	if (parent || d->driver[0])
		fmt_print(stdout, "    DRIVER%s==\"%s\"\n", s, d->driver);
	print_attrs(d->devpath, parent ? "ATTRS" : "ATTR");
	fmt_print(stdout, "\n");
}

/* The levels of udev 100's walk (a rule that uses these keys is read as
 * udev 100 read it, apply.c): the device, then each parent. */
static int attr_walk(const char *devpath)
{
	static struct udev_event ev;
	int level;

	str_copy(ev.devpath, devpath, sizeof(ev.devpath));
	event_chain(&ev);
	if (!ev.nchain) {
		char p[SYSFS_PATH_MAX];

		if (sysfs_path(p, sizeof(p), devpath, NULL) < 0)
			str_copy(p, devpath, sizeof(p));
		fmt_print(stderr, "udevinfo: %s not found in sysfs (no %s)\n", devpath, p);
		return UDEVINFO_NOT_FOUND;
	}
	fmt_print(stdout, "\nudevinfo starts with the device given and walks up the chain, printing\n"
		  "each level's keys in rule syntax. Keys of one level may be used together\n"
		  "in one rule, with the keys of the device itself.\n\n");
	for (level = 0; level < ev.nchain; level++) {
		fmt_print(stdout, level ? "  looking at parent device '%s':\n" :
			  "  looking at device '%s':\n", ev.chain[level].devpath);
		print_level(&ev.chain[level], level > 0);
	}
	return UDEVINFO_OK;
}

/* The record named by -n (node or symlink, with or without udev_root). */
static int find_record(const struct opts *o, struct db_record *rec)
{
	size_t len = strlen(conf.root);
	const char *name = o->node;

	if (o->path)
		return db_read(&conf, sysfs_devpath(o->path), rec);
	if (strncmp(name, conf.root, len) == 0 && name[len] == '/')
		name += len + 1;
	return db_find_name(&conf, name, rec);
}

/* udevadm info's long options, which udevinfo takes too: each into its
 * letter (a value after '=' split off), in place in the words of av
 * (room for argc * 2 + 1); the new count. */
static int long_opts(int argc, char **argv, char **av)
{
	static const char *const map[] = {
		"--query", "-q", "--name", "-n", "--path", "-p", "--root", "-r",
		"--attribute-walk", "-a", "--export-db", "-e", "--export", "-x",
	};
	int i, n = 0;
	unsigned int k;
	size_t len;

	for (i = 0; i < argc; i++) {
		av[n++] = argv[i];
		if (strncmp(argv[i], "--", 2) != 0 || !argv[i][2])
			continue;
		for (k = 0; k < sizeof(map) / sizeof(map[0]); k += 2) {
			len = strlen(map[k]);
			if (strncmp(argv[i], map[k], len) != 0 ||
			    (argv[i][len] && argv[i][len] != '='))
				continue;
			av[n - 1] = (char *)map[k + 1];
			if (argv[i][len] == '=')
				av[n++] = argv[i] + len + 1;
			break;
		}
	}
	av[n] = NULL;
	return n;
}

/* The options into o; 0, or the usage error's code, said in the suite's
 * words (lib/opts.c). */
static int parse_opts(int argc, char **argv, struct opts *o)
{
	int c, word = optind > 0 ? optind : 1;   /* (klibc starts optind at 0) */

	memset(o, 0, sizeof(*o));
	opterr = 0;
	/* word: the argument getopt reads now, named when it is wrong (after
	 * the call, optind may be past it or still on it) */
	for (; (c = getopt(argc, argv, ":q:n:p:radexVh")) != -1; word = optind) {
		switch (c) {
		case 'q': o->query = optarg; break;
		case 'n': o->node = optarg; break;
		case 'p': o->path = optarg; break;
		case 'r': o->root = 1; break;
		case 'a': o->attrs = 1; break;
		case 'd':
		case 'e': o->dump = 1; break;
		case 'x': o->exp = 1; break;
		case 'V':
			fmt_print(stdout, "udevinfo, version %s (udev-legacy)\n", VERSION);
			exit(0);
		case 'h':
			fmt_print(stdout, "%s\n", UDEVINFO_HELP);
			exit(0);
		case ':':   /* (klibc's getopt sets no optopt: the word it passed) */
			return opts_missing("udevinfo", UDEVINFO_HELP, argv[optind - 1]);
		default:
			return opts_unknown("udevinfo", UDEVINFO_HELP, argv[word < argc ? word : argc - 1]);
		}
	}
	return optind < argc ? usage("extra argument", argv[optind]) : 0;
}

int main(int argc, char **argv)
{
	struct db_record rec;
	struct opts o;
	char *av[2 * 32 + 1];
	int r;

	if (opts_std(argc, argv, "udevinfo", UDEVINFO_HELP))
		return 0;
	log_init("udevinfo", log_sink_auto());
	if (argc > 32)
		return usage("too many arguments:", argv[32]);
	argc = long_opts(argc, argv, av);
	if ((r = parse_opts(argc, av, &o)))
		return r;
	conf_defaults(&conf);
	r = conf_load(&conf, NULL);
	log_set_level(log_level_pick(getenv("UDEV_LOG"), conf.log, log_get_level()));
	if (r < 0) {
		log_err("cannot read %s: %s", conf_file(), strerror(-r));
		return UDEVINFO_USAGE;
	}
	if (o.dump) {
		db_foreach(&conf, print_record, NULL);
		return UDEVINFO_OK;
	}
	if (o.query && !query_type_ok(o.query))
		return usage("unknown query type", o.query);
	if (o.attrs && o.path)
		return attr_walk(sysfs_devpath(o.path));
	if (o.attrs && !o.node)
		{
		usage("an attribute walk needs -p or -n:", "-a");
		return UDEVINFO_NO_PATH;
	}
	if (!o.query && !o.attrs) {
		if (o.root) {
			fmt_print(stdout, "%s\n", conf.root);
			return UDEVINFO_OK;
		}
		return usage("nothing to do: no", "-q, -a, -d or -r");
	}
	if (!o.node && !o.path)
		return usage("a query needs -p or -n:", "-q");
	if (find_record(&o, &rec) < 0) {
		fmt_print(stderr, "udevinfo: %s not found in database\n", o.path ? o.path : o.node);
		return UDEVINFO_NOT_FOUND;
	}
	if (o.attrs)
		return attr_walk(rec.devpath);
	query(&o, &rec);
	return UDEVINFO_OK;
}
