#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# vol_id on image files made by the Debian tools: each format's type, UUID
# and label (a table), the same as blkid reads them; the encoded forms of
# hostile labels; the options and exit codes.

load storage-lib

setup() { udev_setup; }
teardown() { [ ! -f "$T/cleanup" ] || rm -rf "$(cat "$T/cleanup")"; }

# TYPE  MKFS-TYPE  LABEL  UUID (given to mkfs)  expected ID_FS_UUID  usage  version
TABLE='ext2 ext2 e2data 11111111-0000-4000-8000-000000000002 = filesystem 1.0
ext3 ext3 e3data 11111111-0000-4000-8000-000000000003 = filesystem 1.0
ext4 ext4 e4data 11111111-0000-4000-8000-000000000004 = filesystem 1.0
vfat vfat STICK 1234ABCD 1234-ABCD filesystem FAT12
vfat fat32 BIG32 DEADBEEF DEAD-BEEF filesystem FAT32
btrfs btrfs btr 22222222-0000-4000-8000-000000000001 = filesystem -
xfs xfs xfsdata 33333333-0000-4000-8000-000000000001 = filesystem 5
swap swap swp 44444444-0000-4000-8000-000000000001 = other 1
crypto_LUKS luks1 - 55555555-0000-4000-8000-000000000001 = crypto 1
crypto_LUKS luks2 vault 55555555-0000-4000-8000-000000000002 = crypto 2
squashfs squashfs - - - filesystem 4.0'

# key FILE KEY: the value of KEY in vol_id's output FILE
key() {
	local l
	while IFS= read -r l || [ -n "$l" ]; do
		case $l in "$2="*) printf '%s\n' "${l#"$2="}" ;; esac
	done <"$1"
}

@test "vol_id: every format of the table, as made by its Debian tool" {
	need mkfs.ext4 mkfs.vfat mkfs.btrfs mkfs.xfs mkswap mksquashfs cryptsetup
	while read -r type mk label uuid want usage version; do
		[ "$label" = - ] && label=
		[ "$want" = = ] && want=$uuid
		[ "$want" = - ] && want=
		mkimg "$T/$mk.img" "$mk" "$label" "$uuid"
		run "$BIN/vol_id" --export "$T/$mk.img"
		[ "$status" -eq 0 ] || { echo "$mk: exit $status: $output"; return 1; }
		echo "$output" >"$T/$mk.out"
		got="$(key "$T/$mk.out" ID_FS_TYPE) $(key "$T/$mk.out" ID_FS_USAGE) $(key "$T/$mk.out" ID_FS_UUID) $(key "$T/$mk.out" ID_FS_LABEL) $(key "$T/$mk.out" ID_FS_VERSION)"
		[ "$version" = - ] && version=
		exp="$type $usage $want $label $version"
		[ "$got" = "$exp" ] || { echo "$mk: want '$exp' got '$got'"; return 1; }
		rm -f "$T/$mk.img"
	done <<<"$TABLE"
}

@test "vol_id: iso9660 label and date UUID as blkid reads them" {
	need genisoimage blkid
	mkimg "$T/cd.img" iso9660 "CD LABEL" -
	"$BIN/vol_id" "$T/cd.img" >"$T/out"
	[ "$(key "$T/out" ID_FS_TYPE)" = iso9660 ]
	[ "$(key "$T/out" ID_FS_LABEL)" = CD_LABEL ]
	[ "$(key "$T/out" ID_FS_LABEL_ENC)" = 'CD\x20LABEL' ]
	[ "$(key "$T/out" ID_FS_UUID)" = "$(blkid -p -o value -s UUID "$T/cd.img")" ]
	[[ "$(key "$T/out" ID_FS_UUID)" =~ ^[0-9]{4}(-[0-9]{2}){6}$ ]]
}

