#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# libudev's clients: udevd's broadcast on the uevent netlink family, read by
# a real libudev (Debian's python3-pyudev over libudev1, test/tools/
# libudev-client.py). libudev only takes DEVNAME under /dev and only
# listens when /dev is a devtmpfs or /run/udev/control exists, so each test
# runs in its own network and mount namespace where /dev is $T/dev and /run
# is $T/run: udev_root is "/dev" there, the machine's /dev and /run are
# never touched, and the broadcast reaches only the test's listeners.

load udev-lib

PY=/usr/bin/python3
CLIENT=$TOP/test/tools/libudev-client.py

setup() {
	udev_setup
	[ "$(id -u)" = 0 ] || skip "needs root"
	$PY -c 'import pyudev' 2>/dev/null || skip "no python3-pyudev (tools/install-deps.sh check)"
	unshare -n -m true 2>/dev/null || skip "unshare -n -m does not work here"
	mkdir -p "$T/run" "$T/out"
	sed -i "s|^udev_root=.*|udev_root=\"/dev\"|" "$T/udev.conf"
	unshare -n -m --propagation private sh -c \
		'mount --bind "$1" /dev && mount --bind "$2" /run && exec sleep 3600' \
		sh "$T/dev" "$T/run" </dev/null >/dev/null 2>&1 3>&- &
	NS_PID=$!
	wait_for ns_sleeping
	export SYSFS_PATH=$TOP/test/sysfs-modern
	unset UDEVD_BROADCAST
	UDEVD_PID= MON_PIDS=
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

# both namespaces for udevd (start_udevd), send and the clients
udevd_in() { echo nsenter --net="/proc/$NS_PID/ns/net" --mount="/proc/$NS_PID/ns/mnt"; }

# client NAME ARGS...: libudev-client.py in the namespace, into $T/NAME.log,
# once it listens
client() {
	local name=$1
	shift
	$(udevd_in) $PY "$CLIENT" "$@" </dev/null >"$T/$name.log" 2>&1 3>&- &
	MON_PIDS="$MON_PIDS $!"
	wait_for grep -q '^ready' "$T/$name.log"
}

# client_done NAME: the client has seen its events and timed out
client_done() {
	local p
	for p in $MON_PIDS; do
		WAIT_TIMEOUT=30 wait_for eval '! kill -0 '"$p"' 2>/dev/null' || :
	done
	cat "$T/$1.log"
}

tty0() { send ACTION="$1" DEVPATH=/devices/virtual/tty/tty0 SEQNUM="$2" MAJOR=4 MINOR=0 DEVNAME=tty0 "${@:3}" tty; }

@test "libudev: a monitor sees add and remove after the node, with the rules' variables" {
	rules 'KERNEL=="tty0", SYMLINK+="my/tty", ENV{ID_FOO}="bar baz", MODE="0660"'
	start_udevd
	[ -e "$T/run/udev/control" ]
	[ ! -e "$T/run/udev/data" ]   # no udev_libudev_db: no libudev records
	client all monitor
	client tty monitor tty
	client block monitor block
	run tty0 add 5 SECRET=of-root-shell
	[ "$status" -eq 0 ]
	run tty0 remove 6
	[ "$status" -eq 0 ]
	run client_done all
	echo "$output"
	# at add the node and its link were there when libudev got the event
	grep -qx 'EVENT add 5 /devices/virtual/tty/tty0 tty /dev/tty0 c initialized=1' "$T/all.log"
	grep -qx 'LINK /dev/my/tty c' "$T/all.log"
	sed -n '/^EVENT add/,/^EVENT remove/p' "$T/all.log" >"$T/add"
	for kv in ID_FOO='bar baz' DEVNAME=/dev/tty0 DEVLINKS=/dev/my/tty SEQNUM=5 ACTION=add \
		  SUBSYSTEM=tty DEVPATH=/devices/virtual/tty/tty0 MAJOR=4 MINOR=0; do
		grep -qxF "  $kv" "$T/add"
	done
	# udevsend's caller's environment is not the event's (harden-broadcast.bats)
	! grep -q '^  UDEVD_\|^  UDEV_\|SECRET' "$T/add" || false
	[ "$(stat -c %a "$T/dev/tty0" 2>/dev/null || echo gone)" = gone ]   # removed since
	# at remove both were gone; DEVLINKS still names the link
	grep -qx 'EVENT remove 6 /devices/virtual/tty/tty0 tty /dev/tty0 - initialized=1' "$T/all.log"
	grep -qx 'LINK /dev/my/tty -' "$T/all.log"
	sed -n '/^EVENT remove/,$p' "$T/all.log" | grep -qxF '  DEVLINKS=/dev/my/tty'
	# the header's SUBSYSTEM hash: the kernel's filter of a tty monitor passes
	# them, a block monitor's drops them
	[ "$(grep -c '^EVENT' "$T/tty.log")" -eq 2 ]
	[ "$(grep -c '^EVENT' "$T/block.log")" -eq 0 ]
}

@test "libudev: events reach the monitor in SEQNUM order, each once" {
	UDEVD_EXPECTED_SEQNUM=10 start_udevd
	client all monitor
	local s pids=
	for s in 12 11 10; do
		tty0 "$([ $((s % 2)) = 0 ] && echo add || echo remove)" "$s" &
		pids="$pids $!"
	done
	# shellcheck disable=SC2086
	wait $pids
	run client_done all
	echo "$output"
	[ "$(grep '^EVENT' "$T/all.log" | awk '{ print $2, $3 }' | paste -sd' ')" = "add 10 remove 11 add 12" ]
}

@test "libudev: --no-broadcast and UDEVD_BROADCAST=0 send nothing; fork mode sends the kernel's variables" {
	rules 'KERNEL=="tty0", ENV{ID_FOO}="bar"'
	start_udevd --no-broadcast
	# no broadcast, no mark: libudev would not even listen
	[ ! -e "$T/run/udev/control" ]
	mkdir -p "$T/run/udev"
	: >"$T/run/udev/control"
	CLIENT_TIMEOUT=20 client off monitor
	run tty0 add 1
	[ "$status" -eq 0 ]
	[ -c "$T/dev/tty0" ]
	stop_udevd
	UDEVD_BROADCAST=0 start_udevd
	run tty0 add 2
	[ "$status" -eq 0 ]
	stop_udevd
	start_udevd --workers=fork
	run tty0 add 3
	[ "$status" -eq 0 ]
	run client_done off
	echo "$output"
	[ "$(grep -c '^EVENT' "$T/off.log")" -eq 1 ]
	grep -qx 'EVENT add 3 /devices/virtual/tty/tty0 tty /dev/tty0 c initialized=1' "$T/off.log"
	grep -qx '  DEVNAME=/dev/tty0' "$T/off.log"
	! grep -q '^  ID_FOO=' "$T/off.log" || false
}

@test "libudev: --broadcast-kernel=4 sends the kernel's format on group 3 (libudev-zero, mdevd -O)" {
	start_udevd --broadcast-kernel=4
	client k kernel 4
	# by hand, FOO is the event's when udevsend is told so; BAR is not
	run tty0 add 7 FOO=1 BAR=2 UDEVSEND_EVENT_KEYS=FOO
	[ "$status" -eq 0 ]
	run client_done k
	echo "$output"
	grep -qx 'KERNEL add@/devices/virtual/tty/tty0' "$T/k.log"
	grep -qx '  SEQNUM=7' "$T/k.log"
	grep -qx '  FOO=1' "$T/k.log"
	! grep -q 'BAR=2' "$T/k.log" || false
	run "$BIN/udevd" --broadcast-kernel=2
	[ "$status" -eq 1 ]
}

@test "libudev: udevd --netlink broadcasts the kernel's own events once udev handled them" {
	[ -w /sys/devices/virtual/mem/null/uevent ] || skip "no writable /sys/devices/virtual/mem/null/uevent"
	rules 'KERNEL=="null", ENV{ID_SEEN}="by-udev"'
	export SYSFS_PATH=/sys
	start_udevd --netlink
	wait_for grep -q 'listening on' "$T/udevd.log"
	CLIENT_TIMEOUT=30 client all monitor mem
	echo change >/sys/devices/virtual/mem/null/uevent
	# other tests' changes of the same device may come too: any one will do
	WAIT_TIMEOUT=20 wait_for grep -q '^  ID_SEEN=by-udev' "$T/all.log"
	cat "$T/all.log"
	grep -q '^EVENT change [0-9]* /devices/virtual/mem/null mem /dev/null . initialized=1$' "$T/all.log"
	grep -qx '  DEVNAME=/dev/null' "$T/all.log"
	grep -qx '  MAJOR=1' "$T/all.log"
}

# lib ARGS...: libudev-client.py in the namespace, at once
lib() { $(udevd_in) $PY "$CLIENT" "$@"; }

@test "libudev: with udev_libudev_db, libudev sees the device initialized with the rules' variables until its remove" {
	[ -e /sys/devices/virtual/mem/null/uevent ] || skip "no /sys/devices/virtual/mem/null"
	rules 'KERNEL=="null", SYMLINK+="nothing", ENV{ID_FOO}="bar baz"'
	echo 'udev_libudev_db="/run/udev/data"' >>"$T/udev.conf"
	export SYSFS_PATH=/sys
	start_udevd
	run lib device /devices/virtual/mem/null
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = initialized=0 ]
	run send ACTION=add DEVPATH=/devices/virtual/mem/null SEQNUM=1 MAJOR=1 MINOR=3 DEVNAME=null mem
	[ "$status" -eq 0 ]
	cat "$T/run/udev/data/c1:3"
	run lib device /devices/virtual/mem/null
	echo "$output"
	[ "${lines[0]}" = initialized=1 ]
	[ "${lines[1]}" = "node /dev/null" ]
	[[ "$output" == *$'\n  ID_FOO=bar baz\n'* ]]
	[[ "$output" == *$'\n  DEVLINKS=/dev/nothing\n'* ]]
	[[ "$output" == *$'\n  USEC_INITIALIZED='[0-9]* ]]
	run lib enumerate mem
	echo "$output"
	[ "$output" = /devices/virtual/mem/null ]
	run send ACTION=remove DEVPATH=/devices/virtual/mem/null SEQNUM=2 MAJOR=1 MINOR=3 DEVNAME=null mem
	[ "$status" -eq 0 ]
	[ ! -e "$T/run/udev/data/c1:3" ]
	run lib device /devices/virtual/mem/null
	[ "${lines[0]}" = initialized=0 ]
	run lib enumerate mem
	[ "$output" = "" ]
	# nothing but the one record was ever there
	[ "$(ls -A "$T/run/udev/data")" = "" ]
}

