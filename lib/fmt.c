// SPDX-License-Identifier: GPL-2.0-only
/* A small vsnprintf for log messages (see fmt.h): only the conversions the log
 * calls use, no widths, no floating point, no locale. */
#include "compat.h"
#include "fmt.h"

#include <stdlib.h>
#include <string.h>

struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

/* The same as put for each character, in one copy. */
static void put_str(struct out *o, const char *s)
{
	size_t n = strlen(s), room = o->len + 1 < o->size ? o->size - 1 - o->len : 0;

	if (room)
		memcpy(o->buf + o->len, s, n < room ? n : room);
	o->len += n;
}

static void put_number(struct out *o, unsigned long long v, int negative)
{
	char tmp[24], *p = tmp + sizeof(tmp) - 1;

	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	if (negative)
		*--p = '-';
	put_str(o, p);
}

/* clang-analyzer reads these two helpers alone and takes *ap for an
 * uninitialised va_list; it is fmt_v's va_copy of the caller's list. */
/* NOLINTBEGIN(clang-analyzer-valist.Uninitialized) */
/* The next integer argument for length lng (0, 1 = l, 2 = ll; z counts as l,
 * h as nothing), sign-extended when the conversion is signed. Unsigned
 * arguments are read as their signed twin: same size, same slot. */
static unsigned long long arg_number(int lng, int sign, va_list *ap)
{
	long l;
	int i;

	if (lng >= 2)
		return va_arg(*ap, unsigned long long);
	if (lng == 1) {
		l = va_arg(*ap, long);
		return sign ? (unsigned long long)l : (unsigned long)l;
	}
	i = va_arg(*ap, int);
	return sign ? (unsigned long long)i : (unsigned int)i;
}

/* One conversion after its '%'; returns the rest of the format, or NULL when
 * the conversion is not one of ours (the caller copies it as it stands). */
static const char *put_conversion(struct out *o, const char *f, va_list *ap)
{
	unsigned long long v;
	const char *s;
	int lng = 0;

	for (; *f == 'l' || *f == 'h' || *f == 'z'; f++)
		lng += *f != 'h';
	switch (*f) {
	case 's':
		s = va_arg(*ap, const char *);
		put_str(o, s ? s : "(null)");
		break;
	case 'c':
		put(o, (char)arg_number(0, 0, ap));
		break;
	case '%':
		put(o, '%');
		break;
	case 'd': case 'i':
		v = arg_number(lng, 1, ap);
		put_number(o, (long long)v < 0 ? 0ULL - v : v, (long long)v < 0);
		break;
	case 'u':
		put_number(o, arg_number(lng, 0, ap), 0);
		break;
	default:
		return NULL;
	}
	return f + 1;
}
/* NOLINTEND(clang-analyzer-valist.Uninitialized) */

size_t fmt_v(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	const char *next;
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		if (*fmt == '%' && (next = put_conversion(&o, fmt + 1, &aq))) {
			fmt = next;
			continue;
		}
		put(&o, *fmt++);
	}
	va_end(aq);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len;
}

size_t fmt_s(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = fmt_v(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
