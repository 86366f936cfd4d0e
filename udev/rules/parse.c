// SPDX-License-Identifier: GPL-2.0-only
/* Rule file parser: lines of KEY[{attr}] OP "value" pairs separated by
 * commas, in the 2004 form (KEY="value" for match and assign alike) and the
 * operator form (==, !=, =, +=, :=), mixed freely. A bad line is logged with
 * its file and line and skipped; the other rules still load. */
#include "compat.h"
#include "rules.h"
#include "../run/builtin.h"
#include "../run/devd.h"
#include "log.h"
#include "path.h"
#include "str.h"
#include "fmt.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* OPTIONS as udev 064 read them: each option named anywhere in the value
 * ("last_rule;ignore_remove" has both); what names none is ignored, and
 * *unknown says a word was not an option (a later release's "watch"). */
static int parse_options(const char *s, int *unknown)
{
	static const char *const names[] = {
		"last_rule", "ignore_device", "ignore_remove", "all_partitions",
	};
	int flags = 0;
	size_t len, i;

	for (i = 0; i < 4; i++)
		if (strstr(s, names[i]))
			flags |= 1 << i;
	*unknown = 0;
	while (*s) {
		s += strspn(s, ", ");
		len = strcspn(s, ", ");
		if (!len)
			break;
		for (i = 0; i < 4; i++)
			if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0)
				break;
		*unknown |= i == 4;
		s += len;
	}
	return flags;
}

/* A note on a rule that still loads (an ignored option), for the log. */
static const char *rule_note;

static int parse_op(const char **p, enum token_op *op)
{
	static const struct { const char *s; enum token_op op; } ops[] = {
		{ "==", OP_MATCH }, { "!=", OP_NOMATCH }, { "+=", OP_ADD },
		{ ":=", OP_FINAL }, { "=", OP_ASSIGN },
	};
	unsigned int i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		size_t n = strlen(ops[i].s);

		if (strncmp(*p, ops[i].s, n) == 0) {
			*p += n;
			*op = ops[i].op;
			return 0;
		}
	}
	return -EINVAL;
}

/* Types the key and checks its operator; an error message or NULL. */
static const char *classify(struct token *t, const char *key, const char *attr)
{
	const struct token_def *d;
	int i;

	/* the table's keys are upper case: the first byte rules out most */
	for (i = 0; i < TK_COUNT; i++)
		if (token_defs[i].key && token_defs[i].key[0] == (key[0] & ~0x20) &&
		    !(token_defs[i].flags & TF_DERIVED) && str_casecmp(key, token_defs[i].key) == 0)
			break;
	if (i == TK_COUNT)
		return "unknown key";
	d = &token_defs[i];
	if ((d->flags & TF_ATTR) && !attr)
		return "key needs {attribute}";
	if (!(d->flags & (TF_ATTR | TF_ATTR_OPT)) && attr)
		return "key takes no {attribute}";
	t->type = (enum token_type)i;
	if (t->type == TK_ENV_MATCH) {
		if (t->op == OP_ASSIGN || t->op == OP_ADD || t->op == OP_FINAL)
			t->type = TK_ENV_ASSIGN;
		return NULL;
	}
	/* 064: the type named anywhere in {}, else as without one */
	if (t->type == TK_IMPORT_PROGRAM && attr) {
		if (strstr(attr, "program"))
			;
		else if (strstr(attr, "file"))
			t->type = TK_IMPORT_FILE;
		else if (strstr(attr, "parent"))
			t->type = TK_IMPORT_PARENT;
		else if (strstr(attr, "builtin"))
			t->type = TK_IMPORT_BUILTIN;
		else {      /* as without braces: check_value decides */
			rule_note = "IMPORT{} names no type, the first word decides";
			free(t->attr);
			t->attr = NULL;
		}
	}
	/* udev 064 read every operator on every key: on a key that matches,
	 * all but != match (KERNEL="x" of the 2004 syntax, KERNEL:="x"); on a
	 * key that assigns, == and != assign as = does, adding to a list
	 * (SYMLINK=="x" is +=); IMPORT keeps them (IMPORT!= holds whether the
	 * import works or not, apply.c). */
	if (!(d->flags & TF_ASSIGN)) {
		if (t->op != OP_NOMATCH)
			t->op = OP_MATCH;
	} else if ((t->op == OP_MATCH || t->op == OP_NOMATCH) &&
		   token_defs[t->type].step != STEP_PROGRAM) {
		t->op = t->type == TK_SYMLINK || t->type == TK_RUN ? OP_ADD : OP_ASSIGN;
	}
	return NULL;
}

