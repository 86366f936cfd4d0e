#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevcontrol (stop/start exec queue, log priority, max childs, reload rules)
# and udevsettle (wait until the queue is empty).

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

@test "stop_exec_queue holds events, udevsettle times out, start_exec_queue runs them" {
	start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	run "$BIN/udevcontrol" stop_exec_queue
	[ "$status" -eq 0 ]
	send_bg 11 SEQNUM=11 DEVPATH=/devices/a
	send_bg 12 SEQNUM=12 DEVPATH=/devices/b
	# both have reached udevd (each helper first asks whether root holds the name)
	wait_for test_queued_ge 3
	run "$BIN/udevsettle" --timeout=1
	[ "$status" -eq 16 ]
	[[ "$output" == *"timeout: 2 events still queued"* ]]
	[ "$(ended_count)" -eq 1 ]
	[ ! -e "$T/rc.11" ]
	run "$BIN/udevcontrol" start_exec_queue
	[ "$status" -eq 0 ]
	run "$BIN/udevsettle" --timeout=30
	[ "$status" -eq 0 ]
	[ "$(ended_count)" -eq 3 ]
	[ "$(rc_of 11)" = 0 ]
	[ "$(rc_of 12)" = 0 ]
	# udevd's log names the commands, as udevcontrol does
	grep -q "control message stop_exec_queue accepted" "$T/udevd.log"
	grep -q "control message start_exec_queue accepted" "$T/udevd.log"
}

@test "udevsettle returns once running events have finished" {
	start_udevd
	send_bg 10 SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=1.5
	wait_for grep -q '^start 10 ' "$FAKE_UDEV_LOG"
	run "$BIN/udevsettle"
	[ "$status" -eq 0 ]
	grep -q '^end 10 ' "$FAKE_UDEV_LOG"
}

@test "udevsettle without a udevd has nothing to wait for" {
	run "$BIN/udevsettle" --timeout=5
	[ "$status" -eq 0 ]
}

@test "max_childs=N changes the concurrency limit at run time" {
	start_udevd --max-childs=8
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	run "$BIN/udevcontrol" max_childs=1
	[ "$status" -eq 0 ]
	for i in $(seq 11 16); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i" FAKE_UDEV_SLEEP=0.3
	done
	# udevsettle waits for what udevd holds: let all six reach it first
	WAIT_TIMEOUT=30 wait_for test_queued_ge 7
	run "$BIN/udevsettle" --timeout=60
	[ "$status" -eq 0 ]
	[ "$(ended_count)" -eq 7 ]
	[ "$(max_overlap)" -eq 1 ]
}

@test "log_priority=LEVEL changes udevd's log level at run time" {
	"$BIN/udevd" </dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for socket_listed
	run send_event DEVPATH=/devices/a
	! grep -q 'debug:' "$T/udevd.log" || false
	run "$BIN/udevcontrol" log_priority=debug
	[ "$status" -eq 0 ]
	run send_event DEVPATH=/devices/b
	grep -q 'debug: .*/devices/b queued' "$T/udevd.log"
	run "$BIN/udevcontrol" log_priority=3
	[ "$status" -eq 0 ]
	run send_event DEVPATH=/devices/c
	! grep -q '/devices/c' "$T/udevd.log"
}

@test "reload_rules is acknowledged; bad commands are usage errors" {
	start_udevd
	run "$BIN/udevcontrol" reload_rules
	[ "$status" -eq 0 ]
	run "$BIN/udevcontrol" max_childs=0
	[ "$status" -eq 1 ]
	run "$BIN/udevcontrol" log_priority=loud
	[ "$status" -eq 1 ]
	[[ "$output" == *"udevcontrol: unknown or malformed command 'log_priority=loud'"* ]]
	run "$BIN/udevcontrol" frobnicate
	[ "$status" -eq 1 ]
	run "$BIN/udevcontrol"
	[ "$status" -eq 1 ]
}

@test "udevcontrol without a udevd reports 18" {
	run "$BIN/udevcontrol" reload_rules
	[ "$status" -eq 18 ]
}
