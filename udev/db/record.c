// SPDX-License-Identifier: GPL-2.0-only
/* A database record as text, both ways (see record.h). */
#include "compat.h"
#include "record.h"
#include "fd.h"
#include "fmt.h"
#include "path.h"
#include "str.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Appends "T:value\n" at buf + n, the value's control characters written
 * as \xNN so that no value can end its line early; size when it did not fit. */
static size_t db_line(char *buf, size_t n, size_t size, char tag, const char *value)
{
	size_t len;

	if (n >= size || size - n < 4)
		return size;
	buf[n] = tag;
	buf[n + 1] = ':';
	len = str_escape(buf + n + 2, value, size - n - 2);
	if (len + 3 >= size - n)
		return size;
	n += 2 + len;
	buf[n++] = '\n';
	buf[n] = '\0';
	return n;
}

/* The room the words of s take when read back escaped, each with its
 * separator: what db_read needs in the field it fills. */
static size_t db_room(const char *s, const char *seps)
{
	char list[DB_ENV_SIZE], *tok, *save = NULL;
	size_t n = 0;

	str_copy(list, s, sizeof(list));
	for (tok = strtok_r(list, seps, &save); tok; tok = strtok_r(NULL, seps, &save))
		n += str_escape(NULL, tok, 0) + 1;
	return n;
}

/* 1 when db_read gets rec back whole: control characters are stored as
 * \xNN, four bytes each, and read back so, into fields of fixed size. */
static int db_fits(const struct db_record *rec)
{
	return str_escape(NULL, rec->name, 0) < sizeof(rec->name) &&
	       db_room(rec->symlinks, " ") <= sizeof(rec->symlinks) &&
	       db_room(rec->env, "\n") < sizeof(rec->env);
}

size_t db_format(const struct db_record *rec, char *buf, size_t size)
{
	char list[DB_ENV_SIZE], *tok, *save = NULL;
	size_t n;

	if (!db_fits(rec))
		return size;
	n = db_line(buf, 0, size, 'P', rec->devpath);
	n = db_line(buf, n, size, 'N', rec->name);
	str_copy(list, rec->symlinks, sizeof(list));
	for (tok = strtok_r(list, " ", &save); tok && n < size; tok = strtok_r(NULL, " ", &save))
		n = db_line(buf, n, size, 'S', tok);
	if (rec->partitions && n < size)
		n += fmt_s(buf + n, size - n, "A:%d\n", rec->partitions);
	if (rec->ignore_remove && n < size)
		n += fmt_s(buf + n, size - n, "R:%d\n", rec->ignore_remove);
	if (rec->kept && n < size)
		n += fmt_s(buf + n, size - n, "K:1\n");
	if (rec->link_priority && n < size)
		n += fmt_s(buf + n, size - n, "L:%d\n", rec->link_priority);
	if (rec->watch && n < size)
		n += fmt_s(buf + n, size - n, "W:1\n");
	if ((rec->major || rec->minor) && n < size)
		n += fmt_s(buf + n, size - n, "M:%u:%u\n", rec->major, rec->minor);
	if (rec->subsystem[0])
		n = db_line(buf, n, size, 'U', rec->subsystem);
	str_copy(list, rec->env, sizeof(list));
	for (tok = strtok_r(list, "\n", &save); tok && n < size; tok = strtok_r(NULL, "\n", &save))
		n = db_line(buf, n, size, 'E', tok);
	return n < size ? n : size;
}

static void db_parse_line(struct db_record *rec, const char *line)
{
	const char *v = line + 2;

	if (line[0] == '\0' || line[1] != ':')
		return;
	switch (line[0]) {
	case 'P': str_copy(rec->devpath, v, sizeof(rec->devpath)); break;
	case 'N': str_copy(rec->name, v, sizeof(rec->name)); break;
	case 'A': rec->partitions = atoi(v); break;
	case 'R': rec->ignore_remove = atoi(v); break;
	case 'K': rec->kept = atoi(v); break;
	case 'L': rec->link_priority = atoi(v); break;
	case 'W': rec->watch = atoi(v); break;
	case 'M': str_to_devnum(v, &rec->major, &rec->minor); break;
	case 'U': str_copy(rec->subsystem, v, sizeof(rec->subsystem)); break;
	case 'S':
		if (rec->symlinks[0])
			str_append(rec->symlinks, " ", sizeof(rec->symlinks));
		str_append(rec->symlinks, v, sizeof(rec->symlinks));
		break;
	case 'E':
		str_append(rec->env, v, sizeof(rec->env));
		str_append(rec->env, "\n", sizeof(rec->env));
		break;
	}
}

int db_parse(char *buf, ssize_t n, struct db_record *rec)
{
	char *line, *save = NULL;

	if (n < 0)
		return n == -ENOENT ? -ENOENT : -EIO;
	memset(rec, 0, sizeof(*rec));
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		db_parse_line(rec, line);
	return 0;
}

/* A record kept as a symbolic link's target (n bytes at buf): ours
 * begins with its P: line; udev 100's names the node only, and the device
 * is the link's own name (base). */
static int db_parse_link(char *buf, ssize_t n, const char *base, struct db_record *rec)
{
	if (n >= 2 && buf[0] == 'P' && buf[1] == ':')
		return db_parse(buf, n, rec);
	memset(rec, 0, sizeof(*rec));
	str_copy(rec->name, buf, sizeof(rec->name));
	path_devpath_of(base, rec->devpath, sizeof(rec->devpath));
	return 0;
}

/* The link is read first: most records are links (db_store_link), and
 * one that is not there costs that one call too. */
int db_read_at(int db, const char *file, struct db_record *rec)
{
	char buf[DB_RECORD_MAX + 1];
	int link;
	ssize_t n = fd_read_text(db, file, buf, sizeof(buf), &link);

	return link ? db_parse_link(buf, n, path_basename(file), rec) : db_parse(buf, n, rec);
}

int db_read_file(const char *file, struct db_record *rec)
{
	return db_read_at(AT_FDCWD, file, rec);
}

int db_list_has(const char *list, const char *word)
{
	size_t len = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || !p[len]))
			return 1;
		p += len;
	}
	return 0;
}
