// SPDX-License-Identifier: GPL-2.0-only
/* Rule line parser: lines of KEY[{attr}] OP "value" pairs separated by
 * commas, in the 2004 form (KEY="value" for match and assign alike) and the
 * operator form (==, !=, =, +=, :=), mixed freely. A bad line is logged with
 * its file and line and skipped; the other rules still load. */
#include "compat.h"
#include "rules.h"
#include "profile.h"
#include "../run/builtin.h"
#include "parse.h"
#include "subst.h"
#include "../run/devd.h"
#include "../run/exec.h"
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

/* A word of a later release's OPTIONS: link_priority=N, event_timeout=N,
 * string_escape=none|replace, watch, nowatch; 0 when it is none of them. */
static int option_value(const char *s, size_t len, short num[2])
{
	if (strncmp(s, "link_priority=", 14) == 0) {
		num[0] = (short)atoi(s + 14);
		return OPT_LINK_PRIORITY;
	}
	if (strncmp(s, "event_timeout=", 14) == 0) {
		num[1] = (short)atoi(s + 14);
		return num[1] > 0 ? OPT_EVENT_TIMEOUT : 0;
	}
	if (len == 5 && strncmp(s, "watch", 5) == 0)
		return OPT_WATCH;
	if (len == 7 && strncmp(s, "nowatch", 7) == 0)
		return OPT_NOWATCH;
	if (len == 18 && strncmp(s, "string_escape=none", 18) == 0)
		return OPT_ESCAPE_NONE;
	return len == 21 && strncmp(s, "string_escape=replace", 21) == 0 ? OPT_ESCAPE_REPLACE : 0;
}

/* OPTIONS as udev 064 and 100 read them: each option named anywhere in
 * the value ("last_rule;ignore_remove" has both); what names none is
 * ignored, and *unknown says a word was not an option (a later release's
 * "db_persist"). The words with a value come from later releases (udev(8)). */
