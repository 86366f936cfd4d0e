#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The cross build's proof (make check-cross): the suite built statically for
# another architecture (CROSS_BIN) runs one acknowledged event under
# qemu-user. Every binary runs through $QEMU_USER directly, so no binfmt
# registration is needed: udevd and udev are reached through small wrappers
# named in UDEVD_BIN and UDEV_BIN.

load udev-lib
load udevd-lib

setup() {
	[ -n "${CROSS_BIN:-}" ] || skip "CROSS_BIN not set (make check-cross sets it)"
	: "${QEMU_USER:=qemu-arm-static}"
	command -v "$QEMU_USER" >/dev/null || skip "no $QEMU_USER"
	udev_setup
	mkdir -p "$T/wrap"
	for p in udevd udev; do
		printf '#!/bin/sh\nexec %s %s/%s "$@"\n' "$QEMU_USER" "$CROSS_BIN" "$p" >"$T/wrap/$p"
		chmod 755 "$T/wrap/$p"
	done
	UDEVD_PID=
}

teardown() { udevd_teardown; }

# xsend DEVPATH SEQNUM: the target's udevsend, as the kernel would run it
xsend() {
	env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEVD_BIN="$T/no-udevd" \
		UDEV_BIN="$T/wrap/udev" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" \
		SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 ACTION=add \
		DEVPATH="$1" SEQNUM="$2" SUBSYSTEM=tty "$QEMU_USER" "$CROSS_BIN/udevsend" tty
}

@test "cross: the binaries are for the target, static, and not runnable here without qemu" {
	local p
	for p in udevsend udevd udev; do
		! readelf -lW "$CROSS_BIN/$p" | grep -q INTERP || false
		[ "$(readelf -hW "$CROSS_BIN/$p" | grep Machine:)" != \
			"$(readelf -hW /bin/sh | grep Machine:)" ]
	done
	run "$QEMU_USER" "$CROSS_BIN/udevinfo" -V
	[ "$status" -eq 0 ]
	[ "$output" = "udevinfo, version $(make -s -C "$TOP" print-version) (udev-legacy)" ]
}

@test "cross: udevsend -> udevd -> udev under qemu-user, acknowledged, node made" {
	rules 'KERNEL=="ttyS0", NAME="tts/0", SYMLINK="modem", MODE="0640"'
	env UDEV_BIN="$T/wrap/udev" "$QEMU_USER" "$CROSS_BIN/udevd" --debug \
		</dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	WAIT_TIMEOUT=30 wait_for grep -q " @$UDEVD_SOCKET\$" /proc/net/unix
	run xsend /class/tty/ttyS0 1
	cat "$T/udevd.log"
	[ "$status" -eq 0 ]
	listing
	[ "$(listing | paste -sd ';')" = "l modem -> tts/0;c 0640 0:0 tts/0" ]
	grep -q "seqnum 1 add /class/tty/ttyS0: rc 0" "$T/udevd.log"
	# udev's exit code comes back through the ack: an add without sysfs data is 4
	run xsend /class/tty/nosuch 2
	[ "$status" -eq 4 ]
}
