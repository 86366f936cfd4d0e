// SPDX-License-Identifier: GPL-2.0-only
/* Whether the suite's hotplug would run anything for an event (see
 * hotplug_gate.h). udevd --netlink handles every uevent, and its shipped
 * rule runs /sbin/hotplug for each, while hotplug.d mostly holds nothing
 * but udev's own hook (skipped for such an event): a program start per
 * event for nothing. The answer uses the same name filter as hotplug and,
 * in the worker, the same kept listings as dev.d (cache.h), dropped when
 * hotplug.d changes. For udevsend's events the kernel's /sbin/hotplug runs
 * the scripts, unless the kernel starts udevsend itself. */
#include "compat.h"
#include "hotplug_gate.h"
#include "hotplug_filter.h"
#include "../keep/cache.h"
#include "fd.h"
#include "layout.h"
#include "msg.h"
#include "path.h"
#include "str.h"

#include <string.h>

int hotplug_gate_applies(const struct udev_event *ev, const char *cmd)
{
	return strcmp(cmd, ev->set->hotplug_bin) == 0 ||
	       (!strchr(cmd, ' ') && strcmp(path_basename(cmd), "udev_run_hotplugd") == 0);
}

/* Any script of top/sub that hotplug runs for an event from source src. */
static int dir_runs(struct udev_cache *c, const char *top, const char *sub, const char *src)
{
	const struct dir_memo *m;
	char dir[1024];
	int i;

	if (path_join(dir, sizeof(dir), top, sub) < 0)
		return 1;   /* hotplug will say what is wrong */
	m = cache_listing(c, dir, SCRIPT_SUFFIX, name_is_candidate);
	if (!m)
		return 1;   /* cannot tell: let hotplug look */
	for (i = 0; i < m->n; i++)
		if (!hook_skipped(path_basename(m->paths[i]), src))
			return 1;
	return 0;
}

/* Whether the kernel starts udevsend itself (/proc/sys/kernel/hotplug names
 * it), so that no /sbin/hotplug runs the hotplug.d scripts for its events:
 * udev 050 ran them from udev then. */
static int kernel_helper_is_udevsend(void)
{
	char helper[256];

	return fd_read_file(KERNEL_HELPER_FILE, helper, sizeof(helper)) > 0 &&
	       str_contains(helper, "udevsend");
}

int hotplug_gate_open(struct udev_event *ev)
{
	const char *top = env_get(&ev->env, "HOTPLUG_DIR");
	const char *src = env_get(&ev->env, "UDEVD_EVENT_SOURCE");
	const char *sub = env_get(&ev->env, "SUBSYSTEM");
	struct udev_cache once, *c = &once;
	int runs, from_udevsend = 0;

	if (!src) {   /* as hotplug's is_udev_hook: any event udevd runs */
		src = env_get(&ev->env, MSG_UDEVD_EVENT_KEY);
		from_udevsend = src != NULL;
	}
	if (!top || !*top)
		top = HOTPLUG_DIR_DEFAULT;
	/* the kept listings are of the hotplug.d the driver watches */
	if (ev->cache && strcmp(top, ev->set->hotplug_dir) == 0)
		c = ev->cache;
	memset(&once, 0, sizeof(once));
	runs = dir_runs(c, top, "default", src) ||
	       (sub && subsystem_is_safe(sub) && dir_runs(c, top, sub, src));
	cache_drop(&once);
	/* an event udevsend sent: the kernel's /sbin/hotplug runs the scripts,
	 * unless the kernel starts udevsend itself */
	return runs && (!from_udevsend || kernel_helper_is_udevsend());
}
