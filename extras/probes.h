/* SPDX-License-Identifier: GPL-2.0-only */
/* The probes' one code path: vol_id and disk_id as a function that writes
 * the program's output (KEY=value lines) into a buffer and returns its exit
 * code. Their main()s print it; udev runs them in its own process as
 * IMPORT{builtin} (udev/run/builtin.c). */
#ifndef EXTRAS_PROBES_H
#define EXTRAS_PROBES_H

#include <stddef.h>

/* argv as the program's (argv[0] its name, not read); out gets what the
 * program prints, NUL-terminated, cut at size - 1 bytes. Run from its own
 * main() a probe bounds the superblock read with --timeout's alarm; as a
 * built-in it sets no alarm and --timeout is read but not used: udev bounds
 * the whole run (builtin.h). */
int vol_id_run(int argc, char **argv, char *out, size_t size);
int disk_id_run(int argc, char **argv, char *out, size_t size);

#endif
