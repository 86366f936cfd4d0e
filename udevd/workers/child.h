/* SPDX-License-Identifier: GPL-2.0-only */
/* What every child of udevd gets before its exec (child.c). */
#ifndef UDEVD_CHILD_H
#define UDEVD_CHILD_H

/* In a forked child before exec: default signal dispositions, nothing
 * blocked, and the nice value udevd had before its own (child_nice). */
void child_reset(void);
/* udevd runs at a better nice value than its workers (udevd --nice): the
 * one its children get back, set once at start. */
void child_nice(int nice);

#endif
