// SPDX-License-Identifier: GPL-2.0-only
/* A small vsnprintf for log messages (see fmt.h): no floating point, no
 * locale, no positional arguments, which the log calls never use. */
#include "compat.h"
#include "fmt.h"

#include <string.h>

struct out {
	char *buf;
	size_t size, len;
};

struct spec {
	int left, zero, width, prec, lng;    /* lng: 0, 1 (l), 2 (ll), 3 (z) */
	char conv;
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

/* Writes s[0..n) padded to the width; zero padding goes after a sign. */
static void put_field(struct out *o, const struct spec *sp, const char *s, size_t n)
{
	size_t pad = sp->width > 0 && (size_t)sp->width > n ? (size_t)sp->width - n : 0;

	if (sp->zero && !sp->left && n && (*s == '-')) {
		put(o, *s++);
		n--;
	}
	for (; !sp->left && pad; pad--)
		put(o, sp->zero ? '0' : ' ');
	while (n--)
		put(o, *s++);
	for (; pad; pad--)
		put(o, ' ');
}

static void put_number(struct out *o, const struct spec *sp, unsigned long long v,
		       int negative, unsigned int base)
{
	char tmp[24], *p = tmp + sizeof(tmp);

	do {
		*--p = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (negative)
		*--p = '-';
	put_field(o, sp, p, (size_t)(tmp + sizeof(tmp) - p));
}

static long long arg_signed(const struct spec *sp, va_list *ap)
{
	if (sp->lng == 2)
		return va_arg(*ap, long long);
	if (sp->lng == 1 || sp->lng == 3)
		return va_arg(*ap, long);
	return va_arg(*ap, int);
}

static unsigned long long arg_unsigned(const struct spec *sp, va_list *ap)
{
	if (sp->lng == 2)
		return va_arg(*ap, unsigned long long);
	if (sp->lng == 1)
		return va_arg(*ap, unsigned long);
	if (sp->lng == 3)
		return va_arg(*ap, size_t);
	return va_arg(*ap, unsigned int);
}

/* Reads flags, width, precision and length after a '%'; returns the rest. */
static const char *parse_spec(const char *f, struct spec *sp, va_list *ap)
{
	memset(sp, 0, sizeof(*sp));
	sp->prec = -1;
	for (;; f++) {
		if (*f == '-')
			sp->left = 1;
		else if (*f == '0')
			sp->zero = 1;
		else
			break;
	}
	for (; *f >= '0' && *f <= '9'; f++)
		sp->width = sp->width * 10 + (*f - '0');
	if (*f == '.') {
		sp->prec = 0;
		if (*++f == '*') {
			sp->prec = va_arg(*ap, int);
			f++;
		}
		for (; *f >= '0' && *f <= '9'; f++)
			sp->prec = sp->prec * 10 + (*f - '0');
	}
	for (; *f == 'l' || *f == 'h' || *f == 'z'; f++)
		sp->lng = *f == 'z' ? 3 : *f == 'l' ? sp->lng + 1 : sp->lng;
	sp->conv = *f;
	return *f ? f + 1 : f;
}

static void put_string(struct out *o, const struct spec *sp, const char *s)
{
	size_t n;

	if (!s)
		s = "(null)";
	n = strlen(s);
	if (sp->prec >= 0 && (size_t)sp->prec < n)
		n = (size_t)sp->prec;
	put_field(o, sp, s, n);
}

/* Returns 0 when conv is not one of ours (the caller copies it verbatim). */
static int put_conversion(struct out *o, const struct spec *sp, va_list *ap)
{
	long long sv;
	char c;

	switch (sp->conv) {
	case 's':
		put_string(o, sp, va_arg(*ap, const char *));
		return 1;
	case 'c':
		c = (char)va_arg(*ap, int);
		put_field(o, sp, &c, 1);
		return 1;
	case 'd': case 'i':
		sv = arg_signed(sp, ap);
		put_number(o, sp, sv < 0 ? 0ULL - (unsigned long long)sv : (unsigned long long)sv,
			   sv < 0, 10);
		return 1;
	case 'u': case 'x': case 'o':
		put_number(o, sp, arg_unsigned(sp, ap), 0,
			   sp->conv == 'u' ? 10 : sp->conv == 'x' ? 16 : 8);
		return 1;
	case 'p':
		put(o, '0');
		put(o, 'x');
		put_number(o, sp, (unsigned long long)(size_t)va_arg(*ap, void *), 0, 16);
		return 1;
	case '%':
		put(o, '%');
		return 1;
	}
	return 0;
}

size_t fmt_v(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	struct spec sp;
	const char *start;
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		if (*fmt != '%') {
			put(&o, *fmt++);
			continue;
		}
		start = fmt;
		fmt = parse_spec(fmt + 1, &sp, &aq);
		if (!put_conversion(&o, &sp, &aq))
			while (start < fmt)
				put(&o, *start++);
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
