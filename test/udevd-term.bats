#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# SIGTERM: udevd stops taking events, finishes and acks what runs, acks what
# waits with 18, and exits; no udevsend is left without an ack.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

@test "SIGTERM drains: running events finish, waiting ones are acked 18, none dropped" {
	start_udevd --max-childs=2 --event-timeout=60s
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	send_bg 11 SEQNUM=11 DEVPATH=/devices/a FAKE_UDEV_SLEEP=2
	send_bg 12 SEQNUM=12 DEVPATH=/devices/b FAKE_UDEV_SLEEP=2
	send_bg 13 SEQNUM=13 DEVPATH=/devices/a            # same device: queued
	send_bg 14 SEQNUM=14 DEVPATH=/devices/c            # no free slot: queued
	send_bg 16 SEQNUM=16 DEVPATH=/devices/e            # seqnum 15 missing: held
	wait_for grep -q '^start 12 ' "$FAKE_UDEV_LOG"
	wait_for grep -q 'seqnum 16 .* queued' "$T/udevd.log"
	kill -TERM "$UDEVD_PID"
	# a latecomer while udevd drains is refused work, not left waiting
	sleep 0.3
	run send_event SEQNUM=17 DEVPATH=/devices/f
	[ "$status" -eq 18 ]
	[ "$(rc_of 11)" = 0 ]
	[ "$(rc_of 12)" = 0 ]
	[ "$(rc_of 13)" = 18 ]
	[ "$(rc_of 14)" = 18 ]
	[ "$(rc_of 16)" = 18 ]
	wait "$UDEVD_PID"
	UDEVD_PID=
	! socket_listed || false
	grep -q 'seqnum 13 /devices/a not run: shutting down' "$T/udevd.log"
	[ "$(ended_count)" -eq 3 ]
}

@test "SIGTERM on an idle udevd exits at once with status 0" {
	start_udevd
	kill -TERM "$UDEVD_PID"
	st=0
	wait "$UDEVD_PID" || st=$?
	UDEVD_PID=
	[ "$st" -eq 0 ]
	grep -q 'all events acked, exiting' "$T/udevd.log"
}
