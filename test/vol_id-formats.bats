#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# vol_id on the formats of issue 59, each image made once by its own Debian
# tool (md members and ZFS pool members by their on-disk layout: mdadm needs
# the md driver, no zfs tool installs): every
# ID_FS_* key vol_id gives is the one `blkid -p -o udev` gives for the same
# image, and the type, label and UUID are the ones the tool was given. Then
# what blkid does not know (jffs2), and hostile images that must end.

load storage-lib

U=0a1b2c3d-4e5f-4a6b-8c7d-8e9fa0b1c2d3

# MKIMG-TYPE  LABEL  UUID (given; - none)  ID_FS_TYPE  ID_FS_USAGE  UUID wanted
# (= the one given, * any, - none)
TABLE="cramfs crlabel - cramfs filesystem -
minix1 - - minix filesystem -
minix2 - - minix filesystem -
minix3 - - minix filesystem -
ntfs NT_Vol - ntfs filesystem *
exfat ExLabel - exfat filesystem *
f2fs f2label $U f2fs filesystem =
udf UdfLabel 0123456789abcdef udf filesystem =
reiserfs rslabel $U reiserfs filesystem =
jfs jfslabel - jfs filesystem *
ocfs2 o2label $U ocfs2 filesystem =
nilfs2 nilabel - nilfs2 filesystem *
erofs - $U erofs filesystem =
ubifs - - ubifs filesystem *
romfs romlabel - romfs filesystem -
bcache - - bcache other *
hfs MacDisk - hfs filesystem -
lvm2 - ABCDEF-ghij-klmn-opqr-stuv-wxyz-012345 LVM2_member raid =
md0.90 - $U linux_raid_member raid =
md1.0 host:data $U linux_raid_member raid =
md1.1 host:data $U linux_raid_member raid =
md1.2 host:data $U linux_raid_member raid =
zfs tank 12345678901234567890 zfs_member filesystem ="

TOOLS="mkfs.cramfs mkfs.minix mkntfs mkfs.exfat mkfs.f2fs mkudffs mkfs.reiserfs mkfs.jfs
mkfs.ocfs2 mkfs.nilfs2 mkfs.erofs mkfs.ubifs mkfs.jffs2 genromfs make-bcache hformat pvcreate
losetup blkid"

# The images, made once for the file (the slow part: about a second).
setup_file() {
	export PATH=$PATH:/sbin:/usr/sbin
	D=$BATS_FILE_TMPDIR
	need $TOOLS || return 0
	local mk label uuid rest
	while read -r mk label uuid rest; do
		[ "$label" = - ] && label=
		[ "$uuid" = - ] && uuid=
		mkimg "$D/$mk.img" "$mk" "$label" "$uuid" || echo "$mk" >>"$D/failed"
	done <<<"$TABLE"
	mkimg "$D/jffs2.img" jffs2 "" "" || echo jffs2 >>"$D/failed"
}

setup() {
	udev_setup
	D=$BATS_FILE_TMPDIR
	need $TOOLS
	[ ! -s "$D/failed" ] || { echo "could not make: $(cat "$D/failed")"; return 1; }
}

KEYS='ID_FS_(TYPE|USAGE|VERSION|UUID|UUID_ENC|UUID_SUB|UUID_SUB_ENC|LABEL|LABEL_ENC)='

# fs_keys FILE: the ID_FS_* lines of vol_id's that blkid also writes (not
# its empty ones), sorted
fs_keys() { grep -E "^$KEYS" "$1" | grep -v '=$' | LC_ALL=C sort; }

# key FILE KEY: the value of KEY in FILE (each line KEY=..., by bash: no
# sed for each of the 100 keys the table reads)
key() {
	local l
	while IFS= read -r l || [ -n "$l" ]; do
		case $l in "$2="*) printf '%s\n' "${l#"$2="}" ;; esac
	done <"$1"
}

