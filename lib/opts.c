// SPDX-License-Identifier: GPL-2.0-only
/* Shared command-line handling (see opts.h): one place for --help,
 * --version, usage errors and the two forms of an option's value. */
#include "compat.h"
#include "opts.h"
#include "str.h"

#include <string.h>
#include <unistd.h>

/* Short writes, no buffer: this links into the 8 KiB helpers. */
static void say(int fd, const char *s)
{
	if (write(fd, s, strlen(s)) < 0) {
		/* nowhere to say it */
	}
}

int opts_std(int argc, char **argv, const char *prog, const char *usage)
{
	const char *a, *tail;
	int i;

	for (i = 1; i < argc; i++) {
		a = argv[i];
		if (a[0] != '-' || a[1] != '-')
			continue;
		if (!a[2])
			break;          /* "--": what follows is not ours */
		if (strcmp(a + 2, "help") == 0)
			tail = "\n";
		else if (strcmp(a + 2, "version") == 0)
			usage = prog, tail = ", version " VERSION " (udev-legacy)\n";
		else
			continue;
		say(STDOUT_FILENO, usage);
		say(STDOUT_FILENO, tail);
		return 1;
	}
	return 0;
}

int opts_usage_error(const char *prog, const char *usage, const char *what, const char *arg)
{
	const char *v[] = { prog, ": ", what, " '", arg, "'\n", usage, "\n" };
	unsigned int k;

	for (k = 0; k < sizeof(v) / sizeof(v[0]); k++)
		say(STDERR_FILENO, v[k]);
	return EXIT_USAGE;
}

int opts_unknown(const char *prog, const char *usage, const char *arg)
{
	return opts_usage_error(prog, usage, "unknown option", arg);
}

int opts_missing(const char *prog, const char *usage, const char *name)
{
	return opts_usage_error(prog, usage, "missing value of", name);
}

int opts_bad_value(const char *prog, const char *usage, const char *name, const char *value)
{
	char what[64];

	str_copy(what, "bad value of ", sizeof(what));
	str_append(what, name, sizeof(what));
	return opts_usage_error(prog, usage, what, value);
}

const char *opts_value(int argc, char **argv, int *i, const char *name, int *missing)
{
	size_t n = strlen(name);

	*missing = 0;
	if (strncmp(argv[*i], name, n) != 0)
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}
