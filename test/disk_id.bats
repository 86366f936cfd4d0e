#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# disk_id on fake sysfs trees: SCSI VPD pages and wwid, ATA behind libata,
# USB mass storage, virtio, NVMe, MMC, the legacy /block layout, and
# hostile attribute values.

load storage-lib

setup() { udev_setup; fake_sysfs; }

# out DEVPATH: disk_id's keys, one per line
out() { "$BIN/disk_id" --export "$1"; }
# volume NODE DEVPATH [OPTION]: with the volume's keys; stderr in $T/err
volume() { timeout 20 "$BIN/disk_id" --export --volume="$1" "${@:3}" "$2" 2>"$T/err"; }

@test "disk_id: ATA disk behind libata: model_serial, WWN, PCI and SCSI path" {
	sda=$(fake_disk 0 sda 8:0 WD-WMAM9XF1 50014ee0aaf4a3b2)
	run out "$sda"
	[ "$status" -eq 0 ]
	[ "$output" = "ID_VENDOR=ATA
ID_VENDOR_ENC=ATA
ID_MODEL=TEST_DISK_0
ID_MODEL_ENC=TEST\\x20DISK\\x200
ID_REVISION=1.0
ID_WWN=0x50014ee0aaf4a3b2
ID_BUS=ata
ID_SERIAL=TEST_DISK_0_WD-WMAM9XF1
ID_SERIAL_SHORT=WD-WMAM9XF1
ID_PATH=pci-0000:00:1f.2-scsi-0:0:0:0" ]
	fake_part "$sda" 3 8:3 >/dev/null
	run out "$sda/sda3"
	[ "${lines[0]}" = ID_PART_ENTRY_NUMBER=3 ]
	[ "${lines[10]}" = ID_PATH=pci-0000:00:1f.2-scsi-0:0:0:0 ]
}

@test "disk_id: SCSI disk: the NAA designator of VPD page 0x83 as scsi_id wrote it; wwid without it" {
	sdb=$(fake_disk 1 sdb 8:16 SER1 600508b1001c4d5f0000000000000001)
	d=$S${sdb%/block/sdb}
	echo "SEAGATE " >"$d/vendor"
	run out "$sdb"
	grep -qx ID_BUS=scsi <<<"$output"
	grep -qx ID_SERIAL=3600508b1001c4d5f0000000000000001 <<<"$output"
	grep -qx ID_WWN=0x600508b1001c4d5f0000000000000001 <<<"$output"
	grep -qx ID_SERIAL_SHORT=SER1 <<<"$output"
	rm "$d/vpd_pg83"
	echo "naa.5000c500a1b2c3d4" >"$d/wwid"
	run out "$sdb"
	grep -qx ID_SERIAL=35000c500a1b2c3d4 <<<"$output"
	# neither: vendor, model and the unit serial number
	rm "$d/wwid"
	run out "$sdb"
	grep -qx ID_SERIAL=SEAGATE_TEST_DISK_1_SER1 <<<"$output"
	grep -qx ID_WWN= <<<"$output" && return 1
	# a page 0x83 cut short is ignored, not overread
	printf '\x00\x83\x00\x20\x01\x03\x00\x10\x60' >"$d/vpd_pg83"
	run out "$sdb"
	[ "$status" -eq 0 ]
	grep -qx ID_SERIAL=SEAGATE_TEST_DISK_1_SER1 <<<"$output"
}

@test "disk_id: USB mass storage: vendor_model_serial-target:lun and the USB port in the path" {
	u=/devices/pci0000:00/0000:00:1d.7
	mkdir -p "$S/bus/usb" "$S$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/block/sdc"
	touch "$S$u/uevent" "$S$u/usb1/uevent" "$S$u/usb1/1-4/uevent" "$S$u/usb1/1-4/1-4:1.0/uevent" \
		"$S$u/usb1/1-4/1-4:1.0/host2/uevent" "$S$u/usb1/1-4/1-4:1.0/host2/target2:0:0/uevent" \
		"$S$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/uevent"
	ln -s ../../../bus/pci "$S$u/subsystem"
	for l in usb1 usb1/1-4 usb1/1-4/1-4:1.0; do ln -s "$(echo "$l" | sed 's|[^/]*|..|g')/../../../bus/usb" "$S$u/$l/subsystem"; done
	ln -s ../../../../../../../../bus/scsi "$S$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/subsystem"
	echo 0951 >"$S$u/usb1/1-4/idVendor"
	echo 5B6B1A03C2C5 >"$S$u/usb1/1-4/serial"
	echo "Kingston" >"$S$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/vendor"
	echo "DataTraveler 2.0" >"$S$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/model"
	fake_blockdev "$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/block/sdc" 8:32 disk
	run out "$u/usb1/1-4/1-4:1.0/host2/target2:0:0/2:0:0:1/block/sdc"
	[ "$status" -eq 0 ]
	grep -qx ID_BUS=usb <<<"$output"
	grep -qx ID_SERIAL=Kingston_DataTraveler_2.0_5B6B1A03C2C5-0:1 <<<"$output"
	grep -qx ID_SERIAL_SHORT=5B6B1A03C2C5 <<<"$output"
	# host2 is the first host of its USB interface: 0, as path_id named it
	grep -qx ID_PATH=pci-0000:00:1d.7-usb-0:4:1.0-scsi-0:0:0:1 <<<"$output"
}

@test "disk_id: a SCSI host counts from the first of its controller, as path_id; a libata port's host keeps its number" {
	p=/devices/pci0000:00/0000:00:1f.2
	mkdir -p "$S/bus/pci" "$S/bus/scsi"
	mkdir -p "$S$p"
	[ -e "$S$p/subsystem" ] || ln -s ../../../bus/pci "$S$p/subsystem"
	# hosts 3 and 4 on one controller (2.6.18's layout), host1 on ata2
	for h in host3/target3:0:0/3:0:0:0 host4/target4:0:1/4:0:1:0 ata2/host1/target1:0:0/1:0:0:0; do
		mkdir -p "$S$p/$h"
		ln -s "$(echo "$h" | sed 's|[^/]*|..|g')/../../../bus/scsi" "$S$p/$h/subsystem"
		touch "$S$p/$h/uevent" "$S$p/${h%/*}/uevent" "$S$p/${h%/*/*}/uevent"
	done
	fake_blockdev "$p/host3/target3:0:0/3:0:0:0/block/sd3" 8:0 disk
	fake_blockdev "$p/host4/target4:0:1/4:0:1:0/block/sd4" 8:16 disk
	fake_blockdev "$p/ata2/host1/target1:0:0/1:0:0:0/block/sdh" 8:32 disk
	run out "$p/host3/target3:0:0/3:0:0:0/block/sd3"
	grep -qx ID_PATH=pci-0000:00:1f.2-scsi-0:0:0:0 <<<"$output"
	run out "$p/host4/target4:0:1/4:0:1:0/block/sd4"
	grep -qx ID_PATH=pci-0000:00:1f.2-scsi-1:0:1:0 <<<"$output"
	run out "$p/ata2/host1/target1:0:0/1:0:0:0/block/sdh"
	grep -qx ID_PATH=pci-0000:00:1f.2-scsi-1:0:0:0 <<<"$output"
}

@test "disk_id: virtio and NVMe serial numbers" {
	v=/devices/pci0000:00/0000:00:05.0/virtio1
	mkdir -p "$S/bus/virtio" "$S$v/block/vda"
	touch "$S/devices/pci0000:00/0000:00:05.0/uevent" "$S$v/uevent"
	ln -s ../../../bus/pci "$S/devices/pci0000:00/0000:00:05.0/subsystem"
	ln -s ../../../../bus/virtio "$S$v/subsystem"
	fake_blockdev "$v/block/vda" 254:0 disk
	echo "VIRT-SN 42" >"$S$v/block/vda/serial"
	run out "$v/block/vda"
	[ "$output" = "ID_BUS=virtio
ID_SERIAL=VIRT-SN_42
ID_PATH=pci-0000:00:05.0" ]
	n=/devices/pci0000:00/0000:01:00.0/nvme/nvme0
	mkdir -p "$S$n/nvme0n1"
	touch "$S/devices/pci0000:00/0000:01:00.0/uevent" "$S$n/uevent"
	ln -s ../../../bus/pci "$S/devices/pci0000:00/0000:01:00.0/subsystem"
	echo "Samsung SSD 970" >"$S$n/model"
	echo "S46ANX0K123456" >"$S$n/serial"
	fake_blockdev "$n/nvme0n1" 259:0 disk
	run out "$n/nvme0n1"
	grep -qx ID_BUS=nvme <<<"$output"
	grep -qx ID_SERIAL=Samsung_SSD_970_S46ANX0K123456 <<<"$output"
	grep -qx ID_PATH=pci-0000:01:00.0-nvme-1 <<<"$output"
}

@test "disk_id: an MMC card: its name and serial, the platform controller's path" {
	m=/devices/platform/sdhci.0/mmc_host/mmc0/mmc0:0001
	mkdir -p "$S/bus/mmc" "$S/bus/platform" "$S$m/block/mmcblk0"
	touch "$S/devices/platform/sdhci.0/uevent" "$S$m/uevent"
	ln -s ../../../bus/platform "$S/devices/platform/sdhci.0/subsystem"
	ln -s ../../../../../../bus/mmc "$S$m/subsystem"
	echo SD16G >"$S$m/name"
	echo 0x1234abcd >"$S$m/serial"
	fake_blockdev "$m/block/mmcblk0" 179:0 disk
	fake_blockdev "$m/block/mmcblk0/mmcblk0p1" 179:1 partition 1
	run out "$m/block/mmcblk0/mmcblk0p1"
	[ "$output" = "ID_PART_ENTRY_NUMBER=1
ID_BUS=mmc
ID_NAME=SD16G
ID_NAME_ENC=SD16G
ID_SERIAL=SD16G_0x1234abcd
ID_SERIAL_SHORT=0x1234abcd
ID_PATH=platform-sdhci.0" ]
}

@test "disk_id: the legacy /block layout with a device link" {
	legacy
	run out /block/sda
	[ "$status" -eq 0 ]
	grep -q '^ID_PATH=.*scsi-0:0:0:0$' <<<"$output"
	run out /block/sda/sda1
	[ "${lines[0]}" = ID_PART_ENTRY_NUMBER=1 ]
	# an IDE disk (2.6 ide driver): channel and unit in the path
	run out /block/hda
	[ "$output" = ID_PATH=pci-0000:00:1f.1-ide-0:0 ]
}

@test "disk_id: hostile attribute values are one safe word each" {
	sda=$(fake_disk 0 sda 8:0 $'../x\ny' 5000c50000000001)
	d=$S${sda%/block/sda}
	printf 'EV/L\nID_BUS=evil\x01' >"$d/model"
	printf '\x00\x80\x00\x0a../x y\n=z' >"$d/vpd_pg80"
	run out "$sda"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^ID_BUS=' <<<"$output")" -eq 1 ]
	grep -qx ID_BUS=ata <<<"$output"
	grep -qx 'ID_MODEL=EV_L_ID_BUS=evil_' <<<"$output"
	grep -qxF 'ID_MODEL_ENC=EV\x2fL\x0aID_BUS=evil\x01' <<<"$output"
	grep -qx 'ID_SERIAL_SHORT=.._x_y_=z' <<<"$output"
	# no value holds a '/', a blank or a control byte
	! grep -v '_ENC=' <<<"$output" | cut -d= -f2- | grep -q '[/[:space:][:cntrl:]]'
}

# one_line_each OUTPUT: every line is one KEY=value of disk_id's own keys
one_line_each() {
	! grep -q '^ID_FS_USAGE=' <<<"$1" || { echo "forged ID_FS_USAGE: $1"; return 1; }
	! grep -vq '^ID_[A-Z_]*=' <<<"$1" || { echo "a line of the device's: $1"; return 1; }
}

@test "disk_id: a newline in any device value makes no key of its own (wwid, partition, vendor, model, rev, VPD serial, virtio serial)" {
	evil=$'\nFORGED_BY_DEVICE=1\nID_FS_USAGE=filesystem'
	sda=$(fake_disk 0 sda 8:0 SER1 5000c50000000001)
	d=$S${sda%/block/sda}
	rm "$d/vpd_pg83"
	printf 'naa.5000c500a1b2c3d4%s' "$evil" >"$d/wwid"
	printf 'SEAGATE%s' "$evil" >"$d/vendor"
	printf 'M%s' "$evil" >"$d/model"
	printf 'R%s' "$evil" >"$d/rev"
	printf '\x00\x80\x00\x30S%s' "$evil" >"$d/vpd_pg80"
	fake_part "$sda" 3 8:3 >/dev/null
	printf '3%s' "$evil" >"$S$sda/sda3/partition"
	run out "$sda/sda3"
	[ "$status" -eq 0 ]
	one_line_each "$output"
	grep -qxF 'ID_WWN=0x5000c500a1b2c3d4\x0aFORGED_BY_DEVICE=1\x0aID_FS_USAGE=filesystem' <<<"$output"
	grep -q '^ID_PART_ENTRY_NUMBER=3\\x0aFORGED' <<<"$output"
	# virtio and NVMe serial numbers and models
	v=/devices/pci0000:00/0000:00:05.0/virtio1
	mkdir -p "$S/bus/virtio" "$S$v/block/vda"
	touch "$S/devices/pci0000:00/0000:00:05.0/uevent" "$S$v/uevent"
	ln -s ../../../bus/pci "$S/devices/pci0000:00/0000:00:05.0/subsystem"
	ln -s ../../../../bus/virtio "$S$v/subsystem"
	fake_blockdev "$v/block/vda" 254:0 disk
	printf 'VIRT%s' "$evil" >"$S$v/block/vda/serial"
	run out "$v/block/vda"
	one_line_each "$output"
	n=/devices/pci0000:00/0000:01:00.0/nvme/nvme0
	mkdir -p "$S$n/nvme0n1"
	touch "$S/devices/pci0000:00/0000:01:00.0/uevent" "$S$n/uevent"
	ln -s ../../../bus/pci "$S/devices/pci0000:00/0000:01:00.0/subsystem"
	printf 'Samsung%s' "$evil" >"$S$n/model"
	printf 'S46%s' "$evil" >"$S$n/serial"
	fake_blockdev "$n/nvme0n1" 259:0 disk
	run out "$n/nvme0n1"
	one_line_each "$output"
}

@test "disk_id: usage and missing devices" {
	run "$BIN/disk_id"
	[ "$status" -eq 1 ]
	run "$BIN/disk_id" /devices/none
	[ "$status" -eq 2 ]
	run "$BIN/disk_id" /devices/../etc
	[ "$status" -eq 1 ]
}

@test "disk_id: --volume=NODE adds what vol_id reads from its superblock, after the disk's keys" {
	need mkfs.ext4
	sda=$(fake_disk 0 sda 8:0 WD-WMAM9XF1 50014ee0aaf4a3b2)
	mkimg "$T/fs.img" ext4 'my data' 11111111-0000-4000-8000-0000000000a1
	ids=$(out "$sda")
	run "$BIN/disk_id" --export --volume="$T/fs.img" "$sda"
	[ "$status" -eq 0 ]
	[ "$output" = "$ids
$("$BIN/vol_id" --export "$T/fs.img")" ]
	grep -qx 'ID_FS_LABEL_ENC=my\\x20data' <<<"$output"
	# no known volume, no medium, no node: the disk's keys alone, exit 0
	truncate -s 1M "$T/empty.img"
	for node in "$T/empty.img" "$T/none"; do
		run volume "$node" "$sda"
		[ "$status" -eq 0 ] && [ "$output" = "$ids" ] || { echo "$node: $status $output"; return 1; }
	done
	# nothing in sysfs: exit 2 as without --volume, however readable the node
	run "$BIN/disk_id" --volume="$T/fs.img" /devices/none
	[ "$status" -eq 2 ]
	# usage: an empty node, two nodes, a timeout out of range
	for bad in --volume= "--volume=$T/fs.img --volume=$T/fs.img" --timeout=0 --timeout=x; do
		# shellcheck disable=SC2086 # two words in one case
		run "$BIN/disk_id" $bad "$sda"
		[ "$status" -eq 1 ] || { echo "$bad: $status"; return 1; }
	done
}

@test "disk_id: a volume that never answers: the disk's keys after the timeout, exit 0" {
	sda=$(fake_disk 0 sda 8:0 WD-WMAM9XF1 50014ee0aaf4a3b2)
	ids=$(out "$sda")
	# a FIFO without a writer blocks open(): like a dead device
	mkfifo "$T/dead"
	SECONDS=0
	run volume "$T/dead" "$sda" --timeout=1
	[ "$status" -eq 0 ] || { echo "$status $output"; cat "$T/err"; return 1; }
	[ "$SECONDS" -le 3 ]
	[ "$output" = "$ids" ]
	grep -q "timed out" "$T/err"
	# a disk with no keys of its own (none in sysfs): the suite's timeout code
	mkdir -p "$S/devices/virtual/block/dm-0" && echo 254:0 >"$S/devices/virtual/block/dm-0/dev"
	run volume "$T/dead" /devices/virtual/block/dm-0 --timeout=1
	[ "$status" -eq 16 ]
}

# scsi_debug's chain on a tree with uevent files (2.6.16 and later): a pseudo
# root device with no bus, a host and a target on the scsi bus with no
# driver, the LUN bound to sd. Prints the disk's devpath.
pseudo_disk() {
	local top=$S/devices/pseudo_0 sdev=/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:0 x
	mkdir -p "$S$sdev/block/sda" "$S/bus/scsi/drivers/sd" "$S/bus/pseudo/drivers/adapter_driver" \
		"$S/bus/scsi/devices" "$S/class/block"
	for x in "" /adapter0 /adapter0/host0 /adapter0/host0/target0:0:0 \
		/adapter0/host0/target0:0:0/0:0:0:0 /adapter0/host0/target0:0:0/0:0:0:0/block/sda; do
		touch "$top$x/uevent"
	done
	ln -s ../../../bus/pseudo "$top/adapter0/subsystem"
	ln -s ../../../bus/pseudo/drivers/adapter_driver "$top/adapter0/driver"
	ln -s ../../../../bus/scsi "$top/adapter0/host0/subsystem"
	ln -s ../../../../../bus/scsi "$top/adapter0/host0/target0:0:0/subsystem"
	ln -s ../../../../../../bus/scsi "$S$sdev/subsystem"
	ln -s ../../../../../../bus/scsi/drivers/sd "$S$sdev/driver"
	ln -s ../../../../../../../../class/block "$S$sdev/block/sda/subsystem"
	ln -s ../../../0:0:0:0 "$S$sdev/block/sda/device"
	echo 8:0 >"$S$sdev/block/sda/dev"
	echo "Linux   " >"$S$sdev/vendor"
	echo "scsi_debug      " >"$S$sdev/model"
	echo 0191 >"$S$sdev/rev"
	printf '\x00\x80\x00\x042000' >"$S$sdev/vpd_pg80"
	vpd83 5333333000000001 >"$S$sdev/vpd_pg83"
	echo "$sdev/block/sda"
}

@test "disk_id: a tree with uevent files: each link of the chain read once, no driver, no look in /bus, no device link of a device on a bus (issue 16: 512 disks per storm)" {
	command -v strace >/dev/null || skip "no strace"
	sda=$(pseudo_disk)
	# LeakSanitizer (make check-sanitize) cannot run under ptrace
	run env ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		strace -f -qq -e trace=%file,getdents64 -o "$T/trace" "$BIN/disk_id" --export "$sda"
	[ "$status" -eq 0 ]
	[ "$output" = "ID_VENDOR=Linux
ID_VENDOR_ENC=Linux
ID_MODEL=scsi_debug
ID_MODEL_ENC=scsi_debug
ID_REVISION=0191
ID_WWN=0x5333333000000001
ID_BUS=scsi
ID_SERIAL=35333333000000001
ID_SERIAL_SHORT=2000
ID_PATH=scsi-0:0:0:0" ]
	# the host, the target and the pseudo root have no driver link, the
	# root no subsystem link: on this tree that is all there is to know
	[ "$(grep -c "\"$S/bus/" "$T/trace")" -eq 0 ]
	[ "$(grep -c getdents64 "$T/trace")" -eq 0 ]
	# nor a driver link: disk_id names no driver
	[ "$(grep -c '/driver"' "$T/trace")" -eq 0 ]
	# each directory's subsystem link and uevent file looked at once at most
	[ -z "$(grep -o "\"$S/devices/[^\"]*/\(subsystem\|uevent\)\"" "$T/trace" | sort | uniq -d)" ]
	[ "$(grep -c '/subsystem"' "$T/trace")" -eq 6 ]
	# the disk (a class device) has its device link read; the LUN, the
	# target, the host and the adapter, whose subsystem links point at a
	# bus, have none (the kernel links class devices only): not looked for
	[ "$(grep -c '/block/sda/device"' "$T/trace")" -eq 1 ]
	[ "$(grep -cE '/(0:0:0:0|target0:0:0|host0|adapter0)/device"' "$T/trace")" -eq 0 ]
}
