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

# storm_killed N: a storm of N events (test/tools/storm.sh, 64 at once) whose
# udevd is SIGKILLed once a quarter of the nodes are there; pid: that udevd;
# returns when every helper of the storm has ended
storm_killed() {
	"$TOP/test/tools/storm.sh" "$1" 64 "$T/rc" &
	storm=$!
	WAIT_TIMEOUT=300 wait_for nodes_ge $(($1 / 4))
	kill -0 "$storm"
	pid=$(our_udevd)
	[ -n "$pid" ]
	kill -KILL $pid
	local j=$T/.$UDEVD_SOCKET.queue
	echo "killed udevd $pid at $(nodes) nodes$([ ! -s "$j" ] || echo ", its journal $(stat -c %s "$j") bytes")" >&3
	wait $storm
}

# missing_nodes N: the storm's events 1..N without their node, if any
missing_nodes() {
	local missing
	missing=$(for i in $(seq 1 "$1"); do [ -c "$T/dev/storm/s$i" ] || echo "$i"; done)
	[ -z "$missing" ] || { echo "missing nodes: $(echo $missing | head -c 300)"; return 1; }
}

@test "stress: udevd SIGKILLed in a 2,000-event storm: every event handled, every udevsend answered" {
	N=${STORM_EVENTS:-2000}
	export UDEVSEND_ACK_TIMEOUT=10s
	storm_killed "$N"
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
	missing_nodes "$N"
}

@test "stress: udevd SIGKILLed in a 2,000-event storm of helpers answered \"queued\": the next udevd runs the rest, every node made" {
	N=${STORM_EVENTS:-2000}
	export UDEVSEND_ACK_TIMEOUT=10s UDEVSEND_WAIT=queued
	storm_killed "$N"
	[ "$(wc -l <"$T/rc")" -eq "$N" ]
	echo "rc counts: $(awk '{ print $2 }' "$T/rc" | sort | uniq -c | paste -sd,)" >&3
	awk '$2 != 0 { print "rc: " $0; bad = 1 } END { exit bad }' "$T/rc"
	newpid=$(our_udevd)
	[ -n "$newpid" ]
	[ "$newpid" != "$pid" ]
	# the helpers are gone: the rest is udevd's (its journal's) to finish
	run "$BIN/udevsettle" --timeout=120
	[ "$status" -eq 0 ]
	missing_nodes "$N"
	[ ! -s "$T/.$UDEVD_SOCKET.queue" ]
}
