#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevtrigger on a copy of the fake modern sysfs tree: which devices it takes,
# in which order, and what it writes (the kernel side is in udevd-netlink.bats).

load lib

INPUT5=/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:046D:C52B.0001/input/input5

setup() {
	common_setup
	cp -a "$TOP/test/sysfs-modern" "$T/sys"
	export SYSFS_PATH=$T/sys
	cp -a "$T/sys" "$T/orig"
}

# changed: the devpaths whose uevent file differs from the original
changed() {
	(cd "$T/sys" && find . -name uevent -type f) | while read -r f; do
		cmp -s "$T/sys/$f" "$T/orig/$f" || { f=${f#.}; echo "${f%/uevent}"; }
	done | LC_ALL=C sort
}

@test "udevtrigger: writes the action to each matching uevent file, parents first" {
	run "$BIN/udevtrigger" --subsystem-match=input --action=change --verbose
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$INPUT5" ]
	[ "${lines[1]}" = "$INPUT5/event3" ]
	[ "${lines[3]}" = "/devices/virtual/input/mice" ]
	[ "$(changed)" = "$(printf '%s\n' "${lines[@]}" | LC_ALL=C sort)" ]
	[ "$(head -c 6 "$T/sys$INPUT5/event3/uevent")" = change ]
}

@test "udevtrigger: add is the default action; no filter takes every device with a subsystem" {
	run "$BIN/udevtrigger"
	[ "$status" -eq 0 ]
	[ "$(head -c 3 "$T/sys$INPUT5/mouse1/uevent")" = add ]
	[ "$(changed | wc -l)" -gt 5 ]
	# a directory without a subsystem link is no device
	! changed | grep -qx /devices/pci0000:00
}

@test "udevtrigger: --attr-match by value and by presence, --subsystem-nomatch" {
	run "$BIN/udevtrigger" --attr-match=dev=13:67 --action=change
	[ "$(changed)" = "$INPUT5/event3" ]
	run "$BIN/udevtrigger" --dry-run --subsystem-match=input --attr-match=dev
	[ "$(wc -l <<<"$output")" -eq 3 ]
	run "$BIN/udevtrigger" --dry-run --subsystem-match='in*' --subsystem-nomatch=input
	[ -z "$output" ]
}

@test "udevtrigger: --dry-run writes nothing" {
	run "$BIN/udevtrigger" --dry-run
	[ "$status" -eq 0 ]
	[ "$(wc -l <<<"$output")" -gt 5 ]
	[ -z "$(changed)" ]
}

@test "udevtrigger: an unwritable uevent file is reported and the others are still written" {
	rm "$T/sys$INPUT5/event3/uevent"
	mkdir "$T/sys$INPUT5/event3/uevent"
	run "$BIN/udevtrigger" --subsystem-match=input --action=change
	[ "$status" -eq 2 ]
	[[ "$output" == *"$INPUT5/event3/uevent"* ]]
	[ "$(head -c 6 "$T/sys$INPUT5/mouse1/uevent")" = change ]
}

@test "udevtrigger --settle: without udevd there is nothing to wait for" {
	mkdir -p "$T/sys/kernel"
	echo 42 >"$T/sys/kernel/uevent_seqnum"
	run "$BIN/udevtrigger" --subsystem-match=input --action=change --settle
	[ "$status" -eq 0 ]
	rm "$T/sys/kernel/uevent_seqnum"
	run "$BIN/udevtrigger" --subsystem-match=input --action=change --settle
	[ "$status" -eq 2 ]
}

@test "udevtrigger: a tree without uevent files (a kernel before 2.6.13) says so and fails (2)" {
	export SYSFS_PATH=$TOP/test/sysfs-legacy
	run "$BIN/udevtrigger" --action=change
	[ "$status" -eq 2 ]
	[[ "$output" == *"none of the "*" devices under $SYSFS_PATH has a uevent file"*"udevstart replays them"* ]]
	run "$BIN/udevtrigger" --dry-run --subsystem-match=tty
	[ "$status" -eq 2 ]
	[[ "$output" == *"has a uevent file"* ]]
}
