/* SPDX-License-Identifier: GPL-2.0-only */
/* One record of the device database as text (record.c): struct db_record
 * written as P: N: S: A: R: K: L: W: M: U: E: lines with control characters as \xNN,
 * in a file or as a symbolic link's target, and read back. Below the
 * store (db.h) and the link index (index.h), which both read records and
 * call nothing above this. */
#ifndef UDEV_DB_RECORD_H
#define UDEV_DB_RECORD_H

#include "../event/event.h"

#include <sys/types.h>

/* KEY=value lines of a record: the keys the rules imported (a disk's ids
 * and its file system's, labels encoded, come to about 1 KiB). */
#define DB_ENV_SIZE 4096

struct db_record {
	char devpath[SYSFS_PATH_MAX];
	char name[NAME_SIZE];
	char symlinks[LIST_SIZE];  /* space separated */
	int partitions;
	int ignore_remove;
	int kept;                  /* K: the node was there before udev (devtmpfs) */
	int link_priority;         /* OPTIONS link_priority=N (L:) */
	int watch;                 /* W: OPTIONS watch, udevd watches the node (db.h) */
	unsigned int major, minor;
	char subsystem[64];
	char env[DB_ENV_SIZE];     /* KEY=value lines */
};

/* The largest record file: every value of struct db_record at its longest,
 * in one-character words, still fits. */
#define DB_RECORD_MAX (SYSFS_PATH_MAX + NAME_SIZE + 2 * LIST_SIZE + 2 * DB_ENV_SIZE + 256)

/* Renders rec as the file text into buf; returns its length, or size when
 * it did not fit (never written: a cut record would lose links). */
size_t db_format(const struct db_record *rec, char *buf, size_t size);
/* Parses the file text buf (n bytes, or -errno) into rec. */
int db_parse(char *buf, ssize_t n, struct db_record *rec);
/* A record whose text is at most this long is kept as the target of a
 * symbolic link, not in a file (db.c): tmpfs keeps such a target in the
 * link's inode, where a file of any size takes a page (4 KiB) of its own;
 * and one call makes it. Longer records are files. */
#define DB_LINK_MAX 127

/* Reads the record at the path file (a file, or a symbolic link whose
 * target is the record's text, or udev 100's whose target is the node's
 * name); 0, -ENOENT or -EIO. */
int db_read_file(const char *file, struct db_record *rec);
/* The same for the name file in the folder db (a symbolic link is read,
 * never followed). */
int db_read_at(int db, const char *file, struct db_record *rec);
/* 1 when the space separated list holds word. */
int db_list_has(const char *list, const char *word);

#endif
