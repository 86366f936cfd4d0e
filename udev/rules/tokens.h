/* SPDX-License-Identifier: GPL-2.0-only */
/* The rule token types and the one table of what each is (tokens.c):
 * the parser's keys and the applier's steps both come from it. */
#ifndef UDEV_RULES_TOKENS_H
#define UDEV_RULES_TOKENS_H

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
	TK_ATTR,           /* ATTR{file}== / !=: the device's own attribute (100) */
	TK_NAME_MATCH,     /* NAME== / != of a udev 100 file: the NAME set so far */
	TK_IMPORT_PROGRAM, /* IMPORT{program}: KEY=value lines from a program */
	TK_IMPORT_FILE,    /* IMPORT{file}: KEY=value lines from a file */
	TK_IMPORT_PARENT,  /* IMPORT{parent}: keys of the parent's db record */
	TK_IMPORT_BUILTIN, /* IMPORT{builtin}: KEY=value lines from a probe run in-process */
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
	TK_ATTR_ASSIGN,    /* ATTR{file}=: write the device's own sysfs file */
	TK_GOTO,           /* GOTO: skip to the rule with this LABEL */
	TK_LABEL,          /* LABEL: a GOTO target */
	TK_COUNT           /* not a type: the number of types (token_defs) */
};

/* The applier's steps (apply.c), in the order a rule is matched; 0
 * is no step, the mark of a type that token_defs forgot. */
enum token_step {
	STEP_EVENT = 1, /* the event's own keys */
	STEP_DEVICE,    /* keys of one device of the parent chain, level by level */
	STEP_PROGRAM,   /* ENV, IMPORT, PROGRAM, RESULT in the order written */
	STEP_ASSIGN,    /* what a matching rule sets */
	STEP_NONE,      /* GOTO, LABEL: resolved when the rules are loaded */
};

#define TF_PATTERN  0x01 /* the value is a pattern, compiled at load */
#define TF_ASSIGN   0x02 /* takes =, += or := (else ==, != or the 2004 =) */
#define TF_ATTR     0x04 /* needs {attr} */
#define TF_ATTR_OPT 0x08 /* may have {attr} */
#define TF_DERIVED  0x10 /* no key of its own: the parser derives it from the
			  * key of its name (ENV by operator, IMPORT by attr) */

/* What the parser and the applier know of a type: the one table of it
 * (tokens.c), indexed by enum token_type. */
struct token_def {
	const char *key;     /* the key as written in a rule */
	unsigned char step;  /* enum token_step */
	unsigned char flags; /* TF_* */
};
extern const struct token_def token_defs[]; /* TK_COUNT entries */

/* The names udev 070-100 gave the parent-walk keys: a file that uses one
 * of them (or ATTR{}) is read with udev 100's walk (apply.c). */
struct token_alias {
	const char *key;
	unsigned char type;   /* enum token_type */
};
extern const struct token_alias token_aliases[]; /* ends with a NULL key */

#endif
