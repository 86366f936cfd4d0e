// SPDX-License-Identifier: GPL-2.0-only
/* Pattern matching for rule values (see glob.h); no fnmatch() because the
 * static libcs differ in it. */
#include "compat.h"
#include "glob.h"

#include <string.h>

/* Matches a [...] class at *pp against c; advances *pp past the ']'. */
static int class_match(const char **pp, char c)
{
	const char *p = *pp + 1;
	int neg = 0, hit = 0;

	if (*p == '!' || *p == '^') {
		neg = 1;
		p++;
	}
	do {
		if (p[1] == '-' && p[2] && p[2] != ']') {
			if (c >= p[0] && c <= p[2])
				hit = 1;
			p += 3;
		} else {
			if (c == *p)
				hit = 1;
			p++;
		}
	} while (*p && *p != ']');
	if (*p == ']')
		p++;
	*pp = p;
	return hit != neg;
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
			if (!*s || !class_match(&p, *s))
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

int glob_match(const char *pattern, const char *str)
{
	const char *alt;

	for (;;) {
		alt = strchr(pattern, '|');
		if (match_one(pattern, alt ? alt : pattern + strlen(pattern), str))
			return 1;
		if (!alt)
			return 0;
		pattern = alt + 1;
	}
}
