// SPDX-License-Identifier: GPL-2.0-only
/* The loader's and libc's variables (see loader.h). The names are
 * glibc's (sysdeps/generic/unsecvars.h) and musl's, as documented there:
 * prefixes for the families whose members change between releases. */
#include "compat.h"
#include "loader.h"

#include <string.h>

static const char *const prefixes[] = { "LD_", "MALLOC_", "GLIBC_" };
static const char *const names[] = {
	"GCONV_PATH", "GETCONF_DIR", "HOSTALIASES", "LOCALDOMAIN", "LOCPATH",
	"MUSL_LOCPATH", "NIS_PATH", "NLSPATH", "RESOLV_HOST_CONF", "RES_OPTIONS",
	"TMPDIR", "TZDIR",
};

int loader_key(const char *s)
{
	size_t i, k = strcspn(s, "=");

	for (i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (strncmp(s, prefixes[i], strlen(prefixes[i])) == 0)
			return 1;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == k && strncmp(s, names[i], k) == 0)
			return 1;
	return 0;
}
