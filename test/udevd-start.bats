#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevsend starts udevd when nothing answers, and runs udev itself when it
# cannot, so that no event is lost.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

our_udevds() {
	local p n=0
	for p in $(pgrep -x udevd); do
		tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
			grep -qx "UDEVD_SOCKET=$UDEVD_SOCKET" && n=$((n + 1))
	done
	echo "$n"
}

@test "udevsend starts UDEVD_BIN --daemon once when nothing answers" {
	UDEVD_BIN=$BIN/udevd
	! socket_listed || false
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_EXIT=2
	[ "$status" -eq 2 ]
	socket_listed
	[ "$(our_udevds)" -eq 1 ]
	# detached: its own session, not a child of udevsend's caller
	# (other udevds may come and go meanwhile: only a match counts)
	p=$(pgrep -x udevd | while read -r q; do
		tr '\0' '\n' <"/proc/$q/environ" 2>/dev/null |
			grep -qx "UDEVD_SOCKET=$UDEVD_SOCKET" && echo "$q"
	done || :)
	[ -n "$p" ]
	[ "$(ps -o sid= -p "$p" | tr -d ' ')" = "$p" ]
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
	[ "$(ended_count)" -eq 2 ]
}

@test "twenty udevsends racing to start udevd leave one udevd and lose no event" {
	UDEVD_BIN=$BIN/udevd
	for i in $(seq 20 39); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i"
	done
	for i in $(seq 20 39); do
		[ "$(rc_of "$i")" = 0 ]
	done
	[ "$(ended_count)" -eq 20 ]
	[ "$(our_udevds)" -eq 1 ]
}

@test "without a udevd to start, udevsend runs UDEV_BIN itself" {
	[ ! -e "$UDEVD_BIN" ]
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_EXIT=4
	[ "$status" -eq 4 ]
	grep -q '^start 10 /devices/a add [0-9]* [0-9.]* test$' "$FAKE_UDEV_LOG"
	! socket_listed
}

@test "the direct fallback reports a crash as 19 and a missing udev as 18" {
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_CRASH=1
	[ "$status" -eq 19 ]
	UDEV_BIN=$T/no-such-udev run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 18 ]
}

@test "udevsend gives the direct udev /dev/null on fds 0-2 when it had none" {
	mkdir "$T/env"
	run bash -c "$(declare -f send_event); send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_ENVDIR=$T/env <&- >&- 2>&-"
	[ "$status" -eq 0 ]
	[ "$(cat "$T/env/10.fds")" = "$(printf '0 /dev/null\n1 /dev/null\n2 /dev/null')" ]
}

@test "an event without ACTION or DEVPATH is not sent: a usage error (1) that names it" {
	run env -i UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEV_BIN="$UDEV_BIN" UDEVD_BIN="$UDEVD_BIN" \
		ACTION=add "$BIN/udevsend" test
	[ "$status" -eq 1 ]
	[[ "$output" == "udevsend: no event: the environment has no (or a bad) 'DEVPATH'"* ]]
	[ "$(ended_count)" -eq 0 ]
}

# start_udevd with the socket queue the system's setting gives (udevd leaves
# it as found), so that a few senders fill it
start_udevd_default_queue() {
	local q
	q=$(cat /proc/sys/net/unix/max_dgram_qlen)
	[ "$q" -lt 100 ] || skip "net.unix.max_dgram_qlen is $q here: too deep to fill in a test"
	start_udevd --debug
	grep -q "socket queue: $q datagrams" "$T/udevd.log"
}

@test "a full udevd queue does not block udevsend for ever: it runs udev itself" {
	start_udevd_default_queue
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	qlen=$(cat /proc/sys/net/unix/max_dgram_qlen)
	n=$((qlen + 3))
	kill -STOP "$UDEVD_PID"
	for i in $(seq 11 $((10 + n))); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i"
	done
	# while udevd sleeps, the senders that found no room run udev themselves
	WAIT_TIMEOUT=60 wait_for bash -c "[ \$(grep -c '^end ' '$FAKE_UDEV_LOG') -ge 2 ]"
	kill -CONT "$UDEVD_PID"
	for i in $(seq 11 $((10 + n))); do
		[ "$(WAIT_TIMEOUT=60 rc_of "$i")" = 0 ]
	done
	# every event ran exactly once
	[ "$(ended_count)" -eq $((n + 1)) ]
	[ "$(awk '$1 == "end" { print $2 }' "$FAKE_UDEV_LOG" | sort -u | wc -l)" -eq $((n + 1)) ]
}

# nice_of PID: the nice value in /proc/PID/stat (field 19)
nice_of() { awk '{ sub(/^.*\) /, ""); print $17 }' "/proc/$1/stat"; }

@test "udevd --nice=N: udevd runs at N (-10 by default), its workers at the nice value it had; a value outside -20..19 is a usage error" {
	local mine worker
	mine=$(nice_of $$)
	start_udevd
	[ "$(nice_of "$UDEVD_PID")" = -10 ]
	stop_udevd
	start_udevd --nice=-5
	[ "$(nice_of "$UDEVD_PID")" = -5 ]
	send_bg 1 SEQNUM=1 DEVPATH=/devices/n1 FAKE_UDEV_SLEEP=1
	wait_for grep -q '^start 1 ' "$FAKE_UDEV_LOG"
	worker=$(awk '$1 == "start" { print $5 }' "$FAKE_UDEV_LOG")
	[ "$(nice_of "$worker")" = "$mine" ]
	[ "$(rc_of 1)" -eq 0 ]
	run "$BIN/udevd" --nice=20
	[ "$status" -eq 1 ]
	[[ "$output" == *"bad value of --nice '20'"* ]]
	run "$BIN/udevd" --nice=-21
	[ "$status" -eq 1 ]
}
