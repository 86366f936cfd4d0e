#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Stress (make check-stress): a 2,000-event storm through udevsend -> udevd ->
# the real udev, with udevd SIGKILLed in the middle and started again by the
# next udevsend. Every event is handled (its node exists), every udevsend
# exits with a code of the table, none hangs past its ack timeout.

load ../lib
TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
[ -x "$BIN/udevd" ] || BIN=$TOP/build/glibc

setup() {
	common_setup
	mkdir -p "$T/dev" "$T/rules.d" "$T/sys"
	cat >"$T/udev.conf" <<-EOF
	udev_root="$T/dev"
	udev_db="$T/db"
	udev_rules="$T/rules.d"
	udev_permissions="$T/permissions"
	udev_devd="$T/dev.d"
	EOF
	export UDEV_CONFIG_FILE=$T/udev.conf SYSFS_PATH=$T/sys
	export UDEV_BIN=$BIN/udev UDEVD_BIN=$BIN/udevd
}
teardown() {
	local p
	for p in $(pgrep -x udevd); do
		tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
			grep -qx "UDEVD_SOCKET=$UDEVD_SOCKET" && kill "$p"
	done
	return 0
}

our_udevd() {
	local p
	for p in $(pgrep -x udevd); do
		tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
			grep -qx "UDEVD_SOCKET=$UDEVD_SOCKET" && echo "$p"
	done
	return 0
}
nodes() { find "$T/dev/storm" -type c 2>/dev/null | wc -l; }
nodes_ge() { [ "$(nodes)" -ge "$1" ] || ! kill -0 "$storm" 2>/dev/null; }

@test "stress: udevd SIGKILLed in a 2,000-event storm: every event handled, every udevsend answered" {
	N=${STORM_EVENTS:-2000}
	export UDEVSEND_ACK_TIMEOUT=10s
	"$TOP/test/tools/storm.sh" "$N" 64 "$T/rc" &
	storm=$!
	WAIT_TIMEOUT=300 wait_for nodes_ge $((N / 4))
	kill -0 "$storm"
	pid=$(our_udevd)
	[ -n "$pid" ]
	kill -KILL $pid
	echo "killed udevd $pid at $(nodes) nodes" >&3
	wait $storm
	# every udevsend finished with a code of the table, within its ack timeout
	[ "$(wc -l <"$T/rc")" -eq "$N" ]
	awk '$2 > 19 { print "bad rc: " $0; bad = 1 } END { exit bad }' "$T/rc"
	awk '$3 > 60 { print "slow: " $0; bad = 1 } END { exit bad }' "$T/rc"
	echo "rc counts: $(awk '{ print $2 }' "$T/rc" | sort | uniq -c | paste -sd,)" >&3
	# a new udevd took over
	newpid=$(our_udevd)
	[ -n "$newpid" ]
	[ "$newpid" != "$pid" ]
	# every event of the storm has its node
	missing=$(for i in $(seq 1 "$N"); do [ -c "$T/dev/storm/s$i" ] || echo "$i"; done)
	[ -z "$missing" ] || { echo "missing nodes: $(echo $missing | head -c 300)"; return 1; }
}

@test "stress: udevd SIGKILLed in a 2,000-event storm of helpers answered \"queued\": the next udevd runs the rest, every node made" {
	N=${STORM_EVENTS:-2000}
	export UDEVSEND_ACK_TIMEOUT=10s UDEVSEND_WAIT=queued
	"$TOP/test/tools/storm.sh" "$N" 64 "$T/rc" &
	storm=$!
	WAIT_TIMEOUT=300 wait_for nodes_ge $((N / 4))
	kill -0 "$storm"
	pid=$(our_udevd)
	[ -n "$pid" ]
	kill -KILL $pid
	echo "killed udevd $pid at $(nodes) nodes, its journal $(stat -c %s "$T/.$UDEVD_SOCKET.queue") bytes" >&3
	wait $storm
	[ "$(wc -l <"$T/rc")" -eq "$N" ]
	echo "rc counts: $(awk '{ print $2 }' "$T/rc" | sort | uniq -c | paste -sd,)" >&3
	awk '$2 != 0 { print "rc: " $0; bad = 1 } END { exit bad }' "$T/rc"
	newpid=$(our_udevd)
	[ -n "$newpid" ]
	[ "$newpid" != "$pid" ]
	# the helpers are gone: the rest is udevd's (its journal's) to finish
	run "$BIN/udevsettle" --timeout=120
	[ "$status" -eq 0 ]
	missing=$(for i in $(seq 1 "$N"); do [ -c "$T/dev/storm/s$i" ] || echo "$i"; done)
	[ -z "$missing" ] || { echo "missing nodes: $(echo $missing | head -c 300)"; return 1; }
	[ ! -s "$T/.$UDEVD_SOCKET.queue" ]
}
