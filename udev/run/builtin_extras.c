// SPDX-License-Identifier: GPL-2.0-only
/* udev 100-117's extras built into udev (builtin_extras.h); a firmware build links
 * builtin_extras_none.c instead and runs them as programs. */
#include "compat.h"
#include "builtin_extras.h"
#include "../../extras/probes.h"

const struct builtin builtin_extras[] = {
	{ "usb_id", usb_id_run, 1 },
	{ "path_id", path_id_run, 1 },
};
const unsigned int builtin_extras_n = sizeof(builtin_extras) / sizeof(builtin_extras[0]);
