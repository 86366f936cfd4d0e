// SPDX-License-Identifier: GPL-2.0-only
/* The hand-over of shared symlinks (see links.h). Two devices may claim one
 * link (two disks with the same label, a by-id name on two paths): the
 * link points at the device added last, each record lists it, and when
 * the device it points at goes away (remove) or stops claiming it (a
 * change: the disk was formatted), the link is pointed at a device whose
 * record still claims it, or removed when none does. */
#include "compat.h"
#include "../db/db.h"
#include "log.h"
#include "links.h"
#include "node.h"
#include "str.h"

#include <errno.h>
#include <string.h>

int link_release(const struct udev_conf *conf, const char *link, const char *name,
		 const char *devpath)
{
	struct db_record other;
	int r;

	/* the claimants first: with none (the usual case) the removal's own
	 * walk checks that the link is ours, so it is walked once */
	memset(&other, 0, sizeof(other));
	if (db_find_claim(conf, link, devpath, &other) < 0 || !other.name[0] ||
	    strcmp(other.name, link) == 0)
		return node_symlink_remove(conf, link, name);
	r = node_symlink_owned(conf, link, name);
	if (r <= 0)
		return r;   /* gone, or another device's already */
	log_info("symlink %s/%s moves from %s to %s", conf->root, link, name, other.name);
	return node_symlink(conf, link, other.name);
}

int links_drop(const struct udev_conf *conf, const char *old, const char *keep,
	       const char *name, const char *devpath)
{
	char list[LIST_SIZE], *w, *save = NULL;
	int r, rc = 0;

	str_copy(list, old, sizeof(list));
	for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if (db_list_has(keep, w))
			continue;
		r = link_release(conf, w, name, devpath);
		if (r < 0) {
			log_err("cannot remove symlink %s/%s: %s", conf->root, w, strerror(-r));
			rc = r;
		}
	}
	return rc;
}
