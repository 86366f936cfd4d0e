#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Late events with the real udev behind udevd (make check runs this file in
# both worker modes): an event that arrives after a newer event of its device
# has run is stale when sysfs contradicts it, and then undoes nothing.

load udev-lib

setup() {
	udev_setup
	[ -x "$BIN/udevd" ] && [ -x "$BIN/udevsend" ] || skip "no udevd/udevsend in $BIN"
	UDEVD_PID=
	export SYSFS_PATH=$T/sys
	echo 'udev_log="notice"' >>"$T/udev.conf"
	# a RUN program that records each event it runs for
	printf '#!/bin/sh\necho "$SEQNUM $ACTION $DEVPATH" >>%s/ran\n' "$T" >"$T/mark"
	chmod +x "$T/mark"
	: >"$T/ran"
	# RUN in a rule of its own: a rule that names the device (SYMLINK) is
	# skipped at remove, its RUN too (064)
	rules "KERNEL==\"tty[XS]*\", SYMLINK=\"%k-link\"
KERNEL==\"tty[XS]*\", RUN+=\"$T/mark\""
}

teardown() {
	stop_udevd
	return 0
}

# plug NAME MINOR / unplug NAME: the kernel's side, a tty in the fake sysfs
plug() { mkdir -p "$SYSFS_PATH/class/tty/$1"; echo "4:$2" >"$SYSFS_PATH/class/tty/$1/dev"; }
unplug() { rm -rf "${SYSFS_PATH:?}/class/tty/$1"; }

# tty ACTION SEQNUM NAME MINOR: the kernel's event for it, through udevsend
tty() {
	send ACTION="$1" SEQNUM="$2" DEVPATH="/class/tty/$3" MAJOR=4 MINOR="$4" tty
}

