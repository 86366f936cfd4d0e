#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd's worker pool (--workers=pool) with fake-udev's worker mode: reuse,
# idle exit, crash and hang mid-event, udevd killed, reload_rules. Each test
# names its mode, so the file runs once.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

# pids_of SEQ...: the pid that handled each event, one per line
pids_of() {
	local s
	for s in "$@"; do
		awk -v s="$s" '$1 == "start" && $2 == s { print $5 }' "$FAKE_UDEV_LOG"
	done
}
started_workers() { grep -o 'worker [0-9]* started' "$T/udevd.log" | awk '{ print $2 }'; }
# gone PID: no such process, or a zombie nobody reaped yet
gone() { [ ! -e "/proc/$1" ] || awk '{ exit !($3 == "Z") }' "/proc/$1/stat" 2>/dev/null; }
all_gone() { local p; for p in "$@"; do gone "$p" || return 1; done; }

@test "pool: one worker handles consecutive events" {
	start_udevd --workers=pool
	for s in 10 11 12 13 14; do
		run send_event SEQNUM=$s DEVPATH=/devices/d$s FAKE_UDEV_EXIT=$((s - 10))
		[ "$status" -eq $((s - 10)) ]
	done
	[ "$(pids_of 10 11 12 13 14 | sort -u | wc -l)" -eq 1 ]
	[ "$(started_workers | wc -l)" -eq 1 ]
	[ "$(started_workers)" = "$(pids_of 10)" ]
}

@test "fork: every event gets its own process" {
	start_udevd --workers=fork
	for s in 10 11 12; do
		run send_event SEQNUM=$s DEVPATH=/devices/d$s
		[ "$status" -eq 0 ]
	done
	[ "$(pids_of 10 11 12 | sort -u | wc -l)" -eq 3 ]
	[ "$(started_workers | wc -l)" -eq 0 ]
}

@test "pool: workers start on demand up to --max-childs and are reused" {
	start_udevd --workers=pool --max-childs=3
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	"$BIN/udevcontrol" stop_exec_queue
	for s in $(seq 11 22); do
		send_bg $s SEQNUM=$s DEVPATH=/devices/d$s FAKE_UDEV_SLEEP=0.3
	done
	release_when_queued 13
	for s in $(seq 11 22); do [ "$(rc_of $s)" = 0 ]; done
	[ "$(pids_of $(seq 10 22) | sort -u | wc -l)" -eq 3 ]
	[ "$(started_workers | wc -l)" -eq 3 ]
	[ "$(max_overlap)" -eq 3 ]
}

@test "pool: an idle worker ends after --idle-timeout" {
	start_udevd --workers=pool --idle-timeout=1s
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	pid=$(pids_of 10)
	wait_for gone "$pid"
	grep -q "worker $pid ended" "$T/udevd.log"
	# the next event starts a new one
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(pids_of 11)" != "$pid" ]
}

@test "pool: a worker is kept while it is not idle for --idle-timeout" {
	start_udevd --workers=pool --idle-timeout=60s
	run send_event SEQNUM=10 DEVPATH=/devices/a
	pid=$(pids_of 10)
	sleep 2
	! gone "$pid" || false
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$(pids_of 11)" = "$pid" ]
}

@test "pool: a worker crashing mid-event: acked 19, replaced, the event not run again" {
	start_udevd --workers=pool
	run send_event SEQNUM=10 DEVPATH=/devices/a
	pid=$(pids_of 10)
	run send_event SEQNUM=11 DEVPATH=/devices/a FAKE_UDEV_CRASH=1
	[ "$status" -eq 19 ]
	[ "$(pids_of 11)" = "$pid" ]
	grep -q 'seqnum 11 (/devices/a) killed by signal 11' "$T/udevd.log"
	gone "$pid"
	run send_event SEQNUM=12 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(pids_of 12)" != "$pid" ]
	[ "$(grep -c '^start 11 ' "$FAKE_UDEV_LOG")" -eq 1 ]
	[ "$(grep -c '^end 11 ' "$FAKE_UDEV_LOG")" -eq 0 ]
}

