// SPDX-License-Identifier: GPL-2.0-only
/* What the extras of udev 100-117 share, as programs and as built-ins
 * (probes.h). */
#include "compat.h"
#include "log.h"
#include "opts.h"
#include "probes.h"
#include "str.h"
#include "sysfs.h"

#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>

const char *extras_devpath_env;
int extras_as_program;

int extras_usage(const char *prog, const char *usage, const char *what, const char *arg)
{
	if (extras_as_program)
		return opts_usage_error(prog, usage, what, arg);
	log_err("%s: %s '%s' (%s)", prog, what, arg, usage);
	return EXIT_USAGE;
}

static int blank(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

void extras_clean(char *to, size_t size, const char *from, size_t count)
{
	size_t i = 0, j = 0, len = 0;

	while (len < count && from[len])
		len++;
	while (len && blank((unsigned char)from[len - 1]))
		len--;
	while (i < len && blank((unsigned char)from[i]))
		i++;
	for (; i < len && j + 1 < size; i++) {
		unsigned char c = (unsigned char)from[i];

		if (blank(c)) {
			while (i + 1 < len && blank((unsigned char)from[i + 1]))
				i++;
			to[j++] = '_';
		} else if (c > ' ' && c < 0x7f && c != '/') {
			to[j++] = (char)c;
		}
	}
	if (size)
		to[j] = '\0';
}

void extras_kv(char *out, size_t size, const char *key, const char *val)
{
	if (key) {
		str_append(out, key, size);
		str_append(out, "=", size);
	}
	str_append(out, val, size);
	str_append(out, "\n", size);
}

const char *extras_scsi_type(long t)
{
	switch (t) {
	case 0: case 0xe: return "disk";
	case 1: return "tape";
	case 4: case 7: case 0xf: return "optical";
	case 5: return "cd";
	default: return "generic";
	}
}

void extras_real_devpath(const char *devpath, char *out, size_t size)
{
	static char real[PATH_MAX], root[PATH_MAX];   /* realpath()'s size */
	char abs[SYSFS_PATH_MAX * 2];
	struct stat st;
	size_t len;

	str_copy(out, devpath, size);
	if (sysfs_path(abs, sizeof(abs), devpath, NULL) < 0 || lstat(abs, &st) < 0 ||
	    !S_ISLNK(st.st_mode) || !realpath(abs, real) || !realpath(sysfs_root(), root))
		return;
	len = strlen(root);
	if (strncmp(real, root, len) == 0 && real[len] == '/')
		str_copy(out, real + len, size);
}
