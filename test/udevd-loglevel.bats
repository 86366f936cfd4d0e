#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd keeps the log level it was given (--debug, or udevcontrol
# log_priority) when it reads udev.conf again for a rescan: loading udev.conf
# sets no level, each program applies udev_log once at start. udev.conf says
# udev_log="err" here, so any debug line after the rescan shows the level kept.

load netlink-lib

setup() {
	netlink_setup
	echo 'udev_log="err"' >>"$T/udev.conf"
}
teardown() { netlink_teardown; }

NULLDEV=/devices/virtual/mem/null

# rescan_then_change: the kernel drops events, udevd rescans sysfs (reading
# udev.conf again: drop_events, netlink-lib.bash); then one more change,
# which must be logged at debug level.
rescan_then_change() {
	local lines
	drop_events
	lines=$(wc -l <"$T/udevd.log")
	change $NULLDEV
	in_ns "$BIN/udevsettle" --timeout=30
	tail -n +"$((lines + 1))" "$T/udevd.log" |
		grep -q "debug: seqnum [0-9]* change $NULLDEV queued from netlink"
}

@test "log level: udevd --debug stays at debug across a rescan (udev.conf says err)" {
	UDEVD_NETLINK_RCVBUF=1 start_udevd_nl
	rescan_then_change
}

@test "log level: udevcontrol log_priority=debug stays across a rescan (udev.conf says err)" {
	UDEVD_NETLINK_RCVBUF=1 nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevd" --netlink \
		</dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for in_ns "$BIN/udevcontrol" log_priority=debug
	# before the control, udev.conf's level: no debug line
	! grep -q "debug:" "$T/udevd.log" || false
	rescan_then_change
}
