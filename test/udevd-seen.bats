#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd's set of devices seen without a node (udevd/door/seen.c), counted by
# test/unit/seen-rebuilds (make bench-bins): a set that stays at one size,
# one device removed and another added, is not rebuilt at every add.

load lib

setup() { common_setup; }

# rebuilds N: the table's rebuilds over 10,000 remove and add pairs at N devices
rebuilds() {
	local out
	# (the program leaves its set to the exit: no leak to report)
	out=$(ASAN_OPTIONS=detect_leaks=0 "$BIN/test/seen-rebuilds" "$1" 10000)
	echo "$1: $out" >&2
	echo "$out" | sed -n 's/.* \([0-9]*\) rebuilds$/\1/p'
}

@test "seen set: at its size boundaries an add after a remove does not rebuild the table" {
	[ -x "$BIN/test/seen-rebuilds" ] || skip "make bench-bins builds test/seen-rebuilds"
	# 2,047 in 4,096 slots, 32,767 in 65,536, 65,535 in 131,072: the old
	# table was rebuilt, the same size, at each of the 10,000 adds
	for n in 2047 2048 32767 65535; do
		r=$(rebuilds "$n")
		[ -n "$r" ]
		[ "$r" -le 10 ]
	done
	# a small set still reuses its deleted slots: a few rebuilds, not none
	r=$(rebuilds 100)
	[ "$r" -ge 1 ] && [ "$r" -le 200 ]
}
