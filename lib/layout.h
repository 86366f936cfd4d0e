/* SPDX-License-Identifier: GPL-2.0-only */
/* Where the installed suite finds its programs and configuration: the
 * Makefile passes SBINDIR and SYSCONFDIR from its install variables
 * (sbindir, sysconfdir), so a packager's prefix=/usr build looks in
 * /usr/sbin; the environment (UDEV_BIN, UDEVD_BIN, ...) still overrides. */
#ifndef LIB_LAYOUT_H
#define LIB_LAYOUT_H

#ifndef SBINDIR
#define SBINDIR "/sbin"
#endif
#ifndef SYSCONFDIR
#define SYSCONFDIR "/etc"
#endif

#ifndef LIBUDEVDIR
#define LIBUDEVDIR "/lib/udev"
#endif

#define UDEV_BIN_DEFAULT     SBINDIR "/udev"
#define UDEVD_BIN_DEFAULT    SBINDIR "/udevd"
#define UDEV_CONF_DEFAULT    SYSCONFDIR "/udev/udev.conf"
#define HOTPLUG_DIR_DEFAULT  SYSCONFDIR "/hotplug.d"
#define HOTPLUG_BIN_DEFAULT  SBINDIR "/hotplug"
/* the program the kernel starts per event (CONFIG_UEVENT_HELPER) */
#define KERNEL_HELPER_FILE   "/proc/sys/kernel/hotplug"

#endif
