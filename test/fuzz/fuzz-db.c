// SPDX-License-Identifier: GPL-2.0-only
/* Fuzz harness: the input as a database record -> db_read; the record read
 * is written back and read again, and must come back whole (a record that
 * cannot be written whole is refused, never cut short). The same input as
 * a symbolic link's target reads back as the file did. */
#include "compat.h"
#include "fuzz.h"
#include "conf.h"
#include "../../udev/db/db.h"
#include "str.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define DEVPATH "/class/tty/ttyS0"

/* Words of s joined by single spaces, control characters as \xNN: the
 * database's own normal form (db_write escapes them, db_read keeps them
 * escaped, so that no value can make a line or a variable of its own). */
static void norm(const char *s, const char *seps, char *out, size_t size)
{
	char buf[DB_ENV_SIZE], word[4 * DB_ENV_SIZE], *tok, *save = NULL;

	str_copy(buf, s, sizeof(buf));
	out[0] = '\0';
	for (tok = strtok_r(buf, seps, &save); tok; tok = strtok_r(NULL, seps, &save)) {
		str_escape(word, tok, sizeof(word));
		if (out[0])
			str_append(out, " ", size);
		str_append(out, word, size);
	}
}

static int same(const struct db_record *a, const struct db_record *b)
{
	static char x[4 * DB_ENV_SIZE], y[4 * DB_ENV_SIZE];

	norm(a->name, "\n", x, sizeof(x));
	norm(b->name, "\n", y, sizeof(y));
	if (strcmp(a->devpath, b->devpath) || strcmp(x, y) ||
	    a->partitions != b->partitions || a->ignore_remove != b->ignore_remove ||
	    a->major != b->major || a->minor != b->minor)
		return 0;
	norm(a->symlinks, " ", x, sizeof(x));
	norm(b->symlinks, " ", y, sizeof(y));
	if (strcmp(x, y))
		return 0;
	norm(a->env, "\n", x, sizeof(x));
	norm(b->env, "\n", y, sizeof(y));
	return strcmp(x, y) == 0;
}

/* The same text as a short record's symbolic link (record.h) reads back
 * as the file did; a target of udev 100's (no P: line) names the node. */
static void link_same(const struct udev_conf *conf, const uint8_t *data, size_t size,
		      const struct db_record *rec)
{
	static char text[4096], path[PATH_MAX + 64];
	static struct db_record l;

	if (size == 0 || size >= sizeof(text) || memchr(data, '\0', size))
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	snprintf(path, sizeof(path), "%s/class@tty@ttyS0", conf->db);
	unlink(path);
	if (symlink(text, path) < 0)
		return;
	FUZZ_ASSERT(db_read(conf, DEVPATH, &l) == 0);
	if (size >= 2 && text[0] == 'P' && text[1] == ':')
		FUZZ_ASSERT(same(rec, &l) && l.kept == rec->kept && l.watch == rec->watch);
	else
		FUZZ_ASSERT(strcmp(l.devpath, DEVPATH) == 0 && l.symlinks[0] == '\0');
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct udev_conf conf;
	struct db_record rec, back;

	if (!conf.db[0]) {
		conf_defaults(&conf);
		snprintf(conf.db, sizeof(conf.db), "%s", fuzz_subdir("db"));
	}
	fuzz_file("db/class@tty@ttyS0", data, size);
	if (db_read(&conf, DEVPATH, &rec) != 0)
		return 0;
	link_same(&conf, data, size, &rec);
	FUZZ_ASSERT(memchr(rec.symlinks, '\0', sizeof(rec.symlinks)) != NULL);
	FUZZ_ASSERT(memchr(rec.env, '\0', sizeof(rec.env)) != NULL);
	db_find_name(&conf, "ttyS0", &back);
	str_copy(rec.devpath, DEVPATH, sizeof(rec.devpath));
	if (db_write(&conf, &rec) != 0)
		return 0;
	FUZZ_ASSERT(db_read(&conf, DEVPATH, &back) == 0);
	FUZZ_ASSERT(same(&rec, &back));
	return 0;
}
