#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Partition tables in vol_id (and disk_id, which shares the code): dos and
# GPT tables made by sfdisk and sgdisk, on image files and on loop devices
# with their partitions, compared key by key with blkid -p; a partition's
# entry read from its disk; hostile tables refused at once.

load storage-lib

setup() {
	udev_setup
	need sfdisk sgdisk blkid losetup partx
	# the loop devices' own sysfs: where a partition finds its disk
	export SYSFS_PATH=/sys
}
teardown() { storage_teardown; }

# dos_img FILE: a dos table with a bootable primary, a FAT one, another,
# an extended partition (4) and two logical ones (5, 6)
dos_img() {
	truncate -s 64M "$1"
	printf '%s\n' 'label: dos' 'label-id: 0x1234abcd' 'start=2048, size=8192, type=83, bootable' \
		'size=8192, type=c' 'size=2048, type=83' 'size=30000, type=5' 'size=4096, type=82' \
		'size=4096, type=7' |
		sfdisk -q "$1"
}

# gpt_img FILE [SGDISK OPTIONS]: a GPT with names (a space, a slash, UTF-8),
# an attribute bit, and a partition without a name
gpt_img() {
	local f=$1
	shift
	truncate -s 64M "$f"
	sgdisk "$@" -U 5cb10b1b-f969-4ab9-844f-083a2d1af6b2 \
		-n1:2048:+8M -t1:8300 -c1:'my root' -u1:11111111-2222-4333-8444-555555555555 \
		-n2:0:+4M -t2:ef00 -c2:'EFI/Sys tème' -A2:set:0 -A2:set:60 \
		-n3:0:0 -t3:8200 "$f" >/dev/null
}

@test "vol_id: the table of an image, as blkid reads it (dos, GPT; none on FAT or NTFS)" {
	dos_img "$T/dos.img"
	gpt_img "$T/gpt.img"
	for i in dos gpt; do
		same_part_keys "$T/$i.img"
	done
	[ "$("$BIN/vol_id" "$T/dos.img")" = "ID_PART_TABLE_UUID=1234abcd
ID_PART_TABLE_TYPE=dos" ]
	grep -qx ID_PART_TABLE_UUID=5cb10b1b-f969-4ab9-844f-083a2d1af6b2 <("$BIN/vol_id" "$T/gpt.img")
	# a table is no file system: -t has nothing to say
	run "$BIN/vol_id" -t "$T/gpt.img"
	[ "$status" -eq 3 ]
	# a FAT boot sector ends in 0x55 0xaa too: no table
	need mkfs.vfat
	truncate -s 8M "$T/fat.img" && mkfs.vfat "$T/fat.img" >/dev/null
	! "$BIN/vol_id" "$T/fat.img" | grep -q ID_PART_ || false
	same_part_keys "$T/fat.img"
	# nor is an NTFS one; an exFAT one blkid takes for a dos table, and so do we
	need mkfs.ntfs mkfs.exfat
	truncate -s 16M "$T/ntfs.img" "$T/exfat.img"
	PATH=$PATH:/sbin:/usr/sbin mkfs.ntfs -q -F -f "$T/ntfs.img" >/dev/null 2>&1
	PATH=$PATH:/sbin:/usr/sbin mkfs.exfat "$T/exfat.img" >/dev/null
	same_part_keys "$T/ntfs.img"
	same_part_keys "$T/exfat.img"
	grep -qx ID_FS_TYPE=ntfs <("$BIN/vol_id" "$T/ntfs.img")
}

@test "vol_id: each partition's entry read from its disk, as blkid reads it (dos with logical partitions, GPT)" {
	dos_img "$T/dos.img"
	gpt_img "$T/gpt.img"
	local l p
	for i in dos gpt; do
		l=$(attach_parts "$T/$i.img")
		mknod_parts "$l" "$T/n$i"
		for p in "$T/n$i/"*; do
			same_part_keys "$p"
		done
	done
	# the values themselves, for one of each
	"$BIN/vol_id" "$T/ngpt/${l}p2" >"$T/out"
	grep -qx 'ID_PART_ENTRY_NAME=EFI\\x2fSys\\x20tème' "$T/out"
	grep -qx 'ID_PART_ENTRY_TYPE=c12a7328-f81f-11d2-ba4b-00a0c93ec93b' "$T/out"
	grep -qx 'ID_PART_ENTRY_FLAGS=0x1000000000000001' "$T/out"
	grep -qx 'ID_PART_ENTRY_NUMBER=2' "$T/out"
	l=$(head -n1 "$T/loops")
	"$BIN/vol_id" "$T/ndos/${l##*/}p5" >"$T/out"
	grep -qx 'ID_PART_ENTRY_UUID=1234abcd-05' "$T/out"
	grep -qx 'ID_PART_ENTRY_TYPE=0x82' "$T/out"
	"$BIN/vol_id" "$T/ndos/${l##*/}p6" >"$T/out"
	grep -qx 'ID_PART_ENTRY_TYPE=0x7' "$T/out"
	# with a file system inside, both
	need mkfs.ext4
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -L inside "$T/ndos/${l##*/}p1"
	"$BIN/vol_id" "$T/ndos/${l##*/}p1" >"$T/out"
	grep -qx ID_FS_LABEL=inside "$T/out"
	grep -qx ID_PART_ENTRY_FLAGS=0x80 "$T/out"
	same_part_keys "$T/ndos/${l##*/}p1"
}

# poke FILE OFFSET BYTES: writes printf-style BYTES at OFFSET
poke() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

@test "vol_id: a GPT of 4096-byte sectors, as blkid reads it" {
	truncate -s 64M "$T/g4k.img"
	local dev
	dev=$(losetup -f --show -P -b 4096 "$T/g4k.img")
	echo "$dev" >>"$T/loops"
	sgdisk -n1:0:+8M -c1:big "$dev" >/dev/null
	partx -a "$dev" 2>/dev/null || true
	WAIT_TIMEOUT=5 wait_for eval "[ -e /sys/block/${dev##*/}/${dev##*/}p1 ]"
	mknod_parts "${dev##*/}" "$T/n"
	same_part_keys "$T/n/${dev##*/}"
	same_part_keys "$T/n/${dev##*/}p1"
	grep -qx 'ID_PART_ENTRY_OFFSET=2048' <("$BIN/vol_id" "$T/n/${dev##*/}p1")
}

le32() { printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)); }

