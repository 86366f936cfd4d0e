#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# What the firmware builds rely on, checked in every variant: the multi-call
# udev, the size budgets (tools/size.sh) and log messages that read the same
# on every libc (lib/fmt.c, the short strerror table, our own syslog client).

load lib

setup() {
	common_setup
}

@test "multi-call: one binary per role, the tools are links to udev and udevd" {
	local p
	for p in udevsend hotplug udevd udev; do
		[ -f "$BIN/$p" ]
		[ ! -L "$BIN/$p" ]
	done
	for p in udevstart udevinfo udevtest firmware vol_id disk_id; do
		[ "$(readlink "$BIN/$p")" = udev ]
	done
	for p in udevcontrol udevsettle udevtrigger udevmonitor; do
		[ "$(readlink "$BIN/$p")" = udevd ]
	done
}

@test "multi-call: the name it runs under picks the program, any other is udev" {
	cp "$BIN/udev" "$T/udevinfo"
	run "$T/udevinfo" -V
	[ "$status" -eq 0 ]
	[ "$output" = "udevinfo, version $(make -s -C "$TOP" print-version) (udev-legacy)" ]
	cp "$BIN/udev" "$T/udev-copy"
	run env -i "$T/udev-copy"
	[ "$status" -ne 0 ]
	[[ "$output" == "udev: err: "* ]]
	# the installed-style name with a directory in front
	run "$BIN/udevinfo" -V
	[ "$output" = "udevinfo, version $(make -s -C "$TOP" print-version) (udev-legacy)" ]
	# each program of both binaries answers as itself
	for p in udevstart udevtest firmware vol_id disk_id udevcontrol udevsettle udevtrigger \
		udevmonitor udevd; do
		run "$BIN/$p" --version
		[ "$status" -eq 0 ]
		[[ "$output" == "$p, version "* ]]
	done
	# udevd's binary run under any other name is udevd
	cp "$BIN/udevd" "$T/udevd-copy"
	run "$T/udevd-copy" --version
	[[ "$output" == "udevd, version "* ]]
}

@test "start-up: the klibc helpers open no stdio: no isatty ioctl, no allocation, before their work" {
	[ "${VARIANT:-}" = klibc ] || skip "klibc's start-up (lib/nostdio-klibc.c)"
	command -v strace >/dev/null || skip "no strace"
	local p
	for p in udevsend hotplug; do
		ptrace_ok "$BIN/$p"
		strace -f -e trace=ioctl,mmap,brk -o "$T/$p.strace" "$BIN/$p" --version >/dev/null
		cat "$T/$p.strace"
		! grep -E 'ioctl|mmap|brk' "$T/$p.strace" || false
	done
}

@test "size: the build under test is within its budgets" {
	local v=${BIN%/}
	run sh "$TOP/tools/size.sh" --check "${v##*/}" "$BIN" \
		$(make -s -C "$TOP" print-programs) # (word splitting intended)
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"udevsend "* ]]
	[[ "$output" == *"suite "* ]]
	if [ "${v##*/}" = klibc ]; then
		# the whole installed suite, each binary once
		[[ "$output" =~ suite\ +[0-9]+\ +261120\ +ok ]]
	fi
}

@test "size: a program over its klibc budget fails the check and is named" {
	mkdir "$T/b"
	cp "$BIN/udev" "$T/b/udevsend"      # far more than 8 KiB
	cp "$BIN/udevsettle" "$T/b/udevsettle"
	run sh "$TOP/tools/size.sh" --check klibc "$T/b" udevsend udevsettle
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"udevsend"*"8192  OVER BUDGET"* ]]
	[[ "$output" == *"over budget: udevsend"* ]]
	# dietlibc gets 1.5 times; the default build (glibc) one for udevsend
	# (static with a small libc), other builds have none and only print
	run sh "$TOP/tools/size.sh" --check diet "$T/b" udevsend
	[[ "$output" == *"12288"* ]]
	run sh "$TOP/tools/size.sh" --check glibc "$T/b" udevsend udevsettle
	[ "$status" -eq 1 ]
	[[ "$output" == *"udevsend"*"16384  OVER BUDGET"* ]]
	[[ "$output" == *"over budget: udevsend"* ]]
	run sh "$TOP/tools/size.sh" --check glibc-static "$T/b" udevsend
	[ "$status" -eq 0 ]
	# make size itself prints and never fails
	run sh "$TOP/tools/size.sh" klibc "$T/b" udevsend
	[ "$status" -eq 0 ]
}

