/* SPDX-License-Identifier: GPL-2.0-only */
/* A small vsnprintf for log messages, the same on every libc and a fraction of
 * the size of klibc's or dietlibc's, so small programs need no printf at all. */
#ifndef LIB_FMT_H
#define LIB_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Formats into buf (always NUL-terminated when size > 0) and returns the length
 * the whole message would have. Knows %s %c %d %i %u %% with the h, l, ll and
 * z modifiers, which is what log messages use; anything else (widths, %x,
 * floating point, %n) is copied as it stands. */
size_t fmt_v(char *buf, size_t size, const char *fmt, va_list ap);
size_t fmt_s(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* fprintf through fmt_v, for the tools' output: a static build that uses
 * only this links no printf of its libc (klibc's is 2.5 KB). Returns the
 * length written, -1 when the line cannot be held. */
int fmt_print(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
