// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a rules file -> rules_load, then rules_free.
 * Every token points into a rule, and GOTO targets are valid rule indexes. */
#include "compat.h"
#include "fuzz.h"
#include "rules.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rules rs;
	const char *path = fuzz_file("fuzz.rules", data, size);
	int i;

	memset(&rs, 0, sizeof(rs));
	rules_load(&rs, path);
	for (i = 0; i < rs.nrules; i++) {
		FUZZ_ASSERT(rs.rules[i].first >= 0 && rs.rules[i].count >= 0);
		FUZZ_ASSERT(rs.rules[i].first + rs.rules[i].count <= rs.ntokens);
		FUZZ_ASSERT(rs.rules[i].goto_rule >= -1 && rs.rules[i].goto_rule < rs.nrules);
	}
	for (i = 0; i < rs.ntokens; i++)
		FUZZ_ASSERT(rs.tokens[i].value != NULL);
	rules_free(&rs);
	return 0;
}