static int parse_options(const char *s, int *unknown, short num[2])
{
	static const char *const names[] = {
		"last_rule", "ignore_device", "ignore_remove", "all_partitions",
	};
	int flags = 0, v;
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
		v = i == 4 ? option_value(s, len, num) : 0;
		flags |= v;
		*unknown |= i == 4 && !v;
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

/* classify: the key is one only udev 070-100 knew (its file is read as
 * udev 100 read it) */
static int key_v100;

/* The type of a key as written, TK_COUNT when unknown. */
static int key_type(const char *key)
{
	int i;

	for (i = 0; token_aliases[i].key; i++)
		if (str_casecmp(key, token_aliases[i].key) == 0) {
			key_v100 = 1;
			return token_aliases[i].type;
		}
	/* the table's keys are upper case: the first byte rules out most */
	for (i = 0; i < TK_COUNT; i++)
		if (token_defs[i].key && token_defs[i].key[0] == (key[0] & ~0x20) &&
		    !(token_defs[i].flags & TF_DERIVED) && str_casecmp(key, token_defs[i].key) == 0)
			break;
	key_v100 |= i == TK_ATTR;
	return i;
}

/* A key of udev 070-100 in a build without them (lib/profile.h). */
static const char *v100_absent(const char *key)
{
	static char what[96];

	fmt_s(what, sizeof(what), "%s (a key of udev 070-100's rules)", key);
	return feature_absent(what, "rules100");
}

/* Types the key and checks its operator; an error message or NULL. */
static const char *classify(struct token *t, const char *key, const char *attr)
{
	const struct token_def *d;
	int i = key_type(key), assign = t->op == OP_ASSIGN || t->op == OP_ADD || t->op == OP_FINAL;

	if (i == TK_COUNT)
		return "unknown key";
	d = &token_defs[i];
	if ((d->flags & TF_ATTR) && !attr)
		return "key needs {attribute}";
	if (!(d->flags & (TF_ATTR | TF_ATTR_OPT)) && attr)
		return "key takes no {attribute}";
	t->type = (enum token_type)i;
	if (t->type == TK_ENV_MATCH) {
		if (assign)
			t->type = TK_ENV_ASSIGN;
		return NULL;
	}
	if (t->type == TK_ATTR && assign) {
		/* the device's own file: the name is the rule's, never data's */
		t->type = TK_ATTR_ASSIGN;
		return !attr || attr[0] == '/' || strstr(attr, "..") ?
			"ATTR{} names a file of the device's own directory" : NULL;
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
		/* udev 100 refused it (finish_rule) */
		t->assign_written = t->op != OP_MATCH && t->op != OP_NOMATCH;
		if (t->op != OP_NOMATCH)
			t->op = OP_MATCH;
	} else if ((t->type == TK_LABEL || t->type == TK_GOTO) && t->op != OP_ASSIGN) {
		/* no 064 had them: LABEL== is a typo that would name a label */
		return t->type == TK_LABEL ? "LABEL takes '=' only" : "GOTO takes '=' only";
	} else if ((t->op == OP_MATCH || t->op == OP_NOMATCH) &&
		   token_defs[t->type].step != STEP_PROGRAM &&
		   (t->type != TK_NAME || attr)) {   /* NAME==: finish_rule decides */
		t->op = t->type == TK_SYMLINK || t->type == TK_RUN ? OP_ADD : OP_ASSIGN;
	}
	return NULL;
}

/* IMPORT without a type, as udev 064 decided when it read the rules: a
 * program when the first word names an executable, else a file. */
static enum token_type import_auto(const char *value)
{
	char file[1024], place[1024];
	struct stat st;

	str_copy(file, value, sizeof(file));
	file[strcspn(file, " ")] = '\0';
	/* udev 100: a name without a '/' in /lib/udev */
	if (lstat(exec_locate(file, place, sizeof(place)), &st) == 0 && (st.st_mode & S_IXUSR))
		return TK_IMPORT_PROGRAM;
	return TK_IMPORT_FILE;
}

/* Checks the value of a typed token; an error message or NULL. */
static const char *check_value(struct token *t)
{
	short num[2] = { 0, 0 };
	int flags, unknown;
	char *end;

	if (t->type == TK_OPTIONS) {
		flags = parse_options(t->value, &unknown, num);
		t->flags = (unsigned int)flags;
		t->num[0] = num[0];
		t->num[1] = num[1];
		if (unknown)
			rule_note = "OPTIONS has words udev 064-100 did not know, ignoring them";
	} else if (t->type == TK_NAME && t->attr) {
		flags = parse_options(t->attr, &unknown, num);
		t->flags = (unsigned int)flags & (OPT_ALL_PARTITIONS | OPT_IGNORE_REMOVE);
		if (unknown || (unsigned int)flags != t->flags)
			rule_note = "NAME{} takes all_partitions and ignore_remove, ignoring the rest";
	} else if (t->type == TK_MODE && !strchr(t->value, '%') && !strchr(t->value, '$')) {
		/* "" is mode 0, which sets nothing (050/064) */
		if (strtoul(t->value, &end, 8) > 07777 || *end)
			return "MODE is not an octal number";
	} else if ((t->type == TK_GOTO || t->type == TK_LABEL) && !*t->value) {
		return "empty label";
	} else if (t->type == TK_RUN && t->attr) {
		/* udev 117 looked for the word anywhere and ignored the rest */
		t->flags = strstr(t->attr, "ignore_error") ? RUN_IGNORE_ERROR : 0;
		if (!t->flags)
			rule_note = "RUN{} takes ignore_error, ignoring the rest";
	} else if (t->type == TK_IMPORT_PROGRAM && !t->attr) {
		t->type = import_auto(t->value);
	} else if (t->type == TK_IMPORT_BUILTIN) {
		return builtin_check(t->value);
	} else if (t->type == TK_TEST && t->attr) {
		t->flags = (unsigned int)strtoul(t->attr, &end, 8);
		if (*end || !*t->attr)
			return "TEST{} takes an octal mode";
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

void drop_tokens(struct rules *rs, int from)
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
	if (!err && *p && strchr("~<>=!*", *p)) {
		/* "=~", "=>": an operator of another tool, not a value */
		char op[3] = { p[-1], p[0], '\0' };

		fmt_s(msg, sizeof(msg), "unknown operator '%s' after %s (==, !=, =, += or :=)",
		      op, key);
		err = msg;
	}
	if (!err && t.op != OP_ASSIGN)
		rs->operators = 1;
	while (!err && isspace((unsigned char)*p))
		p++;
	if (!err)
		err = parse_value(&p, &t.value);
	if (!err)
		err = classify(&t, key, t.attr);
	/* NAME== and != are keys of udev 070-100 as well */
	key_v100 |= !err && t.type == TK_NAME && !t.attr && (t.op == OP_MATCH || t.op == OP_NOMATCH);
	if (!err && key_v100 && !HAVE_RULES100)
		err = v100_absent(key);
	rs->v100 |= key_v100;
	key_v100 = 0;
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

/* Values the applier substitutes (subst.c) */
static int substituted(enum token_type ty)
{
	return (token_defs[ty].flags & (TF_PATTERN | TF_ASSIGN)) != TF_PATTERN &&
	       ty != TK_GOTO && ty != TK_LABEL && ty != TK_OPTIONS && ty != TK_ATTR_ASSIGN &&
	       ty != TK_WAIT_FOR_SYSFS;
}

/* Why udev 100 refused a rule that loads in 064 (its file is read as
 * udev 100's): a match key written with an assigning operator ("invalid
 * KERNEL operation"), or more than 5 keys ATTRS{}, ATTR{} or ENV{}
 * (its PAIRS_MAX); NULL when it took it. */
static const char *refused_by_100(const struct token *tok, int n)
{
	static const unsigned char strict[] = {
		TK_ACTION, TK_DEVPATH, TK_KERNEL, TK_SUBSYSTEM, TK_BUS, TK_ID, TK_DRIVER,
		TK_SYSFS, TK_RESULT, TK_TEST,
	};
	int i, attrs = 0, attr = 0, env = 0;
	unsigned int k;

	for (i = 0; i < n; i++) {
		for (k = 0; k < sizeof(strict) && tok[i].assign_written; k++)
			if (tok[i].type == strict[k])
				return "invalid key operation (a match key needs == or !=, udev 100)";
		attrs += tok[i].type == TK_SYSFS;
		attr += tok[i].type == TK_ATTR || tok[i].type == TK_ATTR_ASSIGN;
		env += tok[i].type == TK_ENV_MATCH || tok[i].type == TK_ENV_ASSIGN;
	}
	if (attrs > 5 || attr > 5 || env > 5)
		return "more than 5 ATTRS{}, ATTR{} or ENV{} keys (udev 100 took 5)";
	return NULL;
}

/* The rule as the applier reads it, once its file's syntax is known. In a
 * 2004 file, as udev 050 read it, a '|' in a value is a plain character,
 * and a RESULT needs a PROGRAM in its own rule or an earlier one of the file
 * (*program), or the rule is skipped. */
void finish_rule(struct rules *rs, struct rule *r, int dialect, int *program)
{
	struct token *tok = rs->tokens + r->first;
	int i, result = 0, legacy = HAVE_RULES050 && dialect == RULES_050;
	char bad[32] = "";
	const char *refused;

	if (!HAVE_RULES050 && dialect == RULES_050 && r->count) {
		log_err("%s:%d: %s, skipping the rule", r->file, r->line,
			feature_absent("a rule of the 2004 syntax (its file has no ==, !=, += or :=)",
				       "rules050"));
		rs->errors++;
		r->count = 0;
	}
	r->legacy = legacy;
	r->v100 = HAVE_RULES100 && dialect == RULES_100;
	if (legacy && r->cut >= 0)
		legacy_cut(r, tok);
	if (r->v100 && r->count && (refused = refused_by_100(tok, r->count))) {
		log_err("%s:%d: %s, skipping the rule", r->file, r->line, refused);
		rs->errors++;
		r->count = 0;
	}
	r->has_name = r->has_symlink = r->name_partitions = r->names = r->escape_none = 0;
	for (i = 0; i < r->count; i++) {
		enum token_type ty = tok[i].type;

		/* NAME== and != assign as = in 064; in 100 they match the NAME an
		 * earlier rule set */
		if (ty == TK_NAME && (tok[i].op == OP_MATCH || tok[i].op == OP_NOMATCH)) {
			if (r->v100 && glob_compile(&tok[i].pat, tok[i].value, 1) == 0)
				ty = tok[i].type = TK_NAME_MATCH;
			else
				tok[i].op = OP_ASSIGN;
		}
		r->escape_none |= ty == TK_OPTIONS && (tok[i].flags & OPT_ESCAPE_NONE);
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
			    ty == TK_GROUP || ty == TK_MODE || ty == TK_NAME_MATCH;
		rs->run_devd |= ty == TK_RUN && devd_is_run_devd(tok[i].value);
		/* a '$' of a 2004 file is text, as 050 read it, and so is one
		 * of a value that is not substituted (a pattern, a label) */
		if (!legacy && !bad[0] && substituted(ty))
			subst_unknown(tok[i].value, bad, sizeof(bad));
	}
	if (bad[0]) {
		log_err("%s:%d: unknown substitution '%s', skipping the rule", r->file, r->line, bad);
		rs->errors++;
	}
	if (bad[0] || (legacy && result && !*program)) {
		if (!bad[0])
			log_info("%s:%d: RESULT without a PROGRAM, skipping the rule (050)",
				 r->file, r->line);
		r->count = 0;
		r->has_name = r->has_symlink = r->name_partitions = r->names = 0;
	}
	group_by_step(tok, r->count, r);
}

/* Text after a value, where ',' or the end belongs: when the value holds
 * "KEY=" or ends in '=' its closing quote is missing (the value ran on
 * to the next key's opening quote); else the ',' is. */
static const char *open_quote(const struct token *t)
{
	static char msg[160];
	size_t n = strlen(t->value);

	if (n && (t->value[n - 1] == '=' || strstr(t->value, ", ")))
		fmt_s(msg, sizeof(msg), "the value of %s has no closing quote: it ran on to "
		      "the next quote (\"%s\")", token_defs[t->type].key, t->value);
	else
		return "expected ',' between keys";
	return msg;
}

void parse_line(struct rules *rs, const char *line, const char *file, int lineno)
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
			err = open_quote(&rs->tokens[rs->ntokens - 1]);
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
