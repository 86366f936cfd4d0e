// SPDX-License-Identifier: GPL-2.0-only
/* One binary for udev, udevstart, udevinfo and udevtest, which share their whole
 * core: the name it is run under picks the program, anything else is udev. */
#include "compat.h"
#include "multicall.h"

#include <string.h>

static const struct {
	const char *name;
	int (*main)(int argc, char **argv);
} programs[] = {
	{ "udevstart", udevstart_main },
	{ "udevinfo", udevinfo_main },
	{ "udevtest", udevtest_main },
};

int main(int argc, char **argv)
{
	const char *name = argc > 0 && argv[0] ? argv[0] : "udev";
	const char *slash = strrchr(name, '/');
	unsigned int i;

	if (slash)
		name = slash + 1;
	for (i = 0; i < sizeof(programs) / sizeof(programs[0]); i++)
		if (strcmp(name, programs[i].name) == 0)
			return programs[i].main(argc, argv);
	return udev_main(argc, argv);
}
