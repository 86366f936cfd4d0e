#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The threat model of docs/hardening.md, items 9 and 10: udevd's name held
# by nobody (a squatter that never answers) in a private network namespace,
# against udevd --netlink and the real kernel's events, the control clients,
# and udevsend's per-event check of who holds the name.

load netlink-lib

setup() {
	netlink_setup
	HOSTILE="/usr/bin/python3 $TOP/test/tools/hostile.py"
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	SQUAT_PID=
}

teardown() {
	[ -z "$SQUAT_PID" ] || kill "$SQUAT_PID" 2>/dev/null || :
	netlink_teardown
}

NULLDEV=/devices/virtual/mem/null

# squat [--answer]: nobody binds the test's socket name in the namespace
squat() {
	# nsenter and setpriv exec: $! is the squatter's own pid
	nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup \
		--clear-groups $HOSTILE squat "$@" </dev/null >"$T/squat" 2>&1 3>&- &
	SQUAT_PID=$!
	wait_for grep -q ready "$T/squat" || { echo "squatter not ready"; return 1; }
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

@test "trust 9: a silent nobody squatter of the name: udevd --netlink serves the kernel's events, says so, and takes the name back when it is free" {
	squat
	start_udevd --netlink
	WAIT_TIMEOUT=10 wait_for grep -q 'listening on' "$T/udevd.log" ||
		{ cat "$T/udevd.log"; echo "udevd --netlink did not start"; return 1; }
	cat "$T/udevd.log"
	grep -q "is held by uid $(id -u nobody), not by a udevd of root" "$T/udevd.log"
	grep -q "serving the kernel's events from netlink all the same; udevcontrol, udevsettle" "$T/udevd.log"
	kill -0 "$UDEVD_PID"
	change $NULLDEV
	WAIT_TIMEOUT=10 wait_for grep -q " $NULLDEV " "$T/devd.log" ||
		{ echo "the kernel's event was not handled"; return 1; }
	# the squatter got nothing of udevd's
	! grep -q '^got ' "$T/squat"
	# the name is free: udevd takes it within its retry (5 s) and answers
	kill "$SQUAT_PID"
	SQUAT_PID=
	WAIT_TIMEOUT=10 wait_for grep -q "is ours again" "$T/udevd.log" ||
		{ cat "$T/udevd.log"; echo "udevd did not take its name back"; return 1; }
	run timeout 20 nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevsettle" --timeout=15
	[ "$status" -eq 0 ]
	run timeout 20 nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevcontrol" log_priority=info
	[ "$status" -eq 0 ]
}

@test "trust 9: the clients see a name held by nobody at once and exit 20 saying by whom (silent and answering squatter)" {
	local mode
	for mode in "" --answer; do
		squat $mode
		took_ms timeout 30 nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevsettle" --timeout=20
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		[[ "$output" == *"is held by uid $(id -u nobody), not by a udevd of root"* ]]
		took_ms timeout 30 nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevtrigger" \
			--action=change --subsystem-match=mem --attr-match=dev=1:3 --settle --timeout=20
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		took_ms timeout 30 nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevcontrol" max_childs=4
		[ "$status" -eq 20 ]
		[ "$ms" -lt 3000 ]
		kill "$SQUAT_PID"
		SQUAT_PID=
		wait_for eval '! grep -q " @$UDEVD_SOCKET\$" /proc/$NS_PID/net/unix'
	done
}

# udevsend_ms: one udevsend of the test's event in the namespace, no udevd to
# start; $status, $output, $ms as took_ms sets them
udevsend_ms() {
	took_ms timeout 30 nsenter --net="/proc/$NS_PID/ns/net" env -i PATH="$PATH" \
		UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$T/no-such-udevd" UDEV_BIN="$TOP/test/fake-udev" \
		FAKE_UDEV_LOG="$T/fake.log" FAKE_UDEV_EXIT=4 UDEVSEND_ACK_TIMEOUT=20 \
		ACTION=add SEQNUM=10 DEVPATH=/devices/sq SUBSYSTEM=test "$BIN/udevsend" test
}

@test "trust 10: a silent nobody squatter costs udevsend no wait: it runs udev itself at once, and asks the squatter nothing" {
	squat
	udevsend_ms
	[ "$status" -eq 4 ]
	[ "$ms" -lt 1500 ]
	[ "$(grep -c '^end 10 ' "$T/fake.log")" -eq 1 ]
	sleep 0.2
	# neither the event nor a question reached the squatter
	! grep -q '^got ' "$T/squat"
}

@test "trust 10: with root's udevd on the name, udevsend sends one datagram per event, no question first" {
	command -v strace >/dev/null || skip "no strace"
	UDEV_BIN=$TOP/test/fake-udev FAKE_UDEV_LOG=$T/fake.log start_udevd
	took_ms timeout 30 nsenter --net="/proc/$NS_PID/ns/net" env -i PATH="$PATH" \
		UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$T/no-such-udevd" FAKE_UDEV_LOG="$T/fake.log" \
		ACTION=add SEQNUM=11 DEVPATH=/devices/one SUBSYSTEM=test \
		strace -f -qq -e trace=send,sendto,sendmsg -o "$T/strace" "$BIN/udevsend" test
	[ "$status" -eq 0 ]
	cat "$T/strace"
	# the sends on the unix socket: the event alone (the kernel's sock_diag
	# answers who holds the name; its requests carry nlmsg_len)
	[ "$(grep -E 'send(to|msg)?\(' "$T/strace" | grep -vc nlmsg)" -eq 1 ]
	[ "$(grep -c '^end 11 ' "$T/fake.log")" -eq 1 ]
}
