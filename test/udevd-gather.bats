#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd --gather (udevd(8)): once a turn has taken an event while udevd
# holds another, the socket and netlink wake udevd no more for that long;
# what arrives meanwhile is read together. Counted, not timed: udevd's
# sleeps (voluntary context switches of /proc/PID/status) while a paced
# burst arrives. A sender that waits for each ack, and a refused message,
# start no gather.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() {
	udevd_teardown
	[ -z "${NS_PID:-}" ] || kill "$NS_PID" 2>/dev/null
	return 0
}

# sleeps PID: how often PID has slept (waited) so far
sleeps() { awk '$1 == "voluntary_ctxt_switches:" { print $2 }' "/proc/$1/status"; }

# paced_burst_sleeps GATHER: udevd --gather=GATHER in the test's network
# namespace (its socket queue 4096 long, as embedded.md's boot sets it), its
# queue stopped; 40 events arrive 5 ms apart; prints how often udevd slept
# until it had logged all 40 queued
paced_burst_sleeps() {
	local s0
	start_udevd --gather="$1"
	in_ns "$BIN/udevcontrol" stop_exec_queue
	s0=$(sleeps "$UDEVD_PID")
	in_ns $DGRAM burst --count 40 --every 5 --seqnum 1 >"$T/burst"
	WAIT_TIMEOUT=20 wait_for test_queued_ge 40
	echo $(($(sleeps "$UDEVD_PID") - s0))
	grep -qx "queued 40" "$T/burst"
	in_ns "$BIN/udevcontrol" start_exec_queue
	WAIT_TIMEOUT=20 wait_for eval '[ "$(ended_count)" -eq 40 ]'
	stop_udevd
}

@test "gather: a storm's events paced 5 ms apart are read a few at a time, not one wake-up each (--gather=0: each)" {
	local with without
	netns_start
	in_ns sh -c 'echo 4096 >/proc/sys/net/unix/max_dgram_qlen'
	with=$(paced_burst_sleeps 300ms)
	: >"$FAKE_UDEV_LOG"
	: >"$T/udevd.log"
	without=$(paced_burst_sleeps 0)
	echo "# 40 events 5 ms apart: udevd slept $with times with --gather=300ms, $without with 0" >&3
	# ~200 ms of arrivals: the first event alone, then a gather or two
	[ "$with" -le 10 ]
	[ "$without" -ge 30 ]
}

@test "gather: a sender that waits for each ack is not held back (--gather=2s: 10 events in a row within 5 s)" {
	local i t0
	start_udevd --gather=2s
	t0=${EPOCHREALTIME/./}
	for i in $(seq 1 10); do
		send_within 10 SEQNUM=$i DEVPATH=/devices/g$i
	done
	t0=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
	echo "# 10 acks in a row: $t0 ms" >&3
	[ "$t0" -lt 5000 ]
	[ "$(ended_count)" -eq 10 ]
}

@test "gather: a message refused at the door starts no gather: the next root event is read at once" {
	local t0
	start_udevd --gather=3s
	"$BIN/udevcontrol" stop_exec_queue
	send_bg 1 SEQNUM=1 DEVPATH=/devices/r1
	send_bg 2 SEQNUM=2 DEVPATH=/devices/r2
	wait_for test_queued_ge 2
	# the gather the second one started is over
	nap 3.5
	run $DGRAM send --nobody --seqnum 7 --env ACTION=add --env DEVPATH=/devices/evil \
		--env SUBSYSTEM=test --timeout 0.5
	wait_for grep -q 'refused' "$T/udevd.log"
	t0=${EPOCHREALTIME/./}
	send_bg 3 SEQNUM=3 DEVPATH=/devices/r3
	wait_for test_queued_ge 3
	t0=$(( (${EPOCHREALTIME/./} - t0) / 1000 ))
	echo "# the root event after the refused one was queued after $t0 ms" >&3
	[ "$t0" -lt 1500 ]
	"$BIN/udevcontrol" start_exec_queue
	[ "$(rc_of 3)" -eq 0 ]
}

@test "gather: the loop's mute over a real socket and poll: input waits while muted, a wait to write survives a mute and an unmute" {
	[ -x "$BIN/test/loop-poll" ] || skip "make bench-bins builds test/loop-poll"
	run "$BIN/test/loop-poll"
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^ok ' <<<"$output")" -eq 6 ]
}

@test "gather: --gather takes a duration (0: never); anything else is a usage error" {
	run "$BIN/udevd" --gather=soon
	[ "$status" -eq 1 ]
	[[ "$output" == *"bad value of --gather 'soon'"* ]]
	start_udevd --gather=0
	send_within 10 SEQNUM=1 DEVPATH=/devices/z1
	[ "$(ended_count)" -eq 1 ]
}
