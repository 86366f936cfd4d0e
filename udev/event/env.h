/* SPDX-License-Identifier: GPL-2.0-only */
/* The event's environment as a growable KEY=value array: what the rules
 * match with ENV{}, what they add, and what PROGRAM, RUN and dev.d get. */
#ifndef UDEV_ENV_H
#define UDEV_ENV_H

struct env {
	char **v;       /* NULL-terminated; owned, but for those of the block */
	int n, cap;
	char *block;    /* env_init's entries, one allocation (NULL in a copy) */
	const char *lo, *hi;   /* the block's bounds: its entries are not freed one by one */
};

/* Every value is kept with its control characters (newline, CR, tab...)
 * written as \xNN, so that no byte of device data (sysfs, PROGRAM output,
 * IMPORT, the kernel's environment) can make a variable or a database line
 * of its own; escaping an escaped value changes nothing. Keys with '=',
 * blanks or control characters are refused. */

/* Copies a NULL-terminated KEY=value array (environ); -ENOMEM on failure. */
int env_init(struct env *e, char *const *src);
/* A copy of src's entries, already checked and escaped; -ENOMEM. The
 * entries env_init made are shared, not copied: dst must be freed before
 * src, and src's are never changed in place (env_set replaces them). */
int env_copy(struct env *dst, const struct env *src);
void env_free(struct env *e);
/* 1 when entry i is one of env_init's, unchanged since: it is in every copy
 * made of e before any env_set. */
int env_is_initial(const struct env *e, int i);
/* The value of key, NULL when unset. */
const char *env_get(const struct env *e, const char *key);
/* The same in a NULL-terminated KEY=value array (NULL: empty). */
const char *env_value(char *const *envp, const char *key);
/* Sets key to val (NULL or "" unsets); -EINVAL for a bad key, -ENOMEM. */
int env_set(struct env *e, const char *key, const char *val);

#endif
