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

void volume_ucs2(unsigned char *out, size_t size, const unsigned char *p, size_t units,
		 unsigned int (*get)(const unsigned char *))
{
	size_t o = 0, i;
	unsigned int c;

	for (i = 0; i < units && o + 4 < size; i++) {
		c = get(p + 2 * i);
		if (!c)
			break;
		if (c < 0x80) {
			out[o++] = (unsigned char)c;
		} else if (c < 0x800) {
			out[o++] = (unsigned char)(0xc0 | c >> 6);
			out[o++] = (unsigned char)(0x80 | (c & 0x3f));
		} else {
			out[o++] = (unsigned char)(0xe0 | c >> 12);
			out[o++] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
			out[o++] = (unsigned char)(0x80 | (c & 0x3f));
		}
	}
	while (o && (out[o - 1] == ' ' || out[o - 1] == '\t'))
		o--;
	out[o] = '\0';
}

void volume_text(unsigned char *out, size_t size, const unsigned char *field, size_t len)
{
	size_t n = strnlen((const char *)field, len);

	if (n >= size)
		n = size - 1;
	while (n && (field[n - 1] == ' ' || field[n - 1] == '\t'))
		n--;
	memcpy(out, field, n);
	out[n] = '\0';
}

void volume_label(struct volume *v, const unsigned char *field, size_t len)
{
	volume_text(v->label, sizeof(v->label), field, len);
}
