#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# docs/hardening.md, item 20: what udevd broadcasts on netlink group 2 (any
# user may listen) is the event and what the rules set, never the
# environment of root's shell that ran udevsend or hotplug by hand, nor
# udevd's or udev's own settings. The listeners run as nobody (setpriv): a
# real libudev monitor (python3-pyudev) and a plain netlink socket that
# prints every byte; each test has its own network and mount namespace
# where /dev is $T/dev and /run is $T/run, as in udevd-libudev.bats.

load udev-lib

PY=/usr/bin/python3
CLIENT=$TOP/test/tools/libudev-client.py

setup() {
	udev_setup
	[ "$(id -u)" = 0 ] || skip "needs root"
	$PY -c 'import pyudev' 2>/dev/null || skip "no python3-pyudev (tools/install-deps.sh check)"
	command -v setpriv >/dev/null || skip "no setpriv"
	unshare -n -m true 2>/dev/null || skip "unshare -n -m does not work here"
	mkdir -p "$T/run" "$T/out" "$T/hotplug.d/default"
	chmod 1777 "$T/out"
	sed -i "s|^udev_root=.*|udev_root=\"/dev\"|" "$T/udev.conf"
	unshare -n -m --propagation private sh -c \
		'mount --bind "$1" /dev && mount --bind "$2" /run && exec sleep 3600' \
		sh "$T/dev" "$T/run" </dev/null >/dev/null 2>&1 3>&- &
	NS_PID=$!
	wait_for ns_sleeping
	export SYSFS_PATH=$TOP/test/sysfs-modern
	unset UDEVD_BROADCAST
	UDEVD_PID= MON_PIDS=
	rules 'KERNEL=="tty0", ENV{ID_FROM_RULES}="yes"'
}
ns_sleeping() { local comm=; { comm=$(<"/proc/$NS_PID/comm"); } 2>/dev/null; [ "$comm" = sleep ]; }

teardown() {
	local p
	stop_udevd
	for p in $MON_PIDS; do
		kill "$p" 2>/dev/null || :
	done
	[ -z "${NS_PID:-}" ] || kill "$NS_PID" 2>/dev/null || :
	return 0
}

udevd_in() { echo nsenter --net="/proc/$NS_PID/ns/net" --mount="/proc/$NS_PID/ns/mnt"; }

# listen NAME ARGS...: libudev-client.py as nobody in the namespace, into
# $T/out/NAME.log, once it listens
listen() {
	local name=$1
	shift
	$(udevd_in) setpriv --reuid=nobody --regid=nogroup --clear-groups \
		$PY "$CLIENT" "$@" </dev/null >"$T/out/$name.log" 2>&1 3>&- &
	MON_PIDS="$MON_PIDS $!"
	wait_for grep -q '^ready' "$T/out/$name.log"
}

listeners() {
	listen libudev monitor
	listen raw kernel 2
}

# heard: both listeners are done; what they got on stdout
heard() {
	local p
	for p in $MON_PIDS; do
		WAIT_TIMEOUT=30 wait_for eval '! kill -0 '"$p"' 2>/dev/null' || :
	done
	cat "$T/out/libudev.log" "$T/out/raw.log"
}

# a root shell's environment, as `sudo -i` or a login leaves it
ROOT_SHELL=(HOME=/root USER=root SECRET_TOKEN=s3cr3t-of-root SSH_AUTH_SOCK=/tmp/ssh-agent.sock)

# private_kept_out: the event reached both listeners, with the kernel's
# variables and the rules', and nothing of root's shell or udev's settings
private_kept_out() {
	run heard
	echo "$output"
	grep -qx 'EVENT add 7 /devices/virtual/tty/tty0 tty /dev/tty0 c initialized=1' "$T/out/libudev.log"
	for kv in ACTION=add DEVPATH=/devices/virtual/tty/tty0 SUBSYSTEM=tty SEQNUM=7 MAJOR=4 \
		  MINOR=0 DEVNAME=/dev/tty0 ID_FROM_RULES=yes; do
		grep -qxF "  $kv" "$T/out/libudev.log"
	done
	grep -q 'ID_FROM_RULES=yes' "$T/out/raw.log"
	! grep -q 's3cr3t-of-root\|SECRET_TOKEN\|SSH_AUTH_SOCK\|HOME=/root\|USER=' <<<"$output" || false
	! grep -q 'UDEV_CONFIG_FILE\|SYSFS_PATH\|UDEV_BIN\|UDEVD_\|UDEV_' <<<"$output" || false
}