/* IMPORT without a type, as udev 064 decided when it read the rules: a
 * program when the first word names an executable, else a file. */
static enum token_type import_auto(const char *value)
{
	char file[1024];
	struct stat st;

	str_copy(file, value, sizeof(file));
	file[strcspn(file, " ")] = '\0';
	if (lstat(file, &st) == 0 && (st.st_mode & S_IXUSR))
		return TK_IMPORT_PROGRAM;
	return TK_IMPORT_FILE;
}

/* Checks the value of a typed token; an error message or NULL. */
static const char *check_value(struct token *t)
{
	int flags, unknown;
	char *end;

	if (t->type == TK_OPTIONS) {
		t->flags = (unsigned int)parse_options(t->value, &unknown);
		if (unknown)
			rule_note = "OPTIONS has words udev 064 did not know, ignoring them";
	} else if (t->type == TK_NAME && t->attr) {
		flags = parse_options(t->attr, &unknown);
		t->flags = (unsigned int)flags & (OPT_ALL_PARTITIONS | OPT_IGNORE_REMOVE);
		if (unknown || (unsigned int)flags != t->flags)
			rule_note = "NAME{} takes all_partitions and ignore_remove, ignoring the rest";
	} else if (t->type == TK_MODE && !strchr(t->value, '%') && !strchr(t->value, '$')) {
		/* "" is mode 0, which sets nothing (050/064) */
		if (strtoul(t->value, &end, 8) > 07777 || *end)
			return "MODE is not an octal number";
	} else if ((t->type == TK_GOTO || t->type == TK_LABEL) && !*t->value) {
		return "empty label";
	} else if (t->type == TK_IMPORT_PROGRAM && !t->attr) {
		t->type = import_auto(t->value);
	} else if (t->type == TK_IMPORT_BUILTIN) {
		return builtin_check(t->value);
	}
	return NULL;
}

static int push_token(struct rules *rs, const struct token *t)
{
	struct token *slot;

	if (rs->ntokens == rs->tcap) {
		int cap = rs->tcap ? rs->tcap * 2 : 256;
		struct token *n = realloc(rs->tokens, (size_t)cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		rs->tokens = n;
		rs->tcap = cap;
	}
	slot = &rs->tokens[rs->ntokens];
	*slot = *t;
	if ((token_defs[t->type].flags & TF_PATTERN) && glob_compile(&slot->pat, slot->value, 1) < 0)
		return -ENOMEM;
	rs->ntokens++;
	return 0;
}

static void drop_tokens(struct rules *rs, int from)
{
	while (rs->ntokens > from) {
		rs->ntokens--;
		free(rs->tokens[rs->ntokens].attr);
		free(rs->tokens[rs->ntokens].value);
		glob_free(&rs->tokens[rs->ntokens].pat);
	}
}

/* Reads KEY[{attr}] into key/attr; SYSFS_attr is the old spelling. */
static const char *parse_key(const char **pp, char *key, size_t ksize, char **attr)
{
	const char *p = *pp, *s = p, *e;
	char pre[7];
	size_t n;

	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	n = (size_t)(p - s);
	if (!n || n >= ksize)
		return "expected a key";
	memcpy(key, s, n);
	key[n] = '\0';
	if (*p == '{') {
		e = strchr(p, '}');
		if (!e)
			return "missing '}'";
		*attr = strndup(p + 1, (size_t)(e - p - 1));
		p = e + 1;
	} else if (str_copy(pre, key, sizeof(pre)) > 6 && str_casecmp(pre, "SYSFS_") == 0) {
		*attr = strdup(key + 6);
		key[5] = '\0';
	}
	*pp = p;
	return NULL;
}

/* Reads "value" (\" escapes a quote) into an owned string. */
static const char *parse_value(const char **pp, char **value)
{
	const char *p = *pp;
	char *v, *w;

	if (*p != '"')
		return "value must be in double quotes";
	v = w = malloc(strlen(p));
	if (!v)
		return "out of memory";
	for (p++; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1] == '"')
			p++;
		*w++ = *p;
	}
	*w = '\0';
	if (*p != '"') {
		free(v);
		return "missing closing quote";
	}
	*value = v;
	*pp = p + 1;
	return NULL;
}

