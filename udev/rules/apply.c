// SPDX-License-Identifier: GPL-2.0-only
/* Rule applier: walks the parsed rules for one event. A rule matches in
 * three steps (token_defs, tokens.c, gives each key its step; the
 * parser groups a rule's tokens by step): the event keys (ACTION, KERNEL,
 * SUBSYSTEM, DEVPATH, MODALIAS, ENV, WAIT_FOR_SYSFS, TEST), then
 * the device keys (BUS, ID, PLACE, DRIVER, SYSFS) tried at each level of the
 * parent chain until one level matches them all, then IMPORT, then PROGRAM,
 * then RESULT, whatever the order written (udev 064's order). A
 * matching rule's assign keys then run in order, with the precedence of
 * udev 064 (operator syntax): once a NAME
 * is set, later rules carrying a NAME are skipped whole; OWNER, GROUP and
 * MODE take the last value; = on SYMLINK or RUN replaces the list, +=
 * appends; := makes a value final. A rule of a file written only in the 2004
 * syntax follows udev 050: SYMLINK always appends, and the first such rule
 * with a NAME ends the 2004 rules for the device. */
#include "compat.h"
#include "rules.h"
#include "../db/db.h"
#include "../event/event.h"
#include "subst.h"
#include "../run/builtin.h"
#include "import.h"
#include "../run/exec.h"
#include "glob.h"
#include "enc.h"
#include "log.h"
#include "path.h"
#include "str.h"
#include "fmt.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

/* The token's pattern against a value (NULL: no match), with its
 * operator: the one comparison of every match key. */
static int hit(const struct token *t, const char *value)
{
	return value && glob_may_match(&t->pat, value) && glob_test(&t->pat, value);
}

static int cmp(const struct token *t, const char *value)
{
	return hit(t, value) != (t->op == OP_NOMATCH);
}

/* The first of the rule's tokens of one step; *end: past its last. */
static const struct token *step_tokens(const struct rules *rs, const struct rule *r,
				       int step, const struct token **end)
{
	*end = rs->tokens + r->first + r->end[step];
	return rs->tokens + r->first + r->end[step - 1];
}

static int has_step(const struct rule *r, int step)
{
	return r->steps & (1u << step);
}

/* A type that token_defs gives to a step whose function has no case for
 * it: a bug, logged loudly; the rule does not match (or the key is not
 * applied), never silently. */
static int unhandled(const struct rule *r, const struct token *t)
{
	log_err("%s:%d: %s is not handled by its step, the rule does not apply",
		r->file, r->line, token_defs[t->type].key);
	return 0;
}

/* PLACE, as udev 050 matched it: its text (no pattern) within the level's
 * last path part or the one before it, each with its '/' ("2.3" in
 * "/1-2.3:1.0" or "/1-2.3"). */
static int match_place(const struct token *t, const char *devpath)
{
	char path[SYSFS_PATH_MAX], *part;
	int i, found = 0;

	str_copy(path, devpath, sizeof(path));
	for (i = 0; i < 2 && !found && (part = strrchr(path, '/')); i++) {
		found = str_contains(part, t->value);
		*part = '\0';
	}
	return found != (t->op == OP_NOMATCH);
}

/* The token's attribute of the device at devpath (NULL: none) into val;
 * its trailing blanks count only when the pattern ends in one (050, 064
 * and 100 alike). 1 when read. */
static int read_attr(const struct token *t, const char *devpath, char *val, size_t size)
{
	size_t len = strlen(t->value);
	int (*rd)(const char *, const char *, char *, size_t) =
		len && isspace((unsigned char)t->value[len - 1]) ? sysfs_attr_read_raw : sysfs_attr_read;

	return devpath && rd(devpath, t->attr, val, size) >= 0;
}

/* SYSFS{}, 050 and 064: the attribute of the class device in front of the
 * chain (classdev: the event is one) when it has one, else the level's; an
 * event of a device on a bus reads the level's alone. ATTRS{} (and SYSFS{}
 * of a udev 100 file): the level's, else the event device's. */
