// SPDX-License-Identifier: GPL-2.0-only
/* udev.conf parser (see conf.h): key="value", # comments, keys are
 * case-insensitive, unknown keys are warned about and ignored. */
#include "compat.h"
#include "conf.h"
#include "log.h"
#include "layout.h"
#include "str.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* udev's firmware.sh order, then where the 2004 hotplug firmware.agent looked */
#define CONF_DEFAULT_FIRMWARE \
	"/lib/firmware/%v /lib/firmware /usr/local/lib/firmware /usr/lib/hotplug/firmware"

void conf_defaults(struct udev_conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	str_copy(conf->root, "/dev", sizeof(conf->root));
	str_copy(conf->db, "/dev/.udevdb", sizeof(conf->db));
	str_copy(conf->rules, SYSCONFDIR "/udev/rules.d", sizeof(conf->rules));
	str_copy(conf->permissions, SYSCONFDIR "/udev/permissions.d", sizeof(conf->permissions));
	str_copy(conf->devd, SYSCONFDIR "/dev.d", sizeof(conf->devd));
	str_copy(conf->firmware, CONF_DEFAULT_FIRMWARE, sizeof(conf->firmware));
	str_copy(conf->owner, "root", sizeof(conf->owner));
	str_copy(conf->group, "root", sizeof(conf->group));
	conf->mode = 0660;      /* udev 064's built-in mode (050 shipped 0600) */
	conf->log = -1;
}

/* isspace() without the ctype table (257 bytes in each klibc program). */
static int blank(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* Strips surrounding blanks and one pair of quotes; returns the value. */
static char *conf_unquote(char *s)
{
	size_t len;

	while (blank(*s))
		s++;
	len = strlen(s);
	while (len && blank(s[len - 1]))
		s[--len] = '\0';
	if (len >= 2 && (s[0] == '"' || s[0] == '\'') && s[len - 1] == s[0]) {
		s[len - 1] = '\0';
		s++;
	}
	return s;
}

static int conf_set_mode(struct udev_conf *conf, const char *val)
{
	char *end;
	unsigned long m = strtoul(val, &end, 8);

	if (!*val || *end || m > 07777)
		return -EINVAL;
	conf->mode = (mode_t)m;
	return 0;
}

static int conf_set_path(char *dst, const char *val)
{
	size_t len = strlen(val);

	if (!*val || str_copy(dst, val, CONF_PATH_MAX) >= CONF_PATH_MAX)
		return -EINVAL;
	while (len > 1 && dst[len - 1] == '/')
		dst[--len] = '\0';
	return 0;
}

/* Applies one key; -EINVAL for a bad value, -ENOENT for an unknown key. */
static int conf_set(struct udev_conf *conf, const char *key, const char *val)
{
	int level;

	if (str_casecmp(key, "udev_root") == 0)
		return conf_set_path(conf->root, val);
	if (str_casecmp(key, "udev_db") == 0)
		return conf_set_path(conf->db, val);
	if (str_casecmp(key, "udev_rules") == 0)
		return conf_set_path(conf->rules, val);
	if (str_casecmp(key, "udev_permissions") == 0)
		return conf_set_path(conf->permissions, val);
	if (str_casecmp(key, "udev_devd") == 0)
		return conf_set_path(conf->devd, val);
	if (str_casecmp(key, "udev_firmware") == 0)
		return (*val && str_copy(conf->firmware, val, sizeof(conf->firmware)) <
			sizeof(conf->firmware)) ? 0 : -EINVAL;
	if (str_casecmp(key, "default_mode") == 0)
		return conf_set_mode(conf, val);
	if (str_casecmp(key, "default_owner") == 0)
		return (*val && str_copy(conf->owner, val, sizeof(conf->owner)) <
			sizeof(conf->owner)) ? 0 : -EINVAL;
	if (str_casecmp(key, "default_group") == 0)
		return (*val && str_copy(conf->group, val, sizeof(conf->group)) <
			sizeof(conf->group)) ? 0 : -EINVAL;
	if (str_casecmp(key, "udev_log") == 0) {
		/* the 2004 files say "yes"/"no" */
		if (str_casecmp(val, "yes") == 0 || str_casecmp(val, "true") == 0)
			level = LOG_INFO;
		else if (str_casecmp(val, "no") == 0 || str_casecmp(val, "false") == 0)
			level = LOG_ERR;
		else
			level = log_level_parse(val);
		if (level < 0)
			return -EINVAL;
		conf->log = level;
		return 0;
	}
	return -ENOENT;
}

static int conf_line(struct udev_conf *conf, char *line, const char *path, int lineno)
{
	char *eq, *key, *val;
	int r;

	key = conf_unquote(line);
	if (*key == '\0' || *key == '#')
		return 0;
	eq = strchr(key, '=');
	if (!eq) {
		log_err("%s:%d: expected key=\"value\", ignoring", path, lineno);
		return 1;
	}
	*eq = '\0';
	val = conf_unquote(eq + 1);
	key = conf_unquote(key);
	r = conf_set(conf, key, val);
	if (r == -ENOENT) {
		log_err("%s:%d: unknown key '%s', ignoring", path, lineno, key);
		return 0;
	}
	if (r < 0) {
		log_err("%s:%d: bad value '%s' for %s, ignoring", path, lineno, val, key);
		return 1;
	}
	return 0;
}

const char *conf_path(const char *file)
{
	return file && *file ? file : UDEV_CONF_DEFAULT;
}

const char *conf_file(void)
{
	return conf_path(getenv("UDEV_CONFIG_FILE"));
}

int conf_read(struct udev_conf *conf, const char *file)
{
	char line[1024];
	const char *path = conf_path(file);
	int lineno = 0, bad = 0;
	FILE *f;

	f = fopen(path, "re");
	if (!f) {
		if (path != file && errno == ENOENT)
			return 0;   /* no udev.conf at the default place: the defaults */
		return -errno;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		bad += conf_line(conf, line, path, lineno);
	}
	fclose(f);
	return bad;
}

int conf_load(struct udev_conf *conf, const char *path)
{
	return conf_read(conf, path ? path : getenv("UDEV_CONFIG_FILE"));
}
