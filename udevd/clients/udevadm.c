// SPDX-License-Identifier: GPL-2.0-only
/* udevadm: the one command of udev 117 and later that distributions' init
 * scripts and initramfs tools call, as a name of the udevd binary. Each
 * command's options are mapped onto the suite's own tool, which does the
 * work: trigger, settle, control and monitor are this binary's udevtrigger,
 * udevsettle, udevcontrol and udevmonitor (called in this process); info
 * and test are the udev binary's udevinfo and udevtest (executed, the udev
 * binary found beside this one). Exit codes are the tool's. */
#include "compat.h"
#include "log.h"
#include "multicall.h"
#include "opts.h"
#include "str.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ADM_ARGS 64

#define UDEVADM_USAGE "usage: udevadm [--debug] COMMAND [OPTIONS]\n" \
	"COMMAND: info, trigger, settle, control, monitor, test, version;\n" \
	"udevadm COMMAND --help: the options of the tool that does it (udevadm(8))"

/* What a command's options become: pairs of NUL-terminated words, udevadm's
 * option then the tool's, ended by an empty word. An option ending in '='
 * takes a value (after '=' or as the next argument), which is joined to the
 * tool's word, or follows it apart when that word ends in a blank; an
 * upper-case tool word is an environment variable set to the value. An
 * option not listed is given to the tool as it is: the tools' own long
 * options are udevadm's. */
static const char info_map[] =
	"--query=\0-q \0--path=\0-p \0--name=\0-n \0--root\0-r\0"
	"-q=\0-q \0-p=\0-p \0-n=\0-n \0--attribute-walk\0-a\0--export-db\0-d\0-e\0-d\0"
	"--export\0-x\0";
static const char trigger_map[] =
	"-c=\0--action=\0-t=\0--type=\0-s=\0--subsystem-match=\0-S=\0--subsystem-nomatch=\0"
	"-a=\0--attr-match=\0-A=\0--attr-nomatch=\0-y=\0--sysname-match=\0"
	"-v\0--verbose\0-n\0--dry-run\0-w\0--settle\0";
static const char settle_map[] =
	"-t=\0--timeout=\0-E=\0--exit-if-exists=\0-s=\0--seq-start=\0-e=\0--seq-end=\0"
	"-q\0--quiet\0";
static const char control_map[] =
	"--reload-rules\0reload_rules\0-R\0reload_rules\0--reload\0reload_rules\0"
	"--exit\0exit\0-e\0exit\0--log-level=\0log_priority=\0"
	"--log-priority=\0log_priority=\0-l=\0log_priority=\0"
	"--stop-exec-queue\0stop_exec_queue\0-s\0stop_exec_queue\0"
	"--start-exec-queue\0start_exec_queue\0-S\0start_exec_queue\0"
	"--max-childs=\0max_childs=\0--children-max=\0max_childs=\0-m=\0max_childs=\0";
static const char monitor_map[] =
	"--subsystem-match=\0--subsystem-match=\0-s=\0--subsystem-match=\0-k\0--kernel\0-u\0--udev\0--property\0--env\0-p\0--env\0--environment\0--env\0-e\0--env\0";
static const char test_map[] = "--action=\0ACTION\0-a=\0ACTION\0";

struct adm_cmd {
	char name[8];
	char tool[12];
	int (*main)(int argc, char **argv);   /* NULL: the udev binary's */
	const char *map;
};

static const struct adm_cmd commands[] = {
	{ "info", "udevinfo", NULL, info_map },
	{ "trigger", "udevtrigger", udevtrigger_main, trigger_map },
	{ "settle", "udevsettle", udevsettle_main, settle_map },
	{ "control", "udevcontrol", udevcontrol_main, control_map },
	{ "monitor", "udevmonitor", udevmonitor_main, monitor_map },
	{ "test", "udevtest", NULL, test_map },
};

/* The tool's command line, and room for the words joined with values. */
static char *args[ADM_ARGS + 1];
static int nargs;
static char pool[4096];
static size_t used;

/* Appends the words a and b joined (b may be ""); -1 when there is no room. */
static int push(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	if (nargs >= ADM_ARGS || used + la + lb + 1 > sizeof(pool))
		return -1;
	memcpy(pool + used, a, la);
	memcpy(pool + used + la, b, lb + 1);
	args[nargs++] = pool + used;
	used += la + lb + 1;
	return 0;
}

/* KEY=value in the pool, into the environment (udevtest reads ACTION):
 * putenv, not setenv, which allocates (dietlibc's link warns of it). */
static int env_put(const char *key, const char *v)
{
	size_t lk = strlen(key), lv = strlen(v);
	char *p = pool + used;

	if (used + lk + lv + 2 > sizeof(pool))
		return -1;
	memcpy(p, key, lk);
	p[lk] = '=';
	memcpy(p + lk + 1, v, lv + 1);
	used += lk + lv + 2;
	return putenv(p);
}

