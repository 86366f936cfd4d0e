/* SPDX-License-Identifier: GPL-2.0-only */
/* Bounded string copies: always NUL-terminated, never overflow, report truncation. */
#ifndef LIB_STR_H
#define LIB_STR_H

#include <stddef.h>

/* Copy/append src into dst of size bytes; return strlen of what was wanted
 * (>= size means truncated), like BSD strlcpy/strlcat. */
size_t str_copy(char *dst, const char *src, size_t size);
size_t str_append(char *dst, const char *src, size_t size);
/* A control character or DEL: what str_escape writes as \xNN (NUL is one). */
static inline int str_is_ctl(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}
/* Copies src into dst with control characters (and DEL) written as \xNN, so
 * that a hostile value logs as one line; truncates like str_copy. With
 * size 0 (dst may then be NULL) it only measures. */
size_t str_escape(char *dst, const char *src, size_t size);
/* Writes byte c as the four characters \xNN (lower-case hex) at out, with
 * no NUL; returns 4. */
size_t str_hex_byte(char *out, unsigned char c);
/* Copies src up to its first '/' (or its end) into dst, like str_copy. */
size_t str_copy_component(char *dst, const char *src, size_t size);
/* Parses "MAJOR:MINOR" (a sysfs `dev` file, a trailing newline allowed). */
int str_to_devnum(const char *s, unsigned int *major, unsigned int *minor);
/* Parses a whole unsigned decimal number; -EINVAL if s is not one. */
int str_to_u64(const char *s, unsigned long long *out);
/* strcasecmp() for ASCII only: no locale, no ctype table in small programs. */
int str_casecmp(const char *a, const char *b);
/* Replaces every character of set in s with c; returns how many. */
int str_replace_chars(char *s, const char *set, char c);
/* Whether sub occurs in s: strstr() without klibc's 250-byte memmem(). */
int str_contains(const char *s, const char *sub);
/* 64-bit FNV-1a of len bytes of s, going on from h (STR_FNV_INIT to
 * start): a key of a DEVPATH or of its first components (udevd). */
#define STR_FNV_INIT 14695981039346656037ULL
unsigned long long str_fnv(unsigned long long h, const char *s, size_t len);
/* 1 when the n bytes at a and b are the same: memcmp() == 0 eight bytes at a
 * time (klibc's memcmp goes a byte at a time; udevd's claims compare whole
 * device paths several times an event). */
int str_same(const void *a, const void *b, size_t n);

#endif
