// SPDX-License-Identifier: GPL-2.0-only
/* udev.conf parser (see conf.h): key="value", # comments, keys are
 * case-insensitive, unknown keys are warned about and ignored. Lines are
 * read as udev 050 and 064 read them (conf_line). */
#include "compat.h"
#include "conf.h"
#include "profile.h"
#include "log.h"
#include "layout.h"
#include "str.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* udev's firmware.sh order, then where the 2004 hotplug firmware.agent looked */
#define CONF_DEFAULT_FIRMWARE \
	"/lib/firmware/%v /lib/firmware /usr/local/lib/firmware /usr/lib/hotplug/firmware"

void conf_defaults(struct udev_conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	str_copy(conf->root, "/dev", sizeof(conf->root));
	str_copy(conf->db, "/dev/.udevdb", sizeof(conf->db));
	/* a package's rules, then the administrator's of the same name */
	str_copy(conf->rules, LIBUDEVDIR "/rules.d " SYSCONFDIR "/udev/rules.d", sizeof(conf->rules));
	str_copy(conf->permissions, SYSCONFDIR "/udev/permissions.d", sizeof(conf->permissions));
	str_copy(conf->devd, SYSCONFDIR "/dev.d", sizeof(conf->devd));
	str_copy(conf->firmware, CONF_DEFAULT_FIRMWARE, sizeof(conf->firmware));
	str_copy(conf->libexec, LIBUDEVDIR, sizeof(conf->libexec));   /* udev 100's */
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

static int conf_set_mode(struct udev_conf *conf, const char *val)
{
	char *end;
	unsigned long m = strtoul(val, &end, 8);

	if (!*val || *end || m > 07777)
		return -EINVAL;
	conf->mode = (mode_t)m;
	conf->mode_given = 1;
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

/* Applies one key; -EINVAL for a bad value, -ENOENT for an unknown key,
 * -ENOSYS for a key of a feature this build left out (profile.h). */
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
	if (str_casecmp(key, "udev_libexec") == 0)
		return conf_set_path(conf->libexec, val);
	if (str_casecmp(key, "udev_libudev_db") == 0)
		return HAVE_BROADCAST ? conf_set_path(conf->libudev_db, val) : -ENOSYS;
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
		conf->log_no = 0;
		if (str_casecmp(val, "yes") == 0 || str_casecmp(val, "true") == 0)
			level = LOG_INFO;
		else if (str_casecmp(val, "no") == 0 || str_casecmp(val, "false") == 0) {
			level = LOG_ERR;
			conf->log_no = 1;
		} else
			level = log_level_parse(val);
		if (level < 0)
			return -EINVAL;
		conf->log = level;
		return 0;
	}
	return -ENOENT;
}

/* One line as udev 050 and 064 read it: KEY="VALUE" with nothing but blanks
 * before the key and after the '='. The value ends at its closing quote and
 * what follows it is ignored (a comment, say). A blank before the '=', a
 * value not in double quotes or without its closing quote: the line is
 * refused, as they refused it. 1 for a refused line, else 0. */
static int conf_line(struct udev_conf *conf, char *line, const char *path, int lineno)
{
	char *key = line, *p, *val;
	int r;

	while (blank(*key))
		key++;
	if (*key == '\0' || *key == '#')
		return 0;
	for (p = key; *p && *p != '=' && !blank(*p); p++)
		;
	if (*p != '=' || p == key) {
		log_err("%s:%d: expected key=\"value\", no blank before '=', ignoring", path, lineno);
		return 1;
	}
	*p++ = '\0';
	while (blank(*p))
		p++;
	val = p + 1;
	if (*p != '"' || !(p = strchr(val, '"'))) {
		log_err("%s:%d: the value of %s is not in double quotes, ignoring", path, lineno, key);
		return 1;
	}
	*p = '\0';
	r = conf_set(conf, key, val);
	if (r == -ENOENT) {
		log_err("%s:%d: unknown key '%s', ignoring", path, lineno, key);
		return 0;
	}
	if (!HAVE_BROADCAST && r == -ENOSYS) {
		log_err("%s:%d: %s, ignoring", path, lineno, feature_absent(key, "broadcast"));
		return 1;
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
	struct stat st;
	FILE *f;

	f = fopen(path, "re");
	if (!f) {
		if (path != file && errno == ENOENT)
			return 0;   /* no udev.conf at the default place: the defaults */
		return -errno;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);   /* fopen takes a folder, and fgets reads nothing of it */
		return -EISDIR;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (!strchr(line, '\n') && !feof(f)) {   /* as 050 and 064: skipped whole */
			log_err("%s:%d: line longer than %d bytes, ignoring", path, lineno,
				(int)sizeof(line) - 2);
			bad++;
			while (fgets(line, sizeof(line), f) && !strchr(line, '\n'))
				;
			continue;
		}
		bad += conf_line(conf, line, path, lineno);
	}
	fclose(f);
	return bad;
}

int conf_load(struct udev_conf *conf, const char *path)
{
	return conf_read(conf, path ? path : getenv("UDEV_CONFIG_FILE"));
}
