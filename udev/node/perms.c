// SPDX-License-Identifier: GPL-2.0-only
/* Legacy udev.permissions files: name:owner:group:mode lines with globs
 * (a '|' is a plain character, as udev 050 read them), first match wins;
 * a later line with the same name (the same text) fills the fields the
 * first one left empty, as udev 050 merged them.
 * udev_permissions names a file or a directory of *.permissions files
 * read in name order. Read only when a node needs it. */
#include "compat.h"
#include "perms.h"
#include "../keep/cache.h"
#include "../rules/glob.h"
#include "log.h"
#include "path.h"
#include "str.h"
#include "fmt.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct perm_fields {
	char *owner, *group;
	size_t osize, gsize;
	mode_t *mode;
	unsigned int set;     /* PERM_*: given by a line */
	char pat[256];        /* the name of the first line that matched */
};


/* 1 when this line's glob matches name, or after that when it has the same
 * name (fields not yet given copied), else 0. */
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
	if (f->pat[0] ? strcmp(field[0], f->pat) != 0 : !glob_match(field[0], name, 0))
		return 0;
	str_copy(f->pat, field[0], sizeof(f->pat));
	if (*field[1] && !(f->set & PERM_OWNER)) {
		str_copy(f->owner, field[1], f->osize);
		f->set |= PERM_OWNER;
	}
	if (*field[2] && !(f->set & PERM_GROUP)) {
		str_copy(f->group, field[2], f->gsize);
		f->set |= PERM_GROUP;
	}
	/* a mode of 0 is no mode, as udev 050 read it: default_mode applies */
	if ((strtoul(field[3], NULL, 8) & 07777) && !(f->set & PERM_MODE)) {
		*f->mode = (mode_t)strtoul(field[3], NULL, 8) & 07777;
		f->set |= PERM_MODE;
	}
	return 1;
}

/* What a scan does with each line: match it against a name, or keep it. */
struct perm_scan {
	const char *name;
	struct perm_fields *f;
	char *text;         /* kept lines */
	size_t len;
};

static int perms_take(struct perm_scan *s, char *line)
{
	size_t n = strlen(line);
	char *t;

	if (!s->name) {
		t = realloc(s->text, s->len + n + 2);
		if (!t)
			return -1;
		memcpy(t + s->len, line, n + 1);
		s->text = t;
		s->len += n;
		if (!n || t[s->len - 1] != '\n')
			t[s->len++] = '\n';
		t[s->len] = '\0';
		return 0;
	}
	return perms_line(line, s->name, s->f);
}

static int perms_file(const char *path, struct perm_scan *s)
{
	char line[512];
	int hit = 0, r;
	FILE *file = fopen(path, "re");

	if (!file)
		return 0;
	while (hit >= 0 && fgets(line, sizeof(line), file))
		hit = (r = perms_take(s, line)) < 0 ? r : hit | r;
	fclose(file);
	return hit;
}

static int perms_dir(const char *dir, struct perm_scan *s)
{
	char *names[128], path[1024];
	int n = path_list_dir(dir, ".permissions", names, 128), i, hit = 0;

	for (i = 0; i < n; i++) {
		fmt_s(path, sizeof(path), "%s/%s", dir, names[i]);
		hit |= perms_file(path, s);
		free(names[i]);
	}
	return hit;
}

/* Every line of udev_permissions (a name: those that give its fields). */
static int perms_scan(const struct udev_conf *conf, struct perm_scan *s)
{
	struct stat st;

	if (!conf->permissions[0] || stat(conf->permissions, &st) < 0)
		return 0;
	if (S_ISDIR(st.st_mode))
		return perms_dir(conf->permissions, s);
	return perms_file(conf->permissions, s);
}

/* The same over the worker's copy of the lines. */
static int perms_kept(const struct udev_conf *conf, struct udev_cache *c,
		      struct perm_scan *s)
{
	struct perm_scan keep = { NULL, NULL, NULL, 0 };
	char line[512];
	const char *p, *nl;
	size_t n;
	int hit = 0;

	if (!c->perms_read) {
		if (perms_scan(conf, &keep) != 0) {
			free(keep.text);   /* out of memory: read as without a cache */
			return perms_scan(conf, s);
		}
		c->perms = keep.text;
		c->perms_read = 1;
	}
	for (p = c->perms; p && *p; p = nl + 1) {
		nl = strchr(p, '\n');
		n = (size_t)(nl - p);
		str_copy(line, p, n + 1 < sizeof(line) ? n + 1 : sizeof(line));
		hit |= perms_line(line, s->name, s->f);
	}
	return hit;
}

int perms_lookup(const struct udev_conf *conf, struct udev_cache *c, const char *name,
		 char *owner, size_t osize, char *group, size_t gsize, mode_t *mode)
{
	struct perm_fields f = { owner, group, osize, gsize, mode, 0, "" };
	struct perm_scan s = { name, &f, NULL, 0 };
	int hit = c ? perms_kept(conf, c, &s) : perms_scan(conf, &s);

	free(s.text);   /* a lookup keeps no lines: always NULL (for the analyser) */
	return hit > 0 ? (int)f.set : hit;
}