static int match_sysfs(struct udev_event *ev, const struct token *t, int level, int classdev,
		       int v100)
{
	char val[LIST_SIZE];
	const char *first = ev->chain[level].devpath, *then = ev->chain[0].devpath;

	if (!v100) {
		first = classdev ? ev->chain[0].devpath : NULL;
		then = classdev && level == 0 ? NULL : ev->chain[level].devpath;
	}
	return (read_attr(t, first, val, sizeof(val)) || read_attr(t, then, val, sizeof(val))) &&
	       cmp(t, val);
}

/* All device keys of rule r at one chain level; classdev: the event is of
 * a class device (chain[0]); alone: it has no physical device behind it,
 * and only SYSFS can match. A udev 100 rule reads each level as that
 * release did: SUBSYSTEMS (BUS) is its subsystem, a class's name too. */
static int match_level(struct udev_event *ev, const struct rules *rs,
		       const struct rule *r, int level, int classdev, int alone)
{
	const struct sysfs_device *d = &ev->chain[level];
	const struct token *t, *end;
	int ok = 1;

	for (t = step_tokens(rs, r, STEP_DEVICE, &end); ok && t < end; t++) {
		switch (t->type) {
		case TK_BUS: ok = !alone && cmp(t, RULE_V100(r) ? d->subsystem : d->bus); break;
		case TK_ID: ok = !alone && cmp(t, d->kernel); break;
		case TK_PLACE: ok = !alone && match_place(t, d->devpath); break;
		case TK_DRIVER: ok = !alone && cmp(t, d->driver); break;
		case TK_SYSFS: ok = match_sysfs(ev, t, level, classdev, RULE_V100(r)); break;
		default: ok = unhandled(r, t); break;
		}
	}
	return ok;
}

static int match_chain(struct udev_event *ev, const struct rules *rs, const struct rule *r)
{
	int level = event_device_level(ev), alone = level >= ev->nchain, classdev = level > 0;

	/* 050/064: the chain starts at the device behind the class device (a
	 * partition's disk and the class device are no level; the class
	 * device's attributes are read through match_sysfs), or is the class
	 * device alone; 100: at the event's device, each level a device */
	if (RULE_V100(r))
		alone = level = 0;
	for (level = alone ? 0 : level; level < ev->nchain; level++) {
		if (match_level(ev, rs, r, level, classdev, alone)) {
			ev->attr_level = level;   /* 050: its PROGRAM's %s{attr} */
			return 1;
		}
	}
	return 0;
}

/* WAIT_FOR_SYSFS="file": the device's file appears within 3 s (064's
 * bound; a file that the kernel writes after the event). */
static int wait_for_sysfs(struct udev_event *ev, const struct token *t)
{
	struct timespec step = { 0, 50 * 1000 * 1000 };
	int i;

	for (i = 0; i < 60; i++) {
		if (sysfs_exists(ev->devpath, t->value))
			return 1;
		nanosleep(&step, NULL);
	}
	log_info("%s/%s did not appear within 3 s", ev->devpath, t->value);
	return 0;
}

static int match_modalias(struct udev_event *ev, const struct token *t)
{
	char val[LIST_SIZE];

	return event_modalias(ev, val, sizeof(val)) && cmp(t, val);
}

/* TEST{mode}=="path": the path (the device's sysfs file unless absolute)
 * exists, and has one of mode's permission bits when mode is given. */
static int match_test(struct udev_event *ev, const struct token *t)
{
	char val[LIST_SIZE], path[LIST_SIZE + SYSFS_PATH_MAX];
	struct stat st;
	int ok;

	char other[SYSFS_PATH_MAX];
	const char *rest;

	subst_path(ev, t->value, val, sizeof(val));
	if (val[0] == '[' && sysfs_lookup_spec(val, other, sizeof(other), &rest) != -EINVAL) {
		/* udev 117: [SUBSYSTEM/KERNEL]file, another device's */
		if (sysfs_lookup_spec(val, other, sizeof(other), &rest) < 0 || strstr(rest, ".."))
			return t->op == OP_NOMATCH;
		sysfs_path(path, sizeof(path), other, *rest ? rest : NULL);
	} else if (val[0] == '/')
		str_copy(path, val, sizeof(path));
	else
		sysfs_path(path, sizeof(path), ev->devpath, val);
	ok = stat(path, &st) == 0 && (!t->flags || (st.st_mode & t->flags));
	return ok == (t->op != OP_NOMATCH);
}

