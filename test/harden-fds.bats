#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The threat model of docs/hardening.md, items 11 and 12: what a caller of
# udevsend or hotplug holds open never reaches udev or a RUN program (fd 9
# on a 0600 file, read by a RUN helper that drops to nobody), whichever path
# ran udev; and a udevd that udevsend starts in early boot, with no
# /dev/null, keeps none of its starter's descriptors.

load udev-lib

setup() {
	udev_setup
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	echo secret >"$T/secret"
	chmod 600 "$T/secret"
	mkdir -p "$T/out"
	chmod 1777 "$T/out"
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
	SQUAT_PID= NS_PID=
}

teardown() {
	[ -z "$SQUAT_PID" ] || kill "$SQUAT_PID" 2>/dev/null || :
	[ -z "$NS_PID" ] || kill "$NS_PID" 2>/dev/null || :
	# a udevd started in a pid namespace ends with it
	return 0
}

# clean SEQNUM: the RUN program of event SEQNUM ran with 0, 1, 2 (and ls's
# own listing) and read nothing through fd 9
clean() {
	[ -f "$T/out/fds.$1" ] || { echo "event $1: the RUN program did not run"; return 1; }
	echo "event $1, RUN program's descriptors: $(echo $(cat "$T/out/fds.$1"))"
	[ "$(echo $(cat "$T/out/fds.$1"))" = "0 1 2 3" ]
	[ ! -s "$T/out/leak.$1" ]
}

@test "trust 11: fd 9 of udevsend's caller reaches neither udev nor a RUN program: no udevd (udevsend runs udev)" {
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty 9<"$T/secret"
	[ "$status" -eq 0 ] || { echo "udevsend: $status $output"; return 1; }
	clean 1
}

@test "trust 11: ... nor through /sbin/hotplug's udevsend, nor its hotplug.d scripts" {
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
	echo "hotplug.d script's descriptors: $(echo $(cat "$T/out/script-fds"))"
	[ "$(echo $(cat "$T/out/script-fds"))" = "0 1 2 3" ]
}

@test "trust 11: ... nor when a nobody squatter of the name makes udevsend run udev" {
	netns_start
	nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup --clear-groups \
		/usr/bin/python3 "$TOP/test/tools/hostile.py" squat </dev/null >"$T/squat" 2>&1 3>&- &
	SQUAT_PID=$!
	wait_for grep -q ready "$T/squat" || { cat "$T/squat"; echo "squatter not ready"; return 1; }
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty 9<"$T/secret"
	[ "$status" -eq 0 ] || { echo "udevsend: $status $output"; return 1; }
	clean 3
}

@test "trust 12: a udevd that udevsend starts where /dev has no null yet keeps none of its starter's descriptors" {
	unshare -m -n -p -f --kill-child true 2>/dev/null || skip "unshare -m -n -p does not work here"
	# early boot: /dev is an empty tmpfs (the kernel ran the helper before
	# anyone populated it); udevsend's stdout is a pipe its caller reads to
	# the end, as out=$(...) or a hotplug.d script capturing a helper does
	cat >"$T/boot" <<-EOF
	mount -t tmpfs none /dev || exit 99
	[ ! -e /dev/null ] || exit 98
	out=\$(env -i PATH="$PATH" UDEVD_SOCKET=udevd UDEVD_BIN="$BIN/udevd" \\
		UDEV_BIN="$TOP/test/fake-udev" FAKE_UDEV_LOG="$T/fake.log" ACTION=add SEQNUM=4 \\
		DEVPATH=/devices/early SUBSYSTEM=test "$BIN/udevsend" test; echo "udevsend rc \$?")
	echo "\$out"
	p=\$(pgrep -x udevd)
	echo "udevd \$p: \$(ls -l /proc/\$p/fd | sed -n 's/.* \([0-9]*\) -> /\1 -> /p' | tr '\n' ' ')"
	EOF
	SECONDS=0
	# unshare --fork ignores SIGTERM: KILL it, and --kill-child ends the namespace
	run timeout -s KILL 20 unshare -m -n -p -f --kill-child --mount-proc bash "$T/boot"
	echo "$output (after $SECONDS s)"
	[ "$status" -eq 0 ]
	[[ "$output" == *"udevsend rc 0"* ]]
	[ "$SECONDS" -lt 10 ]
	[ "$(grep -c '^end 4 ' "$T/fake.log")" -eq 1 ]
	# udevd's 0, 1 and 2 lead nowhere of its starter's: no pipe
	[[ "$output" == *"udevd "[0-9]* ]]
	! grep '^udevd' <<<"$output" | grep -Eq '(0|1|2) -> pipe:'
}
