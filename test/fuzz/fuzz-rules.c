// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a rules file -> rules_load, then rules_free.
 * Every token points into a rule, and GOTO targets are valid rule indexes.
 * A rule's tokens are grouped by the step token_defs gives their type, and
 * its end[] and steps say where each step's are; only patterns compiled.
 * Each pattern as compiled at load (glob_test) answers as the pattern read
 * as it is (glob_match, with or without alternatives as compiled), for
 * every value of the file as the string, its neighbours (one byte shorter,
 * one longer) and the empty string. */
#include "compat.h"
#include "fuzz.h"
#include "../../udev/rules/rules.h"

#include <stdlib.h>
#include <string.h>

#define PROBES 64

static void check_pattern(const struct token *t, const char *s)
{
	FUZZ_ASSERT(glob_test(&t->pat, s) == glob_match(t->value, s, t->pat.alts));
}

/* Every value of the file, its neighbours and "" against t's pattern. */
static void check_compiled(const struct rules *rs, const struct token *t)
{
	char buf[4096];
	size_t n;
	int i;

	check_pattern(t, "");
	for (i = 0; i < rs->ntokens && i < PROBES; i++) {
		n = strlen(rs->tokens[i].value);
		if (n + 2 > sizeof(buf))
			continue;
		memcpy(buf, rs->tokens[i].value, n + 1);
		check_pattern(t, buf);
		buf[n] = 'x';
		buf[n + 1] = '\0';
		check_pattern(t, buf);
		if (n) {
			buf[n - 1] = '\0';
			check_pattern(t, buf);
		}
	}
}

/* The tokens of step s are r's end[s - 1] .. end[s], all of step s. */
static void check_steps(const struct rules *rs, const struct rule *r)
{
	int s, i;

	FUZZ_ASSERT(r->end[0] == 0 && r->end[STEP_NONE] == r->count);
	for (s = 1; s <= STEP_NONE; s++) {
		FUZZ_ASSERT(r->end[s] >= r->end[s - 1]);
		FUZZ_ASSERT(!(r->steps & (1u << s)) == (r->end[s] == r->end[s - 1]));
		for (i = r->end[s - 1]; i < r->end[s]; i++)
			FUZZ_ASSERT(token_defs[rs->tokens[r->first + i].type].step == s);
	}
}

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
		check_steps(&rs, &rs.rules[i]);
	}
	for (i = 0; i < rs.ntokens; i++) {
		FUZZ_ASSERT(rs.tokens[i].value != NULL);
		FUZZ_ASSERT(!rs.tokens[i].pat.n || (token_defs[rs.tokens[i].type].flags & TF_PATTERN));
		if (rs.tokens[i].pat.n && i < PROBES)
			check_compiled(&rs, &rs.tokens[i]);
	}
	rules_free(&rs);
	return 0;
}
