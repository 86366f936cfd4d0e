/* SPDX-License-Identifier: GPL-2.0-only */
/* Shell-style patterns of the rule files: * ? [a-z] [!a-z], and
 * alternatives separated by '|' (every '|' separates, even inside [...]),
 * as udev 064 read them; with alts 0 a '|' is a plain character, as udev
 * 050 read 2004-syntax rules and permissions lines. */
#ifndef UDEV_GLOB_H
#define UDEV_GLOB_H

/* 1 when str matches pattern, else 0: the pattern read as it is. */
int glob_match(const char *pattern, const char *str, int alts);

/* A pattern read once (parse.c) and tested per event without another
 * pass over its text: its alternatives split, each classified. */
enum glob_kind {
	GLOB_EXACT,    /* "sda": no * ? [ */
	GLOB_PREFIX,   /* "sd*": literal text, then only '*'s */
	GLOB_ANY,      /* "*": everything, the empty string too */
	GLOB_NONEMPTY, /* "?*": anything but the empty string */
	GLOB_GENERAL,  /* the rest: glob_match's matcher */
};

struct glob_alt {
	const char *s;      /* points into the pattern (not NUL-terminated) */
	unsigned int len;   /* literal length for EXACT and PREFIX */
	unsigned int end;   /* length of the whole alternative */
	enum glob_kind kind;
};

struct glob {
	struct glob_alt *alt;        /* n of them; NULL when n is 1: see one */
	struct glob_alt one;
	int n;
	int alts;                    /* what glob_compile was given */
	int any_first;               /* 0: only the first bytes in first[] match */
	unsigned char first[32];     /* bit set of the first bytes that can match */
};

/* Splits (alts) and classifies pattern, which must outlive g; -ENOMEM. */
int glob_compile(struct glob *g, const char *pattern, int alts);
/* The same answer as glob_match(pattern, str, g->alts). */
int glob_test(const struct glob *g, const char *str);
/* 0 when str cannot match g by its first byte alone: most rules are
 * ruled out here, without a call. */
static inline int glob_may_match(const struct glob *g, const char *str)
{
	unsigned char c = (unsigned char)str[0];

	return g->any_first || (g->first[c >> 3] & (1u << (c & 7)));
}
void glob_free(struct glob *g);

#endif
