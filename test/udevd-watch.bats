#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# OPTIONS+="watch" (udev(8), udevd(8)): the shipped persistent storage rules
# watch a disk; udevd turns a close after a write on its node (mkfs through
# the node udev made, on a loop device behind a fake sysfs disk) into a
# change event, so that by-label follows with no trigger. The watch list
# in udev_db (.watch) and the record's W: line; remove drops the watch, a
# restart of udevd keeps it; watch and nowatch, the later one counts.

load storage-lib

setup() {
	udev_setup
	need mkfs.ext4 losetup
	fake_sysfs
	default_rules
}
teardown() {
	stop_udevd
	storage_teardown
}

UUID1=11111111-0000-4000-8000-0000000000c1

# sda_disk: sda in the fake sysfs, an ext4 image labelled "old" behind it
sda_disk() {
	mkimg "$T/sda.img" ext4 old "$UUID1"
	SDA=$(fake_disk 0 sda "$(attach "$T/sda.img")" WSERIAL 5000c500000000c1)
}

# watched_disk: sda_disk, added through udevd
watched_disk() {
	sda_disk
	# udev_db is not there yet: udevd waits for it, and then for .watch
	[ ! -e "$T/db" ]
	start_udevd
	add_sda
}

add_sda() {
	local kenv
	mapfile -t kenv <"$S$SDA/uevent"
	send ACTION=add DEVPATH="$SDA" SEQNUM=1 "${kenv[@]}" block
	[ "$(readlink "$T/dev/disk/by-label/old")" = ../../sda ]
}

# node_watched: udevd has read the list's entry for sda
node_watched() { grep -q "watch: $T/dev/sda (" "$T/udevd.log"; }

# label_is NAME: by-label/NAME leads to sda and nothing else is under by-label
label_is() { [ "$(links by-label)" = "$1 -> ../../sda" ]; }

