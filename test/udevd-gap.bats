#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The gap timeout and the kernel's seqnum counter (SYSFS_PATH/kernel/
# uevent_seqnum, faked here): a gap the kernel never issued holds nothing, one
# it issued is held while the storm goes on, at most 4 times the gap timeout;
# udevsettle waits for what the counter says the kernel sent.

load lib
load udevd-lib

setup() {
	udevd_setup
	mkdir -p "$T/sys/kernel"
}
teardown() {
	[ -z "${BUMP_PID:-}" ] || kill "$BUMP_PID" 2>/dev/null
	udevd_teardown
}

# written whole, as sysfs shows it: a reader of a file being rewritten in place
# can find it empty (the counter unknown for that turn, the gap given up early)
kernel_issued() {
	echo "$1" >"$T/sys/kernel/uevent_seqnum.new"
	mv -f "$T/sys/kernel/uevent_seqnum.new" "$T/sys/kernel/uevent_seqnum"
}

# secs_since T0: seconds from T0 ($EPOCHREALTIME) to now
secs_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }'; }
between() { awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x >= lo && x < hi) }'; }

@test "gap: a seqnum the kernel never issued holds nothing" {
	kernel_issued 100
	start_udevd --event-timeout=5s
	run send_event SEQNUM=100 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	t0=$EPOCHREALTIME
	# given up at once; the gap timeout (5 s) would be wrong, never is a hang
	run send_within 15 SEQNUM=102 DEVPATH=/devices/c
	echo "$output"
	[ "$status" -ne 124 ]
	[ "$status" -eq 0 ]
	between "$(secs_since "$t0")" 0 2 || { secs_since "$t0"; return 1; }
	grep -q "seqnum 101..101 did not arrive in [0-9]* ms (never issued by the kernel), going on with 102" \
		"$T/udevd.log"
}

@test "gap: an issued gap is held while the kernel still issues, at most 4 times the timeout" {
	kernel_issued 102
	start_udevd --event-timeout=500ms
	run send_event SEQNUM=100 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	# the kernel goes on issuing (events in other namespaces, say) for 4 s
	(for ((i = 103; i < 143; i++)); do kernel_issued "$i"; sleep 0.1; done) &
	BUMP_PID=$!
	t0=$EPOCHREALTIME
	run send_within 10 SEQNUM=102 DEVPATH=/devices/c
	echo "$output"
	[ "$status" -ne 124 ]
	[ "$status" -eq 0 ]
	t=$(secs_since "$t0")
	between "$t" 1.9 3.5 || { echo "held $t s"; return 1; }
	grep -q "seqnum 101..101 did not arrive in [0-9]* ms, going on with 102" "$T/udevd.log"
}

# gap_then_arrivals: 100, then 102 (101 is missing) and, every 250 ms for
# about 1.25 s, 103..107; prints when 102 started (seconds after it was sent)
gap_then_arrivals() {
	local t0 i
	send_event SEQNUM=100 DEVPATH=/devices/a
	t0=$EPOCHREALTIME
	send_bg 102 SEQNUM=102 DEVPATH=/devices/c
	for ((i = 103; i < 108; i++)); do
		sleep 0.25
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i"
	done
	[ "$(rc_of 102)" -eq 0 ]
	awk -v t0="$t0" '$1 == "start" && $2 == 102 { printf "%.2f", $6 - t0 }' "$FAKE_UDEV_LOG"
}

@test "gap: an issued gap is held until the helpers stop arriving, then the timeout" {
	kernel_issued 120
	# one at a time, so that fake-udev's log order is the run order
	start_udevd --event-timeout=500ms --max-childs=1
	t=$(gap_then_arrivals)
	# last arrival about 1.25 s after the first, then 500 ms of quiet (the
	# cap, 4 x 500 ms, is not reached); the upper bound leaves room for load
	between "$t" 1.5 3 || { echo "held $t s"; return 1; }
	for ((i = 103; i < 108; i++)); do [ "$(rc_of "$i")" -eq 0 ]; done
	[ "$(started_seqnums | tr '\n' ' ')" = "100 102 103 104 105 106 107 " ]
}

