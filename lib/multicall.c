// SPDX-License-Identifier: GPL-2.0-only
/* Picks a multi-call binary's program by the name it was run under (see
 * multicall.h). */
#include "compat.h"
#include "multicall.h"

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
		if (strcmp(name, progs[i].name) == 0)
			return progs[i].main(argc, argv);
	return fallback(argc, argv);
}
