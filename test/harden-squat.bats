#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# docs/hardening.md, threat model items 9 and 10: udevd's name held by nobody
# (silent or answering) in a private network namespace, against udevd
# --netlink, the control clients and udevsend; and the name lock that tells
# root's udevd from anyone else (udevd(8), "The name lock") at no cost per
# event. The kernel's events here are a network device's made in the
# namespace: they reach no listener of the machine.

load netlink-lib

setup() {
	netlink_setup
	HOSTILE="/usr/bin/python3 $TOP/test/tools/hostile.py"
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	command -v ip >/dev/null || skip "needs ip (iproute2)"
	SQUAT_PID= LOCKER_PID=
}

teardown() {
	[ -z "$SQUAT_PID" ] || kill "$SQUAT_PID" 2>/dev/null || :
	[ -z "$LOCKER_PID" ] || kill "$LOCKER_PID" 2>/dev/null || :
	netlink_teardown
}

# squat [--answer]: nobody binds the test's socket name in the namespace
squat() {
	# nsenter and setpriv exec: $! is the squatter's own pid
	nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup \
		--clear-groups $HOSTILE squat "$@" </dev/null >"$T/squat" 2>&1 3>&- &
	SQUAT_PID=$!
	wait_for grep -q ready "$T/squat" || { echo "squatter not ready"; return 1; }
}

unsquat() {
	kill "$SQUAT_PID"
	SQUAT_PID=
	wait_for eval '! grep -q " @$UDEVD_SOCKET\$" /proc/$NS_PID/net/unix'
}

# took_ms CMD...: runs CMD (status in $status, output in $output) and sets
# $ms to the milliseconds it took
took_ms() {
	local t0
	t0=$(date +%s%N)
	run "$@"
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	echo "$* -> $status after $ms ms: $output"
}

# netdev NAME: the kernel makes a network device in the test's namespace
# (its uevent goes to that namespace's listeners only)
netdev() {
	in_ns ip link add "$1" type dummy 2>/dev/null ||
		in_ns ip link add "$1" type bridge 2>/dev/null ||
		skip "no dummy or bridge interfaces in this kernel"
}
handled_netdev() { grep -q "add /devices/virtual/net/$1: rc 0" "$T/udevd.log"; }

@test "trust 12: a nobody squatter of the name: udevd --netlink serves the kernel's events all the same, says so, and takes the name when it is free" {
	squat
	start_udevd_nl
	cat "$T/udevd.log"
	grep -q "socket @$UDEVD_SOCKET is held by a process that is not a udevd of root: serving the kernel's events all the same" "$T/udevd.log"
	kill -0 "$UDEVD_PID"
	netdev sq0
	WAIT_TIMEOUT=10 wait_for handled_netdev sq0 ||
		{ cat "$T/udevd.log"; echo "the kernel's event was not handled"; return 1; }
	# the squatter got nothing of udevd's
	! grep -q '^got ' "$T/squat" || false
	# the name is free: udevd takes it within its retry (5 s), and answers
	unsquat
	WAIT_TIMEOUT=10 wait_for grep -q "socket @$UDEVD_SOCKET is ours now" "$T/udevd.log" ||
		{ cat "$T/udevd.log"; echo "udevd did not take its name"; return 1; }
	run timeout 20 $(udevd_in) "$BIN/udevcontrol" log_priority=info
	[ "$status" -eq 0 ]
	netdev sq1
	run timeout 20 $(udevd_in) "$BIN/udevsettle" --timeout=15
	[ "$status" -eq 0 ]
	handled_netdev sq1
}

@test "trust 12: without --netlink, udevd exits 3 at once on a name nobody holds" {
	squat --answer
	took_ms timeout 20 $(udevd_in) "$BIN/udevd"
	[ "$status" -eq 3 ]
	[ "$ms" -lt 3000 ]
	[[ "$output" == *"socket @$UDEVD_SOCKET is held by a process that is not a udevd of root"* ]]
	! grep -q '^got ' "$T/squat" || false
}

@test "trust 12: the clients see a name held by nobody at once and exit 20 saying so (silent and answering squatter)" {
	local mode
	# a sysfs of one device for udevtrigger to write to, and the kernel's seqnum
	mkdir -p "$T/fsys/kernel" "$T/fsys/devices/virtual/mem/null" "$T/fsys/class/mem"
	echo 5 >"$T/fsys/kernel/uevent_seqnum"
	: >"$T/fsys/devices/virtual/mem/null/uevent"
	ln -s ../../devices/virtual/mem/null "$T/fsys/class/mem/null"
	for mode in "" --answer; do
		squat $mode
		took_ms timeout 30 $(udevd_in) "$BIN/udevsettle" --timeout=20
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		[[ "$output" == *"socket @$UDEVD_SOCKET is held by a process that is not a udevd of root"* ]]
		took_ms timeout 30 $(udevd_in) env SYSFS_PATH="$T/fsys" "$BIN/udevtrigger" --settle --timeout=20
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		took_ms timeout 30 $(udevd_in) "$BIN/udevcontrol" max_childs=4
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		took_ms timeout 30 $(udevd_in) "$BIN/udevadm" settle --timeout=20
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		! grep -q '^got ' "$T/squat" || false
		unsquat
	done
}

