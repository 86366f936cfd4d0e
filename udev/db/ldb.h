/* SPDX-License-Identifier: GPL-2.0-only */
/* libudev's database (ldb.c), when udev.conf's udev_libudev_db names its
 * folder (/run/udev/data; off by default): one file per handled device, as
 * libudev 1.x reads it, so that its enumeration sees the device initialized
 * with the properties the rules gave it; removed with the device. Written
 * from the legacy record (record.h) after it, never read back by udev. */
#ifndef UDEV_LDB_H
#define UDEV_LDB_H

#include "record.h"

/* The file of ev's device: "c<major>:<minor>" or "b..." for a device with
 * a node (rec's number), "n<IFINDEX>" for a network interface,
 * "+<subsystem>:<sysname>" otherwise; lines S: (each link, relative to
 * udev_root), I: (microseconds since boot) and E: (the rules' variables,
 * rec's, escaped as there). Written atomically. 0 or -errno. */
int ldb_write(const struct udev_event *ev, const struct db_record *rec);
/* Removes that file; 0 or -errno (-ENOENT when there was none). */
int ldb_delete(const struct udev_event *ev, const struct db_record *rec);

#endif
