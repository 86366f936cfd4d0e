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

size_t str_copy_component(char *dst, const char *src, size_t size)
{
	size_t len = strcspn(src, "/");

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

/* sscanf("%u:%u") without the scanf machinery in small static programs */
int str_to_devnum(const char *s, unsigned int *major, unsigned int *minor)
{
	unsigned long v[2] = { 0, 0 };
	int i, digits;

	for (i = 0; i < 2; i++) {
		for (digits = 0; *s >= '0' && *s <= '9' && digits < 10; s++, digits++)
			v[i] = v[i] * 10 + (unsigned long)(*s - '0');
		if (digits == 0 || v[i] > 0xffffffffUL)
			return -EINVAL;
		if (i == 0 && *s++ != ':')
			return -EINVAL;
	}
	if (*s && *s != '\n')
		return -EINVAL;
	*major = (unsigned int)v[0];
	*minor = (unsigned int)v[1];
	return 0;
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

size_t str_hex_byte(char *out, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	out[0] = '\\';
	out[1] = 'x';
	out[2] = hex[c >> 4];
	out[3] = hex[c & 0xf];
	return 4;
}

size_t str_escape(char *dst, const char *src, size_t size)
{
	size_t len = 0;
	unsigned char c;

	for (; (c = (unsigned char)*src); src++) {
		if (!str_is_ctl(c)) {
			if (len + 1 < size)
				dst[len] = (char)c;
			len++;
			continue;
		}
		if (len + 4 < size)
			str_hex_byte(dst + len, c);
		else if (len < size)
			size = len + 1;   /* never half an escape */
		len += 4;
	}
	if (size)
		dst[len < size ? len : size - 1] = '\0';
	return len;
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

int str_replace_chars(char *s, const char *set, char c)
{
	int n = 0;

	for (; *s; s++) {
		if (strchr(set, *s)) {
			*s = c;
			n++;
		}
	}
	return n;
}

int str_same(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	unsigned long long x, y;

	for (; n >= sizeof(x); n -= sizeof(x), p += sizeof(x), q += sizeof(x)) {
		memcpy(&x, p, sizeof(x));   /* one unaligned load each */
		memcpy(&y, q, sizeof(y));
		if (x != y)
			return 0;
	}
	while (n--)
		if (*p++ != *q++)
			return 0;
	return 1;
}

unsigned long long str_fnv(unsigned long long h, const char *s, size_t len)
{
	while (len--)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}