/* Parses one key/op/value; returns NULL or an error message. */
static const char *parse_pair(struct rules *rs, const char **pp)
{
	static char msg[96];
	struct token t;
	char key[64];
	const char *err, *p = *pp;

	memset(&t, 0, sizeof(t));
	err = parse_key(&p, key, sizeof(key), &t.attr);
	while (!err && isspace((unsigned char)*p))
		p++;
	if (!err && parse_op(&p, &t.op) < 0)
		err = "expected ==, !=, =, += or :=";
	if (!err && t.op != OP_ASSIGN)
		rs->operators = 1;
	while (!err && isspace((unsigned char)*p))
		p++;
	if (!err)
		err = parse_value(&p, &t.value);
	if (!err)
		err = classify(&t, key, t.attr);
	if (err && strcmp(err, "unknown key") == 0) {
		/* udev 050/064 ignored an unknown key and applied the rest of the
		 * rule to every device; this names it and skips the rule */
		fmt_s(msg, sizeof(msg), "unknown key '%s'", key);
		err = msg;
	}
	if (!err)
		err = check_value(&t);
	if (!err && !token_defs[t.type].step)
		err = "token type without a step in tokens.c";
	if (!err && push_token(rs, &t) < 0)
		err = "out of memory";
	if (err) {
		free(t.attr);
		free(t.value);
	}
	*pp = p;
	return err;
}

/* Groups the rule's tokens by step, each step's in the order written (the
 * applier reads one step's tokens at a time), and notes where each ends. */
static void group_by_step(struct token *tok, int n, struct rule *r)
{
	struct token t;
	int i, j, s;

	for (i = 1; i < n; i++) {
		if (token_defs[tok[i - 1].type].step <= token_defs[tok[i].type].step)
			continue;
		t = tok[i];
		for (j = i; j > 0 && token_defs[tok[j - 1].type].step > token_defs[t.type].step; j--)
			tok[j] = tok[j - 1];
		tok[j] = t;
	}
	r->end[0] = 0;
	r->steps = 0;
	for (s = 1, i = 0; s <= STEP_NONE; s++) {
		while (i < n && token_defs[tok[i].type].step == s)
			i++;
		r->end[s] = (unsigned short)i;
		if (r->end[s] > r->end[s - 1])
			r->steps |= 1u << s;
	}
}

static int push_rule(struct rules *rs, int first, int cut, const char *file, int line)
{
	struct rule *r;

	if (rs->nrules == rs->rcap) {
		int cap = rs->rcap ? rs->rcap * 2 : 64;

		r = realloc(rs->rules, (size_t)cap * sizeof(*r));
		if (!r)
			return -ENOMEM;
		rs->rules = r;
		rs->rcap = cap;
	}
	r = &rs->rules[rs->nrules++];
	r->first = first;
	r->count = rs->ntokens - first;
	r->cut = cut;
	r->file = file;
	r->line = line;
	r->goto_rule = -1;
	return 0;
}

/* udev 050 read a line's keys up to the first empty value ("") and dropped
 * that key and the rest; a rule left with no NAME and no SYMLINK dropped the
 * device (the ignore of NAME="" last on the line), one left with no key
 * was skipped. In a 2004 file the same here: the empty key becomes NAME="",
 * which ignores the device, when the rule has neither. */
static void legacy_cut(struct rule *r, struct token *tok)
{
	struct token *t = tok + r->cut;
	int i, named = 0;

	if (r->cut + 1 < r->count || !r->cut)
		log_info("%s:%d: empty value, the rest of the rule is not read (050)",
			 r->file, r->line);
	for (i = 0; i < r->cut; i++)
		named |= tok[i].type == TK_NAME || tok[i].type == TK_SYMLINK;
	r->count = r->cut ? r->cut + !named : 0;
	if (named || !r->cut)
		return;
	glob_free(&t->pat);
	memset(&t->pat, 0, sizeof(t->pat));
	free(t->attr);
	t->attr = NULL;
	t->type = TK_NAME;
	t->op = OP_ASSIGN;
	t->flags = 0;
}

