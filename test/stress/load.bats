#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Stress (make check-stress): 10,000 concurrent udevsend processes against one
# udevd with a concurrency limit, 100,000 garbage datagrams while real events
# run, and 2,000 helpers that read their ack late (each stopped by its own udev
# run, continued once every event ran; before the fix ~278 returned and the
# rest hung). Nothing is lost, order is kept, no descriptor leaks, memory stays
# bounded, every helper exits with its event's code.

load ../lib
TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
[ -x "$BIN/udevd" ] || BIN=$TOP/build/glibc
load ../udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
fd_count() { ls "/proc/$1/fd" | wc -l; }

@test "stress: 10,000 concurrent udevsends, --max-childs=4: all acked 0, all run once, no fd leak" {
	N=${SPAWN_EVENTS:-10000}
	start_udevd --max-childs=4
	fd0=$(fd_count "$UDEVD_PID")
	rss0=$(rss_kb "$UDEVD_PID")
	run python3 "$TOP/test/tools/spawn.py" "$BIN/udevsend" "$N"
	echo "$output" >&3
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "rc0=$N" ]
	[ "$(ended_count)" -eq "$N" ]
	# each seqnum ran exactly once
	[ "$(awk '$1 == "end" { print $2 }' "$FAKE_UDEV_LOG" | sort -u | wc -l)" -eq "$N" ]
	# never more than the limit at once
	[ "$(max_overlap)" -le 4 ]
	# no descriptor leak: back to the start once the pool's idle workers
	# (one socket each) have ended at the idle timeout (3 s)
	fd_back() { [ "$(fd_count "$UDEVD_PID")" -eq "$fd0" ]; }
	WAIT_TIMEOUT=15 wait_for fd_back
	echo "udevd VmRSS $rss0 kB -> $(rss_kb "$UDEVD_PID") kB" >&3
	kill -0 "$UDEVD_PID"
}

@test "stress: 100,000 garbage datagrams while 200 real events run in order" {
	start_udevd
	send_event SEQNUM=1 DEVPATH=/devices/warm
	rss0=$(rss_kb "$UDEVD_PID")
	fd0=$(fd_count "$UDEVD_PID")
	HOSTILE="python3 $TOP/test/tools/hostile.py"
	$HOSTILE flood --count 40000 >"$T/f1" &
	p1=$!
	$HOSTILE flood --count 40000 --nobody --seed 2 >"$T/f2" &
	p2=$!
	$HOSTILE flood --count 20000 --unbound --seed 3 >"$T/f3" &
	p3=$!
	for i in $(seq 2 201); do
		send_event SEQNUM=$i DEVPATH=/devices/r$i || echo "seqnum $i rc $?" >>"$T/fail"
	done
	wait $p1 $p2 $p3
	cat "$T/f1" "$T/f2" "$T/f3" >&3
	[ ! -e "$T/fail" ]
	[ "$(ended_count)" -eq 201 ]
	[ "$(started_seqnums | paste -sd' ')" = "$(seq 1 201 | paste -sd' ')" ]
	rss1=$(rss_kb "$UDEVD_PID")
	echo "udevd VmRSS $rss0 kB -> $rss1 kB" >&3
	[ "$rss1" -le $((rss0 + 1024)) ]
	[ "$(fd_count "$UDEVD_PID")" -eq "$fd0" ]
	# the log did not take a line per datagram
	[ "$(grep -c 'refused message from' "$T/udevd.log")" -lt 5000 ]
}

slow_readers() {
	UDEVSEND_ACK_TIMEOUT=120 run timeout 600 python3 "$TOP/test/tools/slow-readers.py" \
		"$BIN/udevsend" "${SLOW_EVENTS:-2000}" 1 60
	echo "$output" >&3
	[ "$status" -eq 0 ]
	! grep -q "not delivered" "$T/udevd.log"
}

@test "stress: 2,000 helpers that read their ack late all exit with their event's code" {
	start_udevd
	slow_readers
}

@test "stress: 2,000 late readers with a 64 KiB send buffer: the acks are kept and sent later" {
	UDEVD_SNDBUF=32768 start_udevd
	slow_readers
	grep -q "socket busy: keeping replies" "$T/udevd.log"
	wait_for grep -q "every kept reply sent" "$T/udevd.log"
}
