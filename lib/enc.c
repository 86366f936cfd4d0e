// SPDX-License-Identifier: GPL-2.0-only
/* Safe and \xNN-encoded forms of untrusted names (see enc.h). */
#include "compat.h"
#include "enc.h"
#include "str.h"

#include <string.h>

static int enc_plain(unsigned char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || (c && strchr("#+-.:=@_", c));
}

/* Length of the valid UTF-8 sequence of 2 to 4 bytes at s, or 0: no
 * overlong forms, no surrogates, no C1 controls, nothing above U+10FFFF. */
static size_t enc_utf8(const unsigned char *s, size_t len)
{
	size_t n, i;
	unsigned long cp;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n > len)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* C1 control characters (U+0080..U+009F) are controls as well */
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp < 0xa0)
		return 0;
	return n;
}

size_t enc_utf8_fix(char *s, char c)
{
	unsigned char *p = (unsigned char *)s;
	size_t len = strlen(s), i = 0, n, fixed = 0;

	while (i < len) {
		n = p[i] < 0x80 ? 1 : enc_utf8(p + i, len - i);
		if (!n) {
			p[i] = (unsigned char)c;
			fixed++;
			n = 1;
		}
		i += n;
	}
	return fixed;
}

static int enc_all_dots(const unsigned char *in, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (in[i] != '.')
			return 0;
	return len > 0;
}

size_t enc_encode(char *out, size_t size, const unsigned char *in, size_t len)
{
	int dots = enc_all_dots(in, len);
	size_t i = 0, o = 0, n;

	while (i < len && in[i]) {
		n = dots ? 0 : enc_plain(in[i]) ? 1 : enc_utf8(in + i, len - i);
		if (o + (n ? n : 4) >= size)
			break;
		if (n) {
			memcpy(out + o, in + i, n);
			o += n;
			i += n;
			continue;
		}
		o += str_hex_byte(out + o, in[i]);
		i++;
	}
	if (size)
		out[o] = '\0';
	return o;
}

static int enc_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

size_t enc_safe(char *out, size_t size, const unsigned char *in, size_t len)
{
	int dots;
	size_t i = 0, o = 0, n;

	len = strnlen((const char *)in, len);
	while (len && enc_space(in[len - 1]))
		len--;
	while (i < len && enc_space(in[i]))
		i++;
	dots = enc_all_dots(in + i, len - i);
	while (i < len) {
		n = dots ? 0 : enc_plain(in[i]) ? 1 : enc_utf8(in + i, len - i);
		if (o + (n ? n : 1) >= size)
			break;
		if (n)
			memcpy(out + o, in + i, n);
		else
			out[o] = '_';
		o += n ? n : 1;
		i += n ? n : 1;
	}
	if (size)
		out[o] = '\0';
	return o;
}

void enc_line(char *out, size_t size, const char *key, const char *val)
{
	size_t used;

	str_append(out, key, size);
	str_append(out, "=", size);
	used = strlen(out);
	if (used + 1 < size)
		str_escape(out + used, val, size - used - 1);   /* room for the newline */
	str_append(out, "\n", size);
}
