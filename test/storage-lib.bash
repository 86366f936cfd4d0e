# SPDX-License-Identifier: GPL-2.0-only
# Shared set-up for the persistent storage tests (vol_id, disk_id, the
# default 60-persistent-storage.rules): file system images made with the
# Debian tools, loop devices for them, and a fake sysfs disk whose "dev"
# files name those loop devices, so that udev reads real superblocks.

load udev-lib

# need TOOL...: a missing tool fails the test (CI installs them: tools/install-deps.sh check)
need() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null || PATH=$PATH:/sbin:/usr/sbin command -v "$t" >/dev/null || {
			echo "missing $t: run tools/install-deps.sh check" >&2
			return 1
		}
	done
}

# mkimg FILE TYPE LABEL UUID: a file system image (sparse) made by the Debian tool.
mkimg() {
	local f=$1 type=$2 label=$3 uuid=$4
	export PATH=$PATH:/sbin:/usr/sbin
	case $type in
	ext2|ext3|ext4)
		truncate -s 8M "$f" && "mkfs.$type" -q -F -L "$label" -U "$uuid" "$f" ;;
	vfat)
		truncate -s 8M "$f" && mkfs.vfat -n "$label" -i "$uuid" "$f" >/dev/null ;;
	fat32)
		truncate -s 40M "$f" && mkfs.vfat -F 32 -n "$label" -i "$uuid" "$f" >/dev/null ;;
	btrfs)
		truncate -s 120M "$f" && mkfs.btrfs -q -f -L "$label" -U "$uuid" "$f" >/dev/null ;;
	xfs)
		truncate -s 300M "$f" && mkfs.xfs -q -f -L "$label" -m uuid="$uuid" "$f" ;;
	swap)
		truncate -s 8M "$f" && mkswap -L "$label" -U "$uuid" "$f" >/dev/null 2>&1 ;;
	iso9660)
		mkdir -p "$f.d" && echo data >"$f.d/file" &&
			genisoimage -quiet -V "$label" -J -o "$f" "$f.d" ;;
	squashfs)
		mkdir -p "$f.d" && echo data >"$f.d/file" &&
			mksquashfs "$f.d" "$f" -quiet -noappend >/dev/null ;;
	luks1|luks2)
		truncate -s 20M "$f" && printf pw | cryptsetup luksFormat -q --type "$type" \
			--pbkdf pbkdf2 --pbkdf-force-iterations 1000 ${label:+--label "$label"} \
			--uuid "$uuid" "$f" - ;;
	*) mkimg_more "$@" ;;
	esac
}

# mkimg_more FILE TYPE LABEL UUID: the formats of issue 59 (vol_id-formats.bats),
# each by its own Debian tool; a tool that cannot set the label or UUID ignores it.
mkimg_more() {
	local f=$1 type=$2 label=$3 uuid=$4
	case $type in
	cramfs)
		mkimg_dir "$f" && mkfs.cramfs -n "$label" "$f.d" "$f" >/dev/null ;;
	minix1|minix2|minix3)
		truncate -s 2M "$f" && mkfs.minix "-${type#minix}" "$f" >/dev/null ;;
	ntfs)
		truncate -s 4M "$f" && mkntfs -q -F -Q -L "$label" "$f" >/dev/null 2>&1 ;;
	exfat)
		truncate -s 4M "$f" && mkfs.exfat -L "$label" "$f" >/dev/null ;;
	f2fs)
		truncate -s 64M "$f" && mkfs.f2fs -q -l "$label" -U "$uuid" "$f" >/dev/null ;;
	udf)
		truncate -s 2M "$f" && mkudffs --label="$label" --uuid="$uuid" "$f" >/dev/null ;;
	reiserfs)
		truncate -s 40M "$f" && mkfs.reiserfs -q -f -l "$label" -u "$uuid" "$f" >/dev/null 2>&1 ;;
	jfs)
		truncate -s 16M "$f" && mkfs.jfs -q -L "$label" "$f" >/dev/null ;;
	ocfs2)
		truncate -s 64M "$f" && mkfs.ocfs2 -q -M local -L "$label" -U "$uuid" "$f" >/dev/null ;;
	nilfs2)
		truncate -s 130M "$f" && mkfs.nilfs2 -q -L "$label" "$f" >/dev/null ;;
	erofs)
		mkimg_dir "$f" && mkfs.erofs -U "$uuid" "$f" "$f.d" >/dev/null && truncate -s 64K "$f" ;;
	ubifs)
		mkimg_dir "$f" && mkfs.ubifs -r "$f.d" -m 2048 -e 129024 -c 100 -o "$f" ;;
	jffs2)
		mkimg_dir "$f" && mkfs.jffs2 -r "$f.d" -o "$f" && truncate -s 64K "$f" ;;
	romfs)
		mkimg_dir "$f" && genromfs -f "$f" -d "$f.d" -V "$label" && truncate -s 64K "$f" ;;
	bcache)
		truncate -s 4M "$f" && make-bcache -B "$f" >/dev/null ;;
	hfs)
		truncate -s 4M "$f" && hformat -l "$label" "$f" >/dev/null ;;
	lvm2)
		mkimg_lvm2 "$f" "$uuid" ;;
	md0.90|md1.0|md1.1|md1.2)
		truncate -s 4M "$f" && mdsb "$f" "${type#md}" "$uuid" "$label" 11223344-5566-4778-899a-aabbccddeeff ;;
	zfs)	# no zfs tool installs: the pool's labels by their documented layout
		python3 "$BATS_TEST_DIRNAME/tools/mkzfs.py" "$f" 64 "$label" "$uuid" 987654321 ;;
	*) echo "mkimg: unknown type $type" >&2; return 1 ;;
	esac
}

