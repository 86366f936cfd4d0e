// SPDX-License-Identifier: GPL-2.0-only
/* One binary for the device manager and its tools: udevstart, udevinfo,
 * udevtest, the firmware loader, vol_id and disk_id share udev's core and
 * libc; the name it is run under picks the program, anything else is udev
 * (the kernel may run it as /sbin/hotplug's 10-udev.hotplug). */
#include "compat.h"
#include "multicall.h"

static const struct multicall programs[] = {
	{ "udevstart", udevstart_main },
	{ "udevinfo", udevinfo_main },
	{ "udevtest", udevtest_main },
	{ "firmware", firmware_main },
	{ "vol_id", vol_id_main },
	{ "disk_id", disk_id_main },
};

int main(int argc, char **argv)
{
	return multicall(programs, sizeof(programs) / sizeof(programs[0]), udev_main, argc, argv);
}