# gpt_crc FILE: the header's CRC made right again after a change
gpt_crc() {
	python3 - "$1" <<-'PY'
	import struct, sys, zlib
	with open(sys.argv[1], 'r+b') as f:
	    f.seek(512); h = bytearray(f.read(92)); h[16:20] = b'\0' * 4
	    h[16:20] = struct.pack('<I', zlib.crc32(bytes(h))); f.seek(512); f.write(h)
	PY
}

@test "vol_id: a GPT whose header or entries went bad is read from its backup, as blkid does" {
	gpt_img "$T/g.img"
	cp "$T/g.img" "$T/hdr.img"
	poke "$T/hdr.img" 600 'x'       # the primary header: its CRC fails
	cp "$T/g.img" "$T/ent.img"
	poke "$T/ent.img" 1024 'x'      # an entry: the array's CRC fails
	for f in hdr ent; do
		same_part_keys "$T/$f.img"
		grep -qx ID_PART_TABLE_UUID=5cb10b1b-f969-4ab9-844f-083a2d1af6b2 <("$BIN/vol_id" "$T/$f.img")
	done
}

@test "vol_id: hostile tables are refused at once: huge entry counts and sizes, bad CRCs, a loop of extended boot records" {
	gpt_img "$T/g.img"
	# the first MiB only: no backup header at the end to fall back on
	truncate -s 1M "$T/g.img"
	cp "$T/g.img" "$T/count.img"
	poke "$T/count.img" 592 "$(le32 4294967295)"   # number of entries
	gpt_crc "$T/count.img"
	cp "$T/g.img" "$T/size.img"
	poke "$T/size.img" 596 "$(le32 2147483648)"    # size of an entry
	gpt_crc "$T/size.img"
	cp "$T/g.img" "$T/lba.img"
	poke "$T/lba.img" 584 '\xff\xff\xff\xff\xff\xff\xff\x7f'   # where the entries are
	gpt_crc "$T/lba.img"
	cp "$T/g.img" "$T/crc.img"
	poke "$T/crc.img" 1024 'x'                     # an entry changed, its CRC not
	for f in count size lba crc; do
		SECONDS=0
		run "$BIN/vol_id" "$T/$f.img"
		[ "$status" -eq 3 ] || { echo "$f: $status $output"; return 1; }
		[ "$SECONDS" -le 1 ]
	done
	# an extended boot record that names itself as the next one: the
	# chain ends, for the kernel as for vol_id
	truncate -s 4M "$T/loop.img"
	printf '%s\n' 'label: dos' 'start=2048, size=1000, type=5' 'start=2050, size=10, type=83' \
		'start=2070, size=10, type=83' | sfdisk -q "$T/loop.img"
	# the first EBR (2048) links to the second at 21 sectors on
	[ "$(od -An -tu4 -j $((2048 * 512 + 462 + 8)) -N4 "$T/loop.img" | tr -d ' ')" -eq 21 ]
	poke "$T/loop.img" $((2069 * 512 + 462 + 4)) '\x05'
	poke "$T/loop.img" $((2069 * 512 + 462 + 8)) "$(le32 21)"
	poke "$T/loop.img" $((2069 * 512 + 462 + 12)) "$(le32 30)"
	local l p
	l=$(attach_parts "$T/loop.img")
	mknod_parts "$l" "$T/n"
	SECONDS=0
	for p in "$T/n/$l"p*; do
		same_part_keys "$p"
	done
	[ "$SECONDS" -le 2 ]
	[ -e "$T/n/${l}p6" ]
}
