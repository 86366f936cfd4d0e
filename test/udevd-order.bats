#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd runs events in SEQNUM order: reordering, the gap timeout, events
# without SEQNUM, the start-up window.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

@test "240 events from concurrent udevsends in shuffled order run in SEQNUM order" {
	start_udevd --max-childs=1 --event-timeout=60s
	# steady state: udevd has seen the seqnum before the storm
	run send_event SEQNUM=1000 DEVPATH=/devices/virtual/test/prime
	[ "$status" -eq 0 ]
	for i in $(shuf -i 1001-1240); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/virtual/test/d$i"
	done
	WAIT_TIMEOUT=120 wait_for rc_count_is 240
	[ "$(cat "$T"/rc.* | sort -u)" = 0 ]
	[ "$(started_seqnums | tr '\n' ' ')" = "$(seq 1000 1240 | tr '\n' ' ')" ]
}

@test "a missing seqnum holds its successor until the gap timeout (milliseconds)" {
	start_udevd --event-timeout=800ms
	run send_event SEQNUM=100 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	t0=$EPOCHREALTIME
	run send_event SEQNUM=102 DEVPATH=/devices/c
	t1=$EPOCHREALTIME
	[ "$status" -eq 0 ]
	# held at least most of the 800 ms, released well before the ack timeout
	awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a >= 0.7 && b - a < 30) }'
	grep -q "seqnum 101..101 did not arrive" "$T/udevd.log"
	# the late one is older than expected: it runs at once
	run send_event SEQNUM=101 DEVPATH=/devices/b
	[ "$status" -eq 0 ]
	[ "$(started_seqnums | tr '\n' ' ')" = "100 102 101 " ]
}

@test "the held event runs as soon as its predecessor arrives" {
	# one at a time, so that fake-udev's log order is the run order
	start_udevd --max-childs=1 --event-timeout=60s
	run send_event SEQNUM=200 DEVPATH=/devices/a
	send_bg 202 SEQNUM=202 DEVPATH=/devices/c
	sleep 0.5
	[ ! -e "$T/rc.202" ]
	[ "$(started_seqnums | tr '\n' ' ')" = "200 " ]
	run send_event SEQNUM=201 DEVPATH=/devices/b
	[ "$status" -eq 0 ]
	[ "$(rc_of 202)" = 0 ]
	[ "$(started_seqnums | tr '\n' ' ')" = "200 201 202 " ]
}

@test "events without SEQNUM skip the reordering" {
	start_udevd --event-timeout=60s
	run send_event SEQNUM=300 DEVPATH=/devices/a
	send_bg 302 SEQNUM=302 DEVPATH=/devices/c
	sleep 0.3
	# seqnum 302 waits for 301, the manual event does not
	send_bg manual DEVPATH=/devices/manual FAKE_UDEV_EXIT=3
	[ "$(rc_of manual)" = 3 ]
	grep -q '^end - /devices/manual add' "$FAKE_UDEV_LOG"
	[ ! -e "$T/rc.302" ]
	run send_event SEQNUM=301 DEVPATH=/devices/b
	[ "$(rc_of 302)" = 0 ]
}

@test "events in flight at start-up run from the lowest seqnum after the window" {
	"$BIN/udevd" --debug --max-childs=1 --startup-window=3s </dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for socket_listed
	send_bg 7 SEQNUM=7 DEVPATH=/devices/c
	sleep 0.3
	send_bg 6 SEQNUM=6 DEVPATH=/devices/b
	sleep 0.3
	send_bg 5 SEQNUM=5 DEVPATH=/devices/a
	[ "$(rc_of 7)" = 0 ]
	[ "$(rc_of 6)" = 0 ]
	[ "$(rc_of 5)" = 0 ]
	[ "$(started_seqnums | tr '\n' ' ')" = "5 6 7 " ]
}

@test "UDEVD_EXPECTED_SEQNUM (udevd 064): the first events wait for that seqnum, no start-up window" {
	UDEVD_EXPECTED_SEQNUM=10 start_udevd --max-childs=1 --event-timeout=60s
	# without it, 12 would be the first to arrive after the window and run
	send_bg 12 SEQNUM=12 DEVPATH=/devices/c
	sleep 0.3
	send_bg 11 SEQNUM=11 DEVPATH=/devices/b
	sleep 0.5
	[ ! -e "$T/rc.12" ]
	[ ! -e "$T/rc.11" ]
	# an older seqnum is not waited for, it runs at once
	run send_event SEQNUM=9 DEVPATH=/devices/z
	[ "$status" -eq 0 ]
	[ ! -e "$T/rc.12" ]
	[ ! -e "$T/rc.11" ]
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(rc_of 11)" = 0 ]
	[ "$(rc_of 12)" = 0 ]
	[ "$(started_seqnums | tr '\n' ' ')" = "9 10 11 12 " ]
}

@test "UDEVD_EXPECTED_SEQNUM that is not a number is a usage error" {
	# bounded: a udevd that took it would run until killed
	UDEVD_EXPECTED_SEQNUM=ten run timeout 10 "$BIN/udevd" </dev/null
	[ "$status" -eq 1 ]
	[[ "$output" == *"'ten'"* ]]
}
