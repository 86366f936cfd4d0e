// SPDX-License-Identifier: GPL-2.0-only
/* Rule files and directories: reads them line by line into the parser
 * (parse.c), decides each file's syntax once it is read, and points each
 * GOTO at its LABEL. */
#include "compat.h"
#include "rules.h"
#include "parse.h"
#include "log.h"
#include "path.h"
#include "str.h"
#include "fmt.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *keep_file_name(struct rules *rs, const char *path)
{
	char **n = realloc(rs->files, (size_t)(rs->nfiles + 1) * sizeof(*n));

	if (!n)
		return path;
	rs->files = n;
	n[rs->nfiles] = strdup(path);
	return n[rs->nfiles] ? n[rs->nfiles++] : path;
}

/* One physical line without its line end; 1 when read, 0 at the end of the
 * file. A line longer than the buffer is read to its end and flagged. */
static int read_line(FILE *f, char *buf, size_t size, int *too_long)
{
	size_t n;
	int c;

	*too_long = 0;
	if (!fgets(buf, (int)size, f))
		return 0;
	n = strlen(buf);
	if (n + 1 >= size && buf[n - 1] != '\n') {
		*too_long = 1;
		while ((c = getc(f)) != EOF && c != '\n')
			;
	}
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
	return 1;
}

/* Reads a file line by line; a trailing backslash continues a line. */
static int parse_file(struct rules *rs, const char *path)
{
	char line[4096], phys[4096];
	size_t len = 0, n;
	int lineno = 0, first = 0, first_rule, too_long, program = 0, dialect;
	const char *name;
	struct stat st;
	FILE *f = NULL;

	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		errno = EISDIR;
	else
		f = fopen(path, "re");
	if (!f) {
		log_err("cannot read rules file %s: %s", path, strerror(errno));
		return -errno;
	}
	name = keep_file_name(rs, path);
	rs->operators = rs->v100 = 0;
	first_rule = rs->nrules;
	while (read_line(f, phys, sizeof(phys), &too_long)) {
		lineno++;
		if (!len)
			first = lineno;
		n = strlen(phys);
		if (too_long && !len && phys[strspn(phys, " \t")] == '#')
			continue;   /* a comment, however long: skipped whole (udev 100) */
		if (too_long || len + n >= sizeof(line)) {
			log_err("%s:%d: line too long, skipping the rule", name, first);
			rs->errors++;
			len = 0;
			continue;
		}
		memcpy(line + len, phys, n + 1);
		len += n;
		if (len && line[len - 1] == '\\') {
			line[--len] = '\0';
			continue;
		}
		parse_line(rs, line, name, first);
		len = 0;
	}
	if (len)
		parse_line(rs, line, name, first);
	fclose(f);
	rs->operator_files += rs->operators;
	/* a file without any operator is a 2004 file: udev 050's precedence;
	 * one with a key only udev 070-100 knew, udev 100's */
	dialect = !rs->operators ? RULES_050 : rs->v100 ? RULES_100 : RULES_064;
	for (; first_rule < rs->nrules; first_rule++)
		finish_rule(rs, &rs->rules[first_rule], dialect, &program);
	return 0;
}

#define RULES_FILES_MAX 512

/* Adds path (owned) to the n files, in the place of one of the same file
 * name (a later directory's file overrides); the new count. */
static int merge_file(char **files, int n, char *path)
{
	int i;

	if (!path)
		return n;
	for (i = 0; i < n; i++)
		if (strcmp(path_basename(files[i]), path_basename(path)) == 0) {
			free(files[i]);
			files[i] = path;
			return n;
		}
	files[n] = path;
	return n + 1;
}

/* One entry of udev_rules: a file, or a directory's *.rules files, into
 * files (*n of them); 0, 1 when it does not exist, or -errno. */
static int collect(const char *entry, char **files, int *n)
{
	char *names[RULES_FILES_MAX], path[1024];
	struct stat st;
	int k, i;

	if (stat(entry, &st) < 0) {
		if (errno == ENOENT) {
			log_info("no rules at %s", entry);
			return 1;
		}
		log_err("cannot read rules %s: %s", entry, strerror(errno));
		return -errno;
	}
	if (!S_ISDIR(st.st_mode)) {
		*n = merge_file(files, *n, strdup(entry));
		return 0;
	}
	k = path_list_dir(entry, ".rules", names, RULES_FILES_MAX);
	for (i = 0; i < k; i++) {
		fmt_s(path, sizeof(path), "%s/%s", entry, names[i]);
		if (*n < RULES_FILES_MAX)
			*n = merge_file(files, *n, strdup(path));
		free(names[i]);
	}
	return k < 0 ? k : 0;
}

