#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# make size / the budget check of make check: the stripped size of every program
# of one build variant, and the firmware budgets (klibc; dietlibc gets 1.5x).
# Usage: size.sh [--check] VARIANT DIR PROGRAM...   (STRIP= names the strip tool,
# PROFILE= the firmware profile DIR was built with: default, helper...)
# A program that is a link to a multi-call binary counts 0; "suite" is the
# sum of all (each binary once).
# Two kinds of figure: the ceilings (budget below), which make check holds
# every program to, and the goals of the firmware profiles (goal below, issue
# 61: fixed, they do not move with the code), which make size prints with
# what is left to do; make check holds a profile to its goals when
# SIZE_GOALS=check (docs/embedded.md, "Profiles").
set -u

check=0
[ "${1:-}" = --check ] && { check=1; shift; }
variant=$1 dir=$2
shift 2
strip=${STRIP:-strip}
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT

# budget NAME: bytes allowed for this variant, empty when there is none.
# One binary per role: the two per-event helpers stay apart and tiny
# (hotplug has udevsend's code linked in: it sends the event of the
# 10-udev.hotplug link itself, 14 KiB); the daemon and its four clients are
# one program (udevd), the device manager and its six tools another (udev,
# with vol_id's and disk_id's probes and the firmware loader); "suite" is
# everything installed, each binary once: 160 KiB when the programs became
# four (issue 46: 157,024 bytes, from 218,336 for eleven), and the growth the
# rule language of udev 100 (issue 47: udev up to 12 KiB more than its
# 83,808 bytes then, with udevadm) and libudev's broadcast (issue 51: udevd
# up to 4 KiB) were given on top: 176 KiB. udevd, at its 56 KiB after the
# name lock (issue 48), got 1 KiB for issue 49 (udevsettle's wait for the
# kernel's counter, one wording for option errors in udevd and its
# clients, 0-2 led nowhere without /dev/null: 832 bytes), and 2 KiB for
# issue 50 (the devices seen without a node, kept in memory for the rescan
# instead of a record each: 1,376 bytes). Issue 56 gave udevd 1 KiB (its lock
# file replaced when others could open it, the holder of a lock named, the
# lock's network namespace known without /proc: 1,504 bytes) and udevsend
# 256 bytes (the byte of its network namespace looked at: 160 bytes).
# Issue 58 (udev 100-117's conventions, rules and udevadm spellings) gave udevd
# its clients' new spellings and control exit, and udev 2 KiB (RUN socket:,
# the libexec folder, [SUBSYSTEM/KERNEL], udevinfo's long options).
# udev-extras (issue 58) is udev 100-117's extras in one program of its own,
# installed in /lib/udev under each one's name: 32 KiB (usb_id alone:
# 13,344 bytes; with path_id 22,272, fnmatch and opendir from klibc), added
# to the suite's budget; in these builds udev has none of their code
# (EXTRAS_BUILTIN=false: its IMPORT{builtin} runs the program, 384 bytes).
# scsi_id, ata_id, cdrom_id, edd_id and collect made it 39,040 bytes
# (2026-12-07, klibc; udev.conf read for udev_root, 3 KiB of it): 40 KiB,
# and the suite 16.5 KiB more (234 KiB with issue 59's). udev did not grow
# for them: its table of the extras it runs as programs is their names
# alone.
# Together (2026-12-07, klibc, with a queue journal since taken out again)
# they made hotplug 14,464 bytes, udevd 66,176 (the lock's checks, the
# broadcast's split, start-up errors on stderr, udevadm's spellings) and
# udev 101,408 (path-safe substitution, the loader variables, socket:,
# udev 100's rule checks): budgets 14.5, 65 and 100 KiB. The journal back
# with its sentry and the gaps it knows (issue 57) made udevd 66,560 bytes:
# 66 KiB, the suite 209 KiB.
# Issue 59 gave udev (vol_id's probes) the 8,672 bytes that nineteen more
# formats measured (exFAT, NTFS, f2fs, nilfs2, ocfs2, reiserfs, jfs, HFS,
# HFS+, UDF, minix, cramfs, erofs, romfs, ubifs, jffs2, bcache, LVM2, md:
# 456 bytes a format, most of them one row of volume_shape.c's table), to
# the half KiB README gives budgets in: udev 108.5 KiB, the suite
# 217.5 with udevd's 66.
# Partition tables (dos and GPT, a partition's entry read from its disk:
# vol_id and disk_id, issue 59) made udev 4.7 KiB bigger, and OPTIONS
# watch 0.6 KiB more (the record's W: line and udev_db/.watch); udevd's
# side of the watch (inotify on the list and the nodes) 2.7 KiB: with the
# formats, udev 115,424 bytes, udevd 69,312 (klibc, 2026-12-07): budgets
# 113 and 68 KiB, the suite 225. udevd at nice -10 (--nice, its children
# back at its own: 384 bytes) made it 69,728: 69 KiB, the suite 226.
# Issue 58's udevadm of 117 (control --env's variables for every event,
# the failed add events kept for trigger --retry-failed) took udevd from
# 64,032 to 67,424 bytes: 66 KiB. Its rule generators (write_net_rules,
# write_cd_rules: udev.conf's reader and stdio come with them) took
# udev-extras from 22,464 to 32,160 bytes, within its 32 KiB, but the
# suite's 208 KiB no longer held both (its core had grown to 187,904 bytes,
# past the 176 KiB of the sum): 220 KiB, the sum of 223,904 then.
# All of these together (the journal, the watch, --nice, control --env and
# the failed events, the rule generators; udevsend 32 bytes for the control
# message type of --env in the checks it shares): udevsend 8,480, udevd
# 73,152, udev 115,904, udev-extras 32,160 (klibc, 2026-12-07): budgets
# 8.5, 72 and 114 KiB, the suite 240 KiB. scsi_id, ata_id, cdrom_id,
# edd_id and collect beside the rule generators made udev-extras 45,440:
# 45 KiB, the suite 252 KiB.
# ZFS pool members (vol_id's last format) made udev 992 bytes bigger:
# 116,896 with all of the above, budget 115 KiB, the suite 253 KiB.
# udev 100's stock rules side by side (write_net_rules' address argument,
# disk_id's host counted on its controller) made the suite 259,424 bytes
# (udev 117,536, udev-extras 45,824; klibc, 2026-12-07): within the budgets above.
# The helpers without klibc's stdio start-up (lib/nostdio-klibc.c) made
# udevsend 7,096 and hotplug 13,880 bytes: udevsend's budget is its goal,
# 8 KiB, hotplug's 14 KiB. udevd's cheaper comparisons (str_same, klibc's
# strlen a word at a time) and its wait for the udevd it starts made it
# 73,696: 73 KiB. The suite 255 KiB.
# A short database record kept as a symbolic link's target (no tmpfs page
# of its own), read back whichever it is, and udev 100's links: udev
# 118,272 bytes, 115.5 KiB.
# udevd --gather (a storm's events read a few at a time: the doors muted
# for a while, the socket's queue length looked at) made udevd 75,200
# bytes: 73.5 KiB.
# The links index's entries as hard links of one empty file (no inode each)
# made udev 118,368 bytes: 116 KiB.
# The default build (glibc) links udevsend statically against the smallest
# libc present (Makefile, HELPER_LIBC): 16 KiB holds dietlibc's, klibc's and
# musl's; the dynamic glibc one (no small libc installed) is over it.
budget() {
	if [ "$variant" = glibc ]; then
		[ "$1" = udevsend ] && echo 16384
		return
	fi
	case $1 in
	udevsend) b=8192 ;;
	hotplug) b=14336 ;;
	udevd) b=75264 ;;
	udev) b=118784 ;;
	udev-extras) b=46080 ;;
	suite) b=261120 ;;
	*) return ;;
	esac
	case $variant in
	klibc) echo "$b" ;;
	diet) echo $((b * 3 / 2)) ;;
	esac
}

