// SPDX-License-Identifier: GPL-2.0-only
/* One binary for the daemon and its clients: udevcontrol, udevsettle,
 * udevtrigger, udevmonitor and udevadm share its libc and lib/; the name it is run
 * under picks the program, anything else is udevd. */
#include "compat.h"
#include "multicall.h"

static const struct multicall programs[] = {
	{ "udevcontrol", udevcontrol_main },
	{ "udevsettle", udevsettle_main },
	{ "udevtrigger", udevtrigger_main },
	{ "udevmonitor", udevmonitor_main },
	{ "udevadm", udevadm_main },
};

int main(int argc, char **argv)
{
	return multicall(programs, sizeof(programs) / sizeof(programs[0]), udevd_main, argc, argv);
}
