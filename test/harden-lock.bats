#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# docs/hardening.md, threat model items 19-21: the name lock's file (one left
# readable, one made by a NAME from device data), a lock udevd cannot make
# (a read-only /dev in early boot), and who is believed when the lock cannot
# be read. Attackers are nobody (setpriv), in the test's own network
# namespace; mounts are made in a private mount namespace (unshare -m).

load netlink-lib
load udev-lib

setup() {
	netlink_setup
	HOSTILE="/usr/bin/python3 $TOP/test/tools/hostile.py"
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	command -v ip >/dev/null || skip "needs ip (iproute2)"
	SQUAT_PID= LOCKER_PID= NS2_PID= UDEVD2_PID=
	LOCK=$UDEVD_LOCK_DIR/.$UDEVD_SOCKET.lock
	mkdir -p "$T/out"
	chmod 1777 "$T/out"
	d=$T
	while d=${d%/*}; [ -n "$d" ]; do chmod o+x "$d" 2>/dev/null || true; done
}

teardown() {
	local p
	for p in $SQUAT_PID $LOCKER_PID $UDEVD2_PID $NS2_PID; do kill "$p" 2>/dev/null || :; done
	netlink_teardown
}

# locker KIND FILE [setpriv args...]: a process that takes a lock (KIND sh:
# shared, ex: exclusive) on FILE and holds it (LOCKER_PID)
locker() {
	local kind=$1 file=$2
	shift 2
	"$@" /usr/bin/python3 -c '
import fcntl, sys, time
f = open(sys.argv[2], "r" if sys.argv[1] == "sh" else "r+")
fcntl.lockf(f, fcntl.LOCK_SH if sys.argv[1] == "sh" else fcntl.LOCK_EX)
open(sys.argv[3], "w").close()
time.sleep(120)' "$kind" "$file" "$T/out/locked" </dev/null >"$T/out/locker" 2>&1 &
	LOCKER_PID=$!
	wait_for test -e "$T/out/locked" || { cat "$T/out/locker"; return 1; }
}

# squat: nobody binds the test's socket name in the namespace
squat() {
	nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup \
		--clear-groups $HOSTILE squat "$@" </dev/null >"$T/squat" 2>&1 3>&- &
	SQUAT_PID=$!
	wait_for grep -q ready "$T/squat" || { echo "squatter not ready"; return 1; }
}

netdev() {
	in_ns ip link add "$1" type dummy 2>/dev/null ||
		in_ns ip link add "$1" type bridge 2>/dev/null ||
		skip "no dummy or bridge interfaces in this kernel"
}
handled_netdev() { grep -q "add /devices/virtual/net/$1: rc 0" "$T/udevd.log"; }

@test "trust 19: a lock file left readable: nobody's read lock on it does not stop udevd --netlink, and the file is made root's 0600" {
	echo stale >"$LOCK"
	chmod 0644 "$LOCK"   # a copied static /dev, an admin's touch
	locker sh "$LOCK" setpriv --reuid=nobody --regid=nogroup --clear-groups
	run setpriv --reuid=nobody --regid=nogroup --clear-groups cat "$LOCK"
	[ "$output" = stale ]
	start_udevd_nl
	cat "$T/udevd.log"
	kill -0 "$UDEVD_PID"
	grep -q "name lock $LOCK was a file 0644 of uid 0 with 1 links: replaced by root's 0600" "$T/udevd.log"
	[ "$(stat -c '%F %a %u %h' "$LOCK")" = "regular empty file 600 0 1" ]
	# the clients believe it: the lock on the new file is udevd's
	run timeout 20 $(udevd_in) "$BIN/udevsettle" --timeout=15
	[ "$status" -eq 0 ]
	netdev lk0
	WAIT_TIMEOUT=10 wait_for handled_netdev lk0
}

@test "trust 19: a lock file of another user, or with a second link, is replaced too" {
	touch "$LOCK"
	chmod 0600 "$LOCK"
	chown nobody "$LOCK"
	locker ex "$LOCK" setpriv --reuid=nobody --regid=nogroup --clear-groups
	start_udevd_nl
	kill -0 "$UDEVD_PID"
	grep -q "name lock $LOCK was a file 0600 of uid 65534 with 1 links: replaced" "$T/udevd.log"
	[ "$(stat -c '%a %u %h' "$LOCK")" = "600 0 1" ]
	stop_udevd
	ln "$LOCK" "$T/second-name"
	start_udevd_nl
	kill -0 "$UDEVD_PID"
	grep -q "name lock $LOCK was a file 0600 of uid 0 with 2 links: replaced" "$T/udevd.log"
	[ "$(stat -c '%h' "$LOCK")" = 1 ]
}

@test "trust 19: a name lock held by a process that is no udevd of root is said to be that" {
	touch "$LOCK"
	chmod 0600 "$LOCK"
	locker ex "$LOCK"
	run timeout 20 $(udevd_in) "$BIN/udevd" --netlink
	echo "$output"
	[ "$status" -eq 2 ]
	[[ "$output" == *"its name lock is held by pid $LOCKER_PID (python3, uid 0), which is no udevd of root; exiting"* ]]
}

@test "trust 20: a read-only /dev does not stop udevd --netlink: it serves the kernel's events and says udevsend will not believe it" {
	command -v unshare >/dev/null && unshare -m true 2>/dev/null || skip "unshare -m does not work here"
	mkdir -p "$T/rodev"
	# udevd in a private mount namespace where its lock folder is a
	# read-only tmpfs (root's, 0755), as /dev is in early boot
	cat >"$T/ro-runner" <<-EOF
	#!/bin/sh
	mount -t tmpfs -o ro,mode=0755 none "$T/rodev" || exit 99
	exec "\$@"
	EOF
	chmod 755 "$T/ro-runner"
	UDEVD_LOCK_DIR=$T/rodev UDEVD_RUNNER="unshare -m --propagation private $T/ro-runner" \
		start_udevd_nl
	cat "$T/udevd.log"
	kill -0 "$UDEVD_PID"
	grep -q "name lock $T/rodev/.$UDEVD_SOCKET.lock: Read-only file system: udevsend and the clients will not believe this udevd holds @$UDEVD_SOCKET; serving the kernel's events all the same" "$T/udevd.log"
	netdev ro0
	WAIT_TIMEOUT=10 wait_for handled_netdev ro0 ||
		{ cat "$T/udevd.log"; echo "the kernel's event was not handled"; return 1; }
	# nothing was mounted here: the test's own folder is as it was
	[ -z "$(ls -A "$T/rodev")" ]
	! grep -q " $T/rodev " /proc/self/mounts || false
}

@test "trust 21: root that cannot read the lock (no CAP_DAC_OVERRIDE, an LSM) does not believe nobody's squatter: udevsend runs udev itself at once" {
	# the lock's folder is root's alone, but searchable by no one without
	# the capability to pass it: open() gives root without it EACCES
	mkdir -m 0600 "$T/lk"
	squat --answer
	local t0=$(date +%s%N)
	run timeout 60 $(udevd_in) setpriv --bounding-set=-all --inh-caps=-all env -i \
		PATH="$PATH" UDEVD_LOCK_DIR="$T/lk" UDEVD_SOCKET="$UDEVD_SOCKET" \
		UDEVD_BIN="$T/no-such-udevd" UDEV_BIN="$TOP/test/fake-udev" \
		FAKE_UDEV_LOG="$T/out/fake.log" FAKE_UDEV_EXIT=4 UDEVSEND_ACK_TIMEOUT=20 \
		ACTION=add SEQNUM=10 DEVPATH=/devices/sq SUBSYSTEM=test "$BIN/udevsend" test
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	echo "udevsend: $status after $ms ms: $output"
	cat "$T/squat"
	[ "$status" -eq 4 ]
	[ "$ms" -lt 5000 ]
	! grep -q '^got ' "$T/squat" || false
	grep -q '^end 10 ' "$T/out/fake.log"
}

@test "trust 21: root's udevd in another network namespace sharing the lock's folder does not vouch for nobody's squatter in ours" {
	# a second network namespace with a udevd of root on the same name and
	# the same lock folder (a container sharing the host's /dev)
	unshare -n sleep 3600 </dev/null >/dev/null 2>&1 3>&- &
	NS2_PID=$!
	wait_for eval '[ "$(readlink /proc/$NS2_PID/ns/net)" != "$(readlink /proc/self/ns/net)" ]'
	nsenter --net="/proc/$NS2_PID/ns/net" "$BIN/udevd" --debug </dev/null >"$T/udevd2.log" 2>&1 3>&- &
	UDEVD2_PID=$!
	wait_for grep -q 'listening on' "$T/udevd2.log" || { cat "$T/udevd2.log"; return 1; }
	# nobody holds the name in the test's namespace
	squat --answer
	local t0=$(date +%s%N)
	run timeout 60 $(udevd_in) env -i PATH="$PATH" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$T/no-such-udevd" UDEV_BIN="$TOP/test/fake-udev" \
		FAKE_UDEV_LOG="$T/out/fake.log" FAKE_UDEV_EXIT=4 UDEVSEND_ACK_TIMEOUT=20 \
		ACTION=add SEQNUM=10 DEVPATH=/devices/sq SUBSYSTEM=test "$BIN/udevsend" test
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	echo "udevsend: $status after $ms ms: $output"
	cat "$T/squat"
	[ "$status" -eq 4 ]
	[ "$ms" -lt 5000 ]
	! grep -q '^got ' "$T/squat" || false
	# the udevd of the other namespace is believed there
	run timeout 20 nsenter --net="/proc/$NS2_PID/ns/net" "$BIN/udevsettle" --timeout=15
	[ "$status" -eq 0 ]
	# and still the only udevd of this lock file: a second one is told who has it
	unsquat_and_start() {
		kill "$SQUAT_PID"; SQUAT_PID=
		wait_for eval '! grep -q " @$UDEVD_SOCKET\$" /proc/$NS_PID/net/unix'
		timeout 20 $(udevd_in) "$BIN/udevd"
	}
	run unsquat_and_start
	echo "$output"
	[ "$status" -eq 2 ]
	[[ "$output" == *"its name lock is held by another udevd of root (pid $UDEVD2_PID; one in another network namespace?)"* ]]
}

@test "trust 21: a NAME from device data cannot replace udevd's name lock with a device node" {
	# the lock in udev_root, as /dev has it; a serial nobody may write
	export UDEVD_LOCK_DIR=$T/dev SYSFS_PATH=$T/sys
	LOCK=$T/dev/.$UDEVD_SOCKET.lock
	mkdir -p "$T/sys/class/tty/ttyH0"
	echo 1:3 >"$T/sys/class/tty/ttyH0/dev"
	chmod 1777 "$T/sys/class/tty/ttyH0"
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		sh -c 'printf %s "$1" >"$2"' _ ".$UDEVD_SOCKET.lock" "$T/sys/class/tty/ttyH0/serial"
	rules 'KERNEL=="ttyH0", NAME="%s{serial}", SYMLINK+="ttyH0"'
	start_udevd
	[ "$(stat -c '%F %a %u' "$LOCK")" = "regular empty file 600 0" ]
	run ev add /class/tty/ttyH0 tty
	echo "udev: $status $output"
	[ "$(stat -c '%F %a %u' "$LOCK")" = "regular empty file 600 0" ]
	[ "$status" -ne 0 ]
	[[ "$output" == *"refusing $T/dev/.$UDEVD_SOCKET.lock: the name of udevd's name lock"* ]]
	# and a link of that name neither
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		sh -c 'printf %s "$1" >"$2"' _ "ttyH0x" "$T/sys/class/tty/ttyH0/serial"
	rules "KERNEL==\"ttyH0\", NAME=\"%s{serial}\", SYMLINK+=\".$UDEVD_SOCKET.lock\""
	run ev add /class/tty/ttyH0 tty
	echo "udev: $status $output"
	[ "$(stat -c '%F %a %u' "$LOCK")" = "regular empty file 600 0" ]
	[[ "$output" == *"refusing $T/dev/.$UDEVD_SOCKET.lock: the name of udevd's name lock"* ]]
}