@test "pool: a worker hanging past --exec-timeout is killed, acked 19, replaced" {
	start_udevd --workers=pool --exec-timeout=1s
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=60 FAKE_UDEV_IGNORE_TERM=1
	[ "$status" -eq 19 ]
	pid=$(pids_of 10)
	grep -q 'outlived the exec timeout, SIGKILL' "$T/udevd.log"
	wait_for gone "$pid"
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(pids_of 11)" != "$pid" ]
	[ "$(grep -c '^start 10 ' "$FAKE_UDEV_LOG")" -eq 1 ]
}

@test "pool: udevd killed with SIGKILL: idle workers exit at once, a busy one after its event" {
	start_udevd --workers=pool --max-childs=4 --idle-timeout=60s
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	"$BIN/udevcontrol" stop_exec_queue
	for s in 11 12 13; do
		send_bg $s SEQNUM=$s DEVPATH=/devices/d$s FAKE_UDEV_SLEEP=0.3
	done
	release_when_queued 4
	for s in 11 12 13; do [ "$(rc_of $s)" = 0 ]; done
	UDEVSEND_ACK_TIMEOUT=8 send_bg 14 SEQNUM=14 DEVPATH=/devices/d14 FAKE_UDEV_SLEEP=3
	wait_for grep -q '^start 14 ' "$FAKE_UDEV_LOG"
	busy=$(pids_of 14)
	mapfile -t idle < <(pids_of 10 11 12 13 | sort -u | grep -vx "$busy")
	[ "${#idle[@]}" -ge 2 ]
	for p in "${idle[@]}" "$busy"; do ! gone "$p" || false; done
	kill -KILL "$UDEVD_PID"
	UDEVD_PID=
	# idle: EOF on their socket, well within a second (5 s: a loaded machine)
	WAIT_TIMEOUT=5 wait_for all_gone "${idle[@]}"
	! gone "$busy" || false
	WAIT_TIMEOUT=10 wait_for gone "$busy"
	# the busy one finished its event first
	grep -q '^end 14 ' "$FAKE_UDEV_LOG"
	# its udevsend notices udevd is gone (liveness probe), finds no successor
	# and runs udev itself: a duplicate beats a loss, and it exits with 0
	[ "$(WAIT_TIMEOUT=30 rc_of 14)" = 0 ]
	[ "$(grep -c '^end 14 ' "$FAKE_UDEV_LOG")" -eq 2 ]
}

@test "pool: reload_rules ends the idle workers; a busy one is not reused" {
	start_udevd --workers=pool --max-childs=2 --idle-timeout=60s
	run send_event SEQNUM=9 DEVPATH=/devices/prime
	"$BIN/udevcontrol" stop_exec_queue
	send_bg 10 SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=0.3
	send_bg 11 SEQNUM=11 DEVPATH=/devices/b FAKE_UDEV_SLEEP=0.3
	release_when_queued 3
	[ "$(rc_of 10)" = 0 ]
	[ "$(rc_of 11)" = 0 ]
	send_bg 12 SEQNUM=12 DEVPATH=/devices/c FAKE_UDEV_SLEEP=2
	wait_for grep -q '^start 12 ' "$FAKE_UDEV_LOG"
	busy=$(pids_of 12)
	idle=$(pids_of 10 11 | grep -vx "$busy")
	[ "$(echo "$idle" | wc -l)" -eq 1 ]
	"$BIN/udevcontrol" reload_rules
	wait_for gone "$idle"
	! gone "$busy" || false
	[ "$(rc_of 12)" = 0 ]
	wait_for gone "$busy"
	run send_event SEQNUM=13 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(pids_of 13)" != "$idle" ] && [ "$(pids_of 13)" != "$busy" ]
}

@test "pool: a worker that dies while idle is replaced without losing an event" {
	start_udevd --workers=pool --idle-timeout=60s
	run send_event SEQNUM=10 DEVPATH=/devices/a
	pid=$(pids_of 10)
	kill -KILL "$pid"
	wait_for gone "$pid"
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(pids_of 11)" != "$pid" ]
}

@test "UDEVD_WORKERS chooses the mode; a bad --workers value is refused" {
	UDEVD_WORKERS=fork start_udevd
	grep -q 'fork mode' "$T/udevd.log"
	run "$BIN/udevd" --workers=threads
	[ "$status" -eq 1 ]
	[[ $output == *"--workers=pool|fork"* ]]
}
