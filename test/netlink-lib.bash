# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the netlink tests: a private network namespace (its own netlink
# listeners and abstract socket names) held by a sleeping process, a udevd
# --netlink inside it running the real udev on a temporary udev_root, and a
# dev.d script that logs every handled event. Only "change" events on
# harmless devices (mem, tty) are ever triggered, and only when asked for:
# a real uevent reaches every listener of the machine (a desktop's udev
# too), so the tests that make the kernel emit one run under `make
# check-uevents` (UDEV_TEST_UEVENTS=1) and are skipped by `make check`.

load "${BASH_SOURCE[0]%/*}/lib"   # beside this file, wherever the test is

MEM=/sys/devices/virtual/mem

netlink_setup() {
	common_setup
	[ "$(id -u)" = 0 ] || skip "needs root"
	[ -w "$MEM/null/uevent" ] || skip "no writable $MEM/null/uevent"
	netns_start
	mkdir -p "$T/dev" "$T/db" "$T/rules.d" "$T/dev.d/default"
	cat >"$T/udev.conf" <<-EOF2
	udev_root="$T/dev"
	udev_db="$T/db"
	udev_rules="$T/rules.d"
	udev_permissions="$T/permissions"
	udev_devd="$T/dev.d"
	EOF2
	printf '#!/bin/sh\necho "$SEQNUM $ACTION $DEVPATH $MAJOR $MINOR ${FROM:-kernel}" >>%s\n' \
		"$T/devd.log" >"$T/dev.d/default/log.dev"
	chmod 755 "$T/dev.d/default/log.dev"
	: >"$T/devd.log"
	export UDEV_CONFIG_FILE=$T/udev.conf UDEV_BIN=$BIN/udev UDEVD_BIN=$T/no-such-udevd
	unset UDEV_LOG UDEVD_NETLINK_RCVBUF
	UDEVD_PID= MON_PID=
}

netlink_teardown() {
	local p
	for p in $MON_PID $UDEVD_PID; do
		kill "$p" 2>/dev/null || :
	done
	for p in $MON_PID $UDEVD_PID; do
		wait_for stopped "$p" || kill -KILL "$p" 2>/dev/null || :
	done
	# anything else still in the namespace was started by this test (by
	# bash alone: pgrep -x udevd, pgrep -x udevmonitor, a readlink each)
	local f comm
	for f in /proc/[0-9]*/comm; do
		{ read -r comm <"$f"; } 2>/dev/null || continue
		case $comm in udevd | udevmonitor) ;; *) continue ;; esac
		p=${f%/comm}
		[ "$p/ns/net" -ef "/proc/$NS_PID/ns/net" ] && kill -KILL "${p#/proc/}" 2>/dev/null
	done
	[ -z "${NS_PID:-}" ] || kill "$NS_PID" 2>/dev/null || :
	return 0
}
stopped() { ! kill -0 "$1" 2>/dev/null; }

# start_udevd_nl [OPTIONS...]: start_udevd --netlink (in the namespace),
# once it listens to the kernel
start_udevd_nl() {
	start_udevd --netlink "$@"
	wait_for grep -q 'listening on' "$T/udevd.log"
}

# drop_events: the udevd started with UDEVD_NETLINK_RCVBUF=1 is stopped
# while 300 events come, so that the kernel drops some (ENOBUFS); returns
# once udevd has rescanned sysfs and the rescan's events are handled
drop_events() {
	local i
	needs_real_uevents
	kill -STOP "$UDEVD_PID"
	for ((i = 0; i < 300; i++)); do
		change /devices/virtual/mem/null
	done
	kill -CONT "$UDEVD_PID"
	WAIT_TIMEOUT=30 wait_for grep -q "the kernel dropped events" "$T/udevd.log"
	WAIT_TIMEOUT=30 wait_for grep -q "rescan: [0-9]* devices" "$T/udevd.log"
	in_ns "$BIN/udevsettle" --timeout=120
}

# start_monitor [OPTIONS...]: udevmonitor in the namespace, into $T/mon.log
start_monitor() {
	nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevmonitor" "$@" \
		</dev/null >"$T/mon.log" 2>&1 3>&- &
	MON_PID=$!
	wait_for grep -q 'udevmonitor prints' "$T/mon.log"
	sleep 0.3
}

# needs_real_uevents: skips the test unless real uevents were asked for
needs_real_uevents() {
	[ "${UDEV_TEST_UEVENTS:-}" = 1 ] ||
		skip "makes the kernel emit uevents to the whole machine (make check-uevents)"
}

# change DEVPATH...: the kernel emits a "change" uevent for each
change() {
	local d
	needs_real_uevents
	for d in "$@"; do
		echo change >"/sys$d/uevent"
	done
}

# handled DEVPATH: "SEQNUM MAJOR MINOR" of each dev.d run for DEVPATH, in order
handled() { awk -v p="$1" '$3 == p { print $1, $4, $5 }' "$T/devd.log"; }
# kernel_seqnums DEVPATH: SEQNUMs udevmonitor saw broadcast for DEVPATH
kernel_seqnums() { awk -v p="$1" '$1 ~ /^KERNEL/ && $3 == p { print $6 }' "$T/mon.log"; }
count_ge() { [ "$(grep -c "$2" "$1")" -ge "$3" ]; }