# mkimg_dir FILE: FILE.d with one file, the contents of an image made from a folder
mkimg_dir() {
	mkdir -p "$1.d" && echo data >"$1.d/file"
}

# mkimg_lvm2 FILE UUID: pvcreate needs a block device: a loop device for the
# time it runs, without lvm's udev synchronisation or devices file.
mkimg_lvm2() {
	local dev rc
	truncate -s 8M "$1" && dev=$(losetup -f --show "$1") || return 1
	pvcreate -q --config 'devices{use_devicesfile=0} activation{udev_sync=0 udev_rules=0}' \
		--uuid "$2" --norestorefile "$dev" >/dev/null 2>&1 </dev/null
	rc=$?
	losetup -d "$dev"
	return $rc
}

# le32 N / le64 N: N's bytes, little-endian, as printf escapes
le32() { printf '\\x%02x' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)); }
le64() { le32 $(($1 & 0xffffffff)); le32 $(($1 >> 32)); }
# hexbytes UUID: its 16 bytes as printf escapes
hexbytes() { echo "${1//-/}" | sed 's/../\\x&/g'; }
# poke_at FILE OFFSET FORMAT: writes printf FORMAT's bytes at OFFSET
poke_at() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }

# mdsb FILE METADATA UUID NAME DEVUUID: the superblock of a Linux md member
# with METADATA 0.90 (UUID in four words of the writer's byte order, at the
# end) or 1.0 (end), 1.1 (start), 1.2 (4 KiB) with its name and device
# UUID, as mdadm --create writes them (md(4)'s layout). mdadm itself needs
# the md driver, which a test cannot load.
mdsb() {
	local f=$1 md=$2 uuid=$3 name=$4 dev=$5 size off u=${3//-/} w=""
	size=$(stat -c %s "$f")
	case $md in
	0.90)
		off=$(( (size & ~0xffff) - 0x10000 ))
		poke_at "$f" "$off" "$(le32 0xa92b4efc)$(le32 0)$(le32 90)$(le32 0)"
		poke_at "$f" $((off + 20)) "$(le32 $((16#${u:0:8})))"
		poke_at "$f" $((off + 32)) "$(le32 $((off / 1024)))"
		for i in 8 16 24; do w=$w$(le32 $((16#${u:$i:8}))); done
		poke_at "$f" $((off + 52)) "$w"
		return ;;
	1.0) off=$(( (size & ~0xfff) - 0x2000 )) ;;
	1.1) off=0 ;;
	1.2) off=4096 ;;
	esac
	poke_at "$f" "$off" "$(le32 0xa92b4efc)$(le32 1)"
	poke_at "$f" $((off + 16)) "$(hexbytes "$uuid")$name"
	poke_at "$f" $((off + 144)) "$(le64 $((off / 512)))"
	poke_at "$f" $((off + 168)) "$(hexbytes "$dev")"
}

# attach IMAGE: prints the loop device's MAJOR:MINOR; detached in storage_teardown
attach() {
	local dev
	dev=$(losetup -f --show "$1") || { echo "cannot attach $1 to a loop device" >&2; return 1; }
	echo "$dev" >>"$T/loops"
	printf '%d:%d\n' "0x$(stat -c %t "$dev")" "0x$(stat -c %T "$dev")"
}

storage_teardown() {
	local d
	[ -f "$T/loops" ] || return 0
	while read -r d; do losetup -d "$d" 2>/dev/null; done <"$T/loops"
}

# The default rules: their probes are built into the udev under test.
default_rules() {
	cp "$TOP/etc/udev/rules.d/60-persistent-storage.rules" "$T/rules.d/60-persistent-storage.rules"
}

