/* SPDX-License-Identifier: GPL-2.0-only */
/* Shell-style patterns of the rule files: * ? [a-z] [!a-z], and
 * alternatives separated by '|'. */
#ifndef UDEV_GLOB_H
#define UDEV_GLOB_H

/* 1 when str matches pattern, else 0. */
int glob_match(const char *pattern, const char *str);

#endif
