#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Stress (make check-stress): 2,000 helpers that read their ack late (each
# stopped by its own udev run, continued once every event ran), with udevd's
# default send buffer and with one that holds only ~80 acks, so that most
# are kept and sent later. Every helper exits with its event's code, none
# waits out its ack timeout. Before the fix, ~278 returned and the rest hung.

load ../lib
TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
[ -x "$BIN/udevd" ] || BIN=$TOP/build/glibc
load ../udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

slow_readers() {
	UDEVSEND_ACK_TIMEOUT=120 run timeout 600 python3 "$TOP/test/tools/slow-readers.py" \
		"$BIN/udevsend" "${SLOW_EVENTS:-2000}" 1 60
	echo "$output" >&3
	[ "$status" -eq 0 ]
	! grep "not delivered" "$T/udevd.log" | grep -v "Connection refused"
}

@test "stress: 2,000 helpers that read their ack late all exit with their event's code" {
	start_udevd
	slow_readers
}

@test "stress: 2,000 late readers with a 64 KiB send buffer: the acks are kept and sent later" {
	UDEVD_SNDBUF=32768 start_udevd
	slow_readers
	grep -q "socket busy: keeping replies" "$T/udevd.log"
	grep -q "every kept reply sent" "$T/udevd.log"
}
