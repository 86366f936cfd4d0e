#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The real udev as a pool worker (udev --worker behind udevd --workers=pool):
# each event sees only its own environment, exactly as in fork mode, and
# edited rules take effect at the next event handled by the same worker.

load udev-lib

setup() {
	udev_setup
	UDEVD_PID=
	mkdir -p "$T/out"
}

teardown() {
	stop_udevd
	return 0
}

workers_started() { grep -c 'worker [0-9]* started' "$T/udevd.log"; }

# a RUN program that records what it sees: environment, cwd, umask, fds
dump_rule() {
	cat >"$T/dump" <<-EOF
	#!/bin/bash
	d=$T/out/\$SEQNUM
	env | grep -v '^_=' | sort >"\$d.env"
	fds=(/proc/\$\$/fd/*)
	{ pwd; umask; echo "\${fds[@]##*/}"; } >"\$d.proc"
	EOF
	chmod +x "$T/dump"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/dump\""
}

# events: the same four events in either mode
events() {
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 FOO=1 UDEV_LOG=debug tty
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 BAR='x y' tty
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
}

@test "pool: each event sees its own environment, cwd, umask and fds, as in fork mode" {
	dump_rule
	start_udevd --workers=pool --max-childs=1
	events
	[ "$(workers_started)" -eq 1 ]
	stop_udevd
	mv "$T/out" "$T/pool" && mkdir "$T/out"
	start_udevd --workers=fork
	events
	stop_udevd
	mv "$T/out" "$T/fork"
	for s in 1 2 3 4; do
		diff "$T/fork/$s.env" "$T/pool/$s.env"
		diff "$T/fork/$s.proc" "$T/pool/$s.proc"
	done
	grep -qx FOO=1 "$T/pool/1.env"
	! grep -q '^FOO=' "$T/pool/2.env" "$T/pool/3.env" || false
	! grep -q '^UDEV_LOG=' "$T/pool/2.env" || false
	grep -qx 'BAR=x y' "$T/pool/3.env"
	grep -qx "$PWD" "$T/pool/3.proc"
	grep -qx "$(umask)" "$T/pool/3.proc"
}

@test "pool: SYSFS_PATH and UDEV_CONFIG_FILE come from each event" {
	start_udevd --workers=pool --max-childs=1
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	cp -r "$SYSFS_PATH" "$T/sys2"
	rm -r "$T/sys2/class/tty/ttyS0"
	sed "s|$T/dev|$T/dev2|" "$T/udev.conf" >"$T/udev2.conf"
	mkdir "$T/dev2"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 SYSFS_PATH="$T/sys2" tty
	[ "$status" -eq 4 ]
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 UDEV_CONFIG_FILE="$T/udev2.conf" tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/tts/0" ] && [ -c "$T/dev2/tts/0" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: a rule edited between events takes effect at the next event" {
	start_udevd --workers=pool --max-childs=1 --idle-timeout=60s
	rules 'KERNEL=="ttyS0", NAME="aa"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 aa" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	# same size, rewritten in place
	rules 'KERNEL=="ttyS0", NAME="bb"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ "$(listing)" = "c 0600 0:0 bb" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
	# a new file in the rules directory
	echo 'KERNEL=="ttyS0", SYMLINK+="extra"' >"$T/rules.d/10-more.rules"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=5 tty
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 bb;l extra -> bb" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=6 tty
	# a bad rule is reported by the next event (exit 3), as in fork mode
	echo 'KERNEL=="ttyS0", NOSUCHKEY="x"' >"$T/rules.d/20-bad.rules"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=7 tty
	[ "$status" -eq 3 ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=8 tty
	[ "$status" -eq 3 ]
	rm "$T/rules.d/20-bad.rules"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=9 tty
	[ "$status" -eq 0 ]
	[ "$(workers_started)" -eq 1 ]
}
