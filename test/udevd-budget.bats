#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The worker budget: udevd runs one udev per CPU it may use, plus one for each
# running udev that waits instead of computing; --max-childs stays the bound.
# udevd runs under taskset: its children inherit the CPUs it may use.

load lib
load udevd-lib

setup() {
	command -v taskset >/dev/null || skip "no taskset (util-linux)"
	udevd_setup
}
teardown() { udevd_teardown; }

# start_pinned CPUS OPTIONS...: start_udevd on these CPUs only
start_pinned() {
	local cpus=$1
	shift
	"$(command -v taskset)" -c "$cpus" "$BIN/udevd" --debug "$@" </dev/null \
		>>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for socket_listed
	sleep 0.3
}

# storm FIRST LAST VAR=value...: events FIRST..LAST of distinct devices,
# queued while udevd holds them, then released at once; waits for the acks
storm() {
	local first=$1 last=$2 i
	shift 2
	"$BIN/udevcontrol" stop_exec_queue
	for ((i = first; i <= last; i++)); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i" "$@"
	done
	release_when_queued $((last - first + 1))
	WAIT_TIMEOUT=90 wait_for rc_count_is $((last - first + 1))
	[ "$(cat "$T"/rc.* | sort -u)" = 0 ]
}

cpus_allowed() { awk '/^Cpus_allowed_list/ { print $2 }' "/proc/$UDEVD_PID/status"; }

@test "budget: on one CPU, computing udevs run one at a time however high --max-childs" {
	start_pinned 0 --max-childs=8
	[ "$(cpus_allowed)" = 0 ]
	grep -q "max 8 children (1 CPUs)" "$T/udevd.log"
	storm 11 18 FAKE_UDEV_SPIN=0.3
	mo=$(max_overlap); [ "$mo" -eq 1 ] || { echo "max overlap $mo"; cat "$FAKE_UDEV_LOG"; return 1; }
	[ "$(ended_count)" -eq 8 ]
}

@test "budget: on two CPUs, two computing udevs run at once" {
	[ "$(nproc --all)" -ge 2 ] || skip "one CPU"
	start_pinned 0,1 --max-childs=8
	grep -q "max 8 children (2 CPUs)" "$T/udevd.log"
	storm 11 18 FAKE_UDEV_SPIN=0.4
	mo=$(max_overlap); [ "$mo" -eq 2 ] || { echo "max overlap $mo"; cat "$FAKE_UDEV_LOG"; return 1; }
}

@test "budget: udevs that wait do not count: on one CPU, sleeping ones run up to --max-childs" {
	start_pinned 0 --max-childs=4
	storm 11 22 FAKE_UDEV_SLEEP=1
	[ "$(max_overlap)" -eq 4 ]
}

@test "budget: --max-childs below the CPU count still bounds" {
	[ "$(nproc --all)" -ge 2 ] || skip "one CPU"
	start_pinned 0,1 --max-childs=1
	storm 11 14 FAKE_UDEV_SLEEP=0.3
	mo=$(max_overlap); [ "$mo" -eq 1 ] || { echo "max overlap $mo"; cat "$FAKE_UDEV_LOG"; return 1; }
}

