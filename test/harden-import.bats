#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# docs/hardening.md, item 19: device strings substituted into a path
# (IMPORT{file}, TEST) can neither climb nor add a component, imports
# cannot set the loader's variables or udevd's marks, and the programs udev
# runs get none of the loader's variables from the event. The device data
# is written by nobody (setpriv), as a user may write some attributes.

load udev-lib

setup() {
	udev_setup
	# a RUN program that keeps the environment it got
	printf '#!/bin/sh\nenv >%s/env.$ACTION\n' "$T" >"$T/dump-env"
	chmod 755 "$T/dump-env"
}

nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

# nobody_dir DIR: a directory nobody may write, under parents nobody may pass
nobody_dir() {
	local d=$1
	mkdir -p "$d"
	chmod 1777 "$d"
	while d=${d%/*}; [ -n "$d" ]; do
		chmod o+x "$d" 2>/dev/null || true
	done
}

# usb_serial VALUE: a fake sysfs USB device whose serial nobody wrote
usb_serial() {
	export SYSFS_PATH=$T/sys
	local d=$T/sys/devices/pci0000:00/usb1/1-1
	mkdir -p "$d" "$T/sys/class/tty/ttyUSB0"
	echo 188:0 >"$T/sys/class/tty/ttyUSB0/dev"
	ln -sfn ../../../devices/pci0000:00/usb1/1-1 "$T/sys/class/tty/ttyUSB0/device"
	nobody_dir "$d"
	nobody sh -c 'printf "%s" "$1" >"$2/serial"' _ "$1" "$d"
	[ "$(stat -c %U "$d/serial")" = nobody ]
}

# climb_to FILE: "../" from $T/ids up to / and then FILE, as a serial
climb_to() {
	local up
	up=$(realpath "$T/ids" | tr -cd / | sed 's|/|../|g')
	echo "$up${1#/}"
}

@test "trust 22: a serial of ../../ cannot make IMPORT{file} or TEST leave their folder" {
	mkdir -p "$T/ids"
	echo "ID_VENDOR_FROM_DB=ok" >"$T/ids/SER42"
	nobody_dir "$T/out"
	nobody sh -c 'printf "EVIL=1\nID_MODEL=owned\n" >"$1"' _ "$T/out/evil"
	usb_serial "$(climb_to "$T/out/evil")"
	# (a failing IMPORT fails its rule: RUN in a rule of its own)
	rules "KERNEL==\"ttyUSB0\", IMPORT{file}=\"$T/ids/%s{serial}\"
KERNEL==\"ttyUSB0\", TEST==\"$T/ids/\$attr{serial}\", SYMLINK+=\"climbed\"
KERNEL==\"ttyUSB0\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyUSB0 tty
	echo "$output"
	[ "$status" -eq 0 ]
	cat "$T/env.add"
	! grep -q '^EVIL=\|^ID_MODEL=' "$T/env.add" || false
	[ ! -L "$T/dev/climbed" ]
	# the same rules with a plain serial still read their file
	rm -rf "${T:?}/dev" "${T:?}/db" "${T:?}/env.add"
	mkdir -p "$T/dev"
	usb_serial SER42
	run ev add /class/tty/ttyUSB0 tty
	[ "$status" -eq 0 ]
	grep -qx 'ID_VENDOR_FROM_DB=ok' "$T/env.add"
	[ -L "$T/dev/climbed" ]
}

@test "trust 22: device strings in a path add no component, nor make one of dots" {
	mkdir -p "$T/ids/sub" "$T/ids/x"
	echo "SUB=1" >"$T/ids/sub/file"
	echo "UP=1" >"$T/ids/file"
	usb_serial "sub/file"
	# "sub/file" is one name; ".." and "." side by side are not a climb
	rules "KERNEL==\"ttyUSB0\", IMPORT{file}=\"$T/ids/%s{serial}\"
KERNEL==\"ttyUSB0\", ENV{DOT}=\".\"
KERNEL==\"ttyUSB0\", IMPORT{file}=\"$T/ids/x/\$env{DOT}\$env{DOT}/file\"
KERNEL==\"ttyUSB0\", IMPORT{file}=\"$T/ids/x/%2s{serial}/file\"
KERNEL==\"ttyUSB0\", RUN+=\"$T/dump-env\""
	printf '../' >"$T/sys/devices/pci0000:00/usb1/1-1/serial"
	run ev add /class/tty/ttyUSB0 tty
	[ "$status" -eq 0 ]
	cat "$T/env.add"
	! grep -q '^UP=' "$T/env.add" || false
	printf 'sub/file' >"$T/sys/devices/pci0000:00/usb1/1-1/serial"
	run ev add /class/tty/ttyUSB0 tty
	! grep -q '^SUB=' "$T/env.add" || false
	# a name of its own is still found
	echo "FLAT=1" >"$T/ids/sub_file"
	run ev add /class/tty/ttyUSB0 tty
	grep -qx 'FLAT=1' "$T/env.add"
}

@test "trust 22: IMPORT{program} and IMPORT{file} cannot set LD_PRELOAD or a UDEVD_ mark" {
	nobody_dir "$T/out"
	cat >"$T/print-vars" <<-EOF
	#!/bin/sh
	echo LD_PRELOAD=$T/out/evil.so
	echo LD_LIBRARY_PATH=$T/out
	echo GCONV_PATH=$T/out
	echo MALLOC_CHECK_=0
	echo TMPDIR=$T/out
	echo UDEVD_EVENT=0
	echo UDEVD_LATE=9
	echo ID_GOOD=1
	EOF
	chmod 755 "$T/print-vars"
	nobody sh -c 'printf "LD_AUDIT=%s/evil.so\nUDEVD_RESCAN=1\nID_FILE=1\n" "$1" >"$1/vars"' _ "$T/out"
	rules "KERNEL==\"ttyS0\", IMPORT{program}=\"$T/print-vars\", IMPORT{file}=\"$T/out/vars\", ENV{SEEN}=\"x\$env{LD_PRELOAD}\$env{UDEVD_EVENT}\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyS0 tty
	echo "$output"
	[ "$status" -eq 0 ]
	cat "$T/env.add"
	grep -qx 'ID_GOOD=1' "$T/env.add"
	grep -qx 'ID_FILE=1' "$T/env.add"
	grep -qx 'SEEN=x' "$T/env.add"
	! grep -q '^LD_\|^GCONV_PATH=\|^MALLOC_\|^TMPDIR=' "$T/env.add" || false
	! grep -q '^UDEVD_EVENT=\|^UDEVD_LATE=\|^UDEVD_RESCAN=' "$T/env.add" || false
	grep -q 'imported key LD_PRELOAD refused' <<<"$output"
}

@test "trust 22: a RUN program gets no LD_ variable from the event, nor from the rules" {
	rules "KERNEL==\"ttyS0\", ENV{LD_BIND_NOW}=\"1\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyS0 tty LD_LIBRARY_PATH=/nonexistent GCONV_PATH=/nonexistent KEEP=1
	[ "$status" -eq 0 ]
	cat "$T/env.add"
	grep -qx 'KEEP=1' "$T/env.add"
	! grep -q '^LD_\|^GCONV_PATH=' "$T/env.add" || false
}
