#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Bounded concurrency, the exec timeout, crashes and udev's own exit codes.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

storm() {
	local i
	"$BIN/udevcontrol" stop_exec_queue
	for i in $(seq 11 "$1"); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i" FAKE_UDEV_SLEEP=0.5
	done
	release_when_queued $(($1 - 9))
	WAIT_TIMEOUT=60 wait_for rc_count_is $(($1 - 10))
	[ "$(cat "$T"/rc.* | sort -u)" = 0 ]
}

@test "--max-childs bounds the udev processes running at once" {
	start_udevd --max-childs=3
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	storm 30
	[ "$(max_overlap)" -eq 3 ]
}

@test "UDEVD_MAX_CHILDS sets the limit too" {
	UDEVD_MAX_CHILDS=2 start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	storm 24
	[ "$(max_overlap)" -eq 2 ]
}

@test "udev's exit code comes back through the ack" {
	start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_EXIT=7
	[ "$status" -eq 7 ]
	run send_event SEQNUM=11 DEVPATH=/devices/a FAKE_UDEV_EXIT=0
	[ "$status" -eq 0 ]
}

@test "a udev that crashes is acked with 19" {
	start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_CRASH=1
	[ "$status" -eq 19 ]
	grep -q 'killed by signal 11' "$T/udevd.log"
	# the daemon goes on
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}

@test "a udev outliving --exec-timeout gets SIGTERM and the event is acked with 19" {
	start_udevd --exec-timeout=1s
	t0=$SECONDS
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=60
	[ "$status" -eq 19 ]
	[ $((SECONDS - t0)) -lt 30 ]
	grep -q 'outlived the exec timeout, SIGTERM' "$T/udevd.log"
	# the device is free again
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}

@test "a udev ignoring SIGTERM gets SIGKILL" {
	# 2 s: the stand-in (a shell script) must reach its trap before the
	# SIGTERM, also on a loaded machine; the grace period to SIGKILL is 2 s
	start_udevd --exec-timeout=2s
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=60 FAKE_UDEV_IGNORE_TERM=1
	[ "$status" -eq 19 ]
	grep -q 'outlived the exec timeout, SIGKILL' "$T/udevd.log"
}

@test "a UDEV_BIN that cannot be executed is acked with 18" {
	UDEV_BIN=$T/missing start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 18 ]
}

@test "udevd's socket queues 200 events while udevd is busy (not 10), and the sysctl is put back" {
	local before
	before=$(cat /proc/sys/net/unix/max_dgram_qlen)
	[ "$before" -lt 500 ] || skip "net.unix.max_dgram_qlen is already $before"
	start_udevd
	[ "$(cat /proc/sys/net/unix/max_dgram_qlen)" = "$before" ]
	kill -STOP "$UDEVD_PID"
	run python3 "$TOP/test/tools/dgram.py" burst --count 200 --seqnum 1
	kill -CONT "$UDEVD_PID"
	[ "$output" = "queued 200" ]
}
