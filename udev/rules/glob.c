// SPDX-License-Identifier: GPL-2.0-only
/* Pattern matching for rule values (see glob.h); no fnmatch() because the
 * static libcs differ in it. */
#include "compat.h"
#include "glob.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Matches a [...] class at *pp, within the alternative that ends at end,
 * against c; advances *pp past the ']'. As udev 050 and 064 read it: only
 * '!' negates; the members are tried in turn and the class matches at the
 * first member that c is in (negated: that c is not in), so [!ab] matches
 * every character; a range may end in ']' ([0-]x] is '0' to ']', or 'x');
 * a ']' where a member would start closes the class ([]a] matches
 * nothing); and a class without its ']' before the end of its alternative
 * matches nothing (a '|' inside [...] ends the alternative). */
static int class_match(const char **pp, const char *end, char c)
{
	const char *p = *pp + 1;
	int neg = p < end && *p == '!', hit;

	for (p += neg; p < end && *p != ']'; ) {
		if (p + 1 < end && p[1] == '-') {
			if (p + 2 >= end)
				return 0;   /* 064 read past the pattern here */
			hit = c >= p[0] && c <= p[2];
			p += 3;
		} else {
			hit = c == *p++;
		}
		if (hit != neg) {
			while (p < end && *p != ']')
				p++;
			*pp = p + 1;
			return p < end;
		}
	}
	return 0;
}

/* Matches pattern[0..end) against str. */
static int match_one(const char *p, const char *end, const char *s)
{
	while (p < end) {
		switch (*p) {
		case '*':
			while (p < end && *p == '*')
				p++;
			if (p == end)
				return 1;
			for (; *s; s++)
				if (match_one(p, end, s))
					return 1;
			return 0;
		case '?':
			if (!*s)
				return 0;
			p++;
			s++;
			break;
		case '[':
			if (!*s || !class_match(&p, end, *s))
				return 0;
			s++;
			break;
		default:
			if (*p != *s)
				return 0;
			p++;
			s++;
		}
	}
	return *s == '\0';
}

int glob_match(const char *pattern, const char *str, int alts)
{
	const char *alt;

	for (;;) {
		alt = alts ? strchr(pattern, '|') : NULL;
		if (match_one(pattern, alt ? alt : pattern + strlen(pattern), str))
			return 1;
		if (!alt)
			return 0;
		pattern = alt + 1;
	}
}

/* The kind of pattern[0..end): where its only metacharacters are '*'s at
 * the end (after no or one '?'), the matcher's answer is known in advance. */
static enum glob_kind classify(const char *p, unsigned int end, unsigned int *lit)
{
	unsigned int n = (unsigned int)strcspn(p, "*?[|"), i;

	if (n > end)
		n = end;
	*lit = n;
	if (n == end)
		return GLOB_EXACT;
	i = n;
	if (n == 0 && p[0] == '?' && end > 1 && p[1] == '*')
		i = 1;
	while (i < end && p[i] == '*')
		i++;
	if (i < end)
		return GLOB_GENERAL;
	if (p[0] == '?')
		return GLOB_NONEMPTY;
	return n ? GLOB_PREFIX : GLOB_ANY;
}

/* Notes the first byte a string matching a can have (any, after a
 * metacharacter; '\0' for an empty EXACT alternative). */
static void first_byte(struct glob *g, const struct glob_alt *a)
{
	unsigned char c = (unsigned char)a->s[0];

	if (a->len)
		g->first[c >> 3] |= (unsigned char)(1u << (c & 7));
	else if (a->kind == GLOB_EXACT)
		g->first[0] |= 1;
	else
		g->any_first = 1;
}

int glob_compile(struct glob *g, const char *pattern, int alts)
{
	const char *p = pattern, *bar;
	int n = 1, i;

	for (bar = strchr(p, '|'); alts && bar; bar = strchr(bar + 1, '|'))
		n++;
	memset(g, 0, sizeof(*g));
	g->alts = alts;
	if (n > 1) {
		g->alt = calloc((size_t)n, sizeof(*g->alt));
		if (!g->alt)
			return -ENOMEM;
	}
	g->n = n;
	for (i = 0; i < n; i++) {
		struct glob_alt *a = n > 1 ? &g->alt[i] : &g->one;

		a->s = p;
		a->end = (unsigned int)strcspn(p, alts ? "|" : "");
		a->kind = classify(p, a->end, &a->len);
		first_byte(g, a);
		p += a->end + 1;
	}
	return 0;
}

static int alt_test(const struct glob_alt *a, const char *s)
{
	switch (a->kind) {
	case GLOB_EXACT:
		return (!a->len || s[0] == a->s[0]) && strncmp(s, a->s, a->len) == 0 &&
		       !s[a->len];
	case GLOB_PREFIX:
		return s[0] == a->s[0] && strncmp(s, a->s, a->len) == 0;
	case GLOB_ANY:
		return 1;
	case GLOB_NONEMPTY:
		return s[0] != '\0';
	default:
		/* the literal start compared as the matcher would */
		return strncmp(s, a->s, a->len) == 0 &&
		       match_one(a->s + a->len, a->s + a->end, s + a->len);
	}
}

int glob_test(const struct glob *g, const char *str)
{
	int i;

	if (!glob_may_match(g, str))
		return 0;

	if (g->n == 1)
		return alt_test(&g->one, str);
	for (i = 0; i < g->n; i++)
		if (alt_test(&g->alt[i], str))
			return 1;
	return 0;
}

void glob_free(struct glob *g)
{
	free(g->alt);
	g->alt = NULL;
	g->n = 0;
}
