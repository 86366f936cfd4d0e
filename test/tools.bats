#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The suite's command-line conventions (docs/conventions.md), program by
# program: --help and --version print and do nothing else, a usage error is
# 1 with the usage on stderr, a timeout is 16, "--timeout 5" and
# "--timeout=5" are the same, and errors name what they are about.

load udev-lib

ALL_PROGRAMS="udevsend udevd udevcontrol udevsettle udev udevstart udevinfo udevtest
	hotplug udevtrigger udevmonitor firmware vol_id disk_id"

setup() {
	udev_setup
	# everything a program could act on points into $T and is watched
	cp -a "$TOP/test/sysfs-legacy" "$T/sys"
	export SYSFS_PATH=$T/sys
	mkdir -p "$T/hd/default"
	printf '#!/bin/sh\ntouch %s/script-ran\n' "$T" >"$T/hd/default/10-mark.hotplug"
	chmod 755 "$T/hd/default/10-mark.hotplug"
	printf '#!/bin/sh\ntouch %s/exec-ran\n' "$T" >"$T/mark"
	chmod 755 "$T/mark"
	export HOTPLUG_DIR=$T/hd UDEV_BIN=$T/mark UDEVD_BIN=$T/mark
	export ACTION=add DEVPATH=/class/tty/ttyS0 SUBSYSTEM=tty SEQNUM=7
	rules 'KERNEL=="*", RUN+="'"$T"'/mark"'
	find "$T/sys" -type f -exec md5sum {} + | sort >"$T/sys.before"
}

# nothing_happened: no node, no database, no script, no exec, sysfs as it was
nothing_happened() {
	[ -z "$(ls -A "$T/dev")" ] || { echo "made nodes: $(ls -A "$T/dev")"; return 1; }
	[ ! -e "$T/db" ]
	[ ! -e "$T/script-ran" ]
	[ ! -e "$T/exec-ran" ]
	find "$T/sys" -type f -exec md5sum {} + | sort | cmp -s - "$T/sys.before"
	! grep -q " @$UDEVD_SOCKET\$" /proc/net/unix
}

@test "tools: --help of every program prints its usage, exits 0 and does nothing else" {
	local p
	for p in $ALL_PROGRAMS; do
		run timeout 10 "$BIN/$p" --help
		echo "$p: $status: $output"
		[ "$status" -eq 0 ]
		[[ "${lines[0]}" == "usage: $p"* ]]
		nothing_happened
	done
	# udevstart --help used to coldplug; hotplug --help ran every script
	run "$BIN/udevstart" --help
	nothing_happened
	run "$BIN/hotplug" --help
	nothing_happened
}

@test "tools: --version of every program says the program and the version, and nothing else" {
	local p v
	v=$(make -s -C "$TOP" print-version)
	for p in $ALL_PROGRAMS; do
		run timeout 10 "$BIN/$p" --version
		[ "$status" -eq 0 ]
		[ "$output" = "$p, version $v (udev-legacy)" ]
		nothing_happened
	done
}

@test "tools: an unknown option is a usage error (1) with the usage, and does nothing" {
	local p
	for p in udevd udevcontrol udevsettle udevstart udevinfo udevtest udevtrigger \
		udevmonitor; do
		run timeout 10 "$BIN/$p" --bogus
		echo "$p: $status: $output"
		[ "$status" -eq 1 ]
		[[ "$output" == *"'--bogus'"* ]]
		[[ "$output" == *"usage: $p"* ]]
		nothing_happened
	done
}

@test "tools: one wording for option errors: unknown option, missing value, bad value" {
	local p
	for p in udevd udevcontrol udevsettle udevstart udevinfo udevtest udevtrigger \
		udevmonitor udevadm hotplug firmware vol_id disk_id; do
		run timeout 10 "$BIN/$p" --bogus
		echo "$p: $status: $output"
		[ "$status" -eq 1 ]
		[ "${lines[0]}" = "$p: unknown option '--bogus'" ]
		[[ "$output" == *"usage: $p"* ]]
		nothing_happened
	done
	# "missing value of 'OPTION'", "bad value of OPTION 'VALUE'"
	check() {   # check EXPECTED-FIRST-LINE PROGRAM ARGS...
		local want=$1 prog=$2
		shift 2
		run timeout 10 "$BIN/$prog" "$@"
		echo "$prog $*: $status: $output"
		[ "$status" -eq 1 ]
		[ "${lines[0]}" = "$want" ]
		[[ "$output" == *"usage: $prog"* ]]
	}
	check "udevsettle: missing value of '--timeout'" udevsettle --timeout
	check "udevsettle: bad value of --timeout 'x'" udevsettle --timeout=x
	check "udevd: bad value of --max-childs 'abc'" udevd --max-childs=abc
	check "udevd: missing value of '--event-timeout'" udevd --event-timeout
	check "udevtrigger: missing value of '--action'" udevtrigger --action
	check "udevtrigger: bad value of --action 'frob'" udevtrigger --action frob
	check "firmware: extra argument 'x'" firmware firmware x
	check "udevinfo: missing value of '-q'" udevinfo -q
	check "udevinfo: extra argument 'x'" udevinfo -r x
	check "udevadm: missing value of '-t'" udevadm settle -t
	check "vol_id: bad value of --timeout 'x'" vol_id --timeout=x /dev/null
	check "vol_id: extra argument '/dev/zero'" vol_id /dev/null /dev/zero
	check "vol_id: missing 'DEVICE'" vol_id --export
	check "disk_id: bad value of --volume ''" disk_id --volume= /block/sda
	check "disk_id: bad value of --timeout '0'" disk_id --timeout=0 /block/sda
	check "disk_id: missing 'DEVPATH'" disk_id --export
	check "disk_id: bad DEVPATH 'block/sda'" disk_id block/sda
	nothing_happened
}

