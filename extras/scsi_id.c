// SPDX-License-Identifier: GPL-2.0-only
/* scsi_id: udev 117's scsi_id, which names a SCSI device (a disk, a tape, a
 * libata disk) by the id it gives in its VPD pages, for
 * /dev/disk/by-id/scsi-* and for multipath:
 *   scsi_id [-g|-b] [-x] [-u] [-i] [-a] [-n] [-p PAGE] [-f CONFIG] [-d NODE] -s DEVPATH
 * with 117's long options too (--whitelisted, --export, --devpath= ...).
 * $DEVPATH, when set, is the device unless -s names one. The options are
 * read from the config file (SYSCONFDIR/scsi_id.config) first: its line without
 * a vendor gives options for every device; the first line whose vendor
 * (and model) begin the device's gives -b, -g or -p for it. A device is
 * asked only when whitelisted (-g, there or on the command line).
 * Exit codes, 117's: 0 printed; 1 a usage error, an unknown option or page,
 * a bad config file, no DEVPATH, no such device or no SCSI device above
 * it, not whitelisted, or no id (and no -a); 2 a bad page in the config
 * file's options. See docs/scsi_id.8 and scsi_serial.c for the pages. */
#include "compat.h"
#include "conf.h"
#include "fd.h"
#include "fmt.h"
#include "log.h"
#include "probes.h"
#include "str.h"
#include "sysfs.h"
#include "scsi_serial.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define SCSI_ID_CONFIG SYSCONFDIR "/scsi_id.config"
#define CONF_LINE 256                 /* 117's longest config line, its newline too */
#define OPT_ARGS 32

struct scsi_opts {
	int good, always_info, display_bus_id, page, reformat, ignore_sysfs, export;
	const char *bad;     /* the option or page that was not one */
	char config[SYSFS_PATH_MAX], devpath[SYSFS_PATH_MAX], node[SYSFS_PATH_MAX];
};

/* 117's options: the letter, its long name, whether it takes a value. */
static const struct { const char *name; char letter, arg; } scsi_options[] = {
	{ "device", 'd', 1 }, { "config", 'f', 1 }, { "page", 'p', 1 }, { "devpath", 's', 1 },
	{ "fallback-to-sysfs", 'a', 0 }, { "blacklisted", 'b', 0 }, { "whitelisted", 'g', 0 },
	{ "prefix-bus-id", 'i', 0 }, { "replace-whitespace", 'u', 0 }, { "ignore-sysfs", 'n', 0 },
	{ "verbose", 'v', 0 }, { "version", 'V', 0 }, { "export", 'x', 0 }, { "help", 'h', 0 },
};
#define N_OPTIONS (sizeof(scsi_options) / sizeof(scsi_options[0]))

/* The option of a long name or (getopt_long's way) of a unique beginning
 * of one; -1 when none. */
static int long_option(const char *name, size_t len)
{
	unsigned int i;
	int found = -1, n = 0;

	for (i = 0; i < N_OPTIONS; i++) {
		if (strncmp(scsi_options[i].name, name, len) != 0)
			continue;
		if (strlen(scsi_options[i].name) == len)
			return (int)i;
		found = (int)i;
		n++;
	}
	return n == 1 ? found : -1;
}

static int short_option(char c)
{
	unsigned int i;

	for (i = 0; i < N_OPTIONS; i++)
		if (scsi_options[i].letter == c)
			return (int)i;
	return -1;
}

/* -p's value; 1 when it is none of 117's. */
static int page_of(const char *v, int *page)
{
	if (strcmp(v, "0x80") == 0)
		*page = SCSI_PAGE_80;
	else if (strcmp(v, "0x83") == 0)
		*page = SCSI_PAGE_83;
	else if (strcmp(v, "pre-spc3-83") == 0)
		*page = SCSI_PAGE_83_PRE_SPC3;
	else
		return 1;
	return 0;
}

#define OPT_DONE 1      /* -h or -V printed: exit 0 */
#define OPT_BAD_PAGE (-1)
#define OPT_UNKNOWN (-2)

