// SPDX-License-Identifier: GPL-2.0-only
/* Legacy udev.permissions files: name:owner:group:mode lines with globs,
 * first match wins; udev_permissions names a file or a directory of
 * *.permissions files read in name order. Read only when a node needs it. */
#include "compat.h"
#include "perms.h"
#include "glob.h"
#include "log.h"
#include "path.h"
#include "str.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct perm_fields {
	char *owner, *group;
	size_t osize, gsize;
	mode_t *mode;
};

/* 1 when this line's glob matches name (fields copied), else 0. */
static int perms_line(char *line, const char *name, struct perm_fields *f)
{
	char *field[4], *p = line;
	int i;

	line[strcspn(line, "\r\n")] = '\0';
	p += strspn(p, " \t");
	if (*p == '#' || !*p)
		return 0;
	for (i = 0; i < 4; i++) {
		field[i] = p;
		p = strchr(p, ':');
		if (!p && i < 3)
			return 0;
		if (p)
			*p++ = '\0';
	}
	if (!glob_match(field[0], name))
		return 0;
	if (*field[1])
		str_copy(f->owner, field[1], f->osize);
	if (*field[2])
		str_copy(f->group, field[2], f->gsize);
	/* a mode of 0 is no mode, as udev 050 read it: default_mode applies */
	if (strtoul(field[3], NULL, 8) & 07777)
		*f->mode = (mode_t)strtoul(field[3], NULL, 8) & 07777;
	return 1;
}

static int perms_file(const char *path, const char *name, struct perm_fields *f)
{
	char line[512];
	int hit = 0;
	FILE *file = fopen(path, "re");

	if (!file)
		return 0;
	while (!hit && fgets(line, sizeof(line), file))
		hit = perms_line(line, name, f);
	fclose(file);
	return hit;
}

static int perms_dir(const char *dir, const char *name, struct perm_fields *f)
{
	char *names[128], path[1024];
	int n = path_list_dir(dir, ".permissions", names, 128), i, hit = 0;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!hit)
			hit = perms_file(path, name, f);
		free(names[i]);
	}
	return hit;
}

int perms_lookup(const struct udev_conf *conf, const char *name,
		 char *owner, size_t osize, char *group, size_t gsize, mode_t *mode)
{
	struct perm_fields f = { owner, group, osize, gsize, mode };
	struct stat st;

	if (!conf->permissions[0] || stat(conf->permissions, &st) < 0)
		return 0;
	if (S_ISDIR(st.st_mode))
		return perms_dir(conf->permissions, name, &f);
	return perms_file(conf->permissions, name, &f);
}
