#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Faults around udevd: udev exiting with every code, crashing by every usual
# signal, hanging past udevsend's ack timeout; a udevd that stops answering;
# dev.d scripts that hang with children; SEQNUM near 2^64 and reset by a new
# boot while udevd runs.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

@test "exit: every exit code of udev reaches udevsend as 0..15 or 18" {
	start_udevd --max-childs=8
	codes="0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 64 126 127 128 200 255"
	for c in $codes; do
		send_bg "c$c" DEVPATH=/devices/c$c FAKE_UDEV_EXIT=$c
	done
	for c in $codes; do
		want=$c
		[ "$c" -ge 16 ] && want=18
		got=$(rc_of "c$c")
		[ "$got" = "$want" ] || { echo "exit $c: udevsend $got, want $want"; return 1; }
	done
}

@test "exit: udev killed by any signal is acked with 19, udevd goes on" {
	cat >"$T/killer" <<-'EOF'
	#!/bin/sh
	printf 'start %s\n' "$SEQNUM" >>"$FAKE_UDEV_LOG"
	kill -"$SIG" $$
	sleep 5
	EOF
	chmod +x "$T/killer"
	UDEV_BIN=$T/killer start_udevd
	for sig in SEGV ABRT KILL TERM BUS ILL FPE PIPE; do
		run send_event SIG=$sig DEVPATH=/devices/$sig
		[ "$status" -eq 19 ] || { echo "$sig: $status"; return 1; }
	done
	kill -0 "$UDEVD_PID"
}

@test "exit: a udev that hangs: udevsend waits past its ack timeout while udevd holds the event, 19 at udevd's exec timeout" {
	start_udevd --exec-timeout=4s
	t0=$SECONDS
	# given up at the exec timeout, not at udev's end 600 s later
	UDEVSEND_ACK_TIMEOUT=1 run send_within 20 SEQNUM=10 DEVPATH=/devices/hang FAKE_UDEV_SLEEP=600
	echo "$output"
	[ "$status" -ne 124 ]
	# (udevd-limits.bats: the device is free again after the kill)
	[ "$status" -eq 19 ]
	[ $((SECONDS - t0)) -ge 4 ]
	grep -q "seqnum 10 /devices/hang: udev pid [0-9]* outlived the exec timeout, SIGTERM" "$T/udevd.log"
}

@test "exit: events queued behind a slow one outwait a short ack timeout and all succeed" {
	start_udevd --max-childs=1
	send_bg 10 SEQNUM=10 DEVPATH=/devices/slow FAKE_UDEV_SLEEP=3
	for s in 11 12 13; do
		UDEVSEND_ACK_TIMEOUT=1 send_bg $s SEQNUM=$s DEVPATH=/devices/d$s
	done
	for s in 10 11 12 13; do [ "$(rc_of $s)" = 0 ]; done
	[ "$(ended_count)" -eq 4 ]
}

@test "exit: a stopped udevd of root gets the event: it runs once when udevd continues, udevsend ends at its ack timeout" {
	start_udevd
	kill -STOP "$UDEVD_PID"
	t0=$SECONDS
	UDEVSEND_ACK_TIMEOUT=1 run send_event SEQNUM=10 DEVPATH=/devices/stopped FAKE_UDEV_EXIT=2
	# root holds the name (its name lock says so, no question asked): the event
	# waits in udevd's queue; udevsend gives up at its ack timeout (1 s)
	[ "$status" -eq 16 ]
	[ $((SECONDS - t0)) -le 4 ]
	[ "$(grep -c '^end 10 ' "$FAKE_UDEV_LOG")" -eq 0 ]
	kill -CONT "$UDEVD_PID"
	# woken, udevd runs it once, and serves the next one
	wait_for grep -q '^end 10 /devices/stopped ' "$FAKE_UDEV_LOG" ||
		{ echo "the event did not run after SIGCONT"; return 1; }
	run send_event SEQNUM=11 DEVPATH=/devices/stopped
	[ "$status" -eq 0 ]
	[ "$(grep -c '^end 10 /devices/stopped ' "$FAKE_UDEV_LOG")" -eq 1 ]
}

@test "exit: a udevd that stops answering after it took the event: udevsend gives up at its ack timeout with 16" {
	start_udevd
	UDEVSEND_ACK_TIMEOUT=1 send_bg 10 SEQNUM=10 DEVPATH=/devices/stopped FAKE_UDEV_SLEEP=2
	wait_for grep -q '^start 10 ' "$FAKE_UDEV_LOG"
	kill -STOP "$UDEVD_PID"
	t0=$SECONDS
	rc=$(rc_of 10)
	kill -CONT "$UDEVD_PID"
	[ "$rc" = 16 ]
	[ $((SECONDS - t0)) -le 4 ]
}

