// SPDX-License-Identifier: GPL-2.0-only
/* IMPORT{file}, IMPORT{parent} and what IMPORT{program} prints: KEY=value
 * lines into the event's environment, read as udev 064 read them. */
#include "compat.h"
#include "import.h"
#include "subst.h"
#include "../db/db.h"
#include "loader.h"
#include "log.h"
#include "str.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* 1 when every backslash of s starts a \xHH escape: the encoded form of
 * untrusted text (ID_FS_LABEL_ENC) that the default rules use as it is. */
static int escapes_only_hex(const char *s)
{
	for (s = strchr(s, '\\'); s; s = strchr(s + 1, '\\'))
		if (s[1] != 'x' || !isxdigit((unsigned char)s[2]) ||
		    !isxdigit((unsigned char)s[3]))
			return 0;
	return 1;
}

/* One KEY=value line as udev 064 read it: blanks around the key and the
 * '=' are dropped; the value is "quoted", 'quoted', or one word; a line
 * with any other backslash than a \xHH escape is skipped (064 skipped
 * every backslash; \xHH lines are kept for the _ENC keys of vol_id).
 * 1 with key and value set, else 0. */
static int import_line(char *line, char **key, char **value)
{
	char *p = line + strspn(line, " \t\r"), *end;

	if (!*p || *p == '#' || !escapes_only_hex(p))
		return 0;
	*key = p;
	p += strcspn(p, "= \t\r");
	end = p;
	p += strspn(p, " \t\r");
	if (*p != '=' || end == *key)
		return 0;
	*end = '\0';
	p++;
	p += strspn(p, " \t\r");
	if (*p == '"' || *p == '\'') {
		end = strchr(p + 1, *p);
		if (!end)
			return 0;
		p++;
	} else {
		end = p + strcspn(p, " \t\r");
	}
	*end = '\0';
	*value = p;
	return 1;
}

/* Sets key from an import, unless it is the loader's or libc's
 * (loader.h: LD_PRELOAD would reach every program run as root) or one of
 * udevd's marks (UDEVD_*: udevd's word on the event, not a device's). */
static void import_set(struct udev_event *ev, const char *key, const char *value)
{
	if (loader_key(key) || strncmp(key, "UDEVD_", 6) == 0) {
		log_err("%s: imported key %s refused (the loader's or udevd's), ignoring",
			ev->devpath, key);
		return;
	}
	env_set(&ev->env, key, value);
}

/* KEY=value lines into the environment. */
void import_lines(struct udev_event *ev, char *text)
{
	char *line, *save = NULL, *key, *value;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (import_line(line, &key, &value))
			import_set(ev, key, value);
}

int import_file(struct udev_event *ev, const char *value)
{
	char path[LIST_SIZE], buf[LIST_SIZE * 4];
	FILE *f;
	size_t n;

	subst_path(ev, value, path, sizeof(path));
	f = fopen(path, "re");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	import_lines(ev, buf);
	return 1;
}

/* IMPORT{parent}="GLOB": the E: keys of the nearest parent with a record;
 * in the legacy /class and /block layout only the parent class device (a
 * partition's disk), as 064 read it: never the device behind. */
int import_parent(struct udev_event *ev, const struct glob *pattern)
{
	struct db_record rec;
	char *line, *save = NULL, *eq;
	int level, end = event_legacy_device_level(ev);

	if (end < 0)
		end = ev->nchain;
	for (level = 1; level < end; level++)
		if (db_read(ev->conf, ev->chain[level].devpath, &rec) == 0)
			break;
	if (level >= end)
		return 0;
	for (line = strtok_r(rec.env, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		if (glob_test(pattern, line))
			import_set(ev, line, eq + 1);
	}
	return 1;
}
