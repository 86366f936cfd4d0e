/* SPDX-License-Identifier: GPL-2.0-only */
/* Which of an event's variables are its own, those udevd tells others
 * (answer/public.h). The kernel runs its helper with the event, HOME and
 * PATH only: then all are. Run by hand (udevsend's parent, whose pid it
 * sends in the header's arg, has an executable: not a kernel thread), the
 * caller's environment (a root shell's tokens) goes to udev and the rules,
 * but only the kernel's own keys and those UDEVSEND_EVENT_KEYS names are
 * the event's. */
#ifndef UDEVD_OWN_H
#define UDEVD_OWN_H

#include <stddef.h>
#include <stdint.h>

/* Puts env's own variables (len bytes) first; returns where they end, or
 * 0 when all of them are (ppid 0: a sender that did not say). */
uint32_t own_split(char *env, size_t len, uint32_t ppid);
/* A new receiving turn: the parents looked at before are looked at again
 * (a pid is kept for one turn only: a dead thread's pid may be reused). */
void own_turn(void);

#endif
