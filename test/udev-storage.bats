#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The default 60-persistent-storage.rules through udev (their probes run
# inside udev: IMPORT{builtin}, udev-builtin.bats): a fake sysfs disk
# with partitions whose "dev" files name loop devices holding real file
# system images, so that vol_id reads real superblocks through $tempnode.
# by-id, by-path, by-uuid and by-label links, their removal, the hand-over
# of a link two devices claim, change after formatting, hostile labels.

load storage-lib

setup() {
	udev_setup
	need mkfs.ext4 mkfs.vfat losetup
	fake_sysfs
	default_rules
}
teardown() {
	stop_udevd
	storage_teardown
}

UUID1=11111111-0000-4000-8000-0000000000a1

# disk_with_parts: sda (empty image) with sda1 (ext4 "data") and sda2 (vfat "STICK")
disk_with_parts() {
	truncate -s 1M "$T/sda.img"
	mkimg "$T/p1.img" ext4 data "$UUID1"
	mkimg "$T/p2.img" vfat STICK 1234ABCD
	SDA=$(fake_disk 0 sda "$(attach "$T/sda.img")" WD-SERIAL1 5000c50000000001)
	SDA1=$(fake_part "$SDA" 1 "$(attach "$T/p1.img")")
	SDA2=$(fake_part "$SDA" 2 "$(attach "$T/p2.img")")
}

add_all() { for d in "$@"; do ev add "$d" block || return 1; done; }

