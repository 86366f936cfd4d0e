/* SPDX-License-Identifier: GPL-2.0-only */
/* The rules engine: the parser turns rule files into typed tokens
 * (parse.c), the applier runs them against one event (apply.c). */
#ifndef UDEV_RULES_H
#define UDEV_RULES_H

#include "profile.h"
#include "glob.h"
#include "tokens.h"

struct udev_event;

enum token_op {
	OP_MATCH,      /* == (or = on a match key, 2004 syntax) */
	OP_NOMATCH,    /* != */
	OP_ASSIGN,     /* = */
	OP_ADD,        /* += */
	OP_FINAL,      /* := assign and lock */
};

/* OPTIONS and NAME{...} flags */
#define OPT_LAST_RULE      0x01
#define OPT_IGNORE_DEVICE  0x02
#define OPT_IGNORE_REMOVE  0x04
#define OPT_ALL_PARTITIONS 0x08
#define OPT_LINK_PRIORITY  0x10 /* link_priority=N (num[0]) */
#define OPT_EVENT_TIMEOUT  0x20 /* event_timeout=N (num[1]) */
#define OPT_ESCAPE_NONE    0x40 /* string_escape=none */
#define OPT_ESCAPE_REPLACE 0x80 /* string_escape=replace (the default) */
#define OPT_WATCH          0x100 /* watch: udevd watches the node (db/db.h: the watch list) */
#define OPT_NOWATCH        0x200 /* nowatch: an earlier watch undone */
/* RUN{ignore_error} (udev 117): the program's failure is no failure of the
 * event, as a leading '-' of the value */
#define RUN_IGNORE_ERROR   0x01

/* A file's syntax, decided once it is read (load.c). */
enum rules_dialect { RULES_064, RULES_050, RULES_100 };

struct token {
	enum token_type type;
	enum token_op op;
	unsigned int flags;   /* OPT_* for OPTIONS and NAME{...} */
	short num[2];         /* OPTIONS: link_priority, event_timeout */
	unsigned char assign_written; /* a match key written with =, += or := */
	char *attr;           /* SYSFS{attr}, ENV{key}; NULL otherwise */
	char *value;
	struct glob pat;      /* value read as a pattern, on match keys */
};

struct rule {
	int first, count;     /* tokens[first .. first+count) */
	const char *file;
	int line;
	int goto_rule;        /* index of the GOTO target, -1 when none */
	int cut;              /* parser: its first key with an empty value, -1: none */
	unsigned int legacy : 1;   /* its file has only KEY="value" pairs: 050 precedence */
	unsigned int v100 : 1;     /* its file uses operators and a key of udev
				    * 070-100 (KERNELS, ATTRS{}...): 100's walk */
	unsigned int has_name : 1; /* it carries a NAME key */
	unsigned int has_symlink : 1;     /* ... a SYMLINK key */
	unsigned int name_partitions : 1; /* ... NAME{all_partitions} */
	unsigned int names : 1;    /* NAME, SYMLINK, OWNER, GROUP or MODE: not at remove */
	unsigned int escape_none : 1;     /* OPTIONS="string_escape=none" */
	/* its tokens grouped by step, each step's in the order written: those
	 * of step s are tokens[first + end[s - 1] .. first + end[s]) */
	unsigned short end[STEP_NONE + 1];
	unsigned char steps;  /* bit s: it has tokens of step s */
};

/* A rule's dialect as the applier asks it: a constant 0 in a build that
 * left the dialect out (lib/profile.h), whose code is then folded away. */
#define RULE_LEGACY(r) (HAVE_RULES050 && (r)->legacy)
#define RULE_V100(r)   (HAVE_RULES100 && (r)->v100)

struct rules {
	struct token *tokens;
	int ntokens, tcap;
	struct rule *rules;
	int nrules, rcap;
	char **files;         /* file names the rules point into */
	int nfiles;
	int errors;           /* bad lines, each logged */
	int operators;        /* parser: the current file used ==, !=, += or := */
	int operator_files;   /* files that did: none is a 2004 configuration */
	int v100;             /* parser: the current file used a key of udev 070-100 */
	int run_devd;         /* a rule RUNs udev_run_devd: dev.d runs there (064) */
};

/* Parses a file or a directory of *.rules (name order) into rules.
 * Returns 0, or -errno when path cannot be read; bad lines count in errors. */
int rules_load(struct rules *rs, const char *path);
void rules_free(struct rules *rs);
/* Runs the rules against the event, filling its results. */
void rules_apply(const struct rules *rs, struct udev_event *ev);

#endif
