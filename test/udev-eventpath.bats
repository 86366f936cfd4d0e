#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The real udev behind the event path: udevsend -> udevd -> udev, with the
# node made before udevsend returns and udev's exit code passed through.
# Skipped when the tree has no udevd/udevsend yet.

load udev-lib

setup() {
	udev_setup
	[ -x "$BIN/udevd" ] && [ -x "$BIN/udevsend" ] || skip "no udevd/udevsend in $BIN"
	UDEVD_PID=
}

teardown() {
	stop_udevd
	return 0
}

@test "eventpath: the node exists when udevsend returns, and goes on remove" {
	start_udevd
	rules 'KERNEL=="ttyS0", NAME="tts/0", SYMLINK="modem"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	[ "$(listing | paste -sd ';')" = "l modem -> tts/0;c 0600 0:0 tts/0" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	[ "$status" -eq 0 ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "eventpath: udev's exit code comes back through udevsend" {
	start_udevd
	rules 'KERNEL=="ttyS0", NO_SUCH_KEY=="x"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 3 ]
	run send ACTION=add DEVPATH=/class/tty/nosuch SEQNUM=2 tty
	[ "$status" -eq 4 ]
}
@test "eventpath: a storm of every legacy device, out of order" {
	start_udevd
	local n=0 pids=() d
	while read -r d; do
		n=$((n + 1))
		d=${d#"$SYSFS_PATH"}
		d=${d%/dev}
		case $d in /block/*) s=block ;; *) s=$(echo "$d" | cut -d/ -f3) ;; esac
		send ACTION=add DEVPATH="$d" SEQNUM=$((100 - n)) "$s" &
		pids+=($!)
	done < <(find "$SYSFS_PATH/class" "$SYSFS_PATH/block" -name dev)
	for p in "${pids[@]}"; do wait "$p"; done
	[ "$(listing | wc -l)" -eq "$n" ]
	[ "$(ls "$T/db" | wc -l)" -eq "$n" ]
}
