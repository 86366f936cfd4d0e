/* SPDX-License-Identifier: GPL-2.0-only */
/* What udevd knows of seqnums per device and what the kernel says: the
 * highest seqnum run per device (bounded memory), so that an event arriving
 * after a newer one of its device ran is known to be late; and the last
 * seqnum the kernel issued (SYSFS_PATH/kernel/uevent_seqnum). */
#ifndef UDEVD_DEVSEQ_H
#define UDEVD_DEVSEQ_H

#include "uevent.h"

#include <stdint.h>

#define DEVSEQ_SLOTS 4096         /* devices remembered (4-way sets) */

/* The highest seqnum remembered above ev's for its DEVPATH, an ancestor of
 * it, its DEVPATH_OLD or its device number; 0 when none is newer. */
uint64_t devseq_newer(const struct uevent *ev);
/* Remembers that ev runs now. */
void devseq_note(const struct uevent *ev);
/* The kernel's last issued seqnum; -errno when it cannot be read. */
int devseq_kernel(uint64_t *seqnum);

#endif
