// SPDX-License-Identifier: GPL-2.0-only
/* Bounded string utilities shared by all programs (see str.h). */
#include "compat.h"
#include "str.h"

#include <errno.h>
#include <string.h>

size_t str_copy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

size_t str_append(char *dst, const char *src, size_t size)
{
	size_t used = strnlen(dst, size);

	if (used == size)
		return size + strlen(src);
	return used + str_copy(dst + used, src, size - used);
}

int str_to_u64(const char *s, unsigned long long *out)
{
	unsigned long long v = 0;

	if (!s || !*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		if (v > (~0ULL - (unsigned)(*s - '0')) / 10)
			return -ERANGE;
		v = v * 10 + (unsigned)(*s - '0');
	}
	*out = v;
	return 0;
}

static int ascii_lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

int str_casecmp(const char *a, const char *b)
{
	for (; *a && ascii_lower((unsigned char)*a) == ascii_lower((unsigned char)*b); a++, b++)
		;
	return ascii_lower((unsigned char)*a) - ascii_lower((unsigned char)*b);
}

int str_contains(const char *s, const char *sub)
{
	size_t n = strlen(sub);

	for (; *s; s++)
		if (strncmp(s, sub, n) == 0)
			return 1;
	return n == 0;
}