# goal NAME: a profile's fixed goal in bytes for this variant (klibc;
# dietlibc 1.5 times), empty when none. "profile" is the sum of the four
# programs of the kernel's helper path: udevsend, hotplug, udevd and udev
# (the extras of /lib/udev are a program of their own, with their budget).
profile=${PROFILE:-default}
goal() {
	case $1:$profile in
	udevsend:*) b=8192 ;;
	profile:default) b=163840 ;;   # 160 KiB: everything
	profile:helper) b=98304 ;;     # 96 KiB: the helper path (docs/embedded.md)
	*) return ;;
	esac
	case $variant in
	klibc) echo "$b" ;;
	diet) echo $((b * 3 / 2)) ;;
	esac
}

# stripped_size PROG: bytes after strip, 0 for a link to a multi-call binary
stripped_size() {
	if [ -L "$dir/$1" ]; then
		echo 0
	elif "$strip" --strip-all -R .comment -o "$tmp" "$dir/$1"; then
		wc -c < "$tmp" | tr -d ' '
	else
		echo "size: cannot strip $dir/$1" >&2
		return 1
	fi
}

over=""
line() {   # line NAME BYTES NOTE
	b=$(budget "$1")
	if [ -z "$b" ]; then
		printf '  %-34s %8s %8s\n' "$1" "$2" "${3:--}"
	elif [ "$2" -le "$b" ]; then
		printf '  %-34s %8s %8s  ok (%d%%)\n' "$1" "$2" "$b" $(($2 * 100 / b))
	else
		printf '  %-34s %8s %8s  OVER BUDGET\n' "$1" "$2" "$b"
		over="$over $1"
	fi
}

