// SPDX-License-Identifier: GPL-2.0-only
/* Name sanitising and directory helpers for udev_root (see path.h). */
#include "compat.h"
#include "path.h"
#include "str.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int path_sanitize(char *name)
{
	char *r, *w = name, *comp;
	int changes = 0;

	for (r = name; *r; r++) {
		if (str_is_ctl((unsigned char)*r)) {
			*r = '_';
			changes++;
		}
	}
	for (r = name; *r;) {
		if (*r == '/') {
			/* leading, doubled or trailing slash: dropped */
			changes++;
			r++;
			continue;
		}
		if (w != name)
			*w++ = '/';
		comp = w;
		while (*r && *r != '/')
			*w++ = *r++;
		if (*r == '/')
			r++;
		if ((w - comp == 1 && comp[0] == '.') ||
		    (w - comp == 2 && comp[0] == '.' && comp[1] == '.')) {
			memset(comp, '_', (size_t)(w - comp));
			changes++;
		}
	}
	*w = '\0';
	return changes;
}

int path_relative(const char *link, const char *target, char *out, size_t size)
{
	size_t common = 0, i;
	const char *p;

	/* longest common directory prefix */
	for (i = 0; link[i] && link[i] == target[i]; i++)
		if (link[i] == '/')
			common = i + 1;
	out[0] = '\0';
	for (p = link + common; (p = strchr(p, '/')); p++)
		if (str_append(out, "../", size) >= size)
			return -ENAMETOOLONG;
	if (str_append(out, target + common, size) >= size)
		return -ENAMETOOLONG;
	return 0;
}

int path_mkdir_parents(const char *path, unsigned int mode)
{
	char buf[1024];
	char *p;

	if (str_copy(buf, path, sizeof(buf)) >= sizeof(buf))
		return -ENAMETOOLONG;
	for (p = buf + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(buf, mode) < 0 && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

int path_join(char *out, size_t size, const char *a, const char *b)
{
	size_t n = str_copy(out, a, size);

	if (*b != '/' && n < size)
		out[n++] = '/';
	if (n >= size || str_copy(out + n, b, size - n) >= size - n) {
		if (size)
			out[0] = '\0';
		return -ENAMETOOLONG;
	}
	return 0;
}

const char *path_basename(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

void path_devpath_of(const char *name, char *out, size_t size)
{
	char *p;

	if (size < 2)
		return;
	out[0] = '/';
	str_copy(out + 1, name + (name[0] == '@'), size - 1);
	for (p = out; *p; p++)
		if (*p == '@')
			*p = '/';
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int path_list_dir(const char *dir, const char *suffix, char **names, int max)
{
	size_t len, slen = strlen(suffix);
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	if (!d)
		return -errno;
	while (n < max && (de = readdir(d))) {
		len = strlen(de->d_name);
		if (len > slen && strcmp(de->d_name + len - slen, suffix) == 0 &&
		    (names[n] = strdup(de->d_name)))
			n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, (size_t)n, sizeof(names[0]), name_cmp);
	return n;
}