@test "exit: seqnums near 2^64 run in order, an overflowing SEQNUM has a defined answer" {
	# a long gap timeout: the order must not depend on the machine's load
	# one at a time: fake-udev logs its start in the order udevd started it
	start_udevd --event-timeout=60s --max-childs=1
	max=18446744073709551615
	run send_event SEQNUM=18446744073709551613 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	# the last one first: held until its predecessor comes
	send_bg c SEQNUM=$max DEVPATH=/devices/c
	wait_for test_queued_ge 2
	send_bg b SEQNUM=18446744073709551614 DEVPATH=/devices/b
	[ "$(rc_of b)" = 0 ]
	[ "$(rc_of c)" = 0 ]
	got=$(started_seqnums | paste -sd' ')
	[ "$got" = "18446744073709551613 18446744073709551614 $max" ] ||
		{ echo "order: $got"; cat "$T/udevd.log"; return 1; }
	# 2^64 is no number: udevsend and udevd give a code of the table, no hang
	run timeout 20 env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" ACTION=add \
		SEQNUM=18446744073709551616 DEVPATH=/devices/d FAKE_UDEV_LOG="$FAKE_UDEV_LOG" \
		"$BIN/udevsend" test
	[ "$status" -le 19 ]
}

@test "exit: SEQNUM reset by a new boot while udevd runs: the new events run at once" {
	start_udevd
	for i in 5000 5001 5002; do
		send_event SEQNUM=$i DEVPATH=/devices/old$i
	done
	t0=$SECONDS
	for i in 1 2 3; do
		run send_event SEQNUM=$i DEVPATH=/devices/new$i
		[ "$status" -eq 0 ]
	done
	# older than expected runs at once: no gap timeout per event
	[ $((SECONDS - t0)) -lt 5 ]
	[ "$(started_seqnums | paste -sd' ')" = "5000 5001 5002 1 2 3" ]
	# below the old high-water mark nothing waits for a gap (udevd(8): an
	# event older than the expected seqnum runs at once), so out-of-order
	# arrivals of the new boot are run as they come, none lost, none held
	t0=$SECONDS
	send_bg 5 SEQNUM=5 DEVPATH=/devices/new5
	send_bg 4 SEQNUM=4 DEVPATH=/devices/new4
	[ "$(rc_of 4)" = 0 ]
	[ "$(rc_of 5)" = 0 ]
	[ $((SECONDS - t0)) -lt 5 ]
	[ "$(ended_count)" -eq 8 ]
}

@test "exit: udevd SIGKILLed with an event queued: udevsend gives it to the next udevd" {
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	export UDEVD_BIN=$BIN/udevd
	UDEVSEND_ACK_TIMEOUT=30s send_bg 10 SEQNUM=10 DEVPATH=/devices/lost
	wait_for test_queued_ge 1
	kill -KILL "$UDEVD_PID"
	t0=$SECONDS
	# the helper notices within its probe interval, starts a new udevd, resends
	[ "$(rc_of 10)" = 0 ]
	[ $((SECONDS - t0)) -lt 20 ]
	[ "$(ended_count)" -eq 1 ]
	grep -q '^end 10 /devices/lost ' "$FAKE_UDEV_LOG"
}

@test "exit: a stopped syslogd does not stop udevd --daemon (a log line that finds its queue full is dropped)" {
	command -v busybox >/dev/null || sh "$TOP/tools/install-deps.sh" check
	export T BIN
	# a private /dev whose /dev/log belongs to a syslogd that is stopped: its
	# queue (10 datagrams) fills with udevd's first debug lines
	unshare -m --propagation private sh -c '
		mount -t tmpfs tmpfs /dev && mknod -m 666 /dev/null c 1 3 || exit 90
		busybox syslogd -n -O "$T/syslog" </dev/null >/dev/null 2>&1 &
		echo $! >"$T/syslogd.pid"
		i=0; while [ ! -S /dev/log ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done
		kill -STOP "$(cat "$T/syslogd.pid")"
		UDEV_LOG=debug "$BIN/udevd" --daemon'
	wait_for socket_listed
	local s
	for s in $(seq 10 39); do
		UDEVSEND_ACK_TIMEOUT=5 run send_event SEQNUM=$s DEVPATH=/devices/d$s
		[ "$status" -eq 0 ] || { echo "seqnum $s: $status"; kill -KILL "$(cat "$T/syslogd.pid")"; return 1; }
	done
	[ "$(ended_count)" -eq 30 ]
	kill -CONT "$(cat "$T/syslogd.pid")"
	kill "$(cat "$T/syslogd.pid")"
}

@test "exit: udevsend probes a udevd that holds many events less often (a storm's probes stay few)" {
	local n
	# two stand-ins for udevd: one holding 1 event, one 300; each acks after 7 s
	for n in 1 300; do
		UDEVD_SOCKET=$UDEVD_SOCKET-$n $DGRAM hold --held $n --seconds 7 \
			--ready "$T/ready.$n" >"$T/probes.$n" &
		wait_for test -s "$T/ready.$n"
		UDEVD_SOCKET=$UDEVD_SOCKET-$n UDEVSEND_ACK_TIMEOUT=30 send_bg $n SEQNUM=10 DEVPATH=/devices/a
	done
	[ "$(rc_of 1)" = 0 ]
	[ "$(rc_of 300)" = 0 ]
	cat "$T/probes.1" "$T/probes.300"
	# 1 held: every 2 s; 300 held: after the first answer every 300 * 20 ms = 6 s
	[ "$(wc -l <"$T/probes.1")" -ge 3 ]
	[ "$(wc -l <"$T/probes.300")" -eq 1 ]
}