/* The rule as the applier reads it, once its file's syntax is known. In a
 * 2004 file, as udev 050 read it, a '|' in a value is a plain character,
 * and a RESULT needs a PROGRAM in its own rule or an earlier one of the file
 * (*program), or the rule is skipped. */
static void finish_rule(struct rules *rs, struct rule *r, int legacy, int *program)
{
	struct token *tok = rs->tokens + r->first;
	int i, result = 0;

	r->legacy = legacy;
	if (legacy && r->cut >= 0)
		legacy_cut(r, tok);
	r->has_name = r->has_symlink = r->name_partitions = r->names = 0;
	for (i = 0; i < r->count; i++) {
		enum token_type ty = tok[i].type;

		if (legacy && tok[i].pat.n > 1) {	/* 050: '|' is a character */
			glob_free(&tok[i].pat);
			glob_compile(&tok[i].pat, tok[i].value, 0);	/* no allocation */
		}
		*program |= ty == TK_PROGRAM;
		result |= ty == TK_RESULT;
		r->has_name |= ty == TK_NAME;
		r->has_symlink |= ty == TK_SYMLINK;
		r->name_partitions |= ty == TK_NAME && (tok[i].flags & OPT_ALL_PARTITIONS);
		r->names |= ty == TK_NAME || ty == TK_SYMLINK || ty == TK_OWNER ||
			    ty == TK_GROUP || ty == TK_MODE;
		rs->run_devd |= ty == TK_RUN && devd_is_run_devd(tok[i].value);
	}
	if (legacy && result && !*program) {
		log_info("%s:%d: RESULT without a PROGRAM, skipping the rule (050)",
			 r->file, r->line);
		r->count = 0;
		r->has_name = r->has_symlink = r->name_partitions = r->names = 0;
	}
	group_by_step(tok, r->count, r);
}

static void parse_line(struct rules *rs, const char *line, const char *file, int lineno)
{
	int first = rs->ntokens, cut = -1;
	const char *err = NULL, *p = line;

	for (;;) {
		while (isspace((unsigned char)*p) || *p == ',')
			p++;
		if (!*p || *p == '#')
			break;
		err = parse_pair(rs, &p);
		if (rule_note)
			log_info("%s:%d: %s", file, lineno, rule_note);
		rule_note = NULL;
		if (err)
			break;
		if (cut < 0 && !*rs->tokens[rs->ntokens - 1].value)
			cut = rs->ntokens - 1 - first;
		if (*p && *p != ',' && !isspace((unsigned char)*p)) {
			err = "expected ',' between keys";
			break;
		}
	}
	if (err) {
		log_err("%s:%d: %s, skipping the rule", file, lineno, err);
		rs->errors++;
		drop_tokens(rs, first);
		return;
	}
	if (rs->ntokens > first && push_rule(rs, first, cut, file, lineno) < 0)
		drop_tokens(rs, first);
}

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
	int lineno = 0, first = 0, first_rule, too_long, program = 0;
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
	rs->operators = 0;
	first_rule = rs->nrules;
	while (read_line(f, phys, sizeof(phys), &too_long)) {
		lineno++;
		if (!len)
			first = lineno;
		n = strlen(phys);
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
	/* a file without any operator is a 2004 file: udev 050's precedence */
	for (; first_rule < rs->nrules; first_rule++)
		finish_rule(rs, &rs->rules[first_rule], !rs->operators, &program);
	return 0;
}

/* Every *.rules file of dir in name order. */
static int parse_dir(struct rules *rs, const char *dir)
{
	char *names[512], path[1024];
	int n = path_list_dir(dir, ".rules", names, 512), i;

	if (n < 0)
		return n;
	for (i = 0; i < n; i++) {
		fmt_s(path, sizeof(path), "%s/%s", dir, names[i]);
		if (parse_file(rs, path) < 0)
			rs->errors++;
		free(names[i]);
	}
	return 0;
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

int rules_load(struct rules *rs, const char *path)
{
	struct stat st;
	int r;

	memset(rs, 0, sizeof(*rs));
	if (stat(path, &st) < 0) {
		if (errno == ENOENT) {
			/* no rules: every device gets its kernel name */
			log_info("no rules at %s", path);
			return 0;
		}
		log_err("cannot read rules %s: %s", path, strerror(errno));
		return -errno;
	}
	r = S_ISDIR(st.st_mode) ? parse_dir(rs, path) : parse_file(rs, path);
	resolve_gotos(rs);
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