@test "vol_id: the same type, UUID and label as blkid for each image" {
	need mkfs.ext4 mkfs.vfat mkfs.btrfs mkfs.xfs mkswap cryptsetup blkid
	for mk in ext4 vfat fat32 btrfs xfs swap luks2; do
		mkimg "$T/i.img" "$mk" "Lbl$mk" "$( [ "${mk#*fat}" != "$mk" ] && echo 0A0B0C0D || cat /proc/sys/kernel/random/uuid)"
		"$BIN/vol_id" "$T/i.img" >"$T/out"
		for k in TYPE UUID LABEL; do
			[ "$(key "$T/out" "ID_FS_$k")" = "$(blkid -p -o value -s "$k" "$T/i.img")" ] ||
				{ echo "$mk $k: vol_id '$(key "$T/out" "ID_FS_$k")' blkid '$(blkid -p -o value -s "$k" "$T/i.img")'"; return 1; }
		done
		rm -f "$T/i.img"
	done
}

# poke FILE OFFSET BYTES: writes printf-style BYTES at OFFSET
poke() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

@test "vol_id: hostile ext4 labels are one encoded name, never a path or a line" {
	need mkfs.ext4
	# the attacker makes the image: nobody, in a directory of its own
	evil=$(mktemp -d /tmp/vol_id-evil.XXXXXX)
	echo "$evil" >"$T/cleanup"
	chown nobody "$evil" && chmod 755 "$evil"
	setpriv --reuid=nobody --regid=nogroup --clear-groups env PATH="$PATH:/sbin:/usr/sbin" \
		mkfs.ext4 -q -L x "$evil/fs.img" 8M
	img=$evil/fs.img
	while IFS='|' read -r raw enc safe; do
		poke "$img" 1144 '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'
		poke "$img" 1144 "$raw"
		"$BIN/vol_id" --export "$img" >"$T/out"
		[ "$(key "$T/out" ID_FS_LABEL_ENC)" = "$enc" ] || { echo "$raw: ENC $(key "$T/out" ID_FS_LABEL_ENC) want $enc"; return 1; }
		[ "$(key "$T/out" ID_FS_LABEL)" = "$safe" ] || { echo "$raw: $(key "$T/out" ID_FS_LABEL) want $safe"; return 1; }
		[ "$(key "$T/out" ID_FS_TYPE)" = ext4 ]
		[ "$(grep -c . "$T/out")" -eq 7 ]
	done <<-'EOF2'
	../../etc|..\x2f..\x2fetc|.._.._etc
	..|\x2e\x2e|__
	a/b c|a\x2fb\x20c|a_b_c
	x\ny\nID_FS_TYPE=z|x\x0ay\x0aID_FS_TYPE=z|x_y_ID_FS_TYPE=z
	\001\033[2J|\x01\x1b\x5b2J|___2J
	$(reboot)|\x24\x28reboot\x29|__reboot_
	back\\x2f|back\x5cx2f|back_x2f
	Données|Données|Données
	\377\376bad|\xff\xfebad|__bad
	nel\302\205x|nel\xc2\x85x|nel__x
	EOF2
}

@test "vol_id: -t, -l, -u print one value; exit codes" {
	need mkfs.ext4
	mkimg "$T/fs.img" ext4 "my disk" 11111111-0000-4000-8000-00000000000a
	[ "$("$BIN/vol_id" -t "$T/fs.img")" = ext4 ]
	[ "$("$BIN/vol_id" -l "$T/fs.img")" = 'my\x20disk' ]
	[ "$("$BIN/vol_id" -u "$T/fs.img")" = 11111111-0000-4000-8000-00000000000a ]
	truncate -s 1M "$T/zero.img"
	run "$BIN/vol_id" "$T/zero.img"
	[ "$status" -eq 3 ]
	[ -z "$output" ]
	run "$BIN/vol_id" "$T/missing.img"
	[ "$status" -eq 2 ]
	run "$BIN/vol_id"
	[ "$status" -eq 1 ]
	mkimg "$T/nolabel.img" ext4 "" 11111111-0000-4000-8000-00000000000b
	run "$BIN/vol_id" -l "$T/nolabel.img"
	[ "$status" -eq 4 ]
	# a file shorter than the superblock offsets is no volume, not an error
	printf 'hsq' >"$T/short.img"
	run "$BIN/vol_id" "$T/short.img"
	[ "$status" -eq 3 ]
}

@test "vol_id: a device that never answers ends in the timeout (exit 16, the suite's timeout code)" {
	mkfifo "$T/dead"
	# a FIFO without a writer blocks open(): like a dead device
	SECONDS=0
	run timeout 20 "$BIN/vol_id" --timeout=1 "$T/dead"
	[ "$status" -eq 16 ]
	[ "$SECONDS" -le 3 ]
	[[ "$output" == *"timed out"* ]]
}

@test "vol_id: reads only the blocks it needs" {
	need mkfs.ext4 strace
	mkimg "$T/fs.img" ext4 small 11111111-0000-4000-8000-00000000000c
	# LeakSanitizer cannot run under ptrace (make check-sanitize)
	strace -P "$T/fs.img" -e trace=pread64,read -o "$T/trace" \
		env ASAN_OPTIONS=detect_leaks=0 "$BIN/vol_id" "$T/fs.img" >/dev/null
	# what it read of the 8 MiB image, in bytes: the superblocks it tried
	total=$(sed -n 's/.* = \([0-9]*\)$/\1/p' "$T/trace" | awk '{ s += $1 } END { print s + 0 }')
	[ "$total" -gt 0 ] && [ "$total" -le 8192 ] || { cat "$T/trace"; return 1; }
}
