#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Stress (make check-stress): garbage from nobody for STRESS_FLOOD_SECONDS
# (300; an hour is STRESS_FLOOD_SECONDS=3600), from ever new sockets that
# never read their refusals. udevd's memory stays within 2 MiB of its start
# and root's acks are no slower after it. make check floods 15 s
# (harden-hostile.bats).

load ../lib
TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
[ -x "$BIN/udevd" ] || BIN=$TOP/build/glibc
load ../udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

@test "stress: a long garbage flood from nobody: bounded memory, acks no slower after" {
	flood_check "${STRESS_FLOOD_SECONDS:-300}"
}
