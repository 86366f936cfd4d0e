/* SPDX-License-Identifier: GPL-2.0-only */
/* The device database, legacy layout: one file per device under udev_db,
 * named by DEVPATH without its leading '/', the other '/' turned into '@'
 * (class@tty@ttyS0, as udev 0.5x); records named with a leading '@' by
 * earlier versions are read too, and replaced when written. Lines: P: devpath,
 * N: name, S: symlink (one each), A: partitions, R: ignore_remove; and later
 * additions, M: major:minor, U: subsystem, W: watched (the folder .watch
 * lists those: db_watch_set) and E: KEY=value set by the rules.
 * Devices without a node (network interfaces, RUN-only devices) have a
 * record, with an empty N:, only when there is something to remember (a
 * variable, an option, a symlink: pipeline.c); udevd remembers the others
 * for its rescan after lost events (udevd/door/seen.h). Values are written with
 * control characters as \xNN. The folder .links indexes which records claim
 * each symlink (index.h); db_foreach and every listing skip names that
 * start with '.'. */
#ifndef UDEV_DB_H
#define UDEV_DB_H

#include "conf.h"
#include "record.h"

/* Looks through conf's udev_db once for records with the old name: when
 * there are none, db_read and the removes no longer look for a record
 * under its old name in that folder (only earlier versions wrote them). A
 * process that keeps conf (the pool worker) calls it after reading it. */
void db_check_old_names(const struct udev_conf *conf);
/* The record's file name under udev_db (class@tty@ttyS0). */
void db_name(const char *devpath, char *name, size_t size);
/* Writes buf to tmp, renamed over file (removed when that fails). */
int db_write_file(const char *file, const char *tmp, const char *buf, size_t len);
/* Writes rec in place (open with O_TRUNC, write, close; a temporary file
 * renamed over it only where that fails, as over a symbolic link). */
int db_write(const struct udev_conf *conf, const struct db_record *rec);
int db_read(const struct udev_conf *conf, const char *devpath, struct db_record *rec);
int db_delete(const struct udev_conf *conf, const char *devpath);
/* db_delete of the record the caller has just read (db_read): its symlinks
 * given, the file not read again. */
int db_delete_read(const struct udev_conf *conf, const char *devpath, const char *symlinks);
/* Finds the record whose node or one of whose symlinks is name. */
int db_find_name(const struct udev_conf *conf, const char *name, struct db_record *rec);
/* 1 when a device other than devpath owns name as node or symlink. */
int db_name_taken(const struct udev_conf *conf, const char *name, const char *devpath);
/* The record, other than skip's, that lists link among its symlinks (the
 * highest link_priority, then the first by devpath, when several do); 0,
 * or -ENOENT when none does. */
int db_find_claim(const struct udev_conf *conf, const char *link, const char *skip,
		  struct db_record *rec);
/* The nodes udevd watches (OPTIONS watch, udev(8)): for each device whose
 * rules ask it, <udev_db>/.watch/<record file> holds the P:, N:, M: and U:
 * lines of its record. udev writes the entry (a temporary file renamed
 * over it) when an add or change asks for the watch, and removes it when
 * one does not, and at remove; the last entry removed takes .watch away.
 * udevd (its door/watch.h) reads the folder at start and follows it. */
/* The entry of rec (devpath, name, major:minor, subsystem): written when
 * on and rec has a node, else removed. 0, or -errno. */
int db_watch_set(const struct udev_conf *conf, const struct db_record *rec, int on);

/* Calls fn for each record; stops when fn returns non-zero. */
int db_foreach(const struct udev_conf *conf,
	       int (*fn)(const struct db_record *rec, void *data), void *data);

#endif