# present NAME MINOR: node, link and database record of a plugged tty
present() {
	[ "$(listing | grep " $1\$\| $1-link ")" = "c 0600 0:0 $1
l $1-link -> $1" ] || { listing; return 1; }
	[ "$(stat -c '%t:%T' "$T/dev/$1")" = "4:$(printf '%x' "$2")" ] || return 1
	db_text $(record "$1") | grep -qx "N:$1"
}

# record NAME: the database file of a tty (by its P: line, whatever the name)
record() {
	local f
	for f in "$T"/db/*; do
		if db_text "$f" 2>/dev/null | grep -qx "P:/class/tty/$1"; then
			echo "$f"
		fi
	done
	return 0
}

absent() {
	! listing | grep -q " $1\$\| $1-link " || return 1
	[ -z "$(record "$1")" ]
}

@test "late: a late remove of a device that is there leaves what the newer add made" {
	start_udevd --event-timeout=300ms
	plug ttyX 70
	run tty add 1 ttyX 70
	[ "$status" -eq 0 ]
	run tty add 3 ttyX 70          # waits out the gap for 2, then runs
	[ "$status" -eq 0 ]
	present ttyX 70
	run tty remove 2 ttyX 70       # arrives last; the device is in sysfs
	[ "$status" -eq 0 ]            # acked 0: a stale event is not a failure
	present ttyX 70
	grep -q 'seqnum 2 remove /class/tty/ttyX is late: seqnum 3 of its device has run' "$T/udevd.log"
	grep -q 'remove /class/tty/ttyX is stale (seqnum 3 of the device ran first and the device is there now)' "$T/udevd.log"
	# RUN and dev.d do not see the stale event
	[ "$(cut -d' ' -f1,2 "$T/ran" | paste -sd,)" = "1 add,3 add" ]
}

@test "late: a late add of a device a newer remove took away makes no node" {
	start_udevd --event-timeout=300ms
	plug ttyX 70
	run tty add 1 ttyX 70
	[ "$status" -eq 0 ]
	present ttyX 70
	unplug ttyX
	run tty remove 3 ttyX 70       # waits out the gap for 2, then runs
	[ "$status" -eq 0 ]
	absent ttyX
	run tty add 2 ttyX 70          # arrives last; the device is gone
	[ "$status" -eq 0 ]
	absent ttyX
	[ -z "$(ls -A "$T/dev")" ]
	grep -q 'add /class/tty/ttyX is stale (seqnum 3 of the device ran first and the device is gone now)' "$T/udevd.log"
	[ "$(cut -d' ' -f1,2 "$T/ran" | paste -sd,)" = "1 add,3 remove" ]
}

@test "late: a late add whose device came back with another number makes no node" {
	start_udevd --event-timeout=300ms
	plug ttyX 71
	run tty add 3 ttyX 71          # the newest: the device has minor 71 now
	[ "$status" -eq 0 ]
	present ttyX 71
	run tty add 2 ttyX 70          # older than 3 and of the old device number
	[ "$status" -eq 0 ]
	present ttyX 71
	grep -q 'add /class/tty/ttyX is stale' "$T/udevd.log"
}

@test "late: a late event that agrees with sysfs still runs" {
	start_udevd --event-timeout=300ms
	plug ttyX 70
	run tty add 1 ttyX 70
	[ "$status" -eq 0 ]
	unplug ttyX
	run send ACTION=change SEQNUM=3 DEVPATH=/class/tty/ttyX tty
	[ "$status" -eq 0 ]
	present ttyX 70                # change makes and removes nothing
	run tty remove 2 ttyX 70       # late, and the device is gone: it is done
	[ "$status" -eq 0 ]
	absent ttyX
	grep -q 'seqnum 2 remove /class/tty/ttyX is late' "$T/udevd.log"
	! grep -q 'is stale' "$T/udevd.log" || false
	[ "$(cut -d' ' -f1,2 "$T/ran" | paste -sd,)" = "1 add,3 change,2 remove" ]
}

@test "late: a late event of a child after a newer remove of its parent" {
	start_udevd --event-timeout=300ms
	rules "KERNEL==\"sdz*\", RUN+=\"$T/mark\""
	mkdir -p "$SYSFS_PATH/block/sdz/sdz1"
	echo 8:240 >"$SYSFS_PATH/block/sdz/dev"
	echo 8:241 >"$SYSFS_PATH/block/sdz/sdz1/dev"
	run send ACTION=add SEQNUM=1 DEVPATH=/block/sdz MAJOR=8 MINOR=240 block
	[ "$status" -eq 0 ]
	rm -rf "${SYSFS_PATH:?}/block/sdz"
	run send ACTION=remove SEQNUM=4 DEVPATH=/block/sdz MAJOR=8 MINOR=240 block
	[ "$status" -eq 0 ]
	run send ACTION=add SEQNUM=2 DEVPATH=/block/sdz/sdz1 MAJOR=8 MINOR=241 block
	[ "$status" -eq 0 ]
	[ ! -e "$T/dev/sdz1" ]
	grep -q 'add /block/sdz/sdz1 is stale (seqnum 4 of the device ran first and the device is gone now)' "$T/udevd.log"
	[ -z "$(ls -A "$T/dev")" ]
}

# helper DELAY SEQNUM ACTION NAME MINOR: a kernel helper that was starved
# for DELAY seconds before it sent its event (in the background)
slow_helper() {
	(sleep "$1"; rc=0; tty "$3" "$2" "$4" "$5" || rc=$?; echo "$2 $rc" >>"$T/rcs") \
		</dev/null >/dev/null 2>&1 3>&- &
}

@test "late: a storm of adds and removes with starved helpers ends in each device's last state" {
	local dev ev seq=0 total n action last=() i minor delay
	start_udevd --event-timeout=150ms
	: >"$T/rcs"
	# 12 devices, 3 to 6 events each (add, remove, add, ...), interleaved;
	# sysfs shows the kernel's state after the last event, as it does by the
	# time the helpers run
	for ((i = 0; i < 12; i++)); do
		n[i]=$((3 + i % 4))
	done
	for ((ev = 0; ev < 6; ev++)); do
		for ((i = 0; i < 12; i++)); do
			[ "$ev" -lt "${n[i]}" ] || continue
			seq=$((seq + 1))
			action=add
			[ $((ev % 2)) -eq 1 ] && action=remove
			last[i]=$action
			minor=$((100 + i))
			# every third helper is starved for up to 1.2 s
			delay=0.0$((RANDOM % 10))
			[ $((seq % 3)) -eq 0 ] && delay=$((RANDOM % 12 / 10)).$((RANDOM % 10))
			echo "$seq $action ttyS$((100 + i)) $minor $delay" >>"$T/plan"
		done
	done
	for ((i = 0; i < 12; i++)); do
		[ "${last[i]}" = add ] && plug "ttyS$((100 + i))" $((100 + i))
	done
	total=$seq
	while read -r seq action dev minor delay; do
		slow_helper "$delay" "$seq" "$action" "$dev" "$minor"
	done <"$T/plan"
	WAIT_TIMEOUT=30 wait_for eval '[ "$(wc -l <"$T/rcs")" -eq "$total" ]'
	[ -z "$(awk '$2 != 0' "$T/rcs")" ] || { cat "$T/rcs"; return 1; }
	for ((i = 0; i < 12; i++)); do
		dev=ttyS$((100 + i))
		if [ "${last[i]}" = add ]; then
			present "$dev" $((100 + i)) || { echo "$dev should be there"; cat "$T/plan"; return 1; }
		else
			absent "$dev" || { echo "$dev should be gone"; cat "$T/plan"; return 1; }
		fi
	done
	# the storm did what it is for: some events came late
	grep -q ' is late: ' "$T/udevd.log"
}