static int match_event_keys(struct udev_event *ev, const struct rules *rs, const struct rule *r)
{
	const struct token *t, *end;
	int ok = 1;

	for (t = step_tokens(rs, r, STEP_EVENT, &end); ok && t < end; t++) {
		switch (t->type) {
		case TK_ACTION: ok = cmp(t, ev->action); break;
		case TK_KERNEL:
			/* 050 matched the sysfs name (cciss!c0d0), 064 the one with '/' */
			ok = cmp(t, RULE_LEGACY(r) ? path_basename(ev->devpath) : ev->kernel);
			break;
		case TK_SUBSYSTEM: ok = cmp(t, ev->subsystem); break;
		case TK_DEVPATH: ok = cmp(t, ev->devpath); break;
		case TK_MODALIAS: ok = match_modalias(ev, t); break;
		case TK_WAIT_FOR_SYSFS: ok = wait_for_sysfs(ev, t) == (t->op != OP_NOMATCH); break;
		case TK_TEST: ok = match_test(ev, t); break;
		case TK_NAME_MATCH: ok = cmp(t, ev->name_set ? ev->name : ""); break;
		case TK_ATTR: {
			char val[LIST_SIZE];

			ok = read_attr(t, ev->devpath, val, sizeof(val)) && cmp(t, val);
			break;
		}
		case TK_ENV_MATCH: {
			/* 064: an unset key compares as "" */
			const char *v = env_get(&ev->env, t->attr);

			ok = cmp(t, v ? v : "");
			break;
		}
		default: ok = unhandled(r, t); break;
		}
	}
	return ok;
}

/* Runs a PROGRAM, IMPORT{program} or (builtin) IMPORT{builtin} value; its
 * output into out. */
static int run_program(struct udev_event *ev, const char *value, char *out, size_t size,
		       int builtin)
{
	char line[LIST_SIZE], cmd[LIST_SIZE], *argv[EXEC_ARGS_MAX + 1];
	int argc;

	/* device data reaches the program's arguments with its control
	 * characters as \xNN: a newline in an attribute cannot become a line
	 * (a variable) of what IMPORT{program} reads back */
	subst_format(ev, value, line, sizeof(line));
	str_escape(cmd, line, sizeof(cmd));
	/* a bare program gets the subsystem, as in 2004, but in a file of
	 * udev 100's (083 stopped it: 117's PROGRAM="write_cd_rules" reads its
	 * argument), and only when named with a '/': 064 exec'd the name as
	 * written, so a name without one is a program of 100's udev_libexec
	 * (100's 75-cd-aliases-generator.rules, a file without a 070-100 key,
	 * runs PROGRAM="write_cd_rules"); a built-in may get the event's
	 * DEVPATH as one word more (builtin.h) */
	argc = exec_split(cmd, argv, builtin ? EXEC_ARGS_MAX - 1 : EXEC_ARGS_MAX,
			  builtin || ev->v100_rule || !memchr(cmd, '/', strcspn(cmd, " ")) ?
			  NULL : ev->subsystem);
	if (argc == 0)
		return -EINVAL;
	log_debug("running '%s'", cmd);
	if (builtin) {
		int rc = builtin_run(argc, argv, out, size, ev->exec_timeout, ev->tmpnode,
				     ev->devpath);

		if (rc != -ENOSYS)
			return rc;
		/* an extra this build left out: its program, where install put
		 * it ($UDEV_EXTRAS_DIR: a test's build folder) */
		fmt_s(line, sizeof(line), "%s/%s",
		      getenv("UDEV_EXTRAS_DIR") ? getenv("UDEV_EXTRAS_DIR") : LIBUDEVDIR, argv[0]);
		argv[0] = line;
	}
	return exec_run(argv, ev->env.v, out, size, ev->exec_timeout);
}

/* The pass of a PROGRAM, RESULT or IMPORT (any other type: IMPORT's). */
static int program_pass(int type, int v100)
{
	int pass = type == TK_PROGRAM ? 1 : type == TK_RESULT ? 2 : 0;

	return v100 ? (pass + 2) % 3 : pass;
}

/* IMPORT, then PROGRAM, then RESULT, as 064 ran them whatever the order
 * written: an IMPORT sees the result of an earlier rule's PROGRAM, and a
 * failing IMPORT leaves the rule's PROGRAM unrun. A udev 100 rule: PROGRAM,
 * RESULT, then IMPORT (its IMPORT sees the rule's own %c). */
