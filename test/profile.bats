#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Firmware profiles (Makefile PROFILE= and WITHOUT=, docs/embedded.md): what
# a build left out is refused where it would be used, naming the feature and
# the profile, never ignored: a program's name (exit 127), udevd's options,
# udev.conf's key, a rule's key or syntax (an error at file:line, exit 3,
# the other rules applied). Each test runs where the build under test left
# its feature out (make check USE_KLIBC=true runs the helper profile's
# suite); in a build that has the feature, the feature's own tests run.

load udev-lib
bats_require_minimum_version 1.5.0   # run -127

setup() {
	udev_setup
}

# absent FEATURE: this test is about a build without FEATURE
absent() { left_out "$1" || skip "the $PROFILE_NAME profile has $1"; }

TTYS=/class/tty/ttyS0

# not_built OUTPUT WHAT FEATURE: the one wording of features.h
not_built() {
	[[ "$1" == *"$2: not built in (profile $PROFILE_NAME, built without $3)"* ]] ||
		{ echo "expected '$2: not built in (profile $PROFILE_NAME, built without $3)' in: $1"; false; }
}

# program_absent NAME BINARY FEATURE: NAME is not built, and the binary run
# under that name says so (a link left from an earlier install)
program_absent() {
	[ ! -e "$BIN/$1" ]
	ln -s "$BIN/$2" "$T/$1"
	run -127 "$T/$1" --version
	echo "$output"
	[ "$status" -eq 127 ]
	not_built "$output" "$1" "$3"
}

@test "profile: the build says which profile it is and what it left out" {
	[ -f "$BIN/profile" ]
	read -r name left <"$BIN/profile"
	[ "$name" = "$PROFILE_NAME" ]
	for f in $left; do
		grep -q "^#ifdef WITHOUT_${f^^} " "$TOP/lib/profile.h" ||
			{ echo "$f is no feature of lib/profile.h"; false; }
	done
	[ "$name" != default ] || [ -z "$left" ]
}

@test "profile: without tools, udevinfo and udevtest are not built and say so" {
	absent tools
	program_absent udevinfo udev tools
	program_absent udevtest udev tools
	# the device manager itself runs
	rules 'KERNEL=="ttyS0", NAME="tty-%k"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/tty-ttyS0" ]
}

@test "profile: without clients, udevtrigger, udevmonitor and udevadm say so; udevcontrol and udevsettle stay" {
	absent clients
	program_absent udevtrigger udevd clients
	program_absent udevmonitor udevd clients
	program_absent udevadm udevd clients
	[ "$(readlink "$BIN/udevcontrol")" = udevd ]
	[ "$(readlink "$BIN/udevsettle")" = udevd ]
	run "$BIN/udevsettle" --version
	[ "$status" -eq 0 ]
}

@test "profile: without firmware and probes, their programs say so" {
	absent firmware
	absent probes
	program_absent firmware udev firmware
	program_absent vol_id udev probes
	program_absent disk_id udev probes
	[ ! -e "$BIN/udev-extras" ]
}

@test "profile: without netlink, udevd --netlink is refused before anything starts" {
	absent netlink
	run -127 "$BIN/udevd" --netlink
	echo "$output"
	[ "$status" -eq 127 ]
	not_built "$output" "--netlink" netlink
	! socket_listed "$UDEVD_SOCKET"
}

@test "profile: without broadcast, --broadcast-kernel and udev_libudev_db are refused" {
	absent broadcast
	run -127 "$BIN/udevd" --broadcast-kernel=4
	[ "$status" -eq 127 ]
	not_built "$output" "--broadcast-kernel" broadcast
	echo 'udev_libudev_db="/run/udev/data"' >>"$T/udev.conf"
	n=$(grep -c '' "$T/udev.conf")
	rules 'KERNEL=="ttyS0", NAME="tty-%k"'
	run ev add $TTYS tty
	echo "$output"
	[[ "$output" == *"udev.conf:$n: "* ]]
	not_built "$output" udev_libudev_db broadcast
	[ -c "$T/dev/tty-ttyS0" ]   # the event is done all the same
}

@test "profile: without rules050, a rule of the 2004 syntax is an error at file:line, the others apply" {
	absent rules050
	printf '%s\n' 'KERNEL="ttyS0", NAME="old-%k"' >"$T/rules.d/10-old.rules"
	printf '%s\n' '# 064' 'KERNEL=="ttyS0", SYMLINK+="new-%k"' >"$T/rules.d/20-new.rules"
	run ev add $TTYS tty
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == *"10-old.rules:1: a rule of the 2004 syntax"* ]]
	not_built "$output" "a rule of the 2004 syntax (its file has no ==, !=, += or :=)" rules050
	[ "$(listed)" = "l new-ttyS0 -> ttyS0; c 0600 0:0 ttyS0" ]
}

@test "profile: without rules100, a key of udev 070-100 is an error at file:line, the rule skipped" {
	absent rules100
	rules 'KERNEL=="ttyS0", SYMLINK+="a"
KERNELS=="ttyS0", SYMLINK+="b"
KERNEL=="ttyS0", ATTR{dev}=="4:64", SYMLINK+="c"'
	run ev add $TTYS tty
	echo "$output"
	[ "$status" -eq 3 ]
	not_built "$output" "50-test.rules:2: KERNELS (a key of udev 070-100's rules)" rules100
	not_built "$output" "50-test.rules:3: ATTR (a key of udev 070-100's rules)" rules100
	[ "$(listed)" = "l a -> ttyS0; c 0600 0:0 ttyS0" ]
}

@test "profile: without probes, IMPORT{builtin} of a probe is an error at file:line" {
	absent probes
	rules 'KERNEL=="ttyS0", SYMLINK+="a"
KERNEL=="ttyS0", IMPORT{builtin}="vol_id --export $tempnode", SYMLINK+="b"
KERNEL=="ttyS0", IMPORT{builtin}="usb_id", SYMLINK+="c"'
	run ev add $TTYS tty
	echo "$output"
	[ "$status" -eq 3 ]
	not_built "$output" "50-test.rules:2: IMPORT{builtin} 'vol_id'" probes
	not_built "$output" "50-test.rules:3: IMPORT{builtin} 'usb_id'" probes
	[ "$(listed)" = "l a -> ttyS0; c 0600 0:0 ttyS0" ]
}
