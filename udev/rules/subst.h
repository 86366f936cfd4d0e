/* SPDX-License-Identifier: GPL-2.0-only */
/* Substitutions in rule values (%k, $kernel, %s{attr}, ...) and the
 * cleaning of untrusted text that goes into them (subst.c). */
#ifndef UDEV_SUBST_H
#define UDEV_SUBST_H

#include "../event/event.h"

#include <stddef.h>

/* The modalias attribute of the device's bus device (the physical device
 * behind a class device), as udev 064 read it; 1 when found. */
int event_modalias(struct udev_event *ev, char *out, size_t size);
/* Replaces the characters udev 064 did not trust in device data and
 * program output (; , ~ backslash ( ) ') with '_'. */
void subst_untrusted(char *s);
/* The first $word of s that names no substitution, copied into word
 * ("$foo"); word is "" when every one is known. */
void subst_unknown(const char *s, char *word, size_t size);
/* Expands % and $ substitutions of in into out. */
void subst_format(struct udev_event *ev, const char *in, char *out, size_t size);
/* The same for a path (IMPORT{file}, TEST): each value from device data
 * (%s{} $attr{}, %c, %E{} but DEVPATH, %A) has its '/' as '_', and dots
 * alone as '_', so that it can neither climb nor add a component. */
void subst_path(struct udev_event *ev, const char *in, char *out, size_t size);

#endif