@test "tools: hotplug by hand without an event's ACTION runs no script (usage, 1)" {
	run env -i HOTPLUG_DIR="$T/hd" "$BIN/hotplug" block
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "hotplug: no event: the environment has no 'ACTION'" ]
	[[ "$output" == *"usage: hotplug"* ]]
	[ ! -e "$T/script-ran" ]
	run env -i HOTPLUG_DIR="$T/hd" "$BIN/hotplug"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "hotplug: no event: no 'SUBSYSTEM'" ]
	[ ! -e "$T/script-ran" ]
}

@test "tools: udevsend run by hand without its environment says what is missing" {
	run env -i "$BIN/udevsend"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "udevsend: no event: the environment has no (or a bad) 'ACTION'" ]]
	[[ "$output" == *"usage: udevsend"* ]]
	run env -i ACTION=add DEVPATH=/class/tty/ttyS0 "$BIN/udevsend"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == *"'SUBSYSTEM'" ]]
	run env -i ACTION=add DEVPATH=class/tty "$BIN/udevsend" tty
	[[ "${lines[0]}" == *"'DEVPATH'" ]]
	[ ! -e "$T/exec-ran" ]
}

@test "tools: --timeout 5 and --timeout=5 are the same; a timeout is 16 everywhere" {
	run "$BIN/udevsettle" --timeout 5
	[ "$status" -eq 0 ]
	run "$BIN/udevsettle" --timeout=5
	[ "$status" -eq 0 ]
	run "$BIN/udevsettle" --timeout
	[ "$status" -eq 1 ]
	export SYSFS_PATH=$TOP/test/sysfs-modern
	run "$BIN/udevtrigger" --dry-run --timeout 5 --subsystem-match input --action change
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -ge 3 ]
	local both=$output
	run "$BIN/udevtrigger" --dry-run --timeout=5 --subsystem-match=input --action=change
	[ "$status" -eq 0 ]
	[ "$output" = "$both" ]
	run "$BIN/udevtrigger" --dry-run --timeout 5x
	[ "$status" -eq 1 ]
	# (udevsettle's timeout, 16, is in udevd-control.bats: it needs a held queue)
}

@test "tools: udevtest on a DEVPATH that does not exist says so (4)" {
	run "$BIN/udevtest" /class/tty/nosuch
	[ "$status" -eq 4 ]
	[[ "$output" == *"no such device: $T/sys/class/tty/nosuch"* ]]
	run "$BIN/udevtest" "$T/sys/class/tty/nosuch"
	[ "$status" -eq 4 ]
	run "$BIN/udevtest" /class/tty/ttyS0 tty extra
	[ "$status" -eq 1 ]
	[[ "$output" == *"usage: udevtest"* ]]
}

@test "tools: errors name things: the udev.conf path, the unknown rule key, the command" {
	UDEV_CONFIG_FILE=$T/none.conf run "$BIN/udev" tty
	[ "$status" -eq 2 ]
	[[ "$output" == *"cannot read $T/none.conf: No such file or directory"* ]]
	rules 'KERNEL=="ttyS0", FROBNICATE="x", NAME="x"'
	run env UDEV_BIN= "$BIN/udevtest" /class/tty/ttyS0
	[ "$status" -eq 3 ]
	[[ "$output" == *"50-test.rules:1: unknown key 'FROBNICATE'"* ]]
	run "$BIN/udevcontrol" stop_exec_quue
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown or malformed command 'stop_exec_quue'"* ]]
}

@test "tools: every man page's EXIT STATUS names the codes its program uses for usage and timeout" {
	local p
	for p in udevd udevcontrol udevsettle udevinfo udevtest udevtrigger udevmonitor udevstart \
		hotplug udev udevsend; do
		awk '/^\.SH "?EXIT STATUS/{f=1; next} /^\.SH/{f=0} f' "$TOP/docs/$p.8" >"$T/exit.$p"
		grep -A1 '^\.B 1$' "$T/exit.$p" | grep -qi "usage" ||
			{ echo "docs/$p.8: 1 is not usage"; return 1; }
		grep -q "^\.B 2$" "$T/exit.$p" && grep -A1 '^\.B 2$' "$T/exit.$p" | grep -qi usage &&
			{ echo "docs/$p.8: 2 still says usage"; return 1; }
	done
	for p in udevsettle udevtrigger; do
		grep -A2 '^\.B 16$' "$T/exit.$p" | grep -qi "timeout" ||
			{ echo "docs/$p.8: 16 is not the timeout"; return 1; }
	done
	grep -q "docs/conventions.md\|conventions" "$TOP/docs/udev.8"
}
