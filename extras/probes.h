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
/* udev 100-117's extras (extras/udev-extras.c is their program), the same way:
 * DEVPATH their last word, or as a built-in the event's (builtin.c). */
int usb_id_run(int argc, char **argv, char *out, size_t size);
#define USB_ID_USAGE "usage: usb_id [--export] [--usb-info] [--num-info] [DEVPATH]"
int path_id_run(int argc, char **argv, char *out, size_t size);
#define PATH_ID_USAGE "usage: path_id DEVPATH"
int scsi_id_run(int argc, char **argv, char *out, size_t size);
#define SCSI_ID_USAGE "usage: scsi_id [-g|-b] [-x] [-u] [-i] [-a] [-n] [-v] [-p 0x80|0x83|pre-spc3-83]" \
	" [-f CONFIG] [-d NODE] -s DEVPATH"
int ata_id_run(int argc, char **argv, char *out, size_t size);
#define ATA_ID_USAGE "usage: ata_id [-x|--export] NODE"
int cdrom_id_run(int argc, char **argv, char *out, size_t size);
#define CDROM_ID_USAGE "usage: cdrom_id [--export] NODE"
int edd_id_run(int argc, char **argv, char *out, size_t size);
#define EDD_ID_USAGE "usage: edd_id [--export] NODE"
int collect_run(int argc, char **argv, char *out, size_t size);
#define COLLECT_USAGE "usage: collect [-a|--add|-r|--remove] [-d|--debug] CHECKPOINT ID IDLIST..."
/* udev 117's rule generators: programs only (they write files), reading
 * the event's environment (rule_generator.h). */
int write_net_rules_run(int argc, char **argv, char *out, size_t size);
#define WRITE_NET_RULES_USAGE "usage: write_net_rules [ADDRESS] (INTERFACE, MATCHADDR... in the environment)"
int write_cd_rules_run(int argc, char **argv, char *out, size_t size);
#define WRITE_CD_RULES_USAGE "usage: write_cd_rules [by-path|by-id] (DEVPATH, ID_CDROM... in the environment)"

/* $DEVPATH when an extra runs as a program (it wins over the argument, as
 * in udev 100); NULL as a built-in, which has the event's. */
extern const char *extras_devpath_env;
/* 1 when run as a program: a usage error goes to stderr with the usage,
 * as the suite says it (lib/opts.c), not to the built-in's log. */
extern int extras_as_program;
/* udev 117's cleaning of a device's string (ata_id, scsi_id): at most
 * count bytes of from, white space at both ends dropped, a run of it inside
 * one '_', '/' left out; and (ours) every byte that is not printable ASCII
 * left out, so that no byte of device data makes a line or a path. */
void extras_clean(char *to, size_t size, const char *from, size_t count);
/* ID_TYPE of a SCSI peripheral device type: disk, tape, optical, cd or
 * generic (usb_id, scsi_id). */
const char *extras_scsi_type(long t);
/* devpath, or where it leads when it is a link in sysfs (a modern kernel's
 * /block/sda, /class/scsi_generic/sg0), as udev 117 resolved it: the
 * relative links in the device's folder then lead where they should. */
void extras_real_devpath(const char *devpath, char *out, size_t size);
/* Appends "KEY=val\n" (key NULL: "val\n") to out. */
void extras_kv(char *out, size_t size, const char *key, const char *val);
/* "PROG: WHAT 'ARG'"; EXIT_USAGE. */
int extras_usage(const char *prog, const char *usage, const char *what, const char *arg);

#endif
