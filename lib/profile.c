// SPDX-License-Identifier: GPL-2.0-only
/* What a build says where a feature it left out would have been used
 * (profile.h). */
#include "compat.h"
#include "profile.h"
#include "fmt.h"
#include "log.h"

#include <string.h>

const char *feature_absent(const char *what, const char *feature)
{
	static char msg[160];

	fmt_s(msg, sizeof(msg), "%s: not built in (profile %s, built without %s)", what,
	      PROFILE, feature);
	return msg;
}

/* The programs a profile can leave out, and their feature (the Makefile's
 * FEATURE_PROGRAMS_*: test/profile.bats runs each under its name). */
static const char *const absent_programs[][2] = {
	{ "udevtrigger", "clients" }, { "udevmonitor", "clients" }, { "udevadm", "clients" },
	{ "udevinfo", "tools" }, { "udevtest", "tools" }, { "firmware", "firmware" },
	{ "vol_id", "probes" }, { "disk_id", "probes" },
};

int absent_main(int argc, char **argv)
{
	const char *name = argc > 0 && argv[0] ? argv[0] : "", *slash = strrchr(name, '/');
	const char *feature = "it";
	unsigned int i;

	if (slash)
		name = slash + 1;
	for (i = 0; i < sizeof(absent_programs) / sizeof(absent_programs[0]); i++)
		if (strcmp(name, absent_programs[i][0]) == 0)
			feature = absent_programs[i][1];
	log_init(name, log_sink_auto());
	log_err("%s", feature_absent(name, feature));
	return EXIT_ABSENT;
}
