// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a hotplug.d file name and as a subsystem name
 * -> the hotplug filter. A hidden file, a backup or a path never passes. */
#include "compat.h"
#include "fuzz.h"
#include "hotplug_filter.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = malloc(size + 1);
	size_t n;

	if (!name)
		return 0;
	memcpy(name, data, size);
	name[size] = '\0';
	n = strlen(name);
	if (name_is_candidate(name)) {
		FUZZ_ASSERT(n > strlen(SCRIPT_SUFFIX) && name[0] != '.');
		FUZZ_ASSERT(strcmp(name + n - strlen(SCRIPT_SUFFIX), SCRIPT_SUFFIX) == 0);
		FUZZ_ASSERT(!strstr(name, ".dpkg-") && !strstr(name, ".rpmnew"));
	}
	FUZZ_ASSERT(pass_wants(PASS_ALL, name));
	FUZZ_ASSERT(pass_wants(PASS_DIGIT, name) != pass_wants(PASS_NOT_DIGIT, name));
	if (subsystem_is_safe(name)) {
		FUZZ_ASSERT(n > 0 && !strchr(name, '/') && name[0] != '.');
		FUZZ_ASSERT(strcmp(name, "default") != 0);
	}
	free(name);
	return 0;
}