@test "gap: without the kernel's counter the gap timeout runs from the held event's arrival" {
	start_udevd --event-timeout=500ms
	t=$(gap_then_arrivals)
	between "$t" 0.4 1.2 || { echo "held $t s"; return 1; }
}

# settle_bg ARGS...: udevsettle in the background; its exit code in $T/settle.rc,
# the time it ended in $T/settle.end
settle_bg() {
	(rc=0; "$BIN/udevsettle" "$@" || rc=$?; echo "$EPOCHREALTIME" >"$T/settle.end"
	 echo "$rc" >"$T/settle.rc") </dev/null >"$T/settle.out" 2>&1 3>&- &
}

@test "udevsettle waits for the events the kernel has sent that udevd has not yet got" {
	kernel_issued 12
	start_udevd --max-childs=1
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	# 11 and 12 are still in the kernel's hands: udevd's queue is empty
	settle_bg --timeout=20
	sleep 0.7
	[ ! -e "$T/settle.rc" ] || { cat "$T/settle.out"; echo "settled with 11, 12 unsent"; return 1; }
	send_bg 11 SEQNUM=11 DEVPATH=/devices/b FAKE_UDEV_SLEEP=0.3
	send_bg 12 SEQNUM=12 DEVPATH=/devices/c FAKE_UDEV_SLEEP=0.3
	wait_for test -s "$T/settle.rc"
	cat "$T/settle.out"
	[ "$(cat "$T/settle.rc")" -eq 0 ]
	# ...and it returned only once 12 had finished
	done12=$(awk '$1 == "end" && $2 == 12 { print $6 }' "$FAKE_UDEV_LOG")
	[ -n "$done12" ]
	[ "$(rc_of 12)" -eq 0 ]
	awk -v a="$(cat "$T/settle.end")" -v b="$done12" 'BEGIN { exit !(a >= b) }'
}

@test "udevsettle: a kernel event that never reaches udevd is waited for 2 s, not to the timeout" {
	kernel_issued 30
	start_udevd
	run send_event SEQNUM=29 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	t0=$EPOCHREALTIME
	run "$BIN/udevsettle" --timeout=20
	[ "$status" -eq 0 ]
	between "$(secs_since "$t0")" 1.5 8 || { secs_since "$t0"; return 1; }
}

@test "udevsettle --exit-if-exists=FILE returns 0 once FILE is there" {
	kernel_issued 40
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	send_bg 40 SEQNUM=40 DEVPATH=/devices/a
	settle_bg --timeout=20 --exit-if-exists="$T/root-ready"
	sleep 0.5
	[ ! -e "$T/settle.rc" ]
	touch "$T/root-ready"
	wait_for test -s "$T/settle.rc"
	[ "$(cat "$T/settle.rc")" -eq 0 ]
	"$BIN/udevcontrol" start_exec_queue
	[ "$(rc_of 40)" -eq 0 ]
	# an empty FILE is a usage error
	run "$BIN/udevsettle" --exit-if-exists=
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "udevsettle: bad value of --exit-if-exists ''" ]
}

@test "udevsettle --seq-end=N waits for the range asked for, not for the kernel's counter" {
	kernel_issued 50
	start_udevd
	run send_event SEQNUM=48 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	# 49 and 50 never come: the range up to 48 is settled at once
	t0=$EPOCHREALTIME
	run "$BIN/udevsettle" --seq-end=48 --timeout=20
	[ "$status" -eq 0 ]
	between "$(secs_since "$t0")" 0 1.5 || { secs_since "$t0"; return 1; }
	# ...and 49, which udevd has not seen, is waited for
	run "$BIN/udevsettle" --seq-start=49 --seq-end=49 --timeout=1
	[ "$status" -eq 16 ]
}
