/* SPDX-License-Identifier: GPL-2.0-only */
/* The programs that live inside another program's binary. Their files are
 * compiled with -Dmain=<prog>_main and this header forced in (Makefile), and
 * each multi-call binary's table (udev/multicall.c, udevd/multicall.c) picks
 * one by the name it was run under. hotplug carries udevsend_main too. */
#ifndef LIB_MULTICALL_H
#define LIB_MULTICALL_H

struct multicall {
	const char *name;
	int (*main)(int argc, char **argv);
};

/* Runs the program of progs[] named like argv[0]'s last component, else
 * fallback. */
int multicall(const struct multicall *progs, unsigned int n,
	      int (*fallback)(int argc, char **argv), int argc, char **argv);

int udevsend_main(int argc, char **argv);
/* hotplug sets it to 1 when it was started by the kernel (proc.h) and no
 * script runs after its udevsend hook: udevsend may then return once
 * udevd holds the event; 0 otherwise (udevsend.c) */
extern int udevsend_last_hook;
int udevd_main(int argc, char **argv);
int udevcontrol_main(int argc, char **argv);
int udevsettle_main(int argc, char **argv);
int udevtrigger_main(int argc, char **argv);
int udevmonitor_main(int argc, char **argv);
int udevadm_main(int argc, char **argv);
int udev_main(int argc, char **argv);
int udevstart_main(int argc, char **argv);
int udevinfo_main(int argc, char **argv);
int udevtest_main(int argc, char **argv);
int firmware_main(int argc, char **argv);
int vol_id_main(int argc, char **argv);
int disk_id_main(int argc, char **argv);

#endif
