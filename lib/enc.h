/* SPDX-License-Identifier: GPL-2.0-only */
/* Names from device data (labels, serial numbers) made safe for rules:
 * the encoded form keeps every byte as \xNN that could be unsafe in a link
 * name ('/', spaces, control bytes, '\\'), as udev's _ENC keys do; the safe
 * form replaces such bytes with '_'. */
#ifndef LIB_ENC_H
#define LIB_ENC_H

#include <stddef.h>

/* Encodes len bytes of in into out (size bytes, NUL-terminated): letters,
 * digits, "#+-.:=@_" and valid UTF-8 stay, every other byte becomes \xNN;
 * only whole sequences are written, so a long value is cut, never split.
 * A value of dots only ("..") has its dots encoded: it is never a path
 * component of its own. Returns the length written. */
size_t enc_encode(char *out, size_t size, const unsigned char *in, size_t len);
/* The readable form: leading and trailing white space dropped, other
 * white space and every byte enc_encode() would encode become '_'. */
size_t enc_safe(char *out, size_t size, const unsigned char *in, size_t len);
/* Replaces in place every byte of s at or above 0x80 that is not part of
 * a valid UTF-8 sequence (enc_encode's) with c; returns how many. */
size_t enc_utf8_fix(char *s, char c);
/* Appends the line "KEY=value\n" to out (size bytes, NUL-terminated) with
 * every control byte of value as \xNN (str_escape): the one way the extras
 * print a value, so no byte of device data starts a line of its own. */
void enc_line(char *out, size_t size, const char *key, const char *val);

#endif