static int apply(struct scsi_opts *o, char letter, const char *v, char *out, size_t size)
{
	if (!v)
		v = "";   /* one_option gives each option that takes a value one */
	switch (letter) {
	case 'a': o->always_info = 1; break;
	case 'b': o->good = 0; break;
	case 'g': o->good = 1; break;
	case 'i': o->display_bus_id = 1; break;
	case 'n': o->ignore_sysfs = 1; break;
	case 'u': o->reformat = 1; break;
	case 'x': o->export = 1; break;
	case 'v': log_set_level(LOG_DEBUG); break;
	case 'd': str_copy(o->node, v, sizeof(o->node)); break;
	case 'f': str_copy(o->config, v, sizeof(o->config)); break;
	case 's': str_copy(o->devpath, v, sizeof(o->devpath)); break;
	case 'p':
		if (page_of(v, &o->page)) {
			log_info("scsi_id: unknown page code '%s'", v);
			o->bad = v;
			return OPT_BAD_PAGE;
		}
		break;
	case 'h': extras_kv(out, size, NULL, SCSI_ID_USAGE); return OPT_DONE;
	default: extras_kv(out, size, NULL, "scsi_id, version " VERSION " (udev-legacy)"); return OPT_DONE;
	}
	return 0;
}

/* One argument at argv[*i] that starts with '-': its option letter (one
 * of allowed) and value; 0, or OPT_UNKNOWN. */
static int one_option(int argc, char **argv, int *i, const char *allowed, char *letters,
		      const char **value)
{
	const char *a = argv[*i], *eq;
	int k;

	*value = NULL;
	if (a[1] == '-') {
		eq = strchr(a + 2, '=');
		k = long_option(a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2));
		if (k < 0 || !strchr(allowed, scsi_options[k].letter) || (eq && !scsi_options[k].arg))
			return OPT_UNKNOWN;
		letters[0] = scsi_options[k].letter;
		letters[1] = '\0';
		if (scsi_options[k].arg)
			*value = eq ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
		return scsi_options[k].arg && !*value ? OPT_UNKNOWN : 0;
	}
	/* -xg: letters; -p0x80 or -p 0x80: a value */
	for (k = 0; a[1 + k]; k++) {
		int o = short_option(a[1 + k]);

		if (o < 0 || !strchr(allowed, a[1 + k]))
			return OPT_UNKNOWN;
		letters[k] = a[1 + k];
		if (scsi_options[o].arg) {
			*value = a[2 + k] ? a + 2 + k : *i + 1 < argc ? argv[++*i] : NULL;
			letters[k + 1] = '\0';
			return *value ? 0 : OPT_UNKNOWN;
		}
	}
	letters[k] = '\0';
	return 0;
}

/* The options of argv that allowed names (getopt's way: other words are
 * not looked at, "--" ends them); 0, OPT_DONE, OPT_BAD_PAGE or OPT_UNKNOWN. */
static int set_options(struct scsi_opts *o, int argc, char **argv, const char *allowed,
		       char *out, size_t size)
{
	char letters[64];
	const char *v;
	int i, k, rc;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (argv[i][0] != '-' || !argv[i][1])
			continue;
		if (one_option(argc, argv, &i, allowed, letters, &v) < 0) {
			log_info("scsi_id: unknown or bad option '%s'", argv[i]);
			o->bad = argv[i];
			return OPT_UNKNOWN;
		}
		for (k = 0; letters[k]; k++)
			if ((rc = apply(o, letters[k], v, out, size)) != 0)
				return rc;
	}
	return 0;
}

/* strsep() that gives NULL rather than a NULL *s to read on. */
static char *field(char **s, const char *delim)
{
	char *start = *s, *end;

	if (!start)
		return NULL;
	end = start + strcspn(start, delim);
	*s = *end ? end + 1 : NULL;
	*end = '\0';
	return start;
}

/* A value after '=': "quoted" (the byte after the closing quote, the ','
 * that ends it, skipped) or up to ','; blanks after it skipped. */