# udevsend_ms: one udevsend of the test's event in the namespace, no udevd to
# start; $status, $output, $ms as took_ms sets them
udevsend_ms() {
	took_ms timeout 30 $(udevd_in) env -i PATH="$PATH" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$T/no-such-udevd" UDEV_BIN="$TOP/test/fake-udev" \
		FAKE_UDEV_LOG="$T/fake.log" FAKE_UDEV_EXIT=4 UDEVSEND_ACK_TIMEOUT=20 \
		ACTION=add SEQNUM="${1:-10}" DEVPATH=/devices/sq SUBSYSTEM=test "$BIN/udevsend" test
}

@test "trust 13: a nobody squatter costs udevsend no wait: it runs udev itself at once, and sends the squatter nothing" {
	local mode
	for mode in "" --answer; do
		squat $mode
		udevsend_ms
		[ "$status" -eq 4 ]
		[ "$ms" -lt 1500 ]
		sleep 0.2
		# neither the event nor a question reached the squatter
		! grep -q '^got ' "$T/squat" || false
		unsquat
	done
	[ "$(grep -c '^end 10 ' "$T/fake.log")" -eq 2 ]
}

@test "trust 13: with root's udevd on the name, udevsend sends one datagram per event, no question first" {
	command -v strace >/dev/null || skip "no strace"
	ptrace_ok "$BIN/udevsend"
	UDEV_BIN=$TOP/test/fake-udev FAKE_UDEV_LOG=$T/fake.log start_udevd
	took_ms timeout 30 $(udevd_in) env -i PATH="$PATH" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$T/no-such-udevd" FAKE_UDEV_LOG="$T/fake.log" \
		ACTION=add SEQNUM=11 DEVPATH=/devices/one SUBSYSTEM=test \
		strace -f -qq -e trace=send,sendto,sendmsg,fcntl -o "$T/strace" "$BIN/udevsend" test
	[ "$status" -eq 0 ]
	cat "$T/strace"
	# the event alone went out; who holds the name: one F_GETLK
	[ "$(grep -cE '^[0-9]+ +send(to|msg)?\(' "$T/strace")" -eq 1 ]
	[ "$(grep -c 'F_GETLK' "$T/strace")" -eq 1 ]
	[ "$(grep -c '^end 11 ' "$T/fake.log")" -eq 1 ]
}

@test "trust 13: a udevd killed with SIGKILL leaves no believed lock: a squatter taking the name after it gets nothing" {
	UDEV_BIN=$TOP/test/fake-udev FAKE_UDEV_LOG=$T/fake.log start_udevd
	lock="$UDEVD_LOCK_DIR/.$UDEVD_SOCKET.lock"
	[ "$(stat -c '%a %u' "$lock")" = "600 0" ]
	kill -KILL "$UDEVD_PID"
	UDEVD_PID=
	wait_for eval '! grep -q " @$UDEVD_SOCKET\$" /proc/$NS_PID/net/unix'
	# the file stays; nobody can open it, let alone lock it
	[ -e "$lock" ]
	run setpriv --reuid=nobody --regid=nogroup --clear-groups cat "$lock"
	[ "$status" -ne 0 ]
	squat --answer
	udevsend_ms 12
	[ "$status" -eq 4 ]
	[ "$ms" -lt 1500 ]
	! grep -q '^got ' "$T/squat" || false
}

# nobody_locks FILE: nobody makes FILE (in a folder it may write) and holds
# a write lock on it, as root's udevd holds its name lock, until teardown
nobody_locks() {
	local d=$T
	while [ -n "$d" ]; do chmod o+x "$d"; d=${d%/*}; done
	setpriv --reuid=nobody --regid=nogroup --clear-groups /usr/bin/python3 -c '
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
print("locked", flush=True)
time.sleep(600)
' "$1" </dev/null >"$T/locker" 2>&1 3>&- &
	LOCKER_PID=$!
	wait_for grep -q locked "$T/locker" || { cat "$T/locker"; return 1; }
	[ "$(stat -c %U "$1")" = nobody ]
}

@test "trust 13: a name lock in a folder others may write is believed by no one: udevd refuses to start, saying why" {
	mkdir -m 1777 "$T/open"
	UDEVD_LOCK_DIR=$T/open run timeout 20 $(udevd_in) "$BIN/udevd"
	echo "$output"
	[ "$status" -eq 4 ]
	[[ "$output" == *"name lock $T/open/.$UDEVD_SOCKET.lock: its folder is not root's alone"* ]]
	! grep -q " @$UDEVD_SOCKET\$" "/proc/$NS_PID/net/unix" || false
	# and a lock made there by hand is not believed: udevsend runs udev
	squat
	UDEVD_LOCK_DIR=$T/open udevsend_ms 13
	[ "$status" -eq 4 ]
	[ "$ms" -lt 1500 ]
	# nor is one nobody made there and holds, beside its squat of the name
	nobody_locks "$T/open/.$UDEVD_SOCKET.lock"
	UDEVD_LOCK_DIR=$T/open udevsend_ms 15
	[ "$status" -eq 4 ]
	[ "$ms" -lt 1500 ]
	[ "$(grep -c '^end 15 ' "$T/fake.log")" -eq 1 ]
	# nor is a name whose lock folder is missing
	UDEVD_LOCK_DIR=$T/missing udevsend_ms 14
	[ "$status" -eq 4 ]
	UDEVD_LOCK_DIR=$T/missing run timeout 20 $(udevd_in) "$BIN/udevsettle" --timeout=10
	[ "$status" -eq 20 ]
	! grep -q '^got ' "$T/squat" || false
}
