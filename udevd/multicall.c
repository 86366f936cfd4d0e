// SPDX-License-Identifier: GPL-2.0-only
/* One binary for the daemon and its clients: udevcontrol, udevsettle,
 * udevtrigger, udevmonitor and udevadm share its libc and lib/; the name it is run
 * under picks the program, anything else is udevd. A firmware profile may
 * leave out all but udevcontrol and udevsettle (profile.h). */
#include "compat.h"
#include "profile.h"
#include "multicall.h"

static const struct multicall programs[] = {
	{ "udevcontrol", udevcontrol_main },
	{ "udevsettle", udevsettle_main },
	{ "udevtrigger", HAVE_CLIENTS ? udevtrigger_main : absent_main },
	{ "udevmonitor", HAVE_CLIENTS ? udevmonitor_main : absent_main },
	{ "udevadm", HAVE_CLIENTS ? udevadm_main : absent_main },
};

int main(int argc, char **argv)
{
	return multicall(programs, sizeof(programs) / sizeof(programs[0]), udevd_main, argc, argv);
}
