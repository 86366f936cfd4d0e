/* SPDX-License-Identifier: GPL-2.0-only */
/* The nodes udevd watches (OPTIONS watch, udev(8)): for each device whose
 * rules ask it, <udev_db>/.watch/<record file> holds the P:, N:, M: and U:
 * lines of its record. udev writes the entry (a temporary file renamed
 * over it) when an add or change asks for the watch, and removes it when
 * one does not, and at remove; the last entry removed takes .watch away.
 * udevd (udevd/door/watch.h) reads the folder at start and follows it. */
#ifndef UDEV_DB_WATCHLIST_H
#define UDEV_DB_WATCHLIST_H

#include "conf.h"
#include "record.h"

/* The entry of rec (devpath, name, major:minor, subsystem): written when
 * on and rec has a node, else removed. 0, or -errno. */
int db_watch_set(const struct udev_conf *conf, const struct db_record *rec, int on);

#endif
