#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# A descriptor that one event leaves open in udev's pool worker is closed
# before the next event runs: with close_range(2), and where the kernel has
# none (before Linux 5.9) by the listing of /proc/self/fd. The leak is real:
# strace makes the worker's first close() of the device's sysfs `dev` file
# (read by an add without MAJOR and MINOR) do nothing, so the worker holds
# that descriptor after its first event. (Not udev_root's: the worker keeps
# that one open between events on purpose, walk.h.)

load udev-lib

setup() {
	command -v strace >/dev/null || skip "no strace"
	udev_setup
	UDEVD_PID=
	rules 'KERNEL=="ttyS0", NAME="aa"'
}

teardown() {
	stop_udevd
	return 0
}

# leaky_pool [WRAPPER...]: udevd with one pool worker that leaks as above
leaky_pool() {
	pool_of_one "$@" strace -qq -P "$SYSFS_PATH/class/tty/ttyS0/dev" -e trace=close \
		-e inject=close:retval=0:when=1 -o "$T/trace.log"
}

# dev_fds: the worker's descriptors open on the sysfs `dev` file (the worker
# is the child of the strace that udevd started)
dev_fds() {
	local tracer=$(pgrep -P "$UDEVD_PID") worker fd n=0
	worker=$(pgrep -P "$tracer")
	[ -n "$worker" ] || return 1
	for fd in /proc/"$worker"/fd/*; do
		[ "$(readlink "$fd")" = "$SYSFS_PATH/class/tty/ttyS0/dev" ] && n=$((n + 1))
	done
	echo "$n"
}

# the leak after the first event, and none after the second
leak_and_reset() {
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 UDEV_LOG=debug tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 aa" ]
	grep -q 'INJECTED' "$T/trace.log"
	[ "$(dev_fds)" -eq 1 ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 UDEV_LOG=debug tty
	[ "$status" -eq 0 ]
	[ -z "$(listing)" ]
	[ "$(dev_fds)" -eq 0 ]
}

@test "pool: a descriptor one event left open is closed before the next (close_range)" {
	leaky_pool
	leak_and_reset
	# closed by close_range(2), which names no descriptor
	! grep -q 'left open by the last event' "$T/udevd.log" || false
}

@test "pool: a descriptor one event left open is closed before the next (no close_range: /proc/self/fd)" {
	leaky_pool "$TOP/test/tools/no-close-range.py"
	leak_and_reset
	grep -q 'descriptor [0-9]* left open by the last event, closing it' "$T/udevd.log"
}
