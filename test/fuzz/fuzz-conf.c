// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a udev.conf file -> conf_load. The paths it
 * sets stay NUL-terminated inside their buffers. */
#include "compat.h"
#include "fuzz.h"
#include "conf.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct udev_conf conf;
	const char *path = fuzz_file("udev.conf", data, size);

	conf_defaults(&conf);
	conf_load(&conf, path);
	FUZZ_ASSERT(memchr(conf.root, '\0', sizeof(conf.root)) != NULL);
	FUZZ_ASSERT(memchr(conf.db, '\0', sizeof(conf.db)) != NULL);
	FUZZ_ASSERT(memchr(conf.rules, '\0', sizeof(conf.rules)) != NULL);
	FUZZ_ASSERT(memchr(conf.owner, '\0', sizeof(conf.owner)) != NULL);
	FUZZ_ASSERT(memchr(conf.group, '\0', sizeof(conf.group)) != NULL);
	FUZZ_ASSERT(conf.log >= -1 && conf.log <= 7);
	/* udev_log="no" is errors only; nothing else sets log_no */
	FUZZ_ASSERT(!conf.log_no || conf.log == 3);
	return 0;
}
