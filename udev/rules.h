/* SPDX-License-Identifier: GPL-2.0-only */
/* The rules engine: the parser turns rule files into typed tokens
 * (rules_parse.c), the applier runs them against one event (rules_apply.c). */
#ifndef UDEV_RULES_H
#define UDEV_RULES_H

#include "glob.h"

struct udev_event;

enum token_type {
	TK_ACTION,         /* ACTION: the kernel action (add, remove, change...) */
	TK_DEVPATH,        /* DEVPATH: the event's sysfs path */
	TK_KERNEL,         /* KERNEL: the kernel's device name (sda1) */
	TK_SUBSYSTEM,      /* SUBSYSTEM: the event's subsystem (block, tty) */
	TK_BUS,            /* BUS: bus of a device in the parent chain */
	TK_ID,             /* ID: bus id (kernel name) of a device in the chain */
	TK_PLACE,          /* PLACE: topology part of the bus id (USB 2.3) */
	TK_DRIVER,         /* DRIVER: driver bound to a device in the chain */
	TK_MODALIAS,       /* MODALIAS: the modalias attribute of the device */
	TK_WAIT_FOR_SYSFS, /* WAIT_FOR_SYSFS: a file of the device, waited for */
	TK_TEST,           /* TEST: a file of the device exists now ("driver") */
	TK_SYSFS,          /* SYSFS{attr} / SYSFS_attr: attribute in the chain */
	TK_ENV_MATCH,      /* ENV{key}== / !=: an environment value */
	TK_IMPORT_PROGRAM, /* IMPORT{program}: KEY=value lines from a program */
	TK_IMPORT_FILE,    /* IMPORT{file}: KEY=value lines from a file */
	TK_IMPORT_PARENT,  /* IMPORT{parent}: keys of the parent's db record */
	TK_PROGRAM,        /* PROGRAM: run; exit 0 matches; stdout becomes %c */
	TK_RESULT,         /* RESULT: the last PROGRAM's output */
	TK_NAME,           /* NAME: the node (or net interface) name */
	TK_SYMLINK,        /* SYMLINK: space separated symlink names */
	TK_OWNER,          /* OWNER: user name or number */
	TK_GROUP,          /* GROUP: group name or number */
	TK_MODE,           /* MODE: octal permissions */
	TK_OPTIONS,        /* OPTIONS: last_rule, ignore_device, ... */
	TK_RUN,            /* RUN: program to run after dev.d */
	TK_ENV_ASSIGN,     /* ENV{key}= / += / :=: set a value for later keys */
	TK_GOTO,           /* GOTO: skip to the rule with this LABEL */
	TK_LABEL,          /* LABEL: a GOTO target */
};

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

struct token {
	enum token_type type;
	enum token_op op;
	unsigned int flags;   /* OPT_* for OPTIONS and NAME{...} */
	char *attr;           /* SYSFS{attr}, ENV{key}; NULL otherwise */
	char *value;
	struct glob pat;      /* value read as a pattern, on match keys */
};

struct rule {
	int first, count;     /* tokens[first .. first+count) */
	const char *file;
	int line;
	int goto_rule;        /* index of the GOTO target, -1 when none */
	unsigned int legacy : 1;   /* its file has only KEY="value" pairs: 050 precedence */
	unsigned int has_name : 1; /* it carries a NAME key */
	/* which of the applier's steps the rule has keys for */
	unsigned int has_event_keys : 1;   /* ACTION KERNEL SUBSYSTEM DEVPATH ... */
	unsigned int has_device_keys : 1;  /* BUS ID PLACE DRIVER SYSFS */
	unsigned int has_program_keys : 1; /* ENV== IMPORT PROGRAM RESULT */
	unsigned int has_assigns : 1;      /* NAME SYMLINK OWNER ... ENV= */
};

struct rules {
	struct token *tokens;
	int ntokens, tcap;
	struct rule *rules;
	int nrules, rcap;
	char **files;         /* file names the rules point into */
	int nfiles;
	int errors;           /* bad lines, each logged */
	int operators;        /* parser: the current file used ==, !=, += or := */
};

/* Parses a file or a directory of *.rules (name order) into rules.
 * Returns 0, or -errno when path cannot be read; bad lines count in errors. */
int rules_load(struct rules *rs, const char *path);
void rules_free(struct rules *rs);
/* Runs the rules against the event, filling its results. */
void rules_apply(const struct rules *rs, struct udev_event *ev);

#endif
