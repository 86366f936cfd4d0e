/* SPDX-License-Identifier: GPL-2.0-only */
/* The environment variables that steer the dynamic loader and libc in a
 * program started as root: what glibc drops for a setuid program (its
 * unsecvars list: LD_*, MALLOC_*, GCONV_PATH, LOCPATH, TMPDIR...) and
 * musl's MUSL_LOCPATH. Device data may not set them (IMPORT), and the
 * programs udev runs never get them from the event. */
#ifndef LIB_LOADER_H
#define LIB_LOADER_H

/* 1 when the entry or key s ("KEY=value" or "KEY") is one of them. */
int loader_key(const char *s);

#endif