@test "logging: errno text in glibc's words, numbers and strings formatted" {
	mkdir -p "$T/hd/default"
	printf '#!/nonexistent/interpreter\n' > "$T/hd/default/10-bad.hotplug"
	printf '#!/bin/sh\nexit 42\n' > "$T/hd/default/20-exit.hotplug"
	chmod 755 "$T/hd/default/"*
	run env ACTION=add HOTPLUG_DIR="$T/hd" "$BIN/hotplug" net
	echo "$output"
	[[ "$output" == *"hotplug: err: cannot run $T/hd/default/10-bad.hotplug: No such file or directory"* ]]
	[[ "$output" == *"hotplug: err: $T/hd/default/20-exit.hotplug exited with 42"* ]]
}

@test "logging: an unknown UDEV_LOG name is ignored, a number or name is taken" {
	mkdir -p "$T/hd/default"
	printf '#!/bin/sh\nexit 0\n' > "$T/hd/default/10-ok.hotplug"
	chmod 755 "$T/hd/default/10-ok.hotplug"
	run env ACTION=add UDEV_LOG=7 HOTPLUG_DIR="$T/hd" "$BIN/hotplug" net
	[[ "$output" == *"hotplug: debug: $T/hd/default/10-ok.hotplug done"* ]]
	run env ACTION=add UDEV_LOG=DEBUG HOTPLUG_DIR="$T/hd" "$BIN/hotplug" net
	[[ "$output" == *"debug: "* ]]
	run env ACTION=add UDEV_LOG=loud HOTPLUG_DIR="$T/hd" "$BIN/hotplug" net
	[[ "$output" != *"debug: "* ]]
	run env ACTION=add UDEV_LOG=8 HOTPLUG_DIR="$T/hd" "$BIN/hotplug" net
	[[ "$output" != *"debug: "* ]]
}

@test "logging: log calls use only the conversions lib/fmt.c knows" {
	local bad
	bad=$(cat "$TOP"/lib/*.c "$TOP"/udev/*.c "$TOP"/udevd/*.c "$TOP"/udevsend/*.c \
		"$TOP"/hotplug/*.c | tr '\n' ' ' |
		grep -oE 'log_(err|warn|notice|info|debug|msg)\([^;]*;' |
		grep -oE '%[-+ #0-9.*]*(hh|h|ll|l|z|j|t|L)?[a-zA-Z%]' |
		grep -vxE '%(h|l|ll|z)?[sdiuc]|%%' || :)
	echo "unsupported: $bad"
	[ -z "$bad" ]
}

@test "size: a profile's goals are printed with what is left, and fail the check only with SIZE_GOALS=check" {
	mkdir "$T/b"
	# a strip that copies: the programs' sizes are the ones made here
	printf '#!/bin/sh\nwhile [ $# -gt 1 ]; do [ "$1" = -o ] && { out=$2; shift; }; shift; done\ncp "$1" "$out"\n' \
		>"$T/strip"
	chmod 755 "$T/strip"
	sizes() {   # udevsend hotplug udevd udev
		truncate -s "$1" "$T/b/udevsend"; truncate -s "$2" "$T/b/hotplug"
		truncate -s "$3" "$T/b/udevd"; truncate -s "$4" "$T/b/udev"
	}
	sizes 8000 14000 30000 40000
	run env STRIP="$T/strip" PROFILE=helper SIZE_GOALS=check sh "$TOP/tools/size.sh" --check klibc \
		"$T/b" udevsend hotplug udevd udev
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" =~ udevsend\+hotplug\+udevd\+udev\ +92000\ +98304\ +ok ]]
	# over the helper goal (96 KiB), within every budget: printed, and a
	# failure only when asked (udevsend's budget is its goal, 8 KiB)
	sizes 8000 14000 40000 60000
	run env STRIP="$T/strip" PROFILE=helper sh "$TOP/tools/size.sh" --check klibc \
		"$T/b" udevsend hotplug udevd udev
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" =~ udevsend\+hotplug\+udevd\+udev\ +122000\ +98304\ +23696\ over ]]
	[[ "$output" =~ udevsend\ +8000\ +8192\ +ok ]]
	[[ "$output" == *"the helper profile misses its goal: profile"* ]]
	run env STRIP="$T/strip" PROFILE=helper SIZE_GOALS=check sh "$TOP/tools/size.sh" --check klibc \
		"$T/b" udevsend hotplug udevd udev
	[ "$status" -eq 1 ]
	# the default profile's goal is 160 KiB, dietlibc's 1.5 times; glibc has none
	run env STRIP="$T/strip" sh "$TOP/tools/size.sh" klibc "$T/b" udevsend hotplug udevd udev
	[[ "$output" =~ udevsend\+hotplug\+udevd\+udev\ +122000\ +163840\ +ok ]]
	run env STRIP="$T/strip" sh "$TOP/tools/size.sh" diet "$T/b" udevsend hotplug udevd udev
	[[ "$output" =~ udevsend\+hotplug\+udevd\+udev\ +122000\ +245760\ +ok ]]
	run env STRIP="$T/strip" sh "$TOP/tools/size.sh" glibc "$T/b" udevsend hotplug udevd udev
	[[ "$output" != *goal* ]]
}
