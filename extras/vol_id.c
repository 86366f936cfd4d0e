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
#include "str.h"
#include "volume.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ENC_MAX 256   /* a link name: at most NAME_MAX bytes */

enum { EXIT_FOUND, EXIT_USAGE, EXIT_READ, EXIT_UNKNOWN, EXIT_NONE, EXIT_TIMEOUT };

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

static int usage(void)
{
	log_err("usage: vol_id [--export] [-t|-l|-u] [--timeout=SECONDS] DEVICE");
	return EXIT_USAGE;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	unsigned long long t;
	int i;

	o->what = 'e';
	o->timeout = 5;
	o->device = NULL;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--export") == 0 || strcmp(a, "-x") == 0)
			o->what = 'e';
		else if (strcmp(a, "-t") == 0 || strcmp(a, "-l") == 0 || strcmp(a, "-u") == 0)
			o->what = a[1];
		else if (strncmp(a, "--timeout=", 10) == 0 && str_to_u64(a + 10, &t) == 0 &&
			 t > 0 && t < 3600)
			o->timeout = (unsigned int)t;
		else if (a[0] != '-' && !o->device)
			o->device = a;
		else
			return -EINVAL;
	}
	return o->device ? 0 : -EINVAL;
}

/* KEY=safe and KEY_ENC=encoded lines of one untrusted value. */
static void put_pair(char *out, size_t size, const char *key, const unsigned char *val)
{
	char buf[ENC_MAX * 4];

	str_append(out, key, size);
	str_append(out, "=", size);
	enc_safe(buf, ENC_MAX, val, strlen((const char *)val));
	str_append(out, buf, size);
	str_append(out, "\n", size);
	str_append(out, key, size);
	str_append(out, "_ENC=", size);
	enc_encode(buf, ENC_MAX, val, strlen((const char *)val));
	str_append(out, buf, size);
	str_append(out, "\n", size);
}

static void put(char *out, size_t size, const char *key, const char *val)
{
	str_append(out, key, size);
	str_append(out, "=", size);
	str_append(out, val, size);
	str_append(out, "\n", size);
}

static void export(const struct volume *v, char *out, size_t size)
{
	put(out, size, "ID_FS_USAGE", v->usage);
	put(out, size, "ID_FS_TYPE", v->type);
	put(out, size, "ID_FS_VERSION", v->version);
	put_pair(out, size, "ID_FS_UUID", v->uuid);
	if (v->uuid_sub[0])
		put_pair(out, size, "ID_FS_UUID_SUB", v->uuid_sub);
	put_pair(out, size, "ID_FS_LABEL", v->label);
}

/* The one value -t, -l or -u asks for, in its encoded form; EXIT_NONE when
 * the volume has none. */
static int print_one(const struct volume *v, char what, char *out, size_t size)
{
	const unsigned char *val = what == 'l' ? v->label : v->uuid;

	if (what == 't') {
		str_copy(out, v->type, size);
		str_append(out, "\n", size);
		return EXIT_FOUND;
	}
	if (!val[0])
		return EXIT_NONE;
	enc_encode(out, ENC_MAX, val, strlen((const char *)val));
	str_append(out, "\n", size);
	return EXIT_FOUND;
}

static int probe_device(const struct opts *o, struct volume *v)
{
	int r;

	memset(v, 0, sizeof(*v));
	v->fd = open(o->device, O_RDONLY | O_CLOEXEC);
	if (v->fd < 0) {
		/* no medium, or the device went away: nothing to report */
		if (errno == ENOMEDIUM || errno == ENXIO || errno == ENODEV)
			log_info("cannot open %s: %s", o->device, strerror(errno));
		else
			log_err("cannot open %s: %s", o->device, strerror(errno));
		return EXIT_READ;
	}
	r = volume_probe(v);
	close(v->fd);
	if (r == -ENOENT) {
		log_info("%s: no known volume type", o->device);
		return EXIT_UNKNOWN;
	}
	if (r < 0) {
		log_err("cannot read %s: %s", o->device, strerror(-r));
		return EXIT_READ;
	}
	return EXIT_FOUND;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct volume v;
	char out[ENC_MAX * 12];
	int rc;

	log_init("vol_id", 0);
	if (parse_args(argc, argv, &o) < 0)
		return usage();
	signal(SIGALRM, on_alarm);
	alarm(o.timeout);
	rc = probe_device(&o, &v);
	alarm(0);
	if (rc != EXIT_FOUND)
		return rc;
	out[0] = '\0';
	if (o.what == 'e')
		export(&v, out, sizeof(out));
	else
		rc = print_one(&v, o.what, out, sizeof(out));
	if (rc == EXIT_FOUND && fd_write_all(STDOUT_FILENO, out, strlen(out)) < 0)
		return EXIT_READ;
	return rc;
}
