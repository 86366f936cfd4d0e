#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# make demo end to end: every device of this machine replayed through hotplug ->
# udevsend -> udevd -> udev in a sandbox, every script finds its node, nothing left.
# The host's /dev is compared before and after: no other file may run beside it
# (tools/run-bats.sh; another file's loop devices change the host's /dev).
# run-bats: alone

load lib

setup() {
	common_setup
	local p
	for p in hotplug udevsend udevd udev; do
		[ -x "$BIN/$p" ] || skip "$p not built yet"
	done
}

@test "demo: replays this machine's devices, every script finds its node" {
	run env BIN="$BIN" bash "$TOP/tools/demo.sh"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" =~ events:\ +([0-9]+)\ add ]]
	n=${BASH_REMATCH[1]}
	[ "$n" -gt 0 ]
	[[ "$output" == *"nodecheck.hotplug found its node for $n of $n events"* ]]
	[[ "$output" == *"50-nodecheck.dev found its node for $n of $n events"* ]]
	[[ "$output" == *"failures:      0 event"* ]]
	[[ "$output" == *"0 of ours left running"* ]]
	[[ "$output" == *"host /dev:     untouched"* ]]
	# the sandbox's own work directory is gone (by its name: another suite's
	# demo may run beside this one, as the firmware passes do)
	[[ "$output" =~ udev_root=(/tmp/udev-demo\.[A-Za-z0-9]+)/dev ]]
	[ ! -e "${BASH_REMATCH[1]}" ]
}