static int match_program_keys(struct udev_event *ev, const struct rules *rs, const struct rule *r)
{
	char out[LIST_SIZE];
	const struct token *t, *end;
	int ok = 1, rc, pass;

	for (pass = 0; pass < 3; pass++) {
		for (t = step_tokens(rs, r, STEP_PROGRAM, &end); ok && t < end; t++) {
			if (program_pass(t->type, RULE_V100(r)) != pass)
				continue;
			switch (t->type) {
			/* 064: IMPORT!= holds whether the import worked or not */
			case TK_IMPORT_FILE:
				ok = import_file(ev, t->value) || t->op == OP_NOMATCH;
				break;
			case TK_IMPORT_PARENT:
				ok = import_parent(ev, &t->pat) || t->op == OP_NOMATCH;
				break;
			case TK_IMPORT_PROGRAM:
			case TK_IMPORT_BUILTIN:
				ok = run_program(ev, t->value, out, sizeof(out),
						 t->type == TK_IMPORT_BUILTIN) == 0;
				if (ok)
					import_lines(ev, out);
				ok = ok || t->op == OP_NOMATCH;
				break;
			case TK_PROGRAM:
				/* 064 keeps %c when the program fails; 050 took
				 * whatever it printed */
				rc = run_program(ev, t->value, out, sizeof(out), 0);
				if (rc == 0 || RULE_LEGACY(r)) {
					subst_untrusted(out);
					/* udev 100: invalid UTF-8 as '_' */
					if (RULE_V100(r) && enc_utf8_fix(out, '_'))
						log_info("PROGRAM's invalid UTF-8 replaced by '_'");
					str_copy(ev->result, out, sizeof(ev->result));
				}
				ok = (rc == 0) == (t->op != OP_NOMATCH);
				break;
			case TK_RESULT: ok = cmp(t, ev->result); break;
			default: ok = unhandled(r, t); break;
			}
		}
	}
	return ok;
}


static void sanitized(struct udev_event *ev, const char *key, char *s)
{
	char before[LIST_SIZE * 4];

	str_escape(before, s, sizeof(before));
	if (path_sanitize(s))
		log_err("%s '%s' of %s made safe as '%s'", key, before, ev->devpath, s);
}

static void assign_name(struct udev_event *ev, const struct token *t)
{
	ev->options |= t->flags;
	if (ev->name_final)
		return;
	subst_format(ev, t->value, ev->name, sizeof(ev->name));
	if (ev->name[0])
		sanitized(ev, "NAME", ev->name);
	ev->name_set = 1;
	ev->name_final = t->op == OP_FINAL;
	log_debug("NAME '%s' from rule", ev->name);
}

