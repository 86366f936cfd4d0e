#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Event storm for the stress tests: N udevsend processes, P at a time, each
# for its own device (SEQNUM FIRST..FIRST+N-1, DEVPATH /devices/virtual/storm/sI,
# MAJOR 1, MINOR I, DEVNAME storm/sI), the way the kernel forks helpers.
# Writes "I RC WHOLE-SECONDS" per event to OUT. Usage: storm.sh N P OUT [FIRST]
# Environment: BIN, UDEVD_SOCKET, UDEV_BIN, UDEVD_BIN, UDEV_CONFIG_FILE,
# SYSFS_PATH, UDEVSEND_ACK_TIMEOUT, UDEVSEND_WAIT (all passed on to udevsend).
set -u
n=$1 par=$2 out=$3 first=${4:-1}
: >"$out"
one() {
	local i=$1 t0=${EPOCHREALTIME/./} rc=0
	env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEV_BIN="$UDEV_BIN" \
		UDEVD_BIN="$UDEVD_BIN" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" \
		SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 \
		${UDEVSEND_ACK_TIMEOUT:+UDEVSEND_ACK_TIMEOUT=$UDEVSEND_ACK_TIMEOUT} \
		${UDEVSEND_WAIT:+UDEVSEND_WAIT=$UDEVSEND_WAIT} \
		ACTION=add SEQNUM="$i" DEVPATH="/devices/virtual/storm/s$i" SUBSYSTEM=storm \
		MAJOR=1 MINOR="$i" DEVNAME="storm/s$i" \
		"$BIN/udevsend" storm </dev/null >/dev/null 2>&1 || rc=$?
	# one short line per event: O_APPEND writes of it do not interleave
	echo "$i $rc $(( (${EPOCHREALTIME/./} - t0) / 1000000 ))" >>"$out"
}
export -f one
export out
seq "$first" $((first + n - 1)) | xargs -P "$par" -I{} bash -c 'one {}'
