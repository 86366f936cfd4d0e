#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# What udev's pool worker does once, not per event (issue 18: the daemon
# side's CPU per event): the descriptor reset lists no /proc/self/fd and
# opens no /dev/null where close_range(2) exists, getpid is asked once, the
# database folder is made once, by the first write that finds it missing
# (its parents too), with or without symlinks to index.

load udev-lib

setup() {
	command -v strace >/dev/null || skip "no strace"
	udev_setup
	UDEVD_PID=
	sed -i "s|^udev_db=.*|udev_db=\"$T/var/db\"|" "$T/udev.conf"
}

# traced_pool: udevd with one pool worker, its calls in trace.log
traced_pool() { pool_of_one strace -qq -e trace=open,openat,mkdir,getpid -o "$T/trace.log"; }

teardown() {
	stop_udevd
	return 0
}

# calls PATTERN: how many lines of the worker's trace match
calls() { grep -cE "$1" "$T/trace.log" || :; }

@test "pool worker: per event no /proc/self/fd listing, no /dev/null, one getpid, the db folder made once" {
	rules 'KERNEL=="ttyS0", NAME="aa", SYMLINK+="bb"'
	traced_pool
	[ ! -e "$T/var" ]
	local s pids=
	for s in 1 3 5; do
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$s tty
		[ "$(listing | paste -sd ';')" = "c 0600 0:0 aa;l bb -> aa" ]
		[ -f "$T/var/db/class@tty@ttyS0" ]
		[ -d "$T/var/db/.links" ]
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((s + 1)) tty
		[ -z "$(listing)" ]
		[ ! -e "$T/var/db/class@tty@ttyS0" ]
		[ -n "$pids" ] || pids=$(calls 'getpid\(')
	done
	# the worker's start lists its descriptors once; the events none
	[ "$(calls '"/proc/self/fd"')" -eq 1 ]
	[ "$(calls '"/dev/null"')" -le 1 ]
	# getpid asked by the first event, none by the next four (under
	# check-sanitize, ASan's start-up asks once more)
	[ "$pids" -le 2 ]
	[ "$(calls 'getpid\(')" -eq "$pids" ]
	# the folder and its parent made by the first add: mkdir once each
	[ "$(calls "mkdir\\(\"$T/var/db\"")" -le 2 ]
	[ "$(calls "mkdir\\(\"$T/var\"")" -eq 1 ]
}

@test "pool worker: a record without symlinks makes the missing database folder too" {
	rules 'KERNEL=="ttyS0", NAME="aa"'
	traced_pool
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	grep -qx 'N:aa' "$T/var/db/class@tty@ttyS0"
	rm -r "$T/var"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	grep -qx 'N:aa' "$T/var/db/class@tty@ttyS0"
}

@test "pool worker: a temporary name left by an earlier process of the same pid is replaced, node and symlink" {
	rules 'KERNEL=="ttyS0", NAME="aa", SYMLINK+="bb"'
	traced_pool
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	# the worker is the child of the strace udevd started
	local worker=$(pgrep -P "$(pgrep -P "$UDEVD_PID")")
	[ -n "$worker" ]
	echo left >"$T/dev/aa.udev-tmp-$worker"
	ln -s nowhere "$T/dev/bb.udev-tmp-$worker"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 aa;l bb -> aa" ]
}