@test "storage: by-id, by-path, by-uuid and by-label links for a disk and its partitions" {
	disk_with_parts
	add_all "$SDA" "$SDA1" "$SDA2"
	[ "$(links by-id)" = "ata-TEST_DISK_0_WD-SERIAL1 -> ../../sda
ata-TEST_DISK_0_WD-SERIAL1-part1 -> ../../sda1
ata-TEST_DISK_0_WD-SERIAL1-part2 -> ../../sda2
wwn-0x5000c50000000001 -> ../../sda
wwn-0x5000c50000000001-part1 -> ../../sda1
wwn-0x5000c50000000001-part2 -> ../../sda2" ]
	[ "$(links by-path)" = "pci-0000:00:1f.2-scsi-0:0:0:0 -> ../../sda
pci-0000:00:1f.2-scsi-0:0:0:0-part1 -> ../../sda1
pci-0000:00:1f.2-scsi-0:0:0:0-part2 -> ../../sda2" ]
	[ "$(links by-uuid)" = "$UUID1 -> ../../sda1
1234-ABCD -> ../../sda2" ]
	[ "$(links by-label)" = "STICK -> ../../sda2
data -> ../../sda1" ]
	# the links lead to the nodes of the loop devices: a real superblock behind them
	[ "$("$BIN/vol_id" -l "$T/dev/disk/by-uuid/$UUID1")" = data ]
}

# dm_volume: dm-0, a device-mapper volume: no disk below it in sysfs, only vol_id's keys
dm_volume() {
	mkimg "$T/dm.img" vfat DMVOL 5555AAAA
	DM=/devices/virtual/block/dm-0
	fake_blockdev "$DM" "$(attach "$T/dm.img")" disk
}

# the links and keys of disk_with_parts and dm_volume, added
four_devices_added() {
	[ "$(links by-uuid)" = "$UUID1 -> ../../sda1
1234-ABCD -> ../../sda2
5555-AAAA -> ../../dm-0" ]
	[ "$(links by-label)" = "DMVOL -> ../../dm-0
STICK -> ../../sda2
data -> ../../sda1" ]
	[ "$(links by-id | grep -c ata-TEST_DISK_0_WD-SERIAL1)" -eq 3 ]
	db_text "$T/db/"*sda2 | grep -qx "E:ID_FS_LABEL=STICK"
	db_text "$T/db/"*sda2 | grep -qx "E:ID_SERIAL_SHORT=WD-SERIAL1"
	db_text "$T/db/"*sda2 | grep -qx "E:ID_PART_ENTRY_NUMBER=2"
	# sda has no file system: no keys left from an earlier device
	! db_text "$T/db/"*block@sda | grep -q "E:ID_FS_" || false
	! db_text "$T/db/"*block@sda | grep -q "E:ID_PART_ENTRY_NUMBER" || false
	! db_text "$T/db/"*dm-0 | grep -q "E:ID_SERIAL" || false
}

# db_and_links: every record and every link, for a comparison
db_and_links() {
	local f
	for f in "$T/db/"*; do echo "== ${f##*/}"; db_text "$f" | LC_ALL=C sort; done
	(cd "$T/dev" && find . -type l -printf '%p -> %l\n' | LC_ALL=C sort)
}

@test "storage: the shipped rules start no program: disk_id and vol_id run inside one pool worker, event after event" {
	need strace
	grep -qF 'IMPORT{builtin}="disk_id --export --volume=$tempnode %p"' "$T/rules.d/60-persistent-storage.rules"
	grep -qF 'IMPORT{builtin}="vol_id --export $tempnode"' "$T/rules.d/60-persistent-storage.rules"
	! grep -v '^#' "$T/rules.d/60-persistent-storage.rules" | grep -q 'IMPORT{program}' || false
	disk_with_parts
	dm_volume
	pool_of_one strace -f -qq -e trace=execve,fork,vfork,clone,clone3 -o "$T/trace.log"
	local d seq=1 kenv
	for d in "$SDA1" "$SDA" "$SDA2" "$DM"; do
		mapfile -t kenv <"$S$d/uevent"
		send ACTION=add DEVPATH="$d" SEQNUM=$((seq++)) "${kenv[@]}" block
	done
	four_devices_added
	[ "$(workers_started)" -eq 1 ]
	# the worker's own start, and nothing else: no fork, no program
	[ "$(grep -c 'execve(' "$T/trace.log")" -eq 1 ] || { cat "$T/trace.log"; return 1; }
	grep -q "execve(\"$BIN/udev\"" "$T/trace.log"
	! grep -qE 'fork\(|clone3?\(' "$T/trace.log" || { cat "$T/trace.log"; return 1; }
}

@test "storage: IMPORT{program}=\"/sbin/vol_id ...\" in users' rules keeps working: one program per device, the same records and links as the built-ins" {
	disk_with_parts
	dm_volume
	add_all "$SDA" "$SDA1" "$SDA2" "$DM"
	four_devices_added
	db_and_links >"$T/builtin.txt"
	for d in "$DM" "$SDA2" "$SDA1" "$SDA"; do ev remove "$d" block; done
	[ -z "$(ls -A "$T/dev")" ]
	# the shipped rules as a user's rules from before: programs, through
	# wrappers that log each start, then run the helper
	mkdir "$T/wrap"
	for p in disk_id vol_id; do
		printf '#!/bin/sh\necho %s "$@" >>%s\nexec %s "$@"\n' "$p" "$T/starts" "$BIN/$p" >"$T/wrap/$p"
		chmod +x "$T/wrap/$p"
	done
	sed "s|IMPORT{builtin}=\"vol_id|IMPORT{program}=\"$T/wrap/vol_id|; s|IMPORT{builtin}=\"disk_id|IMPORT{program}=\"$T/wrap/disk_id|" \
		"$TOP/etc/udev/rules.d/60-persistent-storage.rules" >"$T/rules.d/60-persistent-storage.rules"
	! grep -v '^#' "$T/rules.d/60-persistent-storage.rules" | grep -q 'IMPORT{builtin}' || false
	add_all "$SDA" "$SDA1" "$SDA2" "$DM"
	# four devices, four starts: disk_id with the temporary node, vol_id for dm-0
	tmp() { local n; n=$(cat "$S$1/dev"); echo "$T/dev/.tmp-${n%:*}-${n#*:}"; }
	[ "$(awk '{ print $1, $2, $3 }' "$T/starts" | sed 's/-[0-9]*$//')" = "disk_id --export --volume=$(tmp "$SDA")
disk_id --export --volume=$(tmp "$SDA1")
disk_id --export --volume=$(tmp "$SDA2")
vol_id --export $(tmp "$DM")" ]
	db_and_links >"$T/program.txt"
	diff "$T/builtin.txt" "$T/program.txt"
}

@test "storage: udevinfo -q env shows the imported keys; udevtest the links it would make" {
	disk_with_parts
	add_all "$SDA" "$SDA1"
	run "$BIN/udevinfo" -q env -n sda1
	[ "$status" -eq 0 ]
	for kv in ID_FS_TYPE=ext4 ID_FS_USAGE=filesystem ID_FS_UUID=$UUID1 ID_FS_UUID_ENC=$UUID1 \
		ID_FS_LABEL=data ID_FS_LABEL_ENC=data ID_BUS=ata ID_SERIAL=TEST_DISK_0_WD-SERIAL1 \
		ID_SERIAL_SHORT=WD-SERIAL1 ID_PATH=pci-0000:00:1f.2-scsi-0:0:0:0 ID_PART_ENTRY_NUMBER=1; do
		grep -qx "$kv" <<<"$output" || { echo "no $kv in: $output"; return 1; }
	done
	run "$BIN/udevtest" "$SDA2"
	[ "$status" -eq 0 ]
	grep -qx "symlink '$T/dev/disk/by-label/STICK' -> 'sda2'" <<<"$output"
	grep -qx "symlink '$T/dev/disk/by-uuid/1234-ABCD' -> 'sda2'" <<<"$output"
	[ ! -e "$T/dev/sda2" ] && [ ! -e "$T/dev/disk/by-label/STICK" ]
}

@test "storage: remove takes the links away, and the empty directories" {
	disk_with_parts
	add_all "$SDA" "$SDA1" "$SDA2"
	for d in "$SDA2" "$SDA1" "$SDA"; do ev remove "$d" block; done
	[ -z "$(ls -A "$T/dev")" ]
	# no record left; the watch list (the shipped rules watch disks) is
	# empty, its folder stays (docs/udevd.8)
	[ "$(ls -A "$T/db")" = .watch ]
	[ -z "$(ls -A "$T/db/.watch")" ]
}

# two disks whose first partitions hold copies of one image: same UUID, same label
two_claimants() {
	mkimg "$T/p.img" ext4 twin "$UUID1"
	cp --sparse=always "$T/p.img" "$T/q.img"
	truncate -s 1M "$T/a.img" "$T/b.img"
	SDA=$(fake_disk 0 sda "$(attach "$T/a.img")" SER-A 5000c500000000aa)
	SDB=$(fake_disk 1 sdb "$(attach "$T/b.img")" SER-B 5000c500000000bb)
	SDA1=$(fake_part "$SDA" 1 "$(attach "$T/p.img")")
	SDB1=$(fake_part "$SDB" 1 "$(attach "$T/q.img")")
}

@test "storage: a link two devices claim moves to the other when its owner goes away" {
	two_claimants
	add_all "$SDA" "$SDB" "$SDA1" "$SDB1"
	[ "$(readlink "$T/dev/disk/by-uuid/$UUID1")" = ../../sdb1 ]
	[ "$(readlink "$T/dev/disk/by-label/twin")" = ../../sdb1 ]
	db_text "$T/db/"*sda1 | grep -qx "S:disk/by-label/twin"
	ev remove "$SDB1" block
	[ "$(readlink "$T/dev/disk/by-uuid/$UUID1")" = ../../sda1 ]
	[ "$(readlink "$T/dev/disk/by-label/twin")" = ../../sda1 ]
	[ ! -e "$T/dev/disk/by-path/pci-0000:00:1f.2-scsi-1:0:0:0-part1" ]
	ev remove "$SDA1" block
	[ ! -e "$T/dev/disk/by-uuid" ] && [ ! -e "$T/dev/disk/by-label" ]
}

@test "storage: removing the device a shared link does not point at leaves the link" {
	two_claimants
	add_all "$SDA" "$SDB" "$SDA1" "$SDB1"
	ev remove "$SDA1" block
	[ "$(readlink "$T/dev/disk/by-label/twin")" = ../../sdb1 ]
	ev add "$SDA1" block
	[ "$(readlink "$T/dev/disk/by-label/twin")" = ../../sda1 ]
	ev remove "$SDA1" block
	[ "$(readlink "$T/dev/disk/by-label/twin")" = ../../sdb1 ]
	ev remove "$SDB1" block
	[ ! -e "$T/dev/disk/by-label" ]
}

@test "storage: change after formatting gets the new links and drops the old" {
	disk_with_parts
	add_all "$SDA" "$SDA1"
	# sda itself has no file system yet
	[ -z "$(links by-label | grep -- '-> ../../sda$')" ]
	mkimg "$T/sda.img" vfat WHOLE 0A0B0C0D
	ev change "$SDA" block
	[ "$(readlink "$T/dev/disk/by-label/WHOLE")" = ../../sda ]
	[ "$(readlink "$T/dev/disk/by-uuid/0A0B-0C0D")" = ../../sda ]
	db_text "$T/db/"*block@sda | grep -qx "E:ID_FS_TYPE=vfat"
	# reformatted with another label: the old links go
	mkimg "$T/sda.img" ext4 newer 11111111-0000-4000-8000-0000000000b2
	ev change "$SDA" block
	[ ! -e "$T/dev/disk/by-label/WHOLE" ]
	[ ! -e "$T/dev/disk/by-uuid/0A0B-0C0D" ]
	[ "$(readlink "$T/dev/disk/by-label/newer")" = ../../sda ]
	# wiped: no file system keys, no links, the id and path links stay
	dd if=/dev/zero of="$T/sda.img" bs=64k count=1 conv=notrunc status=none
	ev change "$SDA" block
	[ ! -e "$T/dev/disk/by-label/newer" ]
	! db_text "$T/db/"*block@sda | grep -q "^E:ID_FS_" || false
	[ -L "$T/dev/disk/by-path/pci-0000:00:1f.2-scsi-0:0:0:0" ]
	[ -L "$T/dev/disk/by-id/ata-TEST_DISK_0_WD-SERIAL1" ]
	ev remove "$SDA1" block && ev remove "$SDA" block
	[ -z "$(ls -A "$T/dev")" ]
}

@test "storage: hostile labels become one safe link name under by-label, as nobody made them" {
	evil=$(mktemp -d /tmp/storage-evil.XXXXXX)
	chown nobody "$evil" && chmod 755 "$evil"
	truncate -s 1M "$T/disk.img"
	SDA=$(fake_disk 0 sda "$(attach "$T/disk.img")" SER 5000c50000000001)
	add_all "$SDA"
	n=0
	for label in '../../../etc' '..' 'a/b c' $'x\nID_FS_TYPE=y' $'\x01\x1b[2J' '$(reboot)%k'; do
		n=$((n + 1))
		setpriv --reuid=nobody --regid=nogroup --clear-groups env PATH="$PATH:/sbin:/usr/sbin" \
			mkfs.ext4 -q -F -L "$label" "$evil/p$n.img" 8M 2>/dev/null ||
			{ rm -rf "$evil"; echo "mkfs.ext4 -L '$label' failed"; return 1; }
		p=$(fake_part "$SDA" "$n" "$(attach "$evil/p$n.img")")
		ev add "$p" block || { rm -rf "$evil"; return 1; }
	done
	rm -rf "$evil"
	[ "$(links by-label)" = '..\x2f..\x2f..\x2fetc -> ../../sda1
\x01\x1b\x5b2J -> ../../sda5
\x24\x28reboot\x29\x25k -> ../../sda6
\x2e\x2e -> ../../sda2
a\x2fb\x20c -> ../../sda3
x\x0aID_FS_TYPE=y -> ../../sda4' ] || { links by-label; return 1; }
	# nothing outside the by-* directories, nothing outside udev_root
	[ -z "$(find "$T/dev" -mindepth 1 -maxdepth 1 ! -name 'sd*' ! -name disk)" ]
	[ "$(ls "$T/dev/disk")" = "by-id
by-label
by-path
by-uuid" ]
	[ ! -e "$T/etc" ]
	[ ! -e "$T/dev/etc" ]
	db_text "$T/db/"*sda4 | grep -qx 'E:ID_FS_TYPE=ext4'
	for n in 1 2 3 4 5 6; do ev remove "$SDA/sda$n" block; done
	[ ! -e "$T/dev/disk/by-label" ]
}

@test "storage: by-partuuid and by-partlabel from the disk's GPT; the entry's keys as blkid gives them" {
	need sgdisk blkid partx
	truncate -s 64M "$T/gpt.img"
	sgdisk -n1:2048:+8M -c1:'my root' -u1:11111111-2222-4333-8444-555555555555 \
		-n2:0:+4M -c2:'../etc' -u2:11111111-2222-4333-8444-666666666666 "$T/gpt.img" >/dev/null
	local l n p
	l=$(attach_parts "$T/gpt.img")
	SDA=$(fake_disk 0 sda "$(cat "/sys/block/$l/dev")" SER 5000c50000000001)
	add_all "$SDA"
	for n in 1 2; do
		p=$(fake_part "$SDA" "$n" "$(cat "/sys/block/$l/${l}p$n/dev")")
		cp "/sys/block/$l/${l}p$n/start" "$S$p/start"
		add_all "$p"
	done
	[ "$(links by-partuuid)" = "11111111-2222-4333-8444-555555555555 -> ../../sda1
11111111-2222-4333-8444-666666666666 -> ../../sda2" ]
	[ "$(links by-partlabel)" = '..\x2fetc -> ../../sda2
my\x20root -> ../../sda1' ]
	db_text "$T/db/"*block@sda | grep -qx "E:ID_PART_TABLE_TYPE=gpt"
	! db_text "$T/db/"*block@sda | grep -q "E:ID_PART_ENTRY" || false
	# sda2's keys are blkid's, read through a node of the real partition
	mknod_parts "$l" "$T/n"
	diff <(blkid -p -o udev "$T/n/${l}p2" | grep ^ID_PART_ENTRY_ | LC_ALL=C sort) \
		<(db_text "$T/db/"*block@sda@sda2 | sed -n 's/^E:\(ID_PART_ENTRY_\)/\1/p' | LC_ALL=C sort)
	for n in 2 1; do ev remove "$SDA/sda$n" block; done
	[ ! -e "$T/dev/disk/by-partuuid" ] && [ ! -e "$T/dev/disk/by-partlabel" ]
}
