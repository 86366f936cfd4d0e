// SPDX-License-Identifier: GPL-2.0-only
/* libudev's database (see ldb.h). libudev takes a device with a file here
 * as initialized; it reads S: as links under /dev, E: as KEY=value
 * properties and I: as the time of initialization, each line whole. */
#include "compat.h"
#include "ldb.h"
#include "db.h"
#include "fmt.h"
#include "path.h"
#include "proc.h"
#include "str.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* dir/id of the device; -EINVAL when no name can be made of it. */
static int ldb_file(const struct udev_event *ev, const struct db_record *rec,
		    char *file, size_t size)
{
	const char *dir = ev->conf->libudev_db, *ifindex = env_get(&ev->env, "IFINDEX");
	char id[192];

	if (rec->major || rec->minor)
		fmt_s(id, sizeof(id), "%c%u:%u", event_is_block(ev) ? 'b' : 'c', rec->major,
		      rec->minor);
	else if (strcmp(ev->subsystem, "net") == 0 && ifindex && *ifindex &&
		 strspn(ifindex, "0123456789") == strlen(ifindex))
		fmt_s(id, sizeof(id), "n%s", ifindex);
	else
		fmt_s(id, sizeof(id), "+%s:%s", ev->subsystem, path_basename(ev->devpath));
	if (strchr(id, '/') || !dir[0])
		return -EINVAL;
	return fmt_s(file, size, "%s/%s", dir, id) < size ? 0 : -ENAMETOOLONG;
}

/* "T:value\n" lines, one per word of list (split at sep). */
static size_t ldb_lines(char *buf, size_t n, size_t size, char t, const char *list,
			const char *sep)
{
	char copy[DB_ENV_SIZE], *w, *save = NULL;

	str_copy(copy, list, sizeof(copy));
	for (w = strtok_r(copy, sep, &save); w && n < size; w = strtok_r(NULL, sep, &save))
		n += fmt_s(buf + n, size - n, "%c:%s\n", t, w);
	return n;
}

int ldb_write(const struct udev_event *ev, const struct db_record *rec)
{
	char file[CONF_PATH_MAX + 200], tmp[sizeof(file) + 24], buf[LIST_SIZE + DB_ENV_SIZE + 64];
	size_t n;
	int r = ldb_file(ev, rec, file, sizeof(file));

	if (r < 0)
		return r;
	n = ldb_lines(buf, 0, sizeof(buf), 'S', rec->symlinks, " ");
	if (n < sizeof(buf))
		n += fmt_s(buf + n, sizeof(buf) - n, "I:%llu\n", compat_monotonic_ms() * 1000ULL);
	n = ldb_lines(buf, n, sizeof(buf), 'E', rec->env, "\n");
	if (n >= sizeof(buf))
		return -EFBIG;
	fmt_s(tmp, sizeof(tmp), "%s.tmp-%d", file, (int)proc_self());
	r = db_write_file(file, tmp, buf, n);
	if (r == -ENOENT) {   /* the folder is made at the first write */
		path_mkdir_parents(ev->conf->libudev_db, 0755);
		mkdir(ev->conf->libudev_db, 0755);
		r = db_write_file(file, tmp, buf, n);
	}
	return r;
}

int ldb_delete(const struct udev_event *ev, const struct db_record *rec)
{
	char file[CONF_PATH_MAX + 200];
	int r = ldb_file(ev, rec, file, sizeof(file));

	return r < 0 ? r : unlink(file) < 0 ? -errno : 0;
}
