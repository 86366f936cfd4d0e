#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The database's index of symlink claimants (<udev_db>/.links/<link>/<record>):
# the hand-over of a shared link reads only the records the index names, a
# stale entry is checked against its record, a database without the index
# (older version) and a link too long to index fall back to reading every
# record, and no listing of records sees the index. Real udev runs on a fake
# sysfs of disks (bench/fakesys).

load udev-lib

# fake_disks N: a fake sysfs of N disks (each with a partition)
fake_disks() {
	rm -rf "$T/sys"
	"$BIN/bench/fakesys" "$T/sys" "$1" 0 >"$T/events" 2>/dev/null
	export SYSFS_PATH="$T/sys"
	# the disks sda.. in kernel order: devpath major minor
	grep -P '\tdisk\t' "$T/events" | cut -f2-4 >"$T/disks"
}

setup() {
	udev_setup
	fake_disks 4
}

# disk I: the devpath of the I-th disk (1-based)
disk() { local d; mapfile -t -s "$(($1 - 1))" -n 1 d <"$T/disks"; echo "${d%%	*}"; }
# disk_mm DEVPATH: MAJOR and MINOR, that disk's, from $T/disks (bash alone:
# the index test adds 220 disks)
disk_mm() {
	local l
	MAJOR= MINOR=
	while IFS= read -r l; do
		[ "${l%%	*}" = "$1" ] || continue
		l=${l#*	}
		MAJOR=${l%%	*} MINOR=${l#*	}
		MINOR=${MINOR%%	*}
	done <"$T/disks"
}
# add_disk DEVPATH / remove_disk DEVPATH
add_disk() { disk_mm "$1"; ev add "$1" block MAJOR="$MAJOR" MINOR="$MINOR" "${@:2}"; }
remove_disk() { disk_mm "$1"; ev remove "$1" block MAJOR="$MAJOR" MINOR="$MINOR"; }
target() { readlink "$T/dev/$1"; }

# Each disk gets its own link; disks 1-3 share disk/shared and a link whose
# escaped name is too long for a file name (disk\x2f and 250 bytes).
LONG=disk/$(printf 'a%.0s' $(seq 250))
shared_rules() {
	rules 'SUBSYSTEM=="block", SYMLINK+="disk/by-n/%k"
KERNEL=="sd[abc]", SYMLINK+="disk/shared '"$LONG"' back\slash"'
}

@test "index: a shared link moves to the smallest other claimant, by the index, the too-long link by a scan" {
	shared_rules
	for i in 2 1 3; do add_disk "$(disk $i)"; done
	[ "$(target disk/shared)" = ../sdc ]
	[ "$(ls "$T/db/.links/disk\x2fshared" | wc -l)" -eq 3 ]
	[ "$(ls "$T/db/.links/back\x5cslash" | wc -l)" -eq 3 ]
	! ls "$T/db/.links" | grep -q aaaa || false            # not indexed
	[ "$(target "$LONG" | grep -o sd.)" = sdc ]
	remove_disk "$(disk 3)"
	for l in disk/shared "$LONG" 'back\slash'; do
		[ "$(target "$l" | grep -o 'sd.$')" = sda ] || { echo "$l: $(target "$l")"; return 1; }
	done
	[ "$(ls "$T/db/.links/disk\x2fshared")" = "$(ls "$T/db" | grep 'sda$')
$(ls "$T/db" | grep 'sdb$')" ]
	remove_disk "$(disk 1)"
	[ "$(target disk/shared)" = ../sdb ]
	remove_disk "$(disk 2)"
	[ ! -e "$T/dev/disk/shared" ]
	[ ! -e "$T/dev/back\\slash" ]
	[ ! -e "$T/dev/$LONG" ]
	[ -z "$(ls -A "$T/db")" ]                     # the last link took the index away
}

@test "index: a stale entry (its record no longer claims the link, or is gone) is ignored" {
	rules 'KERNEL=="sd[bc]", SYMLINK+="disk/shared"'
	for i in 1 2 3; do add_disk "$(disk $i)"; done
	sda=$(ls "$T/db" | grep 'sda$')
	# sda's record, smallest devpath of all, never claimed the link
	touch "$T/db/.links/disk\x2fshared/$sda" "$T/db/.links/disk\x2fshared/block@gone"
	remove_disk "$(disk 3)"
	[ "$(target disk/shared)" = ../sdb ]
	remove_disk "$(disk 2)"
	[ ! -e "$T/dev/disk/shared" ]
}

@test "index: a database without it (older version) still hands over, and gets it whole with the next link" {
	shared_rules
	for i in 1 2 3; do add_disk "$(disk $i)"; done
	rm -rf "$T/db/.links"
	remove_disk "$(disk 3)"
	[ "$(target disk/shared)" = ../sda ]
	! db_there "$T/db/.links" || false                       # a remove does not build it
	add_disk "$(disk 4)"
	[ "$(ls "$T/db/.links/disk\x2fshared" | wc -l)" -eq 2 ]
	[ "$(ls "$T/db/.links" | grep -c 'by-n')" -eq 3 ]
	remove_disk "$(disk 1)"
	[ "$(target disk/shared)" = ../sdb ]
}

@test "index: a change that drops a link takes its entry away" {
	rules 'KERNEL=="sda", ENV{OLD}!="1", SYMLINK+="disk/old"
KERNEL=="sda", SYMLINK+="disk/new"'
	add_disk "$(disk 1)"
	[ -d "$T/db/.links/disk\x2fold" ]
	mm=$(sed -n 1p "$T/disks" | cut -f2,3)
	ev change "$(disk 1)" block OLD=1 MAJOR="${mm%	*}" MINOR="${mm#*	}"
	[ ! -e "$T/dev/disk/old" ]
	[ -L "$T/dev/disk/new" ]
	[ "$(ls "$T/db/.links")" = 'disk\x2fnew' ]
}

@test "index: its entries are names, not inodes: hard links of one empty file, .links/.claim; the last removed takes it and .links away" {
	local e n=0 claim
	shared_rules
	for i in 1 2 3 4; do add_disk "$(disk $i)"; done
	claim=$(stat -c %i "$T/db/.links/.claim")
	# 4 by-n links of one entry each, disk/shared and back\slash of 3 each
	for e in "$T"/db/.links/*/*; do
		[ "$(stat -c %i "$e")" = "$claim" ] || { echo "$e: an inode of its own"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -eq 10 ]
	[ "$(stat -c %h "$T/db/.links/.claim")" -eq 11 ]
	[ ! -s "$T/db/.links/.claim" ]
	# an index of an older version, with no .claim: made at the next entry
	rm "$T/db/.links/.claim"
	remove_disk "$(disk 4)"
	add_disk "$(disk 4)"
	[ "$(stat -c %h "$T/db/.links/.claim")" -eq 2 ]
	for i in 1 2 3 4; do remove_disk "$(disk $i)"; done
	! db_there "$T/db/.links" || false
}

@test "index: invisible to udevinfo's database export" {
	shared_rules
	for i in 1 2; do add_disk "$(disk $i)"; done
	[ -d "$T/db/.links" ]
	run "$BIN/udevinfo" -e
	[ "$status" -eq 0 ]
	[ "$(grep -c '^P:' <<<"$output")" -eq 2 ]
	! grep -q 'links' <<<"$output"
}

# records_read N: adds the first N disks, each with its own link (disk 1
# shares one with disk 2), removes disk 1 under strace and prints how many
# database records it read.
records_read() {
	rules 'SUBSYSTEM=="block", SYMLINK+="disk/by-n/%k"
KERNEL=="sd[ab]", SYMLINK+="disk/pair"'
	local i
	local -a disks
	mapfile -t disks <"$T/disks"
	for ((i = 0; i < $1; i++)); do add_disk "${disks[i]%%	*}" || return 1; done
	disk_mm "${disks[0]%%	*}"
	env ACTION=remove DEVPATH="${disks[0]%%	*}" SUBSYSTEM=block MAJOR="$MAJOR" MINOR="$MINOR" \
		strace -f -qq -e trace=openat,open,readlink,readlinkat -o "$T/strace" "$BIN/udev" block
	[ "$(target disk/pair)" = ../sdb ] || return 1
	# a record is read by one call that names it: its link read, or (a
	# file: EINVAL) opened
	grep -F "\"$T/db/" "$T/strace" | grep -v '/\.links' | grep -vc 'ENOENT\|EINVAL' || :
}

@test "index: the records a remove reads do not grow with the database (20 vs 200 devices)" {
	command -v strace >/dev/null || skip "strace not installed (tools/install-deps.sh)"
	fake_disks 200
	small=$(records_read 20)
	rm -rf "$T/db" "$T/dev"; mkdir "$T/dev"
	large=$(records_read 200)
	echo "records read: 20 devices $small, 200 devices $large"
	[ "$small" -gt 0 ] && [ "$small" -le 3 ] && [ "$small" -eq "$large" ]
}

@test "index: link names from device data stay one entry each inside .links" {
	rules 'KERNEL=="sda", SYMLINK+="x/$env{EVIL} .dot y\\$env{EVIL}"'
	before=$(find "$T" -path "$T/db" -prune -o -path "$T/dev" -prune -o -print | sort)
	add_disk "$(disk 1)" EVIL='../../../../escape/..\..\z'
	[ "$(find "$T" -path "$T/db" -prune -o -path "$T/dev" -prune -o -print | sort)" = "$before" ]
	sda=$(ls "$T/db" | grep 'sda$')
	# one folder per link, each with one entry: the record
	[ "$(find "$T/db/.links" -mindepth 1 -maxdepth 1 -type d | wc -l)" -eq 3 ]
	[ "$(find "$T/db/.links" -mindepth 2 | sed 's|.*/||' | sort -u)" = "$sda" ]
	[ -d "$T/db/.links/\x2edot" ]
	remove_disk "$(disk 1)"
	[ -z "$(ls -A "$T/db")" ]
}

@test "a record with a link_priority is never read empty while it is rewritten: another device's event leaves the link to it" {
	command -v strace >/dev/null || skip "needs strace"
	ptrace_ok "$BIN/udev"
	export SYSFS_PATH="$TOP/test/sysfs-2006"
	rules 'KERNEL=="ttyS1", SYMLINK+="serial", OPTIONS+="link_priority=10"
KERNEL=="ttyS0", SYMLINK+="serial"'
	run ev add /class/tty/ttyS1 tty
	[ "$status" -eq 0 ]
	[ "$(readlink "$T/dev/serial")" = ttyS1 ]
	# ttyS1's record is written again (an add replayed), each write of that
	# udev held 1.5 s by strace (a preempted writer); meanwhile ttyS0 comes
	UDEV_RUN=(strace -f -qq -o /dev/null -e trace=write -e inject=write:delay_enter=1500000
		"${UDEV_RUN[@]}")
	ev add /class/tty/ttyS1 tty >"$T/slow.out" 2>&1 &
	local slow=$!
	sleep 0.7
	echo "ttyS1's record as ttyS0's event reads it: $(db_text "$T/db/class@tty@ttyS1" | wc -c) bytes"
	UDEV_RUN=("${UDEV_RUN[@]:9}")
	run ev add /class/tty/ttyS0 tty
	echo "ttyS0: $status $output"
	wait "$slow"
	cat "$T/slow.out"
	[ "$status" -eq 0 ]
	[ "$(readlink "$T/dev/serial")" = ttyS1 ]
	db_text "$T/db/class@tty@ttyS1" | grep -qx 'L:10'
}