# A modern sysfs tree in $T/sys with a PCI SATA controller and the bus
# directories the subsystem links point into.
fake_sysfs() {
	S=$T/sys
	mkdir -p "$S/bus/pci/devices" "$S/bus/scsi/devices" "$S/class/block"
	mkdir -p "$S/devices/pci0000:00/0000:00:1f.2"
	touch "$S/devices/pci0000:00/0000:00:1f.2/uevent"
	ln -s ../../../bus/pci "$S/devices/pci0000:00/0000:00:1f.2/subsystem"
	export SYSFS_PATH=$S
}

# vpd83 NAA-HEX: VPD page 0x83 with one NAA designator (binary code set).
vpd83() {
	local naa=$1 n=$((${#1} / 2))
	printf "\\x00\\x83\\x00\\x$(printf %02x $((n + 4)))\\x01\\x03\\x00\\x$(printf %02x $n)"
	printf "$(echo "$naa" | sed 's/../\\x&/g')"
}

# fake_disk HOST NAME MAJ:MIN SERIAL NAA: a SCSI disk 0:0:HOST:0 on the
# controller; prints its devpath. Its serial in VPD page 0x80, NAA in 0x83.
fake_disk() {
	local h=$1 name=$2 devnum=$3 serial=$4 naa=$5
	local sdev=/devices/pci0000:00/0000:00:1f.2/host$h/target$h:0:0/$h:0:0:0
	local d=$S$sdev
	mkdir -p "$d/block/$name"
	touch "$S/devices/pci0000:00/0000:00:1f.2/host$h/uevent" \
		"$S/devices/pci0000:00/0000:00:1f.2/host$h/target$h:0:0/uevent" "$d/uevent"
	ln -s ../../../../../../bus/scsi "$d/subsystem"
	echo "ATA     " >"$d/vendor"
	echo "TEST DISK $h      " >"$d/model"
	echo "1.0 " >"$d/rev"
	echo 0 >"$d/type"
	printf "\\x00\\x80\\x00\\x$(printf %02x ${#serial})%s" "$serial" >"$d/vpd_pg80"
	vpd83 "$naa" >"$d/vpd_pg83"
	fake_blockdev "$sdev/block/$name" "$devnum" disk
	echo "$sdev/block/$name"
}

# fake_blockdev DEVPATH MAJ:MIN disk|partition [NUMBER]
fake_blockdev() {
	local d=$S$1
	mkdir -p "$d"
	echo "$2" >"$d/dev"
	ln -sfn ../../../../../../../../class/block "$d/subsystem"
	printf 'MAJOR=%s\nMINOR=%s\nDEVNAME=%s\nDEVTYPE=%s\n' "${2%:*}" "${2#*:}" \
		"${1##*/}" "$3" >"$d/uevent"
	[ -z "${4:-}" ] || echo "$4" >"$d/partition"
}

# fake_part DISK-DEVPATH NUMBER MAJ:MIN: prints the partition's devpath
fake_part() {
	local p=$1/${1##*/}$2
	fake_blockdev "$p" "$3" partition "$2"
	echo "$p"
}

# links DIR: "name -> target" lines of $T/dev/disk/DIR, sorted
links() {
	[ -d "$T/dev/disk/$1" ] || return 0
	find "$T/dev/disk/$1" -mindepth 1 -maxdepth 1 -printf '%f -> %l\n' | LC_ALL=C sort
}

# attach_parts IMAGE: a loop device with its partitions scanned; prints its
# name (loopN). Detached in storage_teardown. The nodes are not used: the
# tests make their own in $T (mknod_parts).
attach_parts() {
	local dev
	dev=$(losetup -f --show -P "$1") || { echo "cannot attach $1 to a loop device" >&2; return 1; }
	echo "$dev" >>"$T/loops"
	partx -a "$dev" 2>/dev/null || true
	WAIT_TIMEOUT=5 wait_for eval "[ -e /sys/block/${dev##*/}/${dev##*/}p1 ]" ||
		{ echo "no partitions of $dev in sysfs" >&2; return 1; }
	echo "${dev##*/}"
}

# mknod_parts LOOP DIR: block nodes DIR/LOOP and DIR/LOOPpN of the disk and
# of each partition, from sysfs
mknod_parts() {
	local d p
	mkdir -p "$2"
	for d in "/sys/block/$1" "/sys/block/$1/$1"p*; do
		p=$(cat "$d/dev")
		mknod "$2/${d##*/}" b "${p%:*}" "${p#*:}"
	done
}

# same_part_keys NODE: vol_id prints of NODE every ID_PART_* key blkid -p
# prints, with blkid's value, and none blkid does not
same_part_keys() {
	local v b
	v=$("$BIN/vol_id" --export "$1" | grep '^ID_PART_' | LC_ALL=C sort)
	b=$(blkid -p -o udev "$1" | grep '^ID_PART_' | LC_ALL=C sort)
	[ "$v" = "$b" ] || { echo "$1: vol_id and blkid differ:"; diff <(echo "$v") <(echo "$b"); return 1; }
}