static char *get_value(char **s)
{
	int quoted = *s && **s == '"';
	char *v;

	if (quoted)
		(*s)++;
	v = field(s, quoted ? "\"\n" : ",\n");
	if (quoted && *s && **s)
		(*s)++;
	while (*s && (**s == ' ' || (**s >= '\t' && **s <= '\r')))
		(*s)++;
	return v;
}

struct conf_line {
	char *vendor, *model, *options;
};

/* One line as 117 read it: [vendor=V[,model=M],]options=O; 0, or -1 when
 * it is not of that form. */
static int parse_line(char *buf, struct conf_line *l)
{
	char *key = field(&buf, "=");

	memset(l, 0, sizeof(*l));
	if (key && str_casecmp(key, "VENDOR") == 0) {
		if (!(l->vendor = get_value(&buf)))
			return -1;
		key = field(&buf, "=");
		if (key && str_casecmp(key, "MODEL") == 0) {
			if (!(l->model = get_value(&buf)))
				return -1;
			key = field(&buf, "=");
		}
	}
	if (key && str_casecmp(key, "OPTIONS") == 0)
		l->options = get_value(&buf);
	return l->options ? 0 : -1;
}

/* The options of the config file's line for vendor and model (vendor NULL:
 * the line without a vendor) split into argv (argv[0] unused) in line[];
 * 0, 1 (no file, no such line) or -1 (a line of another form). 117 stopped
 * at a line of 255 bytes or more, or one without its newline. */
static int file_options(const char *config, const char *vendor, const char *model,
			char *line, int *argc, char **argv)
{
	static char text[16384];
	struct conf_line l = { NULL, NULL, NULL };
	char *p, *nl, *opt;
	ssize_t n = fd_read_file(config, text, sizeof(text));

	if (n < 0) {
		if (n == -ENOENT)
			return 1;
		log_err("scsi_id: can't open %s: %s", config, strerror((int)-n));
		return -1;
	}
	for (p = text; (nl = strchr(p, '\n')) && nl - p < CONF_LINE - 1; p = nl + 1) {
		*nl = '\0';
		memcpy(line, p, (size_t)(nl - p) + 1);
		line[nl - p] = '\n';
		line[nl - p + 1] = '\0';
		for (opt = line; *opt == ' ' || (*opt >= '\t' && *opt <= '\r'); opt++)
			;
		if (!*opt || *opt == '#')
			continue;
		if (parse_line(opt, &l) < 0 || (!l.vendor && l.model)) {
			log_info("scsi_id: error parsing config file line '%s'", p);
			return -1;
		}
		if (vendor ? l.vendor && strncmp(vendor, l.vendor, strlen(l.vendor)) == 0 &&
			     (!l.model || strncmp(model, l.model, strlen(l.model)) == 0)
			   : !l.vendor)
			break;
	}
	if (!nl || nl - p >= CONF_LINE - 1)
		return 1;
	*argc = 1;
	for (opt = l.options; opt && *argc < OPT_ARGS; )
		argv[(*argc)++] = field(&opt, " \t");
	argv[*argc] = NULL;
	return 0;
}

/* The device as 117 named it: vendor, model, revision cleaned, and type. */
struct scsi_names {
	char vendor[64], model[64], revision[16], type[16];
};

/* From the SCSI device's sysfs attributes, each in turn until one is
 * missing, as 117 did. */
static void names_sysfs(const char *devpath, struct scsi_names *n)
{
	char buf[256], *end;
	long t;

	if (sysfs_attr_read_raw(devpath, "vendor", buf, sizeof(buf)) < 0)
		return;
	extras_clean(n->vendor, sizeof(n->vendor), buf, sizeof(n->vendor) - 1);
	if (sysfs_attr_read_raw(devpath, "model", buf, sizeof(buf)) < 0)
		return;
	extras_clean(n->model, sizeof(n->model), buf, sizeof(n->model) - 1);
	if (sysfs_attr_read_raw(devpath, "type", buf, sizeof(buf)) < 0)
		return;
	t = strtol(buf, &end, 0);
	str_copy(n->type, end == buf ? "generic" : extras_scsi_type(t), sizeof(n->type));
	if (sysfs_attr_read_raw(devpath, "rev", buf, sizeof(buf)) >= 0)
		extras_clean(n->revision, sizeof(n->revision), buf, sizeof(n->revision) - 1);
}

