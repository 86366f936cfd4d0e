#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# scsi_id, ata_id, cdrom_id, edd_id and collect (udev 117's, in udev-extras
# and as udev's built-ins): their options, config file, output keys and
# exit codes on fake sysfs trees of the 2.6.18 layout, image files for the
# disks edd_id reads, and files and /dev/null where an ioctl answers ENOTTY.
# Every expected row below was also what udev 117's own extras, built from
# its release and run by hand on the same trees, printed and exited with
# (edd_id and collect in a mount namespace over their fixed /sys/firmware
# and /dev paths), but where a comment says otherwise. Where 117 differs:
#   scsi_id -a, when the device does not answer: 117 printed whatever its
#     stack held as ID_SERIAL_SHORT (a byte 0x02 here); ours prints it empty.
#   device strings: 117 kept control bytes and bytes past ASCII (0x01,
#     UTF-8 é) in ID_VENDOR/ID_MODEL; ours leaves them out, as usb_id does.
#   collect: 117 wrote "Missing parameter(s)" on stdout (ours: the usage on
#     stderr) and opened /dev/.udev/collect/CHECKPOINT whatever CHECKPOINT
#     held ("../etc" wrote /dev/.udev/etc); ours refuses such a name (3).
# The SG_IO answers of a real SCSI disk are test/kernel's (scsi_debug).

load extras-lib

setup() {
	extras_setup
	unset DEVPATH
	cd "$T" || return 1
}

# A libata disk as 2.6.18 showed it: sda, its SCSI device 0:0:0:0 with the
# vendor and model blank-padded as the kernel writes them.
SD=/devices/pci0000:00/0000:00:1f.2/host0/target0:0:0/0:0:0:0
ata_disk() {
	dev "$SD" scsi vendor="ATA     " model="WDC WD800JD-75MS" rev="10.0" type=0
	bdev sda "$SD" 8:0
	: >"$T/node"   # a file: SG_IO on it answers ENOTTY
}

# out ARGS...: the program's output and exit code as one string
out() {
	local o rc=0
	o=$("$@" 2>/dev/null) || rc=$?
	printf '%s|%s' "$rc" "$o"
}

# table PROGRAM < ROWS: each row "rc|expected output (\n for a newline)|args"
table() {
	local prog=$1 rc want args got n=0
	while IFS='|' read -r rc want args; do
		[ -n "$rc" ] || continue
		# shellcheck disable=SC2086  # args are words
		got=$(out "$BIN/$prog" $args)
		[ "$got" = "$rc|$(printf '%b' "$want")" ] ||
			{ echo "$prog $args: want [$rc|$want], got [$got]"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -gt 3 ]
}

SYSFS_KEYS='ID_VENDOR=ATA\nID_MODEL=WDC_WD800JD-75MS\nID_REVISION=10.0\nID_SERIAL=\nID_SERIAL_SHORT=\nID_TYPE=disk\nID_BUS=scsi'

@test "scsi_id: options and exit codes: whitelisting, -a's sysfs keys, -n, pages, long options" {
	ata_disk
	table scsi_id <<EOF
1||-s /block/sda -d node
1||-g -s /block/sda -d node
0|$SYSFS_KEYS|-g -a -x -s /block/sda -d node
0|$SYSFS_KEYS|--whitelisted --fallback-to-sysfs --export --devpath=/block/sda --device node
0|$SYSFS_KEYS|--whitel -a -x --devpath /block/sda -d node
0|$SYSFS_KEYS|-gax -s/block/sda -dnode
0|0:0:0:0: |-g -a -i -s /block/sda -d node
0|ID_VENDOR=\nID_MODEL=\nID_REVISION=\nID_SERIAL=\nID_SERIAL_SHORT=\nID_TYPE=|-g -a -x -n -s /block/sda -d node
1||-g -a -b -s /block/sda -d node
1||-g -a -p 0x81 -s /block/sda -d node
0|$SYSFS_KEYS|-g -a -p pre-spc3-83 -x -s /block/sda -d node
1||-g -a -x -s /block/sdz -d node
1||-g -a -x -d node
1||-q -s /block/sda -d node
1||-g -a -x -s /block/sda -d
EOF
	run "$BIN/scsi_id" -h
	[ "$status" -eq 0 ]
	[[ "$output" = "usage: scsi_id "* ]]
}