/* The tool's words for option to (see the maps) with value v or NULL. */
static int map_opt(const char *to, const char *v)
{
	size_t len = strlen(to);
	char word[8];

	if (to[0] >= 'A' && to[0] <= 'Z')          /* udevtest reads ACTION */
		return v ? env_put(to, v) : -1;
	if (!v)
		return push(to, "");
	if (to[len - 1] != ' ')
		return push(to, v);
	str_copy(word, to, len < sizeof(word) ? len : sizeof(word));
	return push(word, "") < 0 ? -1 : push(v, "");
}

/* argv[*i] through map (its value taken from argv too when it has one);
 * -EINVAL when it ends the command line without the value it takes. */
static int parse_opt(const char *map, int argc, char **argv, int *i)
{
	const char *arg = argv[*i], *from, *to;
	size_t n;

	for (from = map; *from; from = to + strlen(to) + 1) {
		to = from + strlen(from) + 1;
		n = strlen(from);
		if (from[n - 1] != '=') {
			if (strcmp(arg, from) == 0)
				return map_opt(to, NULL);
		} else if (strncmp(arg, from, n) == 0) {
			return map_opt(to, arg + n);
		} else if (strncmp(arg, from, n - 1) == 0 && !arg[n - 1]) {
			return *i + 1 < argc ? map_opt(to, argv[++*i]) : -EINVAL;
		}
	}
	return push(arg, "");
}

/* info and test: the udev binary beside this one, else the installed one,
 * run under the tool's name (its multi-call switch picks the program). */
static int run_udev(void)
{
	char path[512];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 6);
	char *slash = NULL;

	if (n > 0) {
		path[n] = '\0';
		slash = strrchr(path, '/');
	}
	if (slash)
		str_copy(slash + 1, "udev", sizeof(path) - (size_t)(slash + 1 - path));
	else
		str_copy(path, SBINDIR "/udev", sizeof(path));
	execv(path, args);
	log_err("cannot run %s: %s", path, strerror(errno));
	return 18;
}

/* info DEVICE with no -q, -a or -d (later udevadm): everything the
 * database has, or with --export its properties (as -q property -x) */
static int info_default(int argc, char **argv)
{
	int i, device = 0, exp = 0;

	for (i = 1; i < nargs; i++) {
		if (strcmp(args[i], "-q") == 0 || strcmp(args[i], "-a") == 0 ||
		    strcmp(args[i], "-d") == 0)
			return 0;
		exp |= strcmp(args[i], "-x") == 0;
	}
	for (i = 1; i < argc; i++)
		device |= argv[i][0] != '-';
	if (!device)
		return 0;
	return push("-q", "") < 0 ? -1 : push(exp ? "property" : "all", "");
}

static int run_command(const struct adm_cmd *c, int argc, char **argv)
{
	int i, r;

	push(c->tool, "");
	for (i = 1; i < argc; i++) {
		if (argv[i][0] != '-') {
			/* info's device: a node under /dev, else a device path */
			if (c->main == NULL && c->name[0] == 'i' &&
			    push(strncmp(argv[i], "/dev/", 5) == 0 ? "-n" : "-p", "") < 0)
				return 1;
			if (push(argv[i], "") < 0)
				return 1;
		} else if ((r = parse_opt(c->map, argc, argv, &i)) < 0) {
			return r == -EINVAL ? opts_missing("udevadm", UDEVADM_USAGE, argv[i]) :
				opts_usage_error("udevadm", UDEVADM_USAGE, "no room for", argv[i]);
		}
	}
	if (c->map == info_map && info_default(argc, argv) < 0)
		return 1;
	return c->main ? c->main(nargs, args) : run_udev();
}

int main(int argc, char **argv)
{
	unsigned int k;
	int i = 1;

	if (argc > 1 && strcmp(argv[1], "--debug") == 0) {
		env_put("UDEV_LOG", "debug");
		i++;
	}
	if (i >= argc || argv[i][0] == '-') {
		if (opts_std(argc, argv, "udevadm", UDEVADM_USAGE))
			return 0;
		return i < argc ? opts_unknown("udevadm", UDEVADM_USAGE, argv[i]) :
			opts_usage_error("udevadm", UDEVADM_USAGE, "no command", "");
	}
	log_init("udevadm", log_sink_auto());
	if (strcmp(argv[i], "version") == 0)
		return puts(VERSION) < 0;
	for (k = 0; k < sizeof(commands) / sizeof(commands[0]); k++)
		if (strcmp(argv[i], commands[k].name) == 0)
			return run_command(&commands[k], argc - i, argv + i);
	return opts_usage_error("udevadm", UDEVADM_USAGE, "unknown command", argv[i]);
}