/* From the device's standard INQUIRY answer (-n). */
static void names_inquiry(const char *node, struct scsi_names *n)
{
	char vendor[9], model[17], rev[5], hex[4], *end;
	int type;
	long t;

	if (scsi_std_inquiry(node, vendor, model, rev, &type))
		return;
	extras_clean(n->vendor, sizeof(n->vendor), vendor, 8);
	extras_clean(n->model, sizeof(n->model), model, 16);
	/* 117 wrote the type in hex and read it back as C reads a number:
	 * 0xe and 0xf are "generic" there, 0x14 and 0x15 not */
	hex[0] = type > 0xf ? '1' : "0123456789abcdef"[type & 0xf];
	hex[1] = type > 0xf ? "0123456789abcdef"[type & 0xf] : '\0';
	hex[2] = '\0';
	t = strtol(hex, &end, 0);
	str_copy(n->type, end == hex ? "generic" : extras_scsi_type(t), sizeof(n->type));
	extras_clean(n->revision, sizeof(n->revision), rev, sizeof(n->revision) - 1);
}

/* -b, -g and -p of the config file's line for the device. */
static void per_dev_options(const struct scsi_opts *o, const struct scsi_names *n,
			    int *good, int *page)
{
	struct scsi_opts dev = *o;
	char line[CONF_LINE + 1], *argv[OPT_ARGS + 1], dummy[8];
	int argc;

	if (file_options(o->config, n->vendor, n->model, line, &argc, argv) == 0)
		set_options(&dev, argc, argv, "bgp", dummy, sizeof(dummy));
	*good = dev.good;
	*page = dev.page;
}

/* -u: every blank a '_', a run of them one, none at the start. */
static void format_serial(char *s)
{
	char *p, *q = s;

	for (p = s; *p; p++) {
		if (*p == ' ' || (*p >= '\t' && *p <= '\r')) {
			if (q > s && q[-1] != '_')
				*q++ = '_';
		} else {
			*q++ = *p;
		}
	}
	*q = '\0';
}

/* A serial printed as it is: control bytes and those past ASCII as '_'
 * (117 printed them raw), so that it stays one line. */
static void printable(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < ' ' || (unsigned char)*s >= 0x7f)
			*s = '_';
}

static void scsi_print(const struct scsi_opts *o, const struct scsi_names *n,
		       struct scsi_serial *s, const char *kernel, char *out, size_t size)
{
	char buf[SCSI_SERIAL_MAX];

	if (o->export) {
		extras_kv(out, size, "ID_VENDOR", n->vendor);
		extras_kv(out, size, "ID_MODEL", n->model);
		extras_kv(out, size, "ID_REVISION", n->revision);
		extras_clean(buf, sizeof(buf), s->serial, sizeof(s->serial));
		extras_kv(out, size, "ID_SERIAL", buf);
		extras_clean(buf, sizeof(buf), s->serial_short, sizeof(s->serial_short));
		extras_kv(out, size, "ID_SERIAL_SHORT", buf);
		extras_kv(out, size, "ID_TYPE", n->type);
		if (!o->ignore_sysfs)
			extras_kv(out, size, "ID_BUS", "scsi");
		return;
	}
	if (o->reformat)
		format_serial(s->serial);
	printable(s->serial);
	if (o->display_bus_id) {
		str_append(out, kernel, size);
		str_append(out, ": ", size);
	}
	extras_kv(out, size, NULL, s->serial);
}

/* A node of the device's number to ask it through, as 117 made one in
 * /dev: UDEV_ROOT/tmp-scsi-majM-minN-PID; 0, or 1. */