@test "scsi_id: the config file: the first vendor[,model] line that begins the device's names, -b -g -p only there" {
	ata_disk
	printf 'options=-g\nvendor="ATA",options=-b\n' >c-black
	printf '# a comment\n\n  vendor="ATA",model="WDC_WD8",options=-g\nvendor="ATA",options=-b\n' >c-model
	printf 'vendor="SEAGATE",options=-g\nVENDOR=AT,OPTIONS=-g\n' >c-short
	printf 'vendor="ATA",options=-g --export\n' >c-bad-opt
	printf 'model="X",options=-g\nvendor="ATA",options=-b\n' >c-bad-line
	printf 'vendor="ATA",options=-g -p 0x99\n' >c-bad-page
	printf 'vendor="ATA",options=-g' >c-no-newline
	printf 'vendor="ATA",options=-g %0300d\n' 0 >c-long
	table scsi_id <<EOF
1||-f c-black -a -x -s /block/sda -d node
0|$SYSFS_KEYS|-f c-model -a -x -s /block/sda -d node
0|$SYSFS_KEYS|-f c-short -a -x -s /block/sda -d node
0|$SYSFS_KEYS|-f c-bad-opt -a -x -s /block/sda -d node
1||-f c-bad-line -a -x -s /block/sda -d node
0|$SYSFS_KEYS|-f c-bad-line -g -a -x -s /block/sda -d node
0|$SYSFS_KEYS|-f c-bad-page -a -x -s /block/sda -d node
1||-f c-no-newline -a -x -s /block/sda -d node
1||-f c-long -a -x -s /block/sda -d node
1||-f c-missing -a -x -s /block/sda -d node
0|$SYSFS_KEYS|-f c-missing -g -a -x -s /block/sda -d node
EOF
}

@test "scsi_id: \$DEVPATH names the device unless -s does; hostile sysfs strings stay on their line" {
	ata_disk
	DEVPATH=/block/sda run "$BIN/scsi_id" -g -a -x -d node
	[ "$status" -eq 0 ]
	[ "${lines[1]}" = ID_MODEL=WDC_WD800JD-75MS ]
	DEVPATH=/block/sdz run "$BIN/scsi_id" -g -a -x -s /block/sda -d node
	[ "$status" -eq 0 ]
	dev /devices/pci0000:00/0000:00:1f.2/host1/target1:0:0/1:0:0:0 scsi \
		vendor="$(printf 'A/B\tC\001')" model="$(printf 'X\nID_BUS=evil\303\251')" rev="$(printf '1 2')" type=junk
	bdev sdb /devices/pci0000:00/0000:00:1f.2/host1/target1:0:0/1:0:0:0 8:16
	run "$BIN/scsi_id" -g -a -x -s /block/sdb -d node
	[ "$status" -eq 0 ]
	[ "$output" = 'ID_VENDOR=AB_C
ID_MODEL=X_ID_BUS=evil
ID_REVISION=1_2
ID_SERIAL=
ID_SERIAL_SHORT=
ID_TYPE=generic
ID_BUS=scsi' ]
}

@test "scsi_id: without -d a node of the device's number is made in udev_root and removed" {
	[ "$(id -u)" -eq 0 ] || skip "mknod needs root"
	ptrace_ok "$BIN/udev-extras"
	dev "$SD" scsi vendor="ATA     " model="WDC WD800JD-75MS" rev="10.0" type=0
	# a number no driver has here: opening it fails (ENXIO)
	bdev sda "$SD" 240:77
	run strace -f -e trace=mknod,mknodat,unlink,unlinkat -o "$T/trace" "$BIN/scsi_id" -g -a -x -s /block/sda
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = ID_VENDOR=ATA ]
	grep -q "mknod.*\"$T/dev/tmp-scsi-maj240-min77-[0-9]*\".*S_IFBLK" "$T/trace"
	grep -q "unlink.*\"$T/dev/tmp-scsi-maj240-min77-" "$T/trace"
	[ -z "$(ls -A "$T/dev")" ]
}

