// SPDX-License-Identifier: GPL-2.0-only
/* The one table of the rule token types: the key the parser reads, the step
 * of the applier that handles it, and how its value is read. A type added to
 * the enum without a line here stops the build (one entry per type) or, left
 * as a hole, is refused by the parser; a type given to a step whose function
 * has no case for it is logged and does not match (apply.c). */
#include "compat.h"
#include "tokens.h"

#define P TF_PATTERN
#define A TF_ASSIGN

const struct token_def token_defs[] = {
	[TK_ACTION]         = { "ACTION", STEP_EVENT, P },
	[TK_DEVPATH]        = { "DEVPATH", STEP_EVENT, P },
	[TK_KERNEL]         = { "KERNEL", STEP_EVENT, P },
	[TK_SUBSYSTEM]      = { "SUBSYSTEM", STEP_EVENT, P },
	[TK_BUS]            = { "BUS", STEP_DEVICE, P },
	[TK_ID]             = { "ID", STEP_DEVICE, P },
	[TK_PLACE]          = { "PLACE", STEP_DEVICE, P },
	[TK_DRIVER]         = { "DRIVER", STEP_DEVICE, P },
	[TK_MODALIAS]       = { "MODALIAS", STEP_EVENT, P },
	/* a file name, looked up as it is */
	[TK_WAIT_FOR_SYSFS] = { "WAIT_FOR_SYSFS", STEP_EVENT, 0 },
	[TK_TEST]           = { "TEST", STEP_EVENT, TF_ATTR_OPT },
	[TK_SYSFS]          = { "SYSFS", STEP_DEVICE, P | TF_ATTR },
	[TK_ENV_MATCH]      = { "ENV", STEP_EVENT, P | TF_ATTR },
	[TK_ATTR]           = { "ATTR", STEP_EVENT, P | TF_ATTR },
	/* NAME== of a file read as udev 100's (parse.c finish_rule) */
	[TK_NAME_MATCH]     = { "NAME", STEP_EVENT, P | TF_DERIVED },
	/* IMPORT without {attr}: a program or a file, decided at load */
	[TK_IMPORT_PROGRAM] = { "IMPORT", STEP_PROGRAM, A | TF_ATTR_OPT },
	[TK_IMPORT_FILE]    = { "IMPORT", STEP_PROGRAM, A | TF_DERIVED },
	/* the value is a pattern of key names */
	[TK_IMPORT_PARENT]  = { "IMPORT", STEP_PROGRAM, A | P | TF_DERIVED },
	/* a command line whose first word names a built-in (run/builtin.h) */
	[TK_IMPORT_BUILTIN] = { "IMPORT", STEP_PROGRAM, A | TF_DERIVED },
	[TK_PROGRAM]        = { "PROGRAM", STEP_PROGRAM, 0 },
	[TK_RESULT]         = { "RESULT", STEP_PROGRAM, P },
	[TK_NAME]           = { "NAME", STEP_ASSIGN, A | TF_ATTR_OPT },
	[TK_SYMLINK]        = { "SYMLINK", STEP_ASSIGN, A },
	[TK_OWNER]          = { "OWNER", STEP_ASSIGN, A },
	[TK_GROUP]          = { "GROUP", STEP_ASSIGN, A },
	[TK_MODE]           = { "MODE", STEP_ASSIGN, A },
	[TK_OPTIONS]        = { "OPTIONS", STEP_ASSIGN, A },
	[TK_RUN]            = { "RUN", STEP_ASSIGN, A | TF_ATTR_OPT },
	[TK_ENV_ASSIGN]     = { "ENV", STEP_ASSIGN, A | TF_ATTR | TF_DERIVED },
	[TK_ATTR_ASSIGN]    = { "ATTR", STEP_ASSIGN, A | TF_ATTR | TF_DERIVED },
	[TK_GOTO]           = { "GOTO", STEP_NONE, A },
	[TK_LABEL]          = { "LABEL", STEP_NONE, A },
};

const struct token_alias token_aliases[] = {
	{ "KERNELS", TK_ID }, { "SUBSYSTEMS", TK_BUS }, { "DRIVERS", TK_DRIVER },
	{ "ATTRS", TK_SYSFS }, { NULL, 0 },
};

_Static_assert(sizeof(token_defs) / sizeof(token_defs[0]) == TK_COUNT,
	       "token_defs needs one entry per enum token_type");
