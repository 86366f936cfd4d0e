// SPDX-License-Identifier: GPL-2.0-only
/* What vol_id and disk_id --volume share: opening a node and probing it,
 * and the ID_FS_* lines of what was found (see volume.h). */
#include "compat.h"
#include "enc.h"
#include "log.h"
#include "str.h"
#include "volume.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int volume_probe_node(const char *node, struct volume *v)
{
	int r;

	memset(v, 0, sizeof(*v));
	v->fd = open(node, O_RDONLY | O_CLOEXEC);
	if (v->fd < 0) {
		/* no medium, or the device went away: nothing to report */
		if (errno == ENOMEDIUM || errno == ENXIO || errno == ENODEV)
			log_info("cannot open %s: %s", node, strerror(errno));
		else
			log_err("cannot open %s: %s", node, strerror(errno));
		return VOL_READ;
	}
	r = volume_probe(v);
	close(v->fd);
	if (r == -ENOENT) {
		log_info("%s: no known volume type", node);
		return VOL_UNKNOWN;
	}
	if (r < 0) {
		log_err("cannot read %s: %s", node, strerror(-r));
		return VOL_READ;
	}
	return VOL_FOUND;
}

static void put(char *out, size_t size, const char *key, const char *val)
{
	enc_line(out, size, key, val);
}

/* KEY=encoded: a value blkid shows only encoded ("LVM2\x20001"). */
static void put_enc(char *out, size_t size, const char *key, const unsigned char *val)
{
	char buf[VOL_ENC_MAX * 4];

	enc_encode(buf, VOL_ENC_MAX, val, strlen((const char *)val));
	put(out, size, key, buf);
}

/* KEY=safe and KEY_ENC=encoded lines of one untrusted value. */
static void put_pair(char *out, size_t size, const char *key, const unsigned char *val)
{
	char buf[VOL_ENC_MAX * 4], k[32];

	enc_safe(buf, VOL_ENC_MAX, val, strlen((const char *)val));
	put(out, size, key, buf);
	str_copy(k, key, sizeof(k));
	str_append(k, "_ENC", sizeof(k));
	enc_encode(buf, VOL_ENC_MAX, val, strlen((const char *)val));
	put(out, size, k, buf);
}

void volume_export(const struct volume *v, char *out, size_t size)
{
	put(out, size, "ID_FS_USAGE", v->usage);
	put(out, size, "ID_FS_TYPE", v->type);
	put_enc(out, size, "ID_FS_VERSION", (const unsigned char *)v->version);
	put_pair(out, size, "ID_FS_UUID", v->uuid);
	if (v->uuid_sub[0])
		put_pair(out, size, "ID_FS_UUID_SUB", v->uuid_sub);
	put_pair(out, size, "ID_FS_LABEL", v->label);
}