@test "ata_id, cdrom_id: usage, and the exit codes of a node that is no ATA or CD drive" {
	: >node
	table ata_id <<'EOF'
1||
2||node
2||--export node
2||-x /dev/null
1||/nonexistent
1||-q node
EOF
	table cdrom_id <<'EOF'
1||
3||node
3||--export node
3||/dev/null
1||/nonexistent
1||node /nonexistent
EOF
}

# mbr FILE SIGNATURE-BYTES VALIDITY-BYTES: a disk image with them at 440 and 510
mbr() {
	truncate -s 4096 "$1"
	[ -z "$2" ] || printf '%b' "$2" | dd of="$1" bs=1 seek=440 conv=notrunc status=none
	[ -z "$3" ] || printf '%b' "$3" | dd of="$1" bs=1 seek=510 conv=notrunc status=none
}

@test "edd_id: the BIOS disk whose mbr_signature is the MBR's, and 117's exit codes" {
	local e=$S/firmware/edd
	mkdir -p "$e/int13_dev80" "$e/int13_dev81" "$e/int13_dev82" "$e/bad name"
	echo 0x12345678 >"$e/int13_dev80/mbr_signature"
	echo 0x00000001 >"$e/int13_dev81/mbr_signature"
	echo 0x00000001 >"$e/int13_dev82/mbr_signature"
	echo 0xdeadbeef >"$e/bad name/mbr_signature"
	mbr d1 '\x78\x56\x34\x12' '\x55\xaa'
	mbr d2 '\x01\x00\x00\x00' '\x55\xaa'
	mbr d3 '' '\x55\xaa'
	mbr d4 '\x78\x56\x34\x12' ''
	mbr d5 '\xef\xbe\xad\xde' '\x55\xaa'
	truncate -s 300 short
	table edd_id <<'EOF'
1||
0|int13_dev80|d1
0|ID_EDD=int13_dev80|--export d1
10||d2
9||d3
6||d4
1||d5
5||short
3||/nonexistent
1||--export
EOF
	# a pipe cannot seek: 4
	run sh -c "echo | '$BIN/edd_id' /dev/stdin"
	[ "$status" -eq 4 ]
	rm -r "$e"
	run "$BIN/edd_id" d1
	[ "$status" -eq 2 ]
}

# collect's state file of a checkpoint
state() { cat "$T/dev/.udev/collect/$1"; }

@test "collect: the IDs seen, counted across runs, in udev_root/.udev/collect" {
	table collect <<'EOF'
2|COLLECT_grp=2|grp a a b c
1|COLLECT_grp=1|grp b a b c
0|COLLECT_grp=0|grp c a b c
0|COLLECT_grp=0|grp d a b c
1|COLLECT_grp=1|--remove grp b a b c
0|COLLECT_grp=0|grp b a b
0|COLLECT_grp2=0|-d grp2 x
1||grp2
1||
1||-z grp a a
3||../etc a a
3||.hidden a a
EOF
	[ "$(state grp)" = "a b " ]
	[ "$(stat -c %a "$T/dev/.udev/collect")" = 700 ]
	[ "$(stat -c %a "$T/dev/.udev/collect/grp")" = 600 ]
	[ ! -e "$T/etc" ]
	[ ! -e "$T/dev/.udev/.hidden" ]
}

@test "collect: a second collect waits for the first one's lock" {
	"$BIN/collect" grp a a b >/dev/null || true
	exec 8<>"$T/dev/.udev/collect/grp"
	python3 -c 'import fcntl, sys, time; fcntl.lockf(8, fcntl.LOCK_EX); open(sys.argv[1], "w").close(); time.sleep(0.6)' \
		"$T/locked" 8<&8 &
	local holder=$!
	while [ ! -e "$T/locked" ]; do nap 0.05; done
	local start
	start=$SECONDS.$(date +%N)
	run "$BIN/collect" grp b a b
	wait "$holder"
	[ "$status" -eq 0 ]
	[ "$output" = COLLECT_grp=0 ]
	python3 -c 'import sys; sys.exit(0 if float(sys.argv[2]) - float(sys.argv[1]) > 0.3 else 1)' \
		"$start" "$SECONDS.$(date +%N)"
	exec 8<&-
}

