// SPDX-License-Identifier: GPL-2.0-only
/* klibc's start-up without stdio, for the per-event helpers (udevsend,
 * hotplug), which use none: klibc's __libc_init opens stdin, stdout and
 * stderr as FILEs (fdopen: malloc, isatty) and its exit() flushes them
 * (fflush, fseek): 1.3 KiB of every helper and work at every event.
 * Linked as an object (Makefile, klibc builds only), these two come before
 * libc.a's; a helper that takes up stdio again fails to link (fdopen.o
 * defines __libc_init_stdio too) instead of growing unseen. */
#include <stdlib.h>
#include <unistd.h>

void __libc_init_stdio(void);

void __libc_init_stdio(void)
{
}

/* no atexit() in the helpers: nothing to run, nothing to flush */
void exit(int rc)
{
	_exit(rc);
}