/* legacy: a 2004 rule's SYMLINK="x" adds, as in udev 050 */
static void assign_symlink(struct udev_event *ev, const struct token *t, int legacy)
{
	char val[LIST_SIZE], *w, *save = NULL;

	if (ev->symlink_final)
		return;
	if (t->op == OP_FINAL || (t->op == OP_ASSIGN && !legacy))
		ev->symlinks[0] = '\0';
	ev->symlink_final = t->op == OP_FINAL;
	subst_format(ev, t->value, val, sizeof(val));
	for (w = strtok_r(val, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		sanitized(ev, "SYMLINK", w);
		if (!*w)
			continue;
		if (ev->symlinks[0])
			str_append(ev->symlinks, " ", sizeof(ev->symlinks));
		str_append(ev->symlinks, w, sizeof(ev->symlinks));
	}
}

static void assign_run(struct udev_event *ev, const struct token *t)
{
	char val[LIST_SIZE];

	if (ev->run_final)
		return;
	if (t->op != OP_ADD) {
		while (ev->nrun)
			free(ev->run[--ev->nrun]);
	}
	ev->run_final = t->op == OP_FINAL;
	/* RUN{ignore_error}: as a leading '-' (devd.c) */
	val[0] = '-';
	subst_format(ev, t->value, val + !!(t->flags & RUN_IGNORE_ERROR),
		     sizeof(val) - !!(t->flags & RUN_IGNORE_ERROR));
	if (ev->nrun < RUN_MAX && val[!!(t->flags & RUN_IGNORE_ERROR)])
		ev->run[ev->nrun++] = strdup(val);
	if (ev->nrun && !ev->run[ev->nrun - 1])
		ev->nrun--;
}

/* legacy: 050 read an OWNER or GROUP of a 2004 rule that comes out empty
 * (OWNER="%c" with no program output) as not given, so that the permissions
 * line and the defaults fill it; 064 took it as root. */
static void assign_perm(struct udev_event *ev, const struct token *t, int legacy)
{
	char val[64];
	int final = t->op == OP_FINAL;

	subst_format(ev, t->value, val, sizeof(val));
	if (legacy && !val[0])
		return;
	if (t->type == TK_OWNER && !ev->owner_final) {
		str_copy(ev->owner, val, sizeof(ev->owner));
		ev->owner_set = 1;
		ev->owner_final = final;
	} else if (t->type == TK_GROUP && !ev->group_final) {
		str_copy(ev->group, val, sizeof(ev->group));
		ev->group_set = 1;
		ev->group_final = final;
	} else if (t->type == TK_MODE && !ev->mode_final) {
		mode_t mode = (mode_t)strtoul(val, NULL, 8) & 07777;

		if (mode == 0)      /* 050/064: mode 0 is no MODE, not even := */
			return;
		ev->mode = mode;
		ev->mode_set = 1;
		ev->mode_final = final;
	}
}

/* ATTR{file}="value", as udev 100 wrote it: the value as written and a
 * newline, into a file of the device's own directory (no ".." in its
 * name, parse.c): each folder of queue/scheduler is opened without
 * following a link, so device/x, say, is refused. udevtest writes nothing. */
static void assign_attr(struct udev_event *ev, const struct token *t)
{
	char path[SYSFS_PATH_MAX + NAME_SIZE], line[LIST_SIZE], *p, *s;
	int dir, next, fd = -1;
	size_t n = fmt_s(line, sizeof(line), "%s\n", t->value);

	if (ev->dry_run || sysfs_path(path, sizeof(path), ev->devpath, t->attr) < 0)
		return;
	p = path + strlen(path) - strlen(t->attr);
	p[-1] = '\0';
	dir = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	for (; dir >= 0 && (s = strchr(p, '/')); p = s + 1) {
		*s = '\0';
		next = openat(dir, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		close(dir);
		dir = next;
	}
	if (dir >= 0) {
		fd = openat(dir, p, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
		close(dir);
	}
	if (fd < 0 || write(fd, line, n) != (ssize_t)n)
		log_err("cannot write '%s' to %s/%s: %s", t->value, ev->devpath, t->attr,
			strerror(errno));
	if (fd >= 0)
		close(fd);
}

static void assign_env(struct udev_event *ev, const struct token *t)
{
	char val[LIST_SIZE];
	const char *old = env_get(&ev->env, t->attr);

	subst_format(ev, t->value, val, sizeof(val));
	if (t->op == OP_ADD && old && *old) {
		char both[LIST_SIZE];

		str_copy(both, old, sizeof(both));
		str_append(both, " ", sizeof(both));
		str_append(both, val, sizeof(both));
		env_set(&ev->env, t->attr, both);
		return;
	}
	env_set(&ev->env, t->attr, val);
}

/* 050: a 2004 rule that adds links without naming the device has no say in
 * OWNER, GROUP and MODE (those of the NAME rule, the permissions file or the
 * defaults hold). A 2004 rule with neither NAME nor SYMLINK keeps them (050
 * dropped the device; docs/writing-rules.md). */
static int legacy_link_rule(const struct rule *r)
{
	return RULE_LEGACY(r) && !r->has_name && r->has_symlink;
}

/* 050: a 2004 rule's NAME{all_partitions} names a whole disk only (a block
 * device whose kernel name ends in no digit); on any other device the rule
 * adds its SYMLINK alone, and the rules go on. */
static int legacy_partitions_off(const struct udev_event *ev, const struct rule *r)
{
	return RULE_LEGACY(r) && r->name_partitions && !(event_is_block(ev) && !ev->number[0]);
}

/* udevtest: the file:line of each key that names the node, sets its
 * links, permissions or RUN, as written */
static void note_assign(const struct udev_event *ev, const struct rule *r, const struct token *t)
{
	static const char *const ops[] = { "==", "!=", "=", "+=", ":=" };

	if (ev->dry_run && ((t->type >= TK_NAME && t->type <= TK_MODE) || t->type == TK_RUN))
		fmt_print(stdout, "%s:%d: %s%s\"%s\"\n", r->file, r->line,
			  token_defs[t->type].key, ops[t->op], t->value);
}

static void apply_assigns(struct udev_event *ev, const struct rules *rs, const struct rule *r,
			  int links_only)
{
	const struct token *t, *end;
	int perms = !legacy_link_rule(r);

	for (t = step_tokens(rs, r, STEP_ASSIGN, &end); t < end; t++) {
		if (links_only && t->type != TK_SYMLINK)
			continue;
		if ((t->type == TK_NAME || t->type == TK_OPTIONS) && (t->flags & OPT_ALL_PARTITIONS))
			ev->partitions_fixed = RULE_LEGACY(r);
		note_assign(ev, r, t);
		switch (t->type) {
		case TK_NAME: assign_name(ev, t); break;
		case TK_SYMLINK: assign_symlink(ev, t, RULE_LEGACY(r)); break;
		case TK_OWNER:
		case TK_GROUP:
		case TK_MODE:
			if (perms)
				assign_perm(ev, t, RULE_LEGACY(r));
			break;
		case TK_OPTIONS:
			/* each rule says its own string_escape (rules_apply) */
			ev->options |= t->flags & ~(OPT_ESCAPE_NONE | OPT_ESCAPE_REPLACE);
			/* watch and nowatch: the later one counts */
			if (t->flags & (OPT_WATCH | OPT_NOWATCH))
				ev->options &= ~(t->flags & OPT_WATCH ? OPT_NOWATCH : OPT_WATCH);
			if (t->flags & OPT_LINK_PRIORITY)
				ev->link_priority = t->num[0];
			if (t->flags & OPT_EVENT_TIMEOUT)
				ev->exec_timeout = t->num[1];
			break;
		case TK_RUN: assign_run(ev, t); break;
		case TK_ENV_ASSIGN: assign_env(ev, t); break;
		case TK_ATTR_ASSIGN: assign_attr(ev, t); break;
		default: unhandled(r, t); break;
		}
	}
}

void rules_apply(const struct rules *rs, struct udev_event *ev)
{
	int i, links_only;

	ev->devd_by_run = rs->run_devd;
	ev->legacy_conf = HAVE_RULES050 && rs->nrules && !rs->operator_files;
	for (i = 0; i < rs->nrules; i++) {
		const struct rule *r = &rs->rules[i];

		/* 064: a named device skips NAME rules; 050: named, no more 2004
		 * rules; a remove, or an event of a device without a node, skips
		 * every rule that names a device or sets its permissions, whole
		 * (its GOTO, last_rule, options and RUN too) */
		if ((ev->name_set && r->has_name) || (RULE_LEGACY(r) && ev->legacy_named) ||
		    (ev->run_only && r->names))
			continue;
		ev->legacy_rule = RULE_LEGACY(r);
		ev->v100_rule = RULE_V100(r);
		ev->escape_none = r->escape_none;
		ev->attr_level = -1;
		/* each step only where the rule has keys for it */
		if ((has_step(r, STEP_EVENT) && !match_event_keys(ev, rs, r)) ||
		    (has_step(r, STEP_DEVICE) && !match_chain(ev, rs, r)) ||
		    (has_step(r, STEP_PROGRAM) && !match_program_keys(ev, rs, r)))
			continue;
		log_debug("%s:%d matches %s", r->file, r->line, ev->devpath);
		/* 050: NAME, SYMLINK... read the device behind; 100: the level
		 * matched (%b, %s{}) */
		if (!RULE_V100(r))
			ev->attr_level = -1;
		links_only = legacy_partitions_off(ev, r);
		if (has_step(r, STEP_ASSIGN))
			apply_assigns(ev, rs, r, links_only);
		ev->legacy_named |= RULE_LEGACY(r) && r->has_name && !links_only;
		if (ev->options & (OPT_LAST_RULE | OPT_IGNORE_DEVICE))
			break;
		if (r->goto_rule > 0)
			i = r->goto_rule - 1;
	}
	ev->legacy_rule = ev->v100_rule = ev->escape_none = 0;
}