@test "libudev: with udev_libudev_db, a device without a node and without a database record is initialized too, until its remove" {
	[ -e /sys/devices/system/cpu/cpu0/uevent ] || skip "no /sys/devices/system/cpu/cpu0"
	rules ''
	echo 'udev_libudev_db="/run/udev/data"' >>"$T/udev.conf"
	export SYSFS_PATH=/sys
	start_udevd
	run send ACTION=add DEVPATH=/devices/system/cpu/cpu0 SEQNUM=1 cpu
	[ "$status" -eq 0 ]
	# nothing to remember: no record of udev's own, but libudev's
	[ -z "$(ls -A "$T/db" 2>/dev/null)" ]
	[ -e "$T/run/udev/data/+cpu:cpu0" ]
	run lib device /devices/system/cpu/cpu0
	echo "$output"
	[ "${lines[0]}" = initialized=1 ]
	run send ACTION=remove DEVPATH=/devices/system/cpu/cpu0 SEQNUM=2 cpu
	[ "$status" -eq 0 ]
	[ ! -e "$T/run/udev/data/+cpu:cpu0" ]
	run lib device /devices/system/cpu/cpu0
	[ "${lines[0]}" = initialized=0 ]
}

@test "libudev: only root can send on libudev's group; a monitor gets nothing from anyone else" {
	command -v setpriv >/dev/null || skip "no setpriv"
	start_udevd
	client all monitor
	run $(udevd_in) setpriv --reuid=65534 --regid=65534 --clear-groups $PY "$CLIENT" forge
	echo "$output"
	[ "$output" = EPERM ]
	# the same message from root does arrive: the monitor would have shown it
	run lib forge
	[ "$output" = sent ]
	run tty0 add 4
	[ "$status" -eq 0 ]
	run client_done all
	echo "$output"
	[ "$(grep -c '^EVENT' "$T/all.log")" -eq 2 ]
	grep -qx 'EVENT add 999 /devices/forged tty /dev/forged - initialized=1' "$T/all.log"
	grep -qx 'EVENT add 4 /devices/virtual/tty/tty0 tty /dev/tty0 c initialized=1' "$T/all.log"
}
