#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Faults around udev: the database directory full (a tiny tmpfs in a private
# mount namespace) or read-only, dev.d scripts that hang, and the exit codes
# of a udev that fails every way, through udevd and udevsend.

load udev-lib

setup() { udev_setup; }
teardown() {
	local f
	[ -n "${UDEVD_PID:-}" ] && kill "$UDEVD_PID" 2>/dev/null
	# what a hanging dev.d script left when udev did not kill it (one find:
	# a readlink per process of a busy machine takes minutes)
	[ ! -e "$T/hang-sleep" ] ||
		for f in $(find /proc/[0-9]*/exe -maxdepth 0 -lname "$T/hang-sleep" 2>/dev/null); do
			f=${f#/proc/}
			kill -KILL "${f%/exe}" 2>/dev/null
		done
	return 0
}

TTYS=/class/tty/ttyS0
TTYUSB=/class/tty/ttyUSB0

# in_mount_ns SCRIPT: runs bash SCRIPT in a private mount namespace, ev() available
# (with its UDEV_RUN array: arrays are not exported)
in_mount_ns() {
	export -f ev
	export BIN T
	unshare -m --propagation private bash -ec "$(declare -p UDEV_RUN); $1"
}

no_tmp_left() { [ -z "$(find "$T/db" -name '.tmp*' 2>/dev/null)" ]; }

@test "faults: a full database fs fails the add with 8, leaves no half record, remove still works" {
	mkdir -p "$T/db"
	run in_mount_ns '
		mount -t tmpfs -o size=16k,nr_inodes=64 tmpfs "$T/db"
		ev add '$TTYS' tty
		dd if=/dev/zero of="$T/db/fill" bs=1k count=64 2>/dev/null || :
		# a short record is a symbolic link, which needs an inode, not a page
		i=0; while : 2>/dev/null >"$T/db/fill$i"; do i=$((i + 1)); done
		rc=0; ev add '$TTYUSB' tty 2>"$T/add.err" || rc=$?
		echo "add rc $rc"
		ls -A "$T/db" >"$T/db.list"
		ls "$T/dev" >"$T/dev.list"
		rm -f "$T/db/fill.x"
		rc=0; ev remove '$TTYS' tty || rc=$?
		echo "remove rc $rc"
		rc=0; ev remove '$TTYUSB' tty || rc=$?
		echo "remove2 rc $rc"
		ls -A "$T/db" >"$T/db.after"
	'
	echo "$output"
	[[ "$output" == *"add rc 8"* ]]
	grep -q "cannot write database record of $TTYUSB: No space left on device" "$T/add.err"
	# the first record is whole, the second absent, no temporary file stayed
	grep -qx 'class@tty@ttyS0' "$T/db.list"
	! grep -q 'ttyUSB0\|\.tmp' "$T/db.list" || false
	grep -qx ttyUSB0 "$T/dev.list"
	[[ "$output" == *"remove rc 0"* ]]
	[[ "$output" == *"remove2 rc 0"* ]]
	! grep -q 'class@tty@ttyS0\|\.tmp' "$T/db.after" || false
	[ ! -e "$T/dev/ttyS0" ] && [ ! -e "$T/dev/ttyUSB0" ]
}

@test "faults: a full /dev where the database folder is still to make names the real cause" {
	# udev_db under udev_root, as by default: a tmpfs /dev with room for
	# the node but no inode left for .udevdb
	sed -i "s|^udev_db=.*|udev_db=\"$T/dev/.udevdb\"|" "$T/udev.conf"
	run in_mount_ns '
		mount -t tmpfs -o size=16k,nr_inodes=2 tmpfs "$T/dev"
		rc=0; ev add '$TTYS' tty 2>"$T/add.err" || rc=$?
		echo "add rc $rc"
	'
	echo "$output"
	cat "$T/add.err"
	[[ "$output" == *"add rc 8"* ]]
	grep -qx "udev: err: cannot write database record of $TTYS: No space left on device (udev_db $T/dev/.udevdb)" "$T/add.err"
	! grep -q "No such file or directory" "$T/add.err" || false
}

@test "faults: a read-only database fails the add with 8 and the record already there survives" {
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	db_text "$T/db/class@tty@ttyS0" >"$T/record.before"
	run in_mount_ns '
		mount --bind "$T/db" "$T/db"
		mount -o remount,bind,ro "$T/db"
		rc=0; ev add '$TTYUSB' tty 2>"$T/add.err" || rc=$?
		echo "add rc $rc"
		rc=0; ev remove '$TTYS' tty 2>"$T/remove.err" || rc=$?
		echo "remove rc $rc"
	'
	echo "$output"
	[[ "$output" == *"add rc 8"* ]]
	grep -q "cannot write database record of $TTYUSB: Read-only file system" "$T/add.err"
	# remove took the node away from the record it could read
	[ ! -e "$T/dev/ttyS0" ]
	db_text "$T/db/class@tty@ttyS0" | cmp - "$T/record.before"
	no_tmp_left
}

@test "faults: a record too large for the database format is refused whole, not cut" {
	# short symlink names and ENV keys: the record's lines outgrow the value sizes
	{
		printf 'KERNEL=="ttyS0", NAME="%s", SYMLINK="' "$(head -c 200 /dev/zero | tr '\0' n)"
		for a in a b c d e f g h i j k l m n o p q r s t; do
			for b in a b c d e f g h i j k l m n o p q; do printf '%s%s ' $a $b; done
		done
		printf '"\n'
		for a in a b c d e f g h i j k l m n o p q r s t; do
			for b in a b c d e f g h i j; do
				printf 'KERNEL=="ttyS0", ENV{%s%s}="1"\n' $a $b
			done
		done
	} >"$T/rules.d/50-test.rules"
	run ev add $TTYS tty
	echo "$output"
	rec="$T/db/class@tty@ttyS0"
	if [ -e "$rec" ]; then
		# whatever was written is complete: the last line ends with a newline
		[ "$(tail -c1 "$rec" | od -An -c | tr -d ' ')" = '\n' ]
		run ev remove $TTYS tty
		[ -z "$(find "$T/dev" -type l)" ]
	else
		[ "$status" -eq 8 ]
	fi
	no_tmp_left
}

@test "faults: a hanging dev.d script and its children are killed at the exec timeout" {
	cp "$(command -v sleep)" "$T/hang-sleep"
	mkdir -p "$T/dev.d/tty"
	printf '#!/bin/sh\n"%s" 600 &\n"%s" 600\n' "$T/hang-sleep" "$T/hang-sleep" \
		>"$T/dev.d/tty/10-hang.dev"
	chmod +x "$T/dev.d/tty/10-hang.dev"
	SECONDS=0
	# into a file, not `run`'s pipe: a script udev did not kill would hold
	# that open, and the test would wait for it after udev's timeout too
	status=0
	EV_TIMEOUT=30 ev add $TTYS tty UDEV_EXEC_TIMEOUT=1 >"$T/out" 2>&1 || status=$?
	output=$(cat "$T/out")
	echo "$output"
	[ "$status" -ne 124 ] || { echo "udev still waiting for its dev.d script after 30 s"; return 1; }
	[ "$status" -eq 0 ]
	[ "$SECONDS" -lt 20 ]
	[ -c "$T/dev/ttyS0" ]
	[[ "$output" == *"did not finish within 1 s, killed"* ]]
	# the script's own children went with it (process group)
	sleep 0.5
	! pgrep -f "$T/hang-sleep" || false
}
