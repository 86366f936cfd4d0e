// SPDX-License-Identifier: GPL-2.0-only
/* The hotplug.d name filter (see filter.h). No stdio and no heap. */
#include "compat.h"
#include "hotplug_filter.h"
#include "str.h"

#include <string.h>

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Editor backups and package-manager leftovers must never run as scripts. */
static int name_is_leftover(const char *name)
{
	return name[0] == '.' || ends_with(name, "~") ||
	       str_contains(name, ".rpmsave") || str_contains(name, ".rpmnew") ||
	       str_contains(name, ".rpmorig") || str_contains(name, ".dpkg-") ||
	       str_contains(name, ".ucf-");
}

int name_is_candidate(const char *name)
{
	return ends_with(name, SCRIPT_SUFFIX) && strlen(name) > strlen(SCRIPT_SUFFIX) &&
	       !name_is_leftover(name);
}

int pass_wants(enum pass pass, const char *name)
{
	int digit = name[0] >= '0' && name[0] <= '9';

	if (pass == PASS_DIGIT)
		return digit;
	if (pass == PASS_NOT_DIGIT)
		return !digit;
	return 1;
}

int subsystem_is_safe(const char *s)
{
	return s[0] != '\0' && s[0] != '.' && strchr(s, '/') == NULL &&
	       strcmp(s, "default") != 0;
}
