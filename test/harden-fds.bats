#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# docs/hardening.md, item 9: what a caller of udevsend or hotplug holds open
# beyond 0-2 (fd 9 on a 0600 file) never crosses an exec of ours: it reaches
# neither udev, nor a RUN program (a helper that drops to nobody and reads
# what it inherited), nor a hotplug.d script, whichever path ran udev.

load udev-lib

setup() {
	udev_setup
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	echo secret >"$T/secret"
	chmod 600 "$T/secret"
	mkdir -p "$T/out"
	chmod 1777 "$T/out"
	# nobody must reach $T/out (bats's folders are root's 0700)
	local d=$T
	while d=${d%/*}; [ -n "$d" ]; do
		chmod o+x "$d" 2>/dev/null || true
	done
	chmod o+x "$T"
	# a RUN helper that drops to nobody, as many do: what it can read through
	# inherited descriptors is what any user could
	cat >"$T/run-as-nobody" <<-EOF
	#!/bin/bash
	exec setpriv --reuid=nobody --regid=nogroup --clear-groups bash -c \\
		'ls /proc/self/fd >$T/out/fds.\$SEQNUM; cat <&9 >$T/out/leak.\$SEQNUM 2>/dev/null; true'
	EOF
	chmod 755 "$T/run-as-nobody"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/run-as-nobody\""
	SQUAT_PID='' NS_PID=
}

teardown() {
	[ -z "$SQUAT_PID" ] || kill "$SQUAT_PID" 2>/dev/null || :
	[ -z "$NS_PID" ] || kill "$NS_PID" 2>/dev/null || :
	return 0
}

# fds FILE: the descriptors an ls of /proc/self/fd listed in FILE, on one line
fds() { paste -sd ' ' "$1"; }

# clean SEQNUM: the RUN program of event SEQNUM ran with 0, 1, 2 (and ls's
# own listing, 3) and read nothing through fd 9
clean() {
	[ -f "$T/out/fds.$1" ] || { echo "event $1: the RUN program did not run"; return 1; }
	echo "event $1, the RUN program's descriptors: $(fds "$T/out/fds.$1")"
	[ "$(fds "$T/out/fds.$1")" = "0 1 2 3" ]
	[ ! -s "$T/out/leak.$1" ]
}

@test "fds: fd 9 of udevsend's caller reaches neither udev nor a RUN program (no udevd: udevsend runs udev)" {
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty 9<"$T/secret"
	[ "$status" -eq 0 ] || { echo "udevsend: $status $output"; return 1; }
	clean 1
}

@test "fds: ... nor through hotplug's in-process udevsend, nor a hotplug.d script" {
	mkdir -p "$T/hotplug.d/default" "$T/hotplug.d/tty"
	ln -s "$BIN/udevsend" "$T/hotplug.d/default/10-udev.hotplug"
	printf '#!/bin/sh\nls /proc/self/fd >%s\n' "$T/out/script-fds" >"$T/hotplug.d/tty/50-list.hotplug"
	chmod 755 "$T/hotplug.d/tty/50-list.hotplug"
	run env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$T/no-udevd" \
		UDEV_BIN="$BIN/udev" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH" \
		HOTPLUG_DIR="$T/hotplug.d" ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 \
		SUBSYSTEM=tty "$BIN/hotplug" tty 9<"$T/secret"
	[ "$status" -eq 0 ] || { echo "hotplug: $status $output"; return 1; }
	clean 2
	echo "the hotplug.d script's descriptors: $(fds "$T/out/script-fds")"
	[ "$(fds "$T/out/script-fds")" = "0 1 2 3" ]
}

@test "fds: ... nor when a squatter of the name (nobody) makes udevsend run udev" {
	netns_start
	nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup --clear-groups \
		/usr/bin/python3 "$TOP/test/tools/hostile.py" squat --answer </dev/null >"$T/squat" 2>&1 3>&- &
	SQUAT_PID=$!
	wait_for grep -q ready "$T/squat" || { cat "$T/squat"; echo "squatter not ready"; return 1; }
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty 9<"$T/secret"
	[ "$status" -eq 0 ] || { echo "udevsend: $status $output"; return 1; }
	clean 3
}

@test "fds: udev run by hand keeps its caller's fd 9 from its RUN programs" {
	run env ACTION=add DEVPATH=/class/tty/ttyS0 SUBSYSTEM=tty SEQNUM=4 "$BIN/udev" tty 9<"$T/secret"
	[ "$status" -eq 0 ] || { echo "udev: $status $output"; return 1; }
	clean 4
}