@test "budget: on one CPU, order per device and the acks are unchanged" {
	start_pinned 0 --max-childs=8 --event-timeout=60s
	"$BIN/udevcontrol" stop_exec_queue
	# two devices, three events each, interleaved; each udev computes a while.
	# The lowest seqnum is queued first: udevd starts its sequence from the
	# lowest one seen within its start-up window, and under load the
	# background sends can arrive further apart than that
	send_bg 11 SEQNUM=11 DEVPATH=/devices/a ACTION=add FAKE_UDEV_SPIN=0.1 FAKE_UDEV_EXIT=0
	WAIT_TIMEOUT=60 wait_for test_queued_ge 1
	send_bg 12 SEQNUM=12 DEVPATH=/devices/b ACTION=add FAKE_UDEV_SPIN=0.1 FAKE_UDEV_EXIT=3
	send_bg 13 SEQNUM=13 DEVPATH=/devices/a ACTION=change FAKE_UDEV_SPIN=0.1 FAKE_UDEV_EXIT=0
	send_bg 14 SEQNUM=14 DEVPATH=/devices/b ACTION=change FAKE_UDEV_SPIN=0.1 FAKE_UDEV_EXIT=5
	send_bg 15 SEQNUM=15 DEVPATH=/devices/a ACTION=remove FAKE_UDEV_SPIN=0.1 FAKE_UDEV_EXIT=0
	send_bg 16 SEQNUM=16 DEVPATH=/devices/b ACTION=remove FAKE_UDEV_SPIN=0.1 FAKE_UDEV_EXIT=0
	release_when_queued 6
	[ "$(rc_of 11)" = 0 ]
	[ "$(rc_of 12)" = 3 ]
	[ "$(rc_of 13)" = 0 ]
	[ "$(rc_of 14)" = 5 ]
	[ "$(rc_of 15)" = 0 ]
	[ "$(rc_of 16)" = 0 ]
	no_overlap 11 13 15
	no_overlap 12 14 16
}

@test "budget: a running udev's state is read through a descriptor kept while its process lives, closed when it ends" {
	command -v strace >/dev/null || skip "no strace"
	start_pinned 0 --max-childs=4
	strace -qq -p "$UDEVD_PID" -e trace=open,openat,pread64 -o "$T/stat.log" &
	local st=$!
	wait_for eval '! grep -q "^TracerPid:[[:space:]]*0$" "/proc/$UDEVD_PID/status"'
	storm 11 18 FAKE_UDEV_SLEEP=0.5
	kill -INT $st; wait $st || true
	# eight udevs of 0.5 s each, looked at every 10 ms: each stat file is
	# opened once (twice if its pid came back), then read again and again
	opens=$(grep -cE 'open(at)?\(.*"/proc/[0-9]+/stat"' "$T/stat.log" || :)
	reads=$(grep -c 'pread64(' "$T/stat.log" || :)
	echo "/proc/PID/stat: $opens opens, $reads reads"
	[ "$opens" -ge 1 ]
	[ "$opens" -le 16 ]
	[ "$reads" -gt $((opens * 2)) ]
	[ "$(ended_count)" -eq 8 ]
	# the processes end (a worker after --idle-timeout): no file stays
	WAIT_TIMEOUT=20 wait_for eval '! ls -l "/proc/$UDEVD_PID/fd" | grep -qE "/proc/[0-9]+/stat"'
}

@test "budget: a pool worker's file stays open between its events: opened once per worker" {
	[ "$(udevd_mode)" = pool ] || skip "pool mode"
	command -v strace >/dev/null || skip "no strace"
	start_pinned 0 --max-childs=3 --idle-timeout=30s
	strace -qq -p "$UDEVD_PID" -e trace=open,openat,close -o "$T/stat.log" &
	local st=$!
	wait_for eval '! grep -q "^TracerPid:[[:space:]]*0$" "/proc/$UDEVD_PID/status"'
	# waves of three events, the last of each longer: between the waves the
	# workers of the short ones wait for their next event while one runs
	local w i
	for w in 0 1 2 3 4; do
		for i in 1 2; do
			send_bg "$w$i" SEQNUM=$((100 + w * 3 + i)) DEVPATH="/devices/d$w$i" FAKE_UDEV_SLEEP=0.1
		done
		send_bg "$w"3 SEQNUM=$((100 + w * 3 + 3)) DEVPATH="/devices/d${w}3" FAKE_UDEV_SLEEP=0.4
		WAIT_TIMEOUT=30 wait_for rc_count_is $((w * 3 + 3))
	done
	kill -INT $st; wait $st || true
	local started opens
	started=$(workers_started)
	opens=$(grep -cE 'open(at)?\(.*"/proc/[0-9]+/stat"' "$T/stat.log" || :)
	echo "$started workers, $opens opens of /proc/PID/stat"
	[ "$opens" -ge 1 ]
	[ "$opens" -le "$started" ]
	[ "$(cat "$T"/rc.* | sort -u)" = 0 ]
}