echo "size: $variant build, stripped bytes ($dir)"
printf '  %-34s %8s %8s\n' program bytes budget
suite=0
for p in "$@"; do
	n=$(stripped_size "$p") || exit 2
	if [ -L "$dir/$p" ]; then
		line "$p" "$n" "-> $(readlink "$dir/$p")"
	else
		line "$p" "$n"
	fi
	suite=$((suite + n))
done
line suite "$suite" "all of the above"
[ -f "$dir/helper-libc" ] && echo "  (udevsend and hotplug: $(cat "$dir/helper-libc"))"

# the profile's goals: udevsend alone, and the helper path's four programs
missed=""
goal_line() {   # goal_line NAME BYTES TEXT
	g=$(goal "$1")
	[ -n "$g" ] || return 0
	if [ "$2" -le "$g" ]; then
		printf '  %-34s %8s %8s  ok (%d%%)\n' "$3" "$2" "$g" $(($2 * 100 / g))
	else
		printf '  %-34s %8s %8s  %d over\n' "$3" "$2" "$g" $(($2 - g))
		missed="$missed $1"
	fi
}
path=0
for p in udevsend hotplug udevd udev; do
	if [ -f "$dir/$p" ] && [ ! -L "$dir/$p" ]; then
		path=$((path + $(stripped_size "$p")))
	fi
done
if [ -n "$(goal profile)" ]; then
	echo "size: the $profile profile's goals (fixed; docs/embedded.md)"
	goal_line udevsend "$(stripped_size udevsend)" "udevsend"
	goal_line profile "$path" "udevsend+hotplug+udevd+udev"
fi
if [ -n "$over" ]; then
	echo "size: over budget:$over" >&2
	[ "$check" = 1 ] && exit 1
fi
if [ -n "$missed" ]; then
	echo "size: the $profile profile misses its goal:$missed" >&2
	[ "$check" = 1 ] && [ "${SIZE_GOALS:-}" = check ] && exit 1
fi
exit 0
