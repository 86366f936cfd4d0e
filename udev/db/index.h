/* SPDX-License-Identifier: GPL-2.0-only */
/* The index of symlink claimants inside udev_db (used by db.c): for each
 * link some record lists, <udev_db>/.links/<link>/<record file> is an empty
 * file, the link's '/' and '\' (and a leading '.') written as \x2f, \x5c and
 * \x2e. Every entry is a hard link to one empty file, .links/.claim: a name
 * in its folder and no inode of its own (tmpfs spends about 1 KiB on the
 * inode of each empty file; where links cannot be made, an entry is a file
 * of its own). An entry is made before its record and removed after it, so it is a
 * hint: whoever reads one checks the record it names. .links is there only
 * while some record has a link: the last entry removed takes it away (an
 * empty database stays empty), and the next link written builds it anew of
 * all records, as for a database written by an older version, which has
 * none. A link whose escaped name is longer than a file name is not indexed.
 * While .links is missing, and for such a link, dblinks_each says 1:
 * the caller reads every record. */
#ifndef UDEV_DBLINKS_H
#define UDEV_DBLINKS_H

#include "conf.h"

/* Enters record (its file name under udev_db) for each link of the space
 * separated list; 0, or -errno when an entry could not be made. */
int dblinks_add(const struct udev_conf *conf, const char *record, const char *links);
/* Removes record's entries for the links of list that keep does not hold. */
void dblinks_remove(const struct udev_conf *conf, const char *record, const char *list,
		    const char *keep);
/* Calls fn with the file name of each record entered for link; 0, or 1
 * when link is not indexed (the caller reads every record). */
int dblinks_each(const struct udev_conf *conf, const char *link,
		 void (*fn)(const char *record, void *data), void *data);

#endif
