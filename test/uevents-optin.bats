#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# make check makes the machine's kernel emit no uevent: a write of "change"
# (or anything) into a real /sys/.../uevent file reaches every listener of
# the machine, a desktop's udev included. The netlink tests that do it run
# only under make check-uevents (UDEV_TEST_UEVENTS=1, netlink-lib.bash).

load lib

setup() { common_setup; }

@test "uevents: the netlink tests open no /sys uevent file for writing unless asked to" {
	command -v strace >/dev/null || skip "no strace"
	[ "$(id -u)" = 0 ] || skip "needs root (the netlink tests do)"
	env -u UDEV_TEST_UEVENTS strace -f -qq -o "$T/trace" -e trace=open,openat \
		bats "$TOP/test/udevd-netlink.bats" "$TOP/test/udevd-loglevel.bats" >"$T/out" 2>&1 || :
	cat "$T/out"
	! grep -E '"/sys/[^"]*/uevent", O_WRONLY' "$T/trace" || false
	# what emits nothing still ran, not skipped (its result is udevd-netlink.bats's
	# to judge: a real uevent of another program on the machine can reach it)
	grep -E "^(not )?ok [0-9]+ udevtrigger: --dry-run lists" "$T/out" | grep -qv "# skip"
	grep -q "^ok .* # skip makes the kernel emit uevents" "$T/out"
}