@test "vol_id: each format as blkid -p -o udev reads the same image" {
	local mk label uuid type usage want n=0
	while read -r mk label uuid type usage want; do
		img=$D/$mk.img
		run "$BIN/vol_id" --export "$img"
		[ "$status" -eq 0 ] || { echo "$mk: exit $status: $output"; return 1; }
		echo "$output" >"$T/$mk.vol"
		blkid -p -o udev "$img" >"$T/$mk.blkid"
		diff -u <(fs_keys "$T/$mk.blkid") <(fs_keys "$T/$mk.vol") ||
			{ echo "$mk: blkid (-) and vol_id (+) differ"; return 1; }
		[ "$(key "$T/$mk.vol" ID_FS_TYPE) $(key "$T/$mk.vol" ID_FS_USAGE)" = "$type $usage" ] ||
			{ echo "$mk: $(key "$T/$mk.vol" ID_FS_TYPE) $(key "$T/$mk.vol" ID_FS_USAGE)"; return 1; }
		[ "$label" = - ] && label=
		[ "$(key "$T/$mk.vol" ID_FS_LABEL_ENC)" = "$label" ] ||
			{ echo "$mk: label '$(key "$T/$mk.vol" ID_FS_LABEL_ENC)', want '$label'"; return 1; }
		got=$(key "$T/$mk.vol" ID_FS_UUID)
		case $want in
		=) [ "$got" = "$uuid" ] ;;
		'*') [ -n "$got" ] ;;
		-) [ -z "$got" ] ;;
		esac || { echo "$mk: UUID '$got', want $want $uuid"; return 1; }
		n=$((n + 1))
	done <<<"$TABLE"
	[ "$n" -eq 23 ]
}

@test "vol_id: the md members' sub-UUID and versions, the version blkid writes encoded" {
	for md in 0.90 1.0 1.1 1.2; do
		"$BIN/vol_id" --export "$D/md$md.img" >"$T/out"
		[ "$(key "$T/out" ID_FS_VERSION)" = "$( [ $md = 0.90 ] && echo 0.90.0 || echo $md)" ]
		if [ $md = 0.90 ]; then
			[ -z "$(key "$T/out" ID_FS_UUID_SUB)" ]
		else
			[ "$(key "$T/out" ID_FS_UUID_SUB)" = 11223344-5566-4778-899a-aabbccddeeff ]
		fi
	done
	"$BIN/vol_id" --export "$D/lvm2.img" >"$T/out"
	[ "$(key "$T/out" ID_FS_VERSION)" = 'LVM2\x20001' ]
	[ "$("$BIN/vol_id" -t "$D/lvm2.img")" = LVM2_member ]
}

@test "vol_id: jffs2, which blkid does not know, by its node magic" {
	run blkid -p -o udev "$D/jffs2.img"
	[ -z "$output" ]
	"$BIN/vol_id" --export "$D/jffs2.img" >"$T/out"
	[ "$(key "$T/out" ID_FS_TYPE)" = jffs2 ]
	[ "$(key "$T/out" ID_FS_USAGE)" = filesystem ]
	# a magic without a node type the format defines is nothing
	cp "$D/jffs2.img" "$T/bad.img"
	poke_at "$T/bad.img" 2 '\x77\x77'
	run "$BIN/vol_id" "$T/bad.img"
	[ "$status" -eq 3 ]
}

# exfat_field IMG OFFSET BYTES: the little-endian number at OFFSET
exfat_field() { od -An -tu"$3" -j "$2" -N "$3" "$1" | tr -d ' '; }

