#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# make demo end to end: every device of this machine replayed through hotplug ->
# udevsend -> udevd -> udev in a sandbox, every script finds its node, nothing left.

load lib

setup() {
	common_setup
	local p
	for p in hotplug udevsend udevd udev; do
		[ -x "$BIN/$p" ] || skip "$p not built yet"
	done
}

@test "demo: replays this machine's devices, every script finds its node" {
	before=$(ls -d /tmp/udev-demo.* 2>/dev/null | wc -l)
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
	# the sandbox's work directory is gone
	[ "$(ls -d /tmp/udev-demo.* 2>/dev/null | wc -l)" -eq "$before" ]
}