static int by_file_name(const void *a, const void *b)
{
	return strcmp(path_basename(*(char *const *)a), path_basename(*(char *const *)b));
}

/* The LABEL of rule i, or NULL. */
static const char *rule_label(const struct rules *rs, int i)
{
	int k;

	for (k = rs->rules[i].first; k < rs->rules[i].first + rs->rules[i].count; k++)
		if (rs->tokens[k].type == TK_LABEL)
			return rs->tokens[k].value;
	return NULL;
}

/* A LABEL of one file given twice: a GOTO before both goes to the first,
 * and the second is most likely a copy that meant another name. */
static void check_labels(const struct rules *rs)
{
	const char *l;
	int i, j;

	for (i = 0; i < rs->nrules; i++) {
		if (!(l = rule_label(rs, i)))
			continue;
		for (j = 0; j < i; j++)
			if (rs->rules[j].file == rs->rules[i].file && rule_label(rs, j) &&
			    strcmp(rule_label(rs, j), l) == 0) {
				log_err("%s:%d: LABEL=\"%s\" again (first at line %d): a GOTO before "
					"both goes to the first", rs->rules[i].file, rs->rules[i].line, l,
					rs->rules[j].line);
				break;
			}
	}
}

/* Points each GOTO at the first later rule holding its LABEL. */
static void resolve_gotos(struct rules *rs)
{
	int i, j, k;

	for (i = 0; i < rs->nrules; i++) {
		struct rule *r = &rs->rules[i];
		const struct token *g = NULL;

		for (k = r->first; k < r->first + r->count; k++)
			if (rs->tokens[k].type == TK_GOTO)
				g = &rs->tokens[k];
		if (!g)
			continue;
		for (j = i + 1; j < rs->nrules && r->goto_rule < 0; j++)
			for (k = rs->rules[j].first; k < rs->rules[j].first + rs->rules[j].count; k++)
				if (rs->tokens[k].type == TK_LABEL &&
				    strcmp(rs->tokens[k].value, g->value) == 0)
					r->goto_rule = j;
		if (r->goto_rule < 0) {
			log_err("%s:%d: GOTO=\"%s\" has no LABEL after it, ignoring",
				r->file, r->line, g->value);
			rs->errors++;
		}
	}
}

/* udev_rules names one or more files or directories, separated by blanks:
 * their *.rules files merged, a file of a later entry overriding one of the
 * same name (/lib/udev/rules.d then /etc/udev/rules.d), read in file name
 * order. */
int rules_load(struct rules *rs, const char *paths)
{
	char entry[1024], *files[RULES_FILES_MAX] = { NULL };
	const char *p = paths;
	size_t len;
	int n = 0, r = 0, e, i, entries = 0, missing = 0;

	memset(rs, 0, sizeof(*rs));
	for (; *(p += strspn(p, " \t")); p += len) {
		len = strcspn(p, " \t");
		str_copy(entry, p, len < sizeof(entry) ? len + 1 : sizeof(entry));
		e = collect(entry, files, &n);
		entries++;
		missing += e == 1;
		r = r || e == 1 ? r : e;
	}
	/* one folder of a list may be missing (a package's); when none of
	 * them is there, udev_rules has a typo: every device gets its kernel
	 * name and the default permissions, which the operator must hear of */
	if (entries && missing == entries)
		log_err("no rules: nothing at udev_rules \"%s\" exists, every device gets its "
			"kernel name and the default permissions", paths);
	qsort(files, (size_t)n, sizeof(files[0]), by_file_name);
	for (i = 0; i < n; i++) {
		if (parse_file(rs, files[i]) < 0)
			rs->errors++;
		free(files[i]);
	}
	resolve_gotos(rs);
	check_labels(rs);
	return r;
}

void rules_free(struct rules *rs)
{
	int i;

	drop_tokens(rs, 0);
	for (i = 0; i < rs->nfiles; i++)
		free(rs->files[i]);
	free(rs->files);
	free(rs->tokens);
	free(rs->rules);
	memset(rs, 0, sizeof(*rs));
}
