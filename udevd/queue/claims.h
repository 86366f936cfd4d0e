/* SPDX-License-Identifier: GPL-2.0-only */
/* Which devices unfinished events hold: devpath chains (an event blocks its
 * ancestors and descendants), DEVPATH_OLD and device numbers, O(depth) a check. */
#ifndef UDEVD_CLAIMS_H
#define UDEVD_CLAIMS_H

#include "uevent.h"

#include <stddef.h>

struct claims;

struct claims *claims_new(void);
void claims_free(struct claims *c);
/* Records ev's devices; -ENOMEM leaves nothing recorded. */
int claims_add(struct claims *c, const struct uevent *ev);
void claims_del(struct claims *c, const struct uevent *ev);
/* "#b8:1" or "#c4:64" for ev's device number into buf; its length, 0 if
 * it does not fit. */
size_t claims_devnum_key(char *buf, size_t size, const struct uevent *ev);
/* 1 when ev's device, an ancestor, a descendant or its device number is held. */
int claims_conflict(const struct claims *c, const struct uevent *ev);

#endif