@test "vol_id: hostile images end: an exFAT root directory chained to itself, an NTFS attribute list that does not advance" {
	cp "$D/exfat.img" "$T/loop.img"
	img=$T/loop.img
	shift_b=$(od -An -tu1 -j 108 -N 1 "$img" | tr -d ' ')
	shift_c=$(od -An -tu1 -j 109 -N 1 "$img" | tr -d ' ')
	fat=$(( $(exfat_field "$img" 80 4) << shift_b ))
	heap=$(exfat_field "$img" 88 4)
	root=$(exfat_field "$img" 96 4)
	rootoff=$(( (heap + ((root - 2) << shift_c)) << shift_b ))
	csize=$(( 1 << (shift_b + shift_c) ))
	# every root entry a file entry (no end, no label); the FAT sends the
	# root cluster back to itself
	head -c "$csize" /dev/zero | tr '\0' '\205' | dd of="$img" bs=1 seek="$rootoff" conv=notrunc status=none
	poke_at "$img" $((fat + 4 * root)) "$(le32 "$root")"
	SECONDS=0
	run timeout 20 "$BIN/vol_id" --export "$img"
	[ "$status" -eq 0 ]
	[ "$SECONDS" -le 5 ]
	[ "$(echo "$output" | key /dev/stdin ID_FS_TYPE)" = exfat ]
	[ -z "$(echo "$output" | key /dev/stdin ID_FS_LABEL)" ]
	# NTFS: an attribute of length 0 ends the walk of the $Volume record
	cp "$D/ntfs.img" "$T/ntfs.img"
	img=$T/ntfs.img
	sector=$(exfat_field "$img" 11 2)
	spc=$(od -An -tu1 -j 13 -N 1 "$img" | tr -d ' ')
	mft=$(( $(exfat_field "$img" 48 8) * sector * spc ))
	rec=1024
	vol=$((mft + 3 * rec))
	first=$(exfat_field "$img" $((vol + 20)) 2)
	poke_at "$img" $((vol + first + 4)) '\0\0\0\0'
	run timeout 20 "$BIN/vol_id" --export "$img"
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | key /dev/stdin ID_FS_TYPE)" = ntfs ]
	[ -z "$(echo "$output" | key /dev/stdin ID_FS_LABEL)" ]
}

# be16 N / be32 N: N's bytes, big-endian, as printf escapes
be16() { printf '\\x%02x' $(($1 >> 8 & 255)) $(($1 & 255)); }
be32() { be16 $(($1 >> 16)); be16 $(($1 & 0xffff)); }

