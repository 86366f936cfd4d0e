// SPDX-License-Identifier: GPL-2.0-only
/* The byte-order and field helpers every format's probe shares (see
 * volume.h). */
#include "compat.h"
#include "str.h"
#include "volume.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

unsigned int le16(const unsigned char *p) { return p[0] | (unsigned int)p[1] << 8; }
unsigned int be16(const unsigned char *p) { return p[1] | (unsigned int)p[0] << 8; }
unsigned long le32(const unsigned char *p) { return le16(p) | (unsigned long)le16(p + 2) << 16; }
unsigned long be32(const unsigned char *p) { return be16(p + 2) | (unsigned long)be16(p) << 16; }
unsigned long long le64(const unsigned char *p)
{
	return le32(p) | (unsigned long long)le32(p + 4) << 32;
}

int volume_read(struct volume *v, unsigned long long off, void *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	while (got < len) {
		n = pread(v->fd, (char *)buf + got, len - got, (off_t)(off + got));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -ENODATA;   /* past the end: not this format */
		got += (size_t)n;
	}
	return 0;
}

int volume_at(struct volume *v, unsigned long long off, void *buf, size_t len,
	      size_t moff, const char *magic, size_t mlen)
{
	int r = volume_read(v, off, buf, len);

	if (r < 0)
		return r == -ENODATA ? 0 : r;
	return !magic || memcmp((const char *)buf + moff, magic, mlen) == 0;
}

int volume_found(struct volume *v, const char *usage, const char *type)
{
	v->usage = usage;
	v->type = type;
	return 1;
}

void volume_uuid16(unsigned char *out, const unsigned char *id)
{
	static const char hex[] = "0123456789abcdef";
	int i, zero = 1;

	for (i = 0; i < 16; i++)
		zero &= id[i] == 0;
	if (zero) {
		out[0] = '\0';
		return;
	}
	for (i = 0; i < 16; i++) {
		if (i == 4 || i == 6 || i == 8 || i == 10)
			*out++ = '-';
		*out++ = (unsigned char)hex[id[i] >> 4];
		*out++ = (unsigned char)hex[id[i] & 15];
	}
	*out = '\0';
}

void volume_hex_le(unsigned char *out, const unsigned char *p, size_t n, size_t dash)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i, o = 0;

	for (i = n; i-- > 0;) {
		out[o++] = (unsigned char)hex[p[i] >> 4];
		out[o++] = (unsigned char)hex[p[i] & 15];
		if (o == dash)
			out[o++] = '-';
	}
	out[o] = '\0';
}

void volume_text(unsigned char *out, size_t size, const unsigned char *field, size_t len)
{
	size_t n = strnlen((const char *)field, len);

	if (n >= size)
		n = size - 1;
	memcpy(out, field, n);
	volume_trim(out, n);
}

/* Drops trailing white space (blank, tab, newline, vertical tab, form
 * feed, carriage return) from the n bytes at s and ends them there. */
void volume_trim(unsigned char *s, size_t n)
{
	while (n && (s[n - 1] == ' ' || (s[n - 1] >= '\t' && s[n - 1] <= '\r')))
		n--;
	s[n] = '\0';
}

/* One character at p in enc: a UTF-16 unit, or a Latin-1 byte. */
static unsigned int unit_at(const unsigned char *p, int enc)
{
	return enc == VOL_UTF16LE ? le16(p) : enc == VOL_UTF16BE ? be16(p) : p[0];
}

/* Code point c as UTF-8 at out + o when it fits before size - 1: the new o. */
static size_t utf8_put(unsigned char *out, size_t size, size_t o, unsigned long c)
{
	size_t n = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
	static const unsigned char lead[] = { 0, 0, 0xc0, 0xe0, 0xf0 };
	size_t i;

	if (o + n >= size)
		return o;   /* does not fit: the caller stops */
	if (n == 1) {
		out[o] = (unsigned char)c;
		return o + 1;
	}
	for (i = n - 1; i > 0; i--, c >>= 6)
		out[o + i] = (unsigned char)(0x80 | (c & 0x3f));
	out[o] = (unsigned char)(lead[n] | c);
	return o + n;
}

size_t volume_unicode(unsigned char *out, size_t size, const unsigned char *p, size_t len,
		      int enc)
{
	size_t i, o = 0, next, step = enc == VOL_LATIN1 ? 1 : 2;
	unsigned long c, lo;

	for (i = 0; i + step <= len; i += step) {
		c = unit_at(p + i, enc);
		if (step == 2 && c >= 0xd800 && c <= 0xdbff && i + 4 <= len) {
			lo = unit_at(p + i + 2, enc);
			if (lo >= 0xdc00 && lo <= 0xdfff) {
				c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
				i += 2;
			}
		}
		next = c ? utf8_put(out, size, o, c) : o;
		if (next == o)
			break;
		o = next;
	}
	out[o] = '\0';
	return o;
}

void volume_label_unicode(struct volume *v, const unsigned char *p, size_t len, int enc)
{
	volume_trim(v->label, volume_unicode(v->label, sizeof(v->label), p, len, enc));
}

void volume_label(struct volume *v, const unsigned char *field, size_t len)
{
	volume_text(v->label, sizeof(v->label), field, len);
}