@test "trust 23: root's shell variables in udevsend's environment reach no listener of nobody" {
	start_udevd
	listeners
	run send ACTION=add DEVPATH=/devices/virtual/tty/tty0 SEQNUM=7 MAJOR=4 MINOR=0 \
		DEVNAME=tty0 "${ROOT_SHELL[@]}" tty
	[ "$status" -eq 0 ]
	private_kept_out
}

@test "trust 23: the same in fork mode, where the broadcast carries the event's own environment" {
	start_udevd --workers=fork
	listeners
	run send ACTION=add DEVPATH=/devices/virtual/tty/tty0 SEQNUM=7 MAJOR=4 MINOR=0 \
		DEVNAME=tty0 "${ROOT_SHELL[@]}" tty
	[ "$status" -eq 0 ]
	run heard
	echo "$output"
	grep -qxF '  DEVNAME=/dev/tty0' "$T/out/libudev.log"
	! grep -q 's3cr3t-of-root\|SECRET_TOKEN\|SSH_AUTH_SOCK\|HOME=/root\|USER=' <<<"$output" || false
	! grep -q 'UDEV_CONFIG_FILE\|SYSFS_PATH\|UDEV_BIN\|UDEVD_\|UDEV_' <<<"$output" || false
}

@test "trust 23: root's shell variables in hotplug's environment (udevsend linked in) reach no listener of nobody" {
	ln -s "$BIN/udevsend" "$T/hotplug.d/default/10-udev.hotplug"
	start_udevd
	listeners
	run $(udevd_in) env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVD_BIN="$T/no-udevd" UDEV_BIN="$BIN/udev" HOTPLUG_DIR="$T/hotplug.d" \
		UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH" \
		ACTION=add DEVPATH=/devices/virtual/tty/tty0 SUBSYSTEM=tty SEQNUM=7 MAJOR=4 \
		MINOR=0 DEVNAME=tty0 "${ROOT_SHELL[@]}" "$BIN/hotplug" tty
	echo "$output"
	[ "$status" -eq 0 ]
	private_kept_out
}

@test "trust 23: UDEVSEND_EVENT_KEYS names more of the caller's variables as the event's" {
	start_udevd
	listeners
	run send ACTION=add DEVPATH=/devices/virtual/tty/tty0 SEQNUM=7 MAJOR=4 MINOR=0 \
		DEVNAME=tty0 "${ROOT_SHELL[@]}" ID_MINE=1 ID_ALSO=2 \
		UDEVSEND_EVENT_KEYS="ID_MINE  ID_ALSO" tty
	[ "$status" -eq 0 ]
	private_kept_out
	grep -qxF '  ID_MINE=1' "$T/out/libudev.log"
	grep -qxF '  ID_ALSO=2' "$T/out/libudev.log"
	! grep -q UDEVSEND_EVENT_KEYS "$T/out/libudev.log" || false
}

@test "trust 23: a kernel event from netlink is broadcast without udevd's UDEV_*, SYSFS_PATH, HOME and PATH" {
	start_udevd --netlink
	listeners
	# the kernel makes a network device in the test's namespace (its uevent
	# goes to that namespace's listeners only)
	$(udevd_in) ip link add hb0 type dummy 2>/dev/null ||
		$(udevd_in) ip link add hb0 type bridge 2>/dev/null ||
		skip "no dummy or bridge interfaces in this kernel"
	WAIT_TIMEOUT=10 wait_for grep -q 'add /devices/virtual/net/hb0: rc 0' "$T/udevd.log"
	run heard
	echo "$output"
	grep -qxF '  DEVPATH=/devices/virtual/net/hb0' "$T/out/libudev.log"
	grep -q 'INTERFACE=hb0' "$T/out/raw.log"
	! grep -q 'UDEV_CONFIG_FILE\|SYSFS_PATH\|UDEV_\|UDEVD_\|^  HOME=\|^  PATH=' <<<"$output" || false
}