@test "scsi_id, edd_id, collect: IMPORT{builtin} and PROGRAM in udev, DEVPATH the event's" {
	[ "$(id -u)" -eq 0 ] || skip "udev's \$tempnode needs root"
	dev "$SD" scsi vendor="ATA     " model="WDC WD800JD-75MS" rev="10.0" type=0
	bdev sda "$SD" 240:77
	bdev sdb "$SD" 240:78
	# shellcheck disable=SC2016  # udev's $tempnode and $env{}
	rules 'KERNEL=="sda", IMPORT{builtin}="scsi_id -g -a -x -d $tempnode", SYMLINK+="by-id/$env{ID_BUS}-$env{ID_VENDOR}_$env{ID_MODEL}"
KERNEL=="sd*", IMPORT{builtin}="collect disks %k sda sdb", SYMLINK+="all-%k"
KERNEL=="sd*", PROGRAM="collect prog %k sda sdb", SYMLINK+="prog-%k"'
	# PROGRAM runs the program of udev_libexec (udev 117: /lib/udev)
	mkdir -p "$T/lib-udev"
	ln -s "$BIN/udev-extras" "$T/lib-udev/collect"
	ev add /block/sda block
	[ "$(readlink "$T/dev/by-id/scsi-ATA_WDC_WD800JD-75MS")" = ../sda ]
	[ ! -L "$T/dev/all-sda" ]
	[ ! -L "$T/dev/prog-sda" ]
	ev add /block/sdb block
	[ -L "$T/dev/all-sdb" ]
	[ -L "$T/dev/prog-sdb" ]
	[ "$(cat "$T/dev/.udev/collect/disks")" = "sda sdb " ]
	[ -z "$(find "$T/dev" -name 'tmp-scsi-*')" ]
}

@test "scsi_id: on a later kernel's sysfs /block/sda and /class/scsi_generic/sg0 are links; their devices are found" {
	local d=/devices/platform/host0/target0:0:0/0:0:0:0
	mkdir -p "$S$d/block/sda" "$S$d/scsi_generic/sg0" "$S/bus/scsi" "$S/class/block" \
		"$S/class/scsi_generic"
	ln -s "$(rel "$d" /bus/scsi)" "$S$d/subsystem"
	printf '%s\n' "Linux   " >"$S$d/vendor"
	printf '%s\n' "scsi_debug      " >"$S$d/model"
	echo 0191 >"$S$d/rev"
	echo 0 >"$S$d/type"
	ln -s ../../../0:0:0:0 "$S$d/block/sda/device"
	ln -s ../../../0:0:0:0 "$S$d/scsi_generic/sg0/device"
	ln -s "$(rel "$d/block/sda" /class/block)" "$S$d/block/sda/subsystem"
	ln -s "$(rel "$d/scsi_generic/sg0" /class/scsi_generic)" "$S$d/scsi_generic/sg0/subsystem"
	echo 8:0 >"$S$d/block/sda/dev"
	echo 21:0 >"$S$d/scsi_generic/sg0/dev"
	ln -s "../devices/platform/host0/target0:0:0/0:0:0:0/block/sda" "$S/block/sda"
	ln -s "../../devices/platform/host0/target0:0:0/0:0:0:0/scsi_generic/sg0" \
		"$S/class/scsi_generic/sg0"
	: >node
	local p want='0|ID_VENDOR=Linux
ID_MODEL=scsi_debug
ID_REVISION=0191
ID_SERIAL=
ID_SERIAL_SHORT=
ID_TYPE=disk
ID_BUS=scsi'
	for p in /block/sda /class/scsi_generic/sg0 "$d/block/sda" "$S/block/sda"; do
		[ "$(out "$BIN/scsi_id" -g -a -x -s "$p" -d node)" = "$want" ] ||
			{ echo "$p: $(out "$BIN/scsi_id" -g -a -x -s "$p" -d node)"; return 1; }
	done
}