static int tmp_node(const struct sysfs_device *dev, char *node, size_t size)
{
	static struct udev_conf conf;
	unsigned int maj, min;

	if (sysfs_devnum(dev->devpath, &maj, &min) < 0) {
		log_info("scsi_id: %s: no dev attribute", dev->devpath);
		return 1;
	}
	conf_defaults(&conf);
	conf_load(&conf, NULL);
	fmt_s(node, size, "%s/tmp-scsi-maj%u-min%u-%u", conf.root, maj, min, (unsigned int)getpid());
	if (mknod(node, 0600 | (strcmp(dev->subsystem, "block") == 0 ? S_IFBLK : S_IFCHR),
		  makedev(maj, min)) < 0) {
		log_err("scsi_id: mknod %s failed: %s", node, strerror(errno));
		return 1;
	}
	return 0;
}

#define CHAIN 16

/* The device's id into out: 0, or 1 (scsi_serial.h). */
static int scsi_id(struct scsi_opts *o, char *out, size_t size)
{
	static struct sysfs_device chain[CHAIN];
	static struct scsi_names n;
	static struct scsi_serial s;
	static char real[SYSFS_PATH_MAX];
	const struct sysfs_device *scsi = NULL;
	int i, rc, good, page, made = 0, len;

	extras_real_devpath(sysfs_devpath(o->devpath), real, sizeof(real));
	len = sysfs_chain(real, chain, CHAIN, SYSFS_CHAIN_NO_DRIVER);
	if (len < 1) {
		log_err("scsi_id: unable to access '%s'", o->devpath);
		return 1;
	}
	if (!o->node[0]) {
		if (tmp_node(&chain[0], o->node, sizeof(o->node)))
			return 1;
		made = 1;
	}
	memset(&n, 0, sizeof(n));
	for (i = 1; i < len && !o->ignore_sysfs && !scsi; i++)
		if (strcmp(chain[i].subsystem, "scsi") == 0 || strcmp(chain[i].bus, "scsi") == 0)
			scsi = &chain[i];
	if (o->ignore_sysfs) {
		scsi = &chain[0];
		names_inquiry(o->node, &n);
	} else if (scsi) {
		names_sysfs(scsi->devpath, &n);
	}
	rc = 1;
	if (!scsi) {
		log_err("scsi_id: no SCSI device above '%s'", o->devpath);
	} else {
		per_dev_options(o, &n, &good, &page);
		rc = !good ? 1 : scsi_get_serial(scsi->devpath, o->node, page, &s) ? !o->always_info : 0;
	}
	if (rc == 0)
		scsi_print(o, &n, &s, scsi->kernel, out, size);
	if (made)
		unlink(o->node);
	return rc;
}

static int scsi_id_main(int argc, char **argv, char *out, size_t size)
{
	static struct scsi_opts o;
	char line[CONF_LINE + 1], *fargv[OPT_ARGS + 1];
	int fargc, rc;

	out[0] = '\0';
	memset(&o, 0, sizeof(o));
	str_copy(o.config, SCSI_ID_CONFIG, sizeof(o.config));
	if (extras_devpath_env)
		str_copy(o.devpath, extras_devpath_env, sizeof(o.devpath));
	rc = file_options(o.config, NULL, NULL, line, &fargc, fargv);
	if (rc < 0)
		return 1;
	if (rc == 0 && (rc = set_options(&o, fargc, fargv, "abdfghinpsuvVx", out, size)) != 0)
		return rc == OPT_DONE ? 0 : rc == OPT_BAD_PAGE ? 2 : 1;
	if ((rc = set_options(&o, argc, argv, "abdfghinpsuvVx", out, size)) != 0)
		return rc == OPT_DONE ? 0 : extras_usage("scsi_id", SCSI_ID_USAGE,
			rc == OPT_BAD_PAGE ? "unknown page" : "unknown option", o.bad);
	if (!o.devpath[0]) {
		log_info("scsi_id: --devpath=<path> must be specified");
		return 1;
	}
	return scsi_id(&o, out, size);
}

int scsi_id_run(int argc, char **argv, char *out, size_t size)
{
	int level = log_get_level(), rc = scsi_id_main(argc, argv, out, size);

	log_set_level(level);   /* -v: this run's, not the rest of udev's */
	return rc;
}
