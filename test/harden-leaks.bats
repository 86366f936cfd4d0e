#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Leaks found by make check-valgrind, kept fixed here (skipped without valgrind).

load udev-lib

setup() {
	command -v valgrind >/dev/null || skip "valgrind not installed"
	udev_setup
}

vg() {
	valgrind --quiet --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 "$@"
}

@test "leaks: udev refusing an event without DEVPATH frees its environment copies" {
	unset DEVPATH
	ACTION=add SUBSYSTEM=tty run vg "$BIN/udev" tty
	echo "$output"
	[ "$status" -eq 1 ]
}

@test "leaks: udevtest refusing a DEVPATH with /../ frees its environment copies" {
	run vg "$BIN/udevtest" /class/../tty/ttyS0 tty
	echo "$output"
	[ "$status" -ne 99 ]
	[[ "$output" != *"definitely lost"* ]]
}
