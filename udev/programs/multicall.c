// SPDX-License-Identifier: GPL-2.0-only
/* One binary for the device manager and its tools: udevstart, udevinfo,
 * udevtest, the firmware loader, vol_id and disk_id share udev's core and
 * libc; the name it is run under picks the program, anything else is udev
 * (the kernel may run it as /sbin/hotplug's 10-udev.hotplug). A firmware
 * profile may leave out the tools, the firmware loader and the probes
 * (profile.h). */
#include "compat.h"
#include "profile.h"
#include "multicall.h"

static const struct multicall programs[] = {
	{ "udevstart", udevstart_main },
	{ "udevinfo", HAVE_TOOLS ? udevinfo_main : absent_main },
	{ "udevtest", HAVE_TOOLS ? udevtest_main : absent_main },
	{ "firmware", HAVE_FIRMWARE ? firmware_main : absent_main },
	{ "vol_id", HAVE_PROBES ? vol_id_main : absent_main },
	{ "disk_id", HAVE_PROBES ? disk_id_main : absent_main },
};

int main(int argc, char **argv)
{
	return multicall(programs, sizeof(programs) / sizeof(programs[0]), udev_main, argc, argv);
}
