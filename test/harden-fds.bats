#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# docs/hardening.md, items 9 and 10: what a caller of udevsend or hotplug
# holds open beyond 0-2 (fd 9 on a 0600 file) never crosses an exec of ours:
# it reaches neither udev, nor a RUN program (a helper that drops to nobody
# and reads what it inherited), nor a hotplug.d script, whichever path ran
# udev; and a udevd that udevsend or hotplug starts in early boot, with no
# /dev/null, keeps none of its starter's descriptors.

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

# early_boot STARTER: STARTER (udevsend, or hotplug with udevsend's link) run
# as out=$(...) reads it, in early boot: /dev an empty tmpfs of root's (no
# null yet), private mount, network and pid namespaces; it starts `udevd
# --daemon`, whose 0-2 must then lead nowhere of the starter's
early_boot() {
	unshare -m -n -p -f --kill-child true 2>/dev/null || skip "unshare -m -n -p does not work here"
	mkdir -p "$T/hotplug.d/default"
	ln -s "$BIN/udevsend" "$T/hotplug.d/default/10-udev.hotplug"
	cat >"$T/boot" <<-EOF
	mount -t tmpfs -o mode=0755 none /dev || exit 99
	[ ! -e /dev/null ] || exit 98
	out=\$(env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="$BIN/udevd" \\
		UDEVD_BROADCAST=0 UDEV_BIN="$TOP/test/fake-udev" FAKE_UDEV_LOG="$T/fake.log" \\
		HOTPLUG_DIR="$T/hotplug.d" ACTION=add SEQNUM=4 DEVPATH=/devices/early \\
		SUBSYSTEM=test "$BIN/$1" test; echo "$1 rc \$?")
	echo "\$out"
	p=\$(pgrep -x udevd)
	echo "udevd \$p: \$(ls -l /proc/\$p/fd | sed -n 's/.* \([0-9]*\) -> /\1 -> /p' | tr '\n' ' ')"
	EOF
	SECONDS=0
	# unshare --fork ignores SIGTERM: KILL it, and --kill-child ends the namespace
	run timeout -s KILL 20 unshare -m -n -p -f --kill-child --mount-proc bash "$T/boot"
	echo "$output (after $SECONDS s)"
	[ "$status" -eq 0 ]
	[[ "$output" == *"$1 rc 0"* ]]
	[ "$SECONDS" -lt 10 ]
	[ "$(grep -c '^end 4 ' "$T/fake.log")" -eq 1 ]
	# udevd's 0, 1 and 2 lead to nothing of its starter's: no pipe
	grep -q '^udevd [0-9]' <<<"$output"
	! grep '^udevd' <<<"$output" | grep -Eq ' (0|1|2) -> pipe:' || false
}

@test "fds: a udevd that udevsend starts where /dev has no null yet keeps none of its starter's descriptors" {
	early_boot udevsend
}

@test "fds: ... nor one that hotplug starts" {
	early_boot hotplug
}

@test "fds: ... and one the kernel's helper starts there (0-2 closed) keeps its socket and serves" {
	unshare -m -n -p -f --kill-child true 2>/dev/null || skip "unshare -m -n -p does not work here"
	# no /dev/null for anyone's fd_sanitize: a socket made on a closed 0-2
	# would be what udevd's daemonizing puts "/" on
	cat >"$T/boot" <<-EOF
	mount -t tmpfs -o mode=0755 none /dev || exit 99
	send() {
		env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN="\$1" UDEVD_BROADCAST=0 \\
			UDEV_BIN="\$2" FAKE_UDEV_LOG="$T/fake.log" ACTION=add SEQNUM=\$3 \\
			DEVPATH=/devices/early\$3 SUBSYSTEM=test "$BIN/udevsend" test 0<&- 1>&- 2>&-
		echo "udevsend \$3 rc \$?"
	}
	send "$BIN/udevd" "$TOP/test/fake-udev" 5
	# only the udevd started above can run this one
	send /nonexistent/udevd /nonexistent/udev 6
	p=\$(pgrep -x udevd)
	echo "udevd \$p: \$(ls -l /proc/\$p/fd | sed -n 's/.* \([0-9]*\) -> /\1 -> /p' | tr '\n' ' ')"
	EOF
	run timeout -s KILL 20 unshare -m -n -p -f --kill-child --mount-proc bash "$T/boot"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"udevsend 5 rc 0"* ]]
	[[ "$output" == *"udevsend 6 rc 0"* ]]
	[ "$(grep -c '^end [56] ' "$T/fake.log")" -eq 2 ]
	# 0-2 lead to "/", the name lock and the socket above them
	grep '^udevd [0-9]' <<<"$output" | grep -q ' 0 -> / 1 -> / 2 -> / '
	grep '^udevd [0-9]' <<<"$output" | grep -q ' -> socket:'
}
