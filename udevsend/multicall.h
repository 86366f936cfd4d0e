/* SPDX-License-Identifier: GPL-2.0-only */
/* udevsend linked into hotplug: udevsend.c compiled a second time with
 * -Dmain=udevsend_main and this header forced in (see the Makefile), so that
 * hotplug sends the event itself when default/10-udev.hotplug is the link to
 * udevsend, with the very code (and exit codes) of the program. */
#ifndef UDEVSEND_MULTICALL_H
#define UDEVSEND_MULTICALL_H

int udevsend_main(int argc, char **argv);

#endif
