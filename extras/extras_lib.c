// SPDX-License-Identifier: GPL-2.0-only
/* What the extras of udev 100-117 share, as programs and as built-ins
 * (probes.h). */
#include "compat.h"
#include "log.h"
#include "opts.h"
#include "probes.h"

const char *extras_devpath_env;
int extras_as_program;

int extras_usage(const char *prog, const char *usage, const char *what, const char *arg)
{
	if (extras_as_program)
		return opts_usage_error(prog, usage, what, arg);
	log_err("%s: %s '%s' (%s)", prog, what, arg, usage);
	return EXIT_USAGE;
}
