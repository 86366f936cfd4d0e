/* SPDX-License-Identifier: GPL-2.0-only */
/* Symlinks that several devices claim: a released link goes to the next
 * claimant's node, or away (links.c). */
#ifndef UDEV_LINKS_H
#define UDEV_LINKS_H

#include "conf.h"

/* Gives up devpath's claim on link (a symlink to name): when another
 * device's record claims the link too, it is pointed at that device's
 * node, else removed. 0 or -errno. */
int link_release(const struct udev_conf *conf, const char *link, const char *name,
		 const char *devpath);
/* Releases each link of the list old that the list keep no longer has. */
int links_drop(const struct udev_conf *conf, const char *old, const char *keep,
	       const char *name, const char *devpath);

#endif
