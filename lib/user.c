// SPDX-License-Identifier: GPL-2.0-only
/* passwd/group lookups without NSS (see user.h). */
#include "compat.h"
#include "user.h"
#include "str.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Finds name in the first field of a colon file; returns the third. */
static int colon_file_lookup(const char *file, const char *name, unsigned long *id)
{
	char line[512];
	size_t len = strlen(name);
	FILE *f = fopen(file, "re");
	int r = -ENOENT;

	if (!f)
		return errno ? -errno : -ENOENT;
	while (fgets(line, sizeof(line), f)) {
		char *p;

		if (strncmp(line, name, len) != 0 || line[len] != ':')
			continue;
		p = strchr(line + len + 1, ':');   /* skip the password field */
		if (!p)
			continue;
		*id = strtoul(p + 1, NULL, 10);
		r = 0;
		break;
	}
	fclose(f);
	return r;
}

static int id_lookup(const char *name, const char *file, const char *dflt,
		     unsigned long *id)
{
	unsigned long long n;

	if (!name || !*name)
		return -ENOENT;
	if (str_to_u64(name, &n) == 0) {
		*id = (unsigned long)n;
		return 0;
	}
	return colon_file_lookup(file && *file ? file : dflt, name, id);
}

/* The first field of the line of a colon file whose third is id. */
static int colon_file_name(const char *file, unsigned long id, char *out, size_t size)
{
	char line[512], *p, *q;
	FILE *f = fopen(file, "re");
	int r = -ENOENT;

	if (!f)
		return errno ? -errno : -ENOENT;
	while (r < 0 && fgets(line, sizeof(line), f)) {
		if (!(p = strchr(line, ':')) || !(q = strchr(p + 1, ':')))
			continue;
		*p = '\0';
		if (q[1] >= '0' && q[1] <= '9' && strtoul(q + 1, NULL, 10) == id && line[0]) {
			str_copy(out, line, size);
			r = 0;
		}
	}
	fclose(f);
	return r;
}

int user_name(const char *file, uid_t uid, char *out, size_t size)
{
	return colon_file_name(file && *file ? file : "/etc/passwd", (unsigned long)uid, out, size);
}

int group_name(const char *file, gid_t gid, char *out, size_t size)
{
	return colon_file_name(file && *file ? file : "/etc/group", (unsigned long)gid, out, size);
}

int user_lookup(const char *file, const char *name, uid_t *uid)
{
	unsigned long id = 0;   /* set by id_lookup when it returns 0 */
	int r = id_lookup(name, file, "/etc/passwd", &id);

	if (r == 0)
		*uid = (uid_t)id;
	return r;
}

int group_lookup(const char *file, const char *name, gid_t *gid)
{
	unsigned long id = 0;   /* set by id_lookup when it returns 0 */
	int r = id_lookup(name, file, "/etc/group", &id);

	if (r == 0)
		*gid = (gid_t)id;
	return r;
}
