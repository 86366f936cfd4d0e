#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# A long flood of garbage from nobody (STRESS_FLOOD_SECONDS, default 300;
# the issue's hour is STRESS_FLOOD_SECONDS=3600): udevd's memory stays
# bounded and root's acks are no slower after it. make check runs 15 s of
# the same (harden-hostile.bats).

load ../udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

@test "stress: a long garbage flood from nobody: bounded memory, acks no slower after" {
	flood_check "${STRESS_FLOOD_SECONDS:-300}"
}