# mkhfsplus FILE LABEL FINDER-ID: an HFS+ volume header (TN1150: 4 KiB
# blocks, the catalog in blocks 1-2) whose catalog header node points at a
# leaf node whose first record is the root folder's thread, named LABEL
# (ASCII). Debian has no mkfs.hfsplus (hfsprogs left it).
mkhfsplus() {
	local f=$1 label=$2 id=$3 name="" i
	truncate -s 1M "$f"
	poke_at "$f" 1024 "H+$(be16 4)"
	poke_at "$f" $((1024 + 40)) "$(be32 4096)$(be32 256)"
	poke_at "$f" $((1024 + 104)) "$(echo "$id" | sed 's/../\\x&/g')"
	poke_at "$f" $((1024 + 288)) "$(be32 1)$(be32 2)"
	poke_at "$f" $((4096 + 8)) '\x01\x00'   # the header node, its record:
	poke_at "$f" $((4096 + 14)) "$(be16 1)$(be32 2)$(be32 1)$(be32 1)$(be32 1)$(be16 4096)"
	for ((i = 0; i < ${#label}; i++)); do name=$name$(be16 "$(printf %d "'${label:i:1}")"); done
	poke_at "$f" $((8192 + 8)) "\\xff\\x01$(be16 1)"
	poke_at "$f" $((8192 + 14)) "$(be16 $((6 + 2 * ${#label})))$(be32 1)$(be16 ${#label})$name"
}

@test "vol_id: HFS and HFS+ UUIDs from the Finder id (MD5), the HFS+ label from the catalog, as blkid" {
	cp "$D/hfs.img" "$T/hfs.img"
	poke_at "$T/hfs.img" $((1024 + 116)) '\x12\x34\x56\x78\x9a\xbc\xde\xf0'
	mkhfsplus "$T/hfsplus.img" "Mac HD" 0102030405060708
	mkhfsplus "$T/hfsplus-bare.img" "" 0000000000000000
	for img in "$T/hfs.img" "$T/hfsplus.img" "$T/hfsplus-bare.img"; do
		"$BIN/vol_id" --export "$img" >"$T/vol"
		blkid -p -o udev "$img" >"$T/blkid"
		diff -u <(fs_keys "$T/blkid") <(fs_keys "$T/vol")
	done
	"$BIN/vol_id" --export "$T/hfsplus.img" >"$T/vol"
	[ "$(key "$T/vol" ID_FS_TYPE)" = hfsplus ]
	[ "$(key "$T/vol" ID_FS_LABEL_ENC)" = 'Mac\x20HD' ]
	[[ "$(key "$T/vol" ID_FS_UUID)" =~ ^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab] ]]
	"$BIN/vol_id" --export "$T/hfs.img" >"$T/vol"
	[ -n "$(key "$T/vol" ID_FS_UUID)" ]
}

# mkzfs.py SIZE-MIB NAME POOL_GUID GUID [OPTIONS] -> what blkid and vol_id
# must both find: the type (- nothing), label, version, UUID_SUB
ZFS_TABLE="64 tank 1 2 | zfs_member tank 5000 2
65 tank 1 2 --be --version 28 | zfs_member tank 28 2
64 tank 1 2 --ubs 4 --labels 0 --name-in 3=other | zfs_member tank 5000 2
64 tank 1 2 --name-in 3=other | zfs_member other 5000 2
64 tank 1 2 --nested | zfs_member tank 5000 2
64 ta_nk 1 2 --ubs 3 --labels 02 | zfs_member ta_nk 5000 2
64 tank 1 2 --labels 012 | - - - -
63 tank 1 2 | - - - -"

@test "vol_id: ZFS members as blkid: byte orders, which label is read, four uberblocks, 64 MiB at least" {
	local args want type label version sub n=0
	while IFS='|' read -r args want; do
		# shellcheck disable=SC2086 # the writer's arguments, split
		python3 "$BATS_TEST_DIRNAME/tools/mkzfs.py" "$T/z.img" $args
		read -r type label version sub <<<"$want"
		run "$BIN/vol_id" --export "$T/z.img"
		echo "$output" >"$T/vol"
		blkid -p -o udev "$T/z.img" >"$T/blkid" || true
		diff -u <(fs_keys "$T/blkid") <(fs_keys "$T/vol") || { echo "$args: differ"; return 1; }
		if [ "$type" = - ]; then
			[ "$status" -eq 3 ] || { echo "$args: exit $status"; return 1; }
		else
			[ "$(key "$T/vol" ID_FS_TYPE) $(key "$T/vol" ID_FS_LABEL) $(key "$T/vol" ID_FS_VERSION) $(key "$T/vol" ID_FS_UUID_SUB)" = "$type $label $version $sub" ] ||
				{ echo "$args: $(cat "$T/vol")"; return 1; }
		fi
		n=$((n + 1))
	done <<<"$ZFS_TABLE"
	[ "$n" -eq 8 ]
}

# nvpair SIZE NAMELEN NAME TYPE COUNT: a pair's header, big-endian
nvpair() { printf '%s' "$(be32 "$1")$(be32 0)$(be32 "$2")$3$(be32 "$4")$(be32 "$5")"; }

@test "vol_id: a hostile ZFS configuration ends: sizes past the 4 KiB, lengths that wrap, a pair of size 0" {
	local l pair
	for pair in "$(nvpair 5000 4 name 9 1)" "$(nvpair 24 4294967280 name 9 1)\\xff\\xff\\xff\\x00" \
		"$(nvpair 0 4 name 9 1)" "$(nvpair 40 4 name 9 1)$(be32 4294967200)"; do
		python3 "$BATS_TEST_DIRNAME/tools/mkzfs.py" "$T/h.img" 64 tank 1 2
		for l in 0 1 2 3; do
			poke_at "$T/h.img" $(( (l < 2 ? l * 262144 : 67108864 - (4 - l) * 262144) + 16384 + 12 )) "$pair"
		done
		run timeout 20 "$BIN/vol_id" --export "$T/h.img"
		[ "$status" -eq 0 ]
		echo "$output" >"$T/vol"
		blkid -p -o udev "$T/h.img" >"$T/blkid"
		diff -u <(fs_keys "$T/blkid") <(fs_keys "$T/vol")
		[ "$(key "$T/vol" ID_FS_TYPE)" = zfs_member ]
		[ -z "$(key "$T/vol" ID_FS_LABEL)" ]
	done
}
