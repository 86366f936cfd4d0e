// SPDX-License-Identifier: GPL-2.0-only
/* A build without libudev's database (lib/profile.h, WITHOUT=broadcast):
 * udev.conf's udev_libudev_db is refused where it is read (lib/conf.c), so
 * that these are never called with a folder to write to. */
#include "compat.h"
#include "ldb.h"

#include <errno.h>

int ldb_write(const struct udev_event *ev, const struct db_record *rec)
{
	(void)ev;
	(void)rec;
	return -ENOSYS;
}

int ldb_delete(const struct udev_event *ev, const struct db_record *rec)
{
	(void)ev;
	(void)rec;
	return -ENOSYS;
}
