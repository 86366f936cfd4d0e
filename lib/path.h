/* SPDX-License-Identifier: GPL-2.0-only */
/* Path helpers: keeping node names inside udev_root, relative symlink
 * targets, and creating/removing the directories between. */
#ifndef LIB_PATH_H
#define LIB_PATH_H

#include <stddef.h>

/* Makes name a safe relative name in place: no leading '/', no empty,
 * "." or ".." components, no control characters ('_' replaces them).
 * Returns the number of changes made (0 when name was already safe). */
int path_sanitize(char *name);
/* Writes into out the relative path from the directory of link to
 * target (both relative to the same root): "a/b" + "c" -> "../c". */
int path_relative(const char *link, const char *target, char *out, size_t size);
/* mkdir -p of the directories leading to path (not path itself). */
int path_mkdir_parents(const char *path, unsigned int mode);
/* Joins a and b with one '/'; -ENAMETOOLONG (out empty) when out is too small. */
int path_join(char *out, size_t size, const char *a, const char *b);
/* The names in dir that end in suffix (and are longer than it), sorted
 * bytewise, at most max of them, each strdup()ed into names: the caller frees
 * them. Returns how many, or -errno when dir cannot be read. */
int path_list_dir(const char *dir, const char *suffix, char **names, int max);
/* The last component of path. */
const char *path_basename(const char *path);
/* The DEVPATH a database record's file name stands for (class@tty@ttyS0,
 * or with a leading '@' as earlier versions named it: /class/tty/ttyS0),
 * into out. */
void path_devpath_of(const char *name, char *out, size_t size);

#endif
