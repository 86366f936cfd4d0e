#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The threat model of docs/hardening.md, items 3-8: each attack played by a
# real unprivileged user (nobody) or by hostile device data, in a private
# network namespace, against the real udevd and udev.

load udev-lib
load udevd-lib

setup() {
	udev_setup
	UDEV_BIN=$BIN/udev
	DGRAM="python3 $TOP/test/tools/dgram.py"
	UDEVD_BIN=$T/no-such-udevd
	FAKE_UDEV_LOG=/dev/null
	export UDEV_BIN DGRAM UDEVD_BIN FAKE_UDEV_LOG
	UDEVD_PID=
	# a network namespace of the test's own: abstract socket names that
	# nobody binds there are invisible to the rest of the machine
	unshare -n sleep 1000 </dev/null >/dev/null 2>&1 3>&- &
	NS_PID=$!
	wait_for own_netns
}

teardown() {
	udevd_teardown
	kill "$NS_PID" 2>/dev/null || true
}

own_netns() { [ "$(readlink /proc/$NS_PID/ns/net)" != "$(readlink /proc/self/ns/net)" ]; }
# ns CMD...: runs CMD in the test's network namespace
ns() { nsenter -t "$NS_PID" -n "$@"; }
# nobody CMD...: runs CMD there as nobody:nogroup without supplementary groups
nobody() { ns setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

# nobody_dir DIR: a directory nobody may write, under parents nobody may pass
nobody_dir() {
	local d=$1
	mkdir -p "$d"
	chmod 1777 "$d"
	while d=${d%/*}; [ -n "$d" ]; do
		chmod o+x "$d" 2>/dev/null || true
	done
}

# udevd_ns [OPTIONS...]: udevd (real udev as UDEV_BIN) in the namespace
udevd_ns() {
	nsenter -t "$NS_PID" -n "$BIN/udevd" --debug "$@" </dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for ns grep -q " @$UDEVD_SOCKET\$" /proc/net/unix
	sleep 0.3
}

# send VAR=value...: one event for the real udev through udevsend, in the namespace
send() {
	ns env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEV_BIN="$UDEV_BIN" \
		UDEVD_BIN="$UDEVD_BIN" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" \
		SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 "$@" "$BIN/udevsend" tty
}

# ---- 6: inherited descriptors -------------------------------------------------

@test "trust 6: descriptors udevd inherited never reach udev or a RUN program" {
	echo secret >"$T/secret"
	chmod 600 "$T/secret"
	# a RUN helper that drops to nobody, as many do: what it can read through
	# inherited descriptors is what any user could
	cat >"$T/run-as-nobody" <<-EOF
	#!/bin/bash
	exec setpriv --reuid=nobody --regid=nogroup --clear-groups bash -c \\
		'ls /proc/self/fd >$T/out/fds; cat <&7 >$T/out/leak 2>/dev/null; cat <&9 >>$T/out/leak 2>/dev/null; true'
	EOF
	chmod 755 "$T/run-as-nobody"
	nobody_dir "$T/out"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/run-as-nobody\""
	# the starting shell holds the secret open on 7 and 9 (and 251, as seen)
	nsenter -t "$NS_PID" -n "$BIN/udevd" --debug </dev/null >>"$T/udevd.log" 2>&1 3>&- 7<"$T/secret" \
		9<"$T/secret" 251<"$T/secret" &
	UDEVD_PID=$!
	wait_for ns grep -q " @$UDEVD_SOCKET\$" /proc/net/unix
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1
	[ "$status" -eq 0 ]
	[ -f "$T/out/fds" ]
	run cat "$T/out/fds"
	echo "RUN program's descriptors: $output"
	[ "$(echo $output)" = "0 1 2 3" ]    # 3: ls's own listing
	[ ! -s "$T/out/leak" ]
	# nor does udevd itself hold them
	! ls -l "/proc/$UDEVD_PID/fd" | grep -q secret
}

# ---- 3: device data cannot forge variables or database lines ------------------

# hostile_tty: a tty whose attributes its user (nobody) may write, as some
# drivers' writable attributes are
hostile_tty() {
	export SYSFS_PATH=$T/sys
	mkdir -p "$T/sys/class/tty/ttyH0"
	echo 4:70 >"$T/sys/class/tty/ttyH0/dev"
	nobody_dir "$T/sys/class/tty/ttyH0"
	nobody bash -c "printf '%s' \"\$1\" >$T/sys/class/tty/ttyH0/serial" _ \
		$'ABC\nLD_PRELOAD=/tmp/x.so\rX=1'
	[ "$(stat -c %U "$T/sys/class/tty/ttyH0/serial")" = nobody ]
	# a RUN program that keeps the environment it got
	nobody_dir "$T/out"
	printf '#!/bin/sh\nenv >%s/out/env.$ACTION\n' "$T" >"$T/dump-env"
	chmod 755 "$T/dump-env"
}

@test "trust 3: a newline in an attribute makes no variable, E: line or RUN variable" {
	hostile_tty
	rules "KERNEL==\"ttyH0\", ENV{SERIAL}=\"%s{serial}\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	cat "$T/db/"*
	# one E: line, the value escaped in it
	[ "$(grep -c '^E:' "$T/db/"*)" -eq 1 ]
	grep -qx 'E:SERIAL=ABC\\x0aLD_PRELOAD=/tmp/x.so\\x0dX=1' "$T/db/"*
	! grep -q '^LD_PRELOAD=' "$T/out/env.add"
	run ev remove /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	cat "$T/out/env.remove"
	grep -qx 'SERIAL=ABC\\x0aLD_PRELOAD=/tmp/x.so\\x0dX=1' "$T/out/env.remove"
	! grep -q '^LD_PRELOAD=\|^X=' "$T/out/env.remove"
}

@test "trust 3: IMPORT{program} and PROGRAM output, IMPORT{file} and the kernel's values make no variable" {
	hostile_tty
	# a program that echoes device data into IMPORT's KEY=value lines
	rules "KERNEL==\"ttyH0\", IMPORT{program}=\"/bin/echo ID_SERIAL=%s{serial}\", PROGRAM=\"/bin/cat $T/sys/class/tty/ttyH0/serial\", ENV{RESULT}=\"%c\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyH0 tty KVAL=$'k\nLD_AUDIT=/tmp/y.so'
	[ "$status" -eq 0 ]
	cat "$T/out/env.add"
	grep -qx 'ID_SERIAL=ABC\\x0aLD_PRELOAD=/tmp/x.so\\x0dX=1' "$T/out/env.add"
	grep -q '^RESULT=ABC' "$T/out/env.add"
	grep -qx 'KVAL=k\\x0aLD_AUDIT=/tmp/y.so' "$T/out/env.add"
	! grep -q '^LD_PRELOAD=\|^X=\|^LD_AUDIT=' "$T/out/env.add"
	[ "$(grep -c '^E:' "$T/db/"*)" -eq 2 ]
	# a file of KEY=value lines written by nobody: each of its lines is one
	# variable, by design; no value inside spans two
	nobody bash -c "printf 'A=1\nB=%s\n' \"\$(cat $T/sys/class/tty/ttyH0/serial)\" >$T/out/vars"
	rules "KERNEL==\"ttyH0\", IMPORT{file}=\"$T/out/vars\", ENV{C}=\"\$env{B}\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	grep -qx 'A=1' "$T/out/env.add"
	grep -qx 'C=ABC' "$T/out/env.add"
}