@test "watch: mkfs.ext4 -L new on the node udev made moves by-label within a second, with no trigger" {
	watched_disk
	db_text "$T/db/"*block@sda | grep -qx 'W:1'
	# the entry: short, a symbolic link's target (udev(8), FILES)
	[ -L "$T/db/.watch/$(echo "${SDA#/}" | tr / @)" ]
	WAIT_TIMEOUT=5 wait_for node_watched
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -L new "$T/dev/sda"
	SECONDS=0
	local i
	for ((i = 0; i < 20; i++)); do
		label_is new && break
		sleep 0.05
	done
	label_is new || { links by-label; cat "$T/udevd.log"; return 1; }
	# the change came from the watch: nobody sent one
	local n
	n=$(grep -c 'watch: sda written, change of' "$T/udevd.log")
	[ "$n" -ge 1 ]
	db_text "$T/db/"*block@sda | grep -qx 'E:ID_FS_LABEL=new'
	[ ! -e "$T/dev/disk/by-uuid/$UUID1" ]
	# udev's own reads of the node (vol_id) are no writes: no change more
	sleep 0.5
	[ "$(grep -c 'written, change of' "$T/udevd.log")" -eq "$n" ]
}

@test "watch: the list made by a worker between udevd's look and its mkdir is still watched" {
	command -v strace >/dev/null || skip "no strace"
	ptrace_ok "$BIN/udevd"
	# the race: udevd looks for .watch (not there), a worker makes it,
	# udevd's mkdir finds it made (EEXIST). Here the first look is made to
	# fail while .watch is there (strace -D: udevd keeps the pid started)
	sda_disk
	mkdir -p "$T/db/.watch"
	UDEVD_RUNNER="strace -D -f -qq -o $T/trace -e trace=inotify_add_watch,mkdir
		-e inject=inotify_add_watch:error=ENOENT:when=1" start_udevd
	add_sda
	WAIT_TIMEOUT=5 wait_for node_watched || { cat "$T/udevd.log" "$T/trace"; false; }
	# the look that failed was udevd's, at .watch, and its mkdir found it
	# (strace pads the pid to five columns)
	grep -qE "^$UDEVD_PID +inotify_add_watch\(.*/\.watch\", .*\(INJECTED\)" "$T/trace"
	grep -qE "^$UDEVD_PID +mkdir\(.*/\.watch\", .*EEXIST" "$T/trace"
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -L new "$T/dev/sda"
	WAIT_TIMEOUT=2 wait_for label_is new
}

@test "watch: a write by the event's own programs brings no event (no loop)" {
	# every event of sda opens its node for writing and closes it
	printf '%s\n' 'KERNEL=="sda", RUN+="/bin/sh -c '"'"': >>$root/sda'"'"'"' >"$T/rules.d/70-writer.rules"
	watched_disk
	WAIT_TIMEOUT=5 wait_for node_watched
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -L new "$T/dev/sda"
	WAIT_TIMEOUT=2 wait_for label_is new
	sleep 0.5
	# mkfs's closes made changes; the programs' closes (add, change) none:
	# the count stays where it is (without the check, 189 in two seconds)
	local n
	n=$(grep -c 'written, change of' "$T/udevd.log")
	sleep 0.5
	[ "$(grep -c 'written, change of' "$T/udevd.log")" -eq "$n" ] || { cat "$T/udevd.log"; return 1; }
	[ "$(grep -c 'written while .* runs, no event' "$T/udevd.log")" -ge "$n" ]
}

@test "watch: remove drops the watch, the entry and the list" {
	watched_disk
	WAIT_TIMEOUT=5 wait_for node_watched
	local kenv
	mapfile -t kenv <"$S$SDA/uevent"
	send ACTION=remove DEVPATH="$SDA" SEQNUM=2 "${kenv[@]}" block
	[ ! -e "$T/dev/sda" ]
	# the entry goes; the folder stays, empty (udevd watches it: docs/udevd.8)
	[ -d "$T/db/.watch" ]
	[ -z "$(ls -A "$T/db/.watch")" ]
	WAIT_TIMEOUT=5 wait_for grep -q "watch: $SDA no longer watched" "$T/udevd.log"
	# a node of the same device made again is nobody's watch
	local mm
	mm=$(cat "$S$SDA/dev")
	mknod "$T/dev/sda" b "${mm%:*}" "${mm#*:}"
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -L again "$T/dev/sda"
	sleep 0.5
	! grep -q 'written, change of' "$T/udevd.log" || false
	rm "$T/dev/sda"
}

@test "watch: a restarted udevd watches what the list names" {
	watched_disk
	WAIT_TIMEOUT=5 wait_for node_watched
	stop_udevd
	: >"$T/udevd.log"
	start_udevd
	# read at start-up: no event brought it
	node_watched
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -L after "$T/dev/sda"
	WAIT_TIMEOUT=2 wait_for label_is after || { links by-label; cat "$T/udevd.log"; return 1; }
	grep -q "UDEVD_EVENT_SOURCE=watch\|watch: sda written, change of $SDA" "$T/udevd.log"
}

@test "watch: OPTIONS watch and nowatch, the later one counts; the record and the list agree" {
	truncate -s 1M "$T/a.img" "$T/b.img" "$T/c.img"
	rm "$T/rules.d/60-persistent-storage.rules"
	A=$(fake_disk 0 sda "$(attach "$T/a.img")" SA 5000c500000000d1)
	B=$(fake_disk 1 sdb "$(attach "$T/b.img")" SB 5000c500000000d2)
	C=$(fake_disk 2 sdc "$(attach "$T/c.img")" SC 5000c500000000d3)
	rules 'KERNEL=="sd[ab]", OPTIONS+="watch"
KERNEL=="sdb", OPTIONS+="nowatch"
KERNEL=="sdc", OPTIONS+="nowatch"
KERNEL=="sdc", OPTIONS+="watch"'
	add_all() { for d in "$@"; do ev add "$d" block || return 1; done; }
	add_all "$A" "$B" "$C"
	[ "$(ls "$T/db/.watch")" = "$(printf '%s\n' "${A#/}" "${C#/}" | tr / @)" ]
	db_text "$T/db/"*@sda | grep -qx 'W:1'
	! db_text "$T/db/"*@sdb | grep -q '^W:' || false
	# the entry names the device and its node
	db_text "$T/db/.watch/"*@sda | grep -qx "P:$A"
	db_text "$T/db/.watch/"*@sda | grep -qx "N:sda"
	db_text "$T/db/.watch/"*@sda | grep -qx "M:$(cat "$S$A/dev")"
	# a change whose rules no longer watch takes the entry away
	rules 'KERNEL=="sdc", OPTIONS+="watch"'
	ev change "$A" block
	[ "$(ls "$T/db/.watch")" = "$(echo "${C#/}" | tr / @)" ]
	! db_text "$T/db/"*@sda | grep -q '^W:' || false
	ev remove "$C" block
	# the list is empty; its folder stays (udevd watches it: docs/udevd.8)
	[ -z "$(ls -A "$T/db/.watch")" ]
	ev remove "$B" block && ev remove "$A" block
	[ "$(ls -A "$T/db")" = .watch ]
}

# inotify_inodes PID: the inodes the inotify descriptor of PID watches
inotify_inodes() {
	local f
	for f in /proc/"$1"/fdinfo/*; do
		sed -n 's/^inotify wd:[0-9a-f]* ino:\([0-9a-f]*\) .*/\1/p' "$f" 2>/dev/null
	done | while read -r i; do printf '%d\n' "0x$i"; done | sort -n
}

@test "watch: with nothing watched udevd watches the empty .watch, never udev_db (no wake-up for every record a worker writes)" {
	rm "$T/rules.d/60-persistent-storage.rules"
	sda_disk
	[ ! -e "$T/db" ]
	start_udevd
	local kenv
	mapfile -t kenv <"$S$SDA/uevent"
	send ACTION=add DEVPATH="$SDA" SEQNUM=1 "${kenv[@]}" block
	[ -e "$T/dev/sda" ]
	[ -d "$T/db" ]
	# udev_db appeared with the first record: udevd made .watch in it
	WAIT_TIMEOUT=5 wait_for test -d "$T/db/.watch"
	[ -z "$(ls -A "$T/db/.watch")" ]
	WAIT_TIMEOUT=5 wait_for eval '[ "$(inotify_inodes "$UDEVD_PID")" = "$(stat -c %i "$T/db/.watch")" ]' ||
		{ inotify_inodes "$UDEVD_PID"; stat -c '%i %n' "$T/db" "$T/db/.watch"; return 1; }
	# a restarted udevd finds udev_db there and watches .watch at once
	stop_udevd
	rmdir "$T/db/.watch"
	start_udevd
	[ "$(inotify_inodes "$UDEVD_PID")" = "$(stat -c %i "$T/db/.watch")" ]
}
