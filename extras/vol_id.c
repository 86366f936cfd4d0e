// SPDX-License-Identifier: GPL-2.0-only
/* vol_id: reads the superblock of a block device (or an image file) and
 * prints what it holds as KEY=value lines for IMPORT{program}:
 *   vol_id [--export] [-t|-l|-u] [--timeout=SECONDS] DEVICE
 * Exit codes: 0 found, 1 usage, 2 cannot open or read, 3 no known volume,
 * 4 no label (-l) or UUID (-u), 5 timed out. See docs/vol_id.8. */
#include "compat.h"
#include "enc.h"
#include "fd.h"
#include "log.h"
#include "opts.h"
#include "probes.h"
#include "str.h"
#include "volume.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Exit codes VOL_FOUND, VOL_READ, VOL_UNKNOWN and VOL_NONE are volume.h's;
 * 1 (usage) and 16 (timeout) the suite's, from opts.h. */

/* Run by main(), not as udev's built-in: the superblock read is bounded by
 * our own alarm (probes.h), and a usage error goes to stderr as the suite
 * says it (lib/opts.c) rather than to the built-in's log */
static int as_program;

struct opts {
	char what;            /* 'e' export, 't' type, 'l' label, 'u' uuid */
	unsigned int timeout; /* seconds */
	const char *device;
};

static void on_alarm(int sig)
{
	static const char msg[] = "vol_id: timed out reading the device\n";

	(void)sig;
	(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
	_exit(EXIT_TIMEOUT);
}

#define VOL_ID_USAGE "usage: vol_id [--export] [-t|-l|-u] [--timeout=SECONDS] DEVICE"

/* "vol_id: WHAT 'ARG'" (lib/opts.c's words); EXIT_USAGE */
static int usage(const char *what, const char *arg)
{
	if (as_program)
		return opts_usage_error("vol_id", VOL_ID_USAGE, what, arg);
	log_err("vol_id: %s '%s' (%s)", what, arg, VOL_ID_USAGE);
	return EXIT_USAGE;
}

/* The options into o; -EINVAL with *what and *arg naming the mistake. */
static int parse_args(int argc, char **argv, struct opts *o, const char **what,
		      const char **arg)
{
	unsigned long long t;
	int i;

	o->what = 'e';
	o->timeout = 5;
	o->device = NULL;
	for (i = 1; i < argc; i++) {
		const char *a = *arg = argv[i];

		if (strcmp(a, "--export") == 0 || strcmp(a, "-x") == 0) {
			o->what = 'e';
		} else if (strcmp(a, "-t") == 0 || strcmp(a, "-l") == 0 || strcmp(a, "-u") == 0) {
			o->what = a[1];
		} else if (strncmp(a, "--timeout=", 10) == 0) {
			*what = "bad value of --timeout";
			*arg = a + 10;
			if (str_to_u64(a + 10, &t) < 0 || t == 0 || t >= 3600)
				return -EINVAL;
			o->timeout = (unsigned int)t;
		} else if (a[0] == '-' || o->device) {
			*what = a[0] == '-' ? "unknown option" : "extra argument";
			return -EINVAL;
		} else {
			o->device = a;
		}
	}
	*what = "missing";
	*arg = "DEVICE";
	return o->device ? 0 : -EINVAL;
}

/* The one value -t, -l or -u asks for, in its encoded form; VOL_NONE when
 * the volume has none. */
static int print_one(const struct volume *v, char what, char *out, size_t size)
{
	const unsigned char *val = what == 'l' ? v->label : v->uuid;

	if (what == 't') {
		str_copy(out, v->type, size);
		str_append(out, "\n", size);
		return VOL_FOUND;
	}
	if (!val[0])
		return VOL_NONE;
	enc_encode(out, size < VOL_ENC_MAX ? size : VOL_ENC_MAX, val, strlen((const char *)val));
	str_append(out, "\n", size);
	return VOL_FOUND;
}

/* The one code path of the program and the built-in (probes.h). */
int vol_id_run(int argc, char **argv, char *out, size_t size)
{
	struct opts o;
	struct volume v;
	const char *what, *arg;
	int rc;

	out[0] = '\0';
	if (parse_args(argc, argv, &o, &what, &arg) < 0)
		return usage(what, arg);
	if (as_program) {
		signal(SIGALRM, on_alarm);
		alarm(o.timeout);
	}
	rc = volume_probe_node(o.device, NULL, &v);
	if (as_program)
		alarm(0);
	if (rc != VOL_FOUND)
		return rc;
	if (o.what == 'e')
		volume_export(&v, out, size);
	else if (!v.type)   /* only a partition table or entry: no file system */
		rc = VOL_UNKNOWN;
	else
		rc = print_one(&v, o.what, out, size);
	return rc;
}

int main(int argc, char **argv)
{
	char out[VOL_EXPORT_MAX];
	int rc;

	log_init("vol_id", 0);
	if (opts_std(argc, argv, "vol_id", VOL_ID_USAGE))
		return 0;
	as_program = 1;
	rc = vol_id_run(argc, argv, out, sizeof(out));
	if (rc == VOL_FOUND && fd_write_all(STDOUT_FILENO, out, strlen(out)) < 0)
		return VOL_READ;
	return rc;
}
