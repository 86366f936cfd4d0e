// SPDX-License-Identifier: GPL-2.0-only
/* What the rescan after lost events and the watch (watch.h) share, in every
 * build (the rescan goes with the netlink door, a profile may leave it out):
 * a record's P:, N:, U: and M: lines, and the event the kernel would give
 * for a device (see rescan.h). */
#include "compat.h"
#include "fmt.h"
#include "synth.h"
#include "fd.h"
#include "marks.h"
#include "path.h"
#include "str.h"
#include "sysfs.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>

extern char **environ;

static void rec_line(struct rescan_rec *r, const char *line)
{
	switch (line[0] == '\0' || line[1] != ':' ? 0 : line[0]) {
	case 'P': str_copy(r->devpath, line + 2, sizeof(r->devpath)); break;
	case 'N': str_copy(r->name, line + 2, sizeof(r->name)); break;
	case 'U': str_copy(r->subsystem, line + 2, sizeof(r->subsystem)); break;
	case 'M':
		/* "MAJOR:MINOR": split in place */
		str_copy(r->major, line + 2, sizeof(r->major));
		r->minor = strchr(r->major, ':');
		if (r->minor)
			*r->minor++ = '\0';
		break;
	}
}

/* A short record is a symbolic link whose target is its text (udev's
 * database, udev/db/record.h): read first, as udev reads it. */
int rescan_rec_read(const char *file, struct rescan_rec *r)
{
	char buf[4096], *line, *next;
	int link;
	ssize_t n = fd_read_text(AT_FDCWD, file, buf, sizeof(buf), &link);

	if (n < 0)
		return (int)n;
	memset(r, 0, sizeof(*r));
	if (link && (buf[0] != 'P' || buf[1] != ':')) {
		/* udev 100's: a link to the node's name, the device its own name */
		str_copy(r->name, buf, sizeof(r->name));
		path_devpath_of(path_basename(file), r->devpath, sizeof(r->devpath));
		return 0;
	}
	for (line = buf; line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		rec_line(r, line);
	}
	return r->devpath[0] == '/' ? 0 : -EINVAL;
}

static int add_env(char *env, size_t *len, size_t cap, const char *key, const char *val)
{
	size_t n = fmt_s(env + *len, cap - *len, "%s=%s", key, val);

	if (n + 1 > cap - *len)
		return -E2BIG;
	*len += n + 1;
	return 0;
}

int rescan_event(struct msg_event *m, const char *action, const char *source,
		 const char *devpath, const char *subsystem, const char *major, const char *minor)
{
	char buf[1024], *dn = NULL;
	size_t len = 0, cap = sizeof(m->env), own;

	if (add_env(m->env, &len, cap, "ACTION", action) < 0 ||
	    add_env(m->env, &len, cap, "DEVPATH", devpath) < 0 ||
	    add_env(m->env, &len, cap, "SUBSYSTEM", subsystem) < 0 ||
	    (major[0] && add_env(m->env, &len, cap, "MAJOR", major) < 0) ||
	    (minor[0] && add_env(m->env, &len, cap, "MINOR", minor) < 0) ||
	    (strcmp(source, "rescan") == 0 && add_env(m->env, &len, cap, MARK_RESCAN, "1") < 0) ||
	    add_env(m->env, &len, cap, MARK_SOURCE, source) < 0)
		return -E2BIG;
	if (action[0] == 'a' && sysfs_attr_read(devpath, "uevent", buf, sizeof(buf)) > 0 &&
	    (dn = strstr(buf, "DEVNAME=")))
		dn[8 + strcspn(dn + 8, "\n")] = '\0';
	if (dn && add_env(m->env, &len, cap, "DEVNAME", dn + 8) < 0)
		return -E2BIG;
	own = len;
	if (event_env_complete(m->env, &len, cap) < 0)
		return -E2BIG;
	return event_msg_finish(m, len, own);
}

int event_env_append(char *env, size_t *len, size_t cap, const char *kv)
{
	size_t n = strlen(kv) + 1;

	if (*len + n > cap)
		return -E2BIG;
	memcpy(env + *len, kv, n);
	*len += n;
	return 0;
}

static int env_has(const char *env, size_t len, const char *kv)
{
	char key[128];
	size_t k = strcspn(kv, "=");

	if (k >= sizeof(key))
		return 1;
	memcpy(key, kv, k);
	key[k] = '\0';
	return msg_env_get(env, len, key) != NULL;
}

int event_env_complete(char *env, size_t *len, size_t cap)
{
	static const char *const helper[] = { "HOME=/", "PATH=/sbin:/bin:/usr/sbin:/usr/bin" };
	char **e;
	unsigned int i;

	for (e = environ; e && *e; e++) {
		if (strncmp(*e, "UDEV_", 5) != 0 && strncmp(*e, "SYSFS_PATH=", 11) != 0)
			continue;
		if (!strchr(*e, '=') || env_has(env, *len, *e))
			continue;
		if (event_env_append(env, len, cap, *e) < 0)
			return -E2BIG;
	}
	for (i = 0; i < sizeof(helper) / sizeof(helper[0]); i++)
		if (!env_has(env, *len, helper[i]) &&
		    event_env_append(env, len, cap, helper[i]) < 0)
			return -E2BIG;
	return 0;
}

int event_msg_finish(struct msg_event *m, size_t len, size_t own)
{
	const char *s = msg_env_get(m->env, len, "SEQNUM");
	unsigned long long seq = 0;

	msg_init(&m->hdr, MSG_EVENT, 0);
	m->hdr.envlen = (uint32_t)len;
	m->hdr.arg = (uint32_t)own;
	if (s && str_to_u64(s, &seq) == 0) {
		m->hdr.seqnum = seq;
		m->hdr.flags = MSG_F_SEQNUM;
	}
	return msg_check(m, sizeof(m->hdr) + len) < 0 ? -EBADMSG : 0;
}
