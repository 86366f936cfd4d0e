/* SPDX-License-Identifier: GPL-2.0-only */
/* What every child of udevd gets before its exec (child.c). */
#ifndef UDEVD_CHILD_H
#define UDEVD_CHILD_H

/* In a forked child before exec: default signal dispositions, nothing
 * blocked. */
void child_reset(void);

#endif
