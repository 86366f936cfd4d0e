// SPDX-License-Identifier: GPL-2.0-only
/* What a build says where a feature it left out would have been used
 * (profile.h). */
#include "compat.h"
#include "profile.h"
#include "fmt.h"

const char *feature_absent(const char *what, const char *feature)
{
	static char msg[160];

	fmt_s(msg, sizeof(msg), "%s: not built in (profile %s, built without %s)", what,
	      PROFILE, feature);
	return msg;
}
