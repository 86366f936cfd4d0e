/* SPDX-License-Identifier: GPL-2.0-only */
/* Partition tables for vol_id and disk_id (volume_part.c): the MBR (dos)
 * or GPT of a whole disk, and a partition's own entry, read from its disk,
 * as blkid -p names them (ID_PART_TABLE_*, ID_PART_ENTRY_*). */
#ifndef EXTRAS_VOLUME_PART_H
#define EXTRAS_VOLUME_PART_H

#include "volume.h"

#include <stddef.h>

/* The table on v's device: 1 and v->part.table set, 0 when there is none,
 * -errno when the device cannot be read. A FAT boot sector is no table. */
int part_table_probe(struct volume *v);
/* The entry of v's table (read from v's device) that starts at start
 * sectors (or, with start 0 or none there, the one numbered number) into
 * e: 1 found, 0 not, -errno. Counts and sizes in the table are bounded. */
int part_entry_find(struct volume *v, unsigned int number, unsigned long long start,
		    struct part_entry *e);
/* When v's device is a partition (devpath in sysfs, or NULL: found from
 * the node's device number under SYSFS_PATH/dev/block), its entry from
 * its disk's table into v->part.entry. The disk is opened through a
 * temporary node of its number made beside node (root only). */
void part_entry_probe(struct volume *v, const char *node, const char *devpath);
/* ID_PART_TABLE_* and ID_PART_ENTRY_* lines of what v->part holds. */
void part_export(const struct volume *v, char *out, size_t size);

#endif
