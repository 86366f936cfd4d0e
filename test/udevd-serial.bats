#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd serialises events per device chain (same devpath, parent/child,
# MAJOR:MINOR, DEVPATH_OLD) and runs unrelated events side by side.

load lib
load udevd-lib

setup() {
	udevd_setup
	start_udevd --max-childs=8 --event-timeout=60s
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	# queue everything first, then let it go at once: without serialisation
	# the events of each test would all run together
	"$BIN/udevcontrol" stop_exec_queue
}
teardown() { udevd_teardown; }

wait_rcs() {
	local n
	for n in "$@"; do
		[ "$(rc_of "$n")" = 0 ] || return 1
	done
}

@test "unrelated devices run at the same time" {
	send_bg 11 SEQNUM=11 DEVPATH=/devices/a FAKE_UDEV_SLEEP=2
	send_bg 12 SEQNUM=12 DEVPATH=/devices/b FAKE_UDEV_SLEEP=2
	release_when_queued 3
	wait_rcs 11 12
	overlapped 11 12
}

@test "events of the same device never overlap" {
	send_bg 11 SEQNUM=11 DEVPATH=/devices/a ACTION=add FAKE_UDEV_SLEEP=0.7
	send_bg 12 SEQNUM=12 DEVPATH=/devices/a ACTION=remove FAKE_UDEV_SLEEP=0.7
	send_bg 13 SEQNUM=13 DEVPATH=/devices/a ACTION=add FAKE_UDEV_SLEEP=0.7
	release_when_queued 4
	wait_rcs 11 12 13
	no_overlap 11 12 13
}

@test "a parent's event finishes before its child's starts, and the other way round" {
	# 11 outlasts the start of a second worker (fake-worker.py: python, 0.65 s
	# on a slow machine under load), so that 14 can overlap it
	send_bg 11 SEQNUM=11 DEVPATH=/devices/pci0/usb1 FAKE_UDEV_SLEEP=3
	send_bg 12 SEQNUM=12 DEVPATH=/devices/pci0/usb1/1-1 FAKE_UDEV_SLEEP=0.7
	send_bg 13 SEQNUM=13 DEVPATH=/devices/pci0/usb1 FAKE_UDEV_SLEEP=0.7
	# a sibling whose name shares a prefix is not a child: it may run alongside
	send_bg 14 SEQNUM=14 DEVPATH=/devices/pci0/usb10 FAKE_UDEV_SLEEP=2
	release_when_queued 5
	wait_rcs 11 12 13 14
	no_overlap 11 12 13
	overlapped 11 14
}

@test "events with the same MAJOR:MINOR never overlap" {
	# 11 outlasts a second worker's start (above)
	send_bg 11 SEQNUM=11 DEVPATH=/block/sda MAJOR=8 MINOR=0 FAKE_UDEV_SLEEP=3
	send_bg 12 SEQNUM=12 DEVPATH=/block/sdb MAJOR=8 MINOR=0 FAKE_UDEV_SLEEP=0.7
	send_bg 13 SEQNUM=13 DEVPATH=/block/sdc MAJOR=8 MINOR=32 FAKE_UDEV_SLEEP=2
	release_when_queued 4
	wait_rcs 11 12 13
	no_overlap 11 12
	overlapped 11 13
}

@test "a move waits for events on its DEVPATH_OLD" {
	send_bg 11 SEQNUM=11 DEVPATH=/devices/net/eth0 FAKE_UDEV_SLEEP=0.7
	send_bg 12 SEQNUM=12 ACTION=move DEVPATH=/devices/net/lan0 \
		DEVPATH_OLD=/devices/net/eth0 FAKE_UDEV_SLEEP=0.7
	send_bg 13 SEQNUM=13 DEVPATH=/devices/net/lan0/queues FAKE_UDEV_SLEEP=0.7
	release_when_queued 4
	wait_rcs 11 12 13
	no_overlap 11 12 13
}
