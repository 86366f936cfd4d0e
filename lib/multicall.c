// SPDX-License-Identifier: GPL-2.0-only
/* Picks a multi-call binary's program by the name it was run under (see
 * multicall.h). */
#include "compat.h"
#include "profile.h"
#include "multicall.h"
#include "log.h"

#include <string.h>

int multicall(const struct multicall *progs, unsigned int n,
	      int (*fallback)(int argc, char **argv), int argc, char **argv)
{
	const char *name = argc > 0 && argv[0] ? argv[0] : "";
	const char *slash = strrchr(name, '/');
	unsigned int i;

	if (slash)
		name = slash + 1;
	for (i = 0; i < n; i++)
		if (strcmp(name, progs[i].name) == 0) {
			if (progs[i].main)
				return progs[i].main(argc, argv);
			log_init(name, log_sink_auto());
			log_err("%s", feature_absent(name, progs[i].feature));
			return EXIT_ABSENT;
		}
	return fallback(argc, argv);
}
