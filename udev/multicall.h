/* SPDX-License-Identifier: GPL-2.0-only */
/* The four programs of the udev multi-call binary. Their files are compiled
 * with -Dmain=<prog>_main and this header forced in (see the Makefile). */
#ifndef UDEV_MULTICALL_H
#define UDEV_MULTICALL_H

int udev_main(int argc, char **argv);
int udevstart_main(int argc, char **argv);
int udevinfo_main(int argc, char **argv);
int udevtest_main(int argc, char **argv);

#endif
