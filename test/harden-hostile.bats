#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Hostile senders: datagrams of every wrong shape, as root and as nobody, and a
# flood of garbage while real events run. udevd refuses each with 17 (when the
# sender has an address), keeps running real events in order, and neither its
# memory, its descriptors nor its log grow with the garbage.

load lib
load udevd-lib

setup() {
	udevd_setup
	HOSTILE="python3 $TOP/test/tools/hostile.py"
}
teardown() { udevd_teardown; }

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
fd_count() { ls "/proc/$1/fd" | wc -l; }

# every shape is refused with 17; relative-devpath included (DEVPATH must start with '/')
check_shapes() {
	local out bad
	out=$($HOSTILE shapes "$@")
	echo "$out"
	[ "$(echo "$out" | wc -l)" -ge 29 ]
	bad=$(echo "$out" | awk '$2 != 17')
	[ -z "$bad" ] || { echo "not refused: $bad" >&2; return 1; }
}

@test "hostile: every malformed shape from root is refused with 17, nothing runs" {
	start_udevd
	check_shapes
	[ "$(ended_count)" -eq 0 ]
	run send_event SEQNUM=10 DEVPATH=/devices/after
	[ "$status" -eq 0 ]
	[ "$(ended_count)" -eq 1 ]
}

@test "hostile: every malformed shape from nobody is refused with 17, nothing runs" {
	start_udevd
	check_shapes --nobody
	[ "$(ended_count)" -eq 0 ]
	grep -q 'sender is not root' "$T/udevd.log"
	run send_event SEQNUM=10 DEVPATH=/devices/after
	[ "$status" -eq 0 ]
}

@test "hostile: a garbage flood does not stop real events, reorder them, or grow udevd" {
	start_udevd
	send_event SEQNUM=1 DEVPATH=/devices/warm
	rss0=$(rss_kb "$UDEVD_PID")
	fd0=$(fd_count "$UDEVD_PID")
	$HOSTILE flood --count 3000 >"$T/flood1" &
	f1=$!
	$HOSTILE flood --count 3000 --nobody --seed 2 >"$T/flood2" &
	f2=$!
	$HOSTILE flood --count 1000 --unbound --seed 3 >"$T/flood3" &
	f3=$!
	for i in $(seq 2 41); do
		send_event SEQNUM=$i DEVPATH=/devices/r$i || echo "seqnum $i rc $?" >>"$T/fail"
	done
	wait $f1 $f2 $f3
	[ ! -e "$T/fail" ]
	[ "$(ended_count)" -eq 41 ]
	[ "$(started_seqnums | tr '\n' ' ')" = "$(seq 1 41 | tr '\n' ' ')" ]
	kill -0 "$UDEVD_PID"
	rss1=$(rss_kb "$UDEVD_PID")
	echo "VmRSS $rss0 kB -> $rss1 kB" >&3
	[ "$rss1" -le $((rss0 + 1024)) ]
	[ "$(fd_count "$UDEVD_PID")" -eq "$fd0" ]
}

@test "hostile: 15 s of garbage from nobody, from ever new sockets it never reads: udevd's memory stays bounded, acks are no slower after" {
	flood_check 15
}

@test "hostile: refusals are logged at a bounded rate, the rest counted" {
	start_udevd
	$HOSTILE flood --count 3000 --nobody >"$T/flood"
	kill -TERM "$UDEVD_PID"
	wait_for test_not_running "$UDEVD_PID"
	n=$(grep -c 'refused message from' "$T/udevd.log")
	[ "$n" -ge 20 ]
	[ "$n" -lt 600 ]
	grep -q 'refused messages a second: counting the rest' "$T/udevd.log"
	# logged plus counted: every refusal is accounted for
	counted=$(awk '/more refused messages not logged/ { s += $3 } END { print s + 0 }' \
		"$T/udevd.log")
	sent=$(awk '{ print $2 }' "$T/flood")
	[ $((n + counted)) -eq "$sent" ]
}
test_not_running() { ! kill -0 "$1" 2>/dev/null; }

@test "hostile: a nobody process holding the name first: udevd says so (exit 3), udevsend runs udev" {
	$DGRAM squat --ready "$T/ready" --count "$T/count" </dev/null >/dev/null 2>&1 3>&- &
	squat=$!
	wait_for test -s "$T/ready"
	run "$BIN/udevd"
	[ "$status" -eq 3 ]
	[[ "$output" == *"socket @$UDEVD_SOCKET is held by a process that is not a udevd of root"* ]]
	UDEVSEND_ACK_TIMEOUT=30 run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_EXIT=4
	kill "$squat"
	[ "$status" -eq 4 ]
	[ "$(ended_count)" -eq 1 ]
}

@test "hostile: a nobody squatter forging acks: udevsend believes none, runs udev itself at once" {
	$DGRAM squat --ready "$T/ready" --count "$T/count" --types "$T/types" \
		</dev/null >/dev/null 2>&1 3>&- &
	squat=$!
	wait_for test -s "$T/ready"
	t0=$SECONDS
	for s in 10 11 12; do
		UDEVSEND_ACK_TIMEOUT=60 run send_event SEQNUM=$s DEVPATH=/devices/a FAKE_UDEV_EXIT=3
		[ "$status" -eq 3 ] || { kill "$squat"; echo "seqnum $s: $status"; return 1; }
	done
	# without SEQNUM (a cookie instead) the forged acks are ignored too
	UDEVSEND_ACK_TIMEOUT=60 run send_event DEVPATH=/devices/a FAKE_UDEV_EXIT=3
	kill "$squat"
	[ "$status" -eq 3 ]
	[ "$(ended_count)" -eq 4 ]
	# a forged answer is noticed at once: no waiting for the bound
	[ $((SECONDS - t0)) -lt 5 ]
	# the squatter holds no name lock: it was sent nothing, not even a question
	[ ! -s "$T/types" ]
}
