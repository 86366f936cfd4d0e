#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# path_id (udev 100-117's shell script, in C in udev-extras and as udev's
# built-in) on fake sysfs trees of the 2.6.18 layout: the table of
# controllers and buses it names, its exit codes, and where ours differs.

load extras-lib

setup() { extras_setup; }

# check DEVPATH EXPECTED-ID_PATH [STATUS]
check() {
	run "$BIN/path_id" "$1"
	[ "$status" -eq "${3:-0}" ] || { echo "path_id $1: $status: $output"; return 1; }
	[ "$output" = "ID_PATH=$2" ] || { echo "path_id $1: '$output', not ID_PATH=$2"; return 1; }
}

# scsi_disk CONTROLLER HOST C:T:L NAME MAJ:MIN: a disk /block/NAME
scsi_disk() {
	local h=$1/host$2/target$2:${3%:*}/$2:$3
	dev "$1" pci
	dev "$h" scsi type=0
	bdev "$4" "$h" "$5"
}

@test "path_id: the table: SATA, IDE, USB stick, partition, tape, PS/2 and USB input, FC" {
	local sata=/devices/pci0000:00/0000:00:1f.2 ide=/devices/pci0000:00/0000:00:1f.1
	# two ports of one SATA controller: hosts 0 and 1; a second controller's
	# first host counts as 0 again
	scsi_disk $sata 0 0:0:0 sda 8:0
	scsi_disk $sata 1 0:0:0 sdb 8:16
	scsi_disk /devices/pci0000:00/0000:00:03.0 2 0:1:0 sdc 8:32
	mkdir -p "$S/block/sda/sda1" && echo 8:1 >"$S/block/sda/sda1/dev"
	check /block/sda pci-0000:00:1f.2-scsi-0:0:0:0
	check /block/sda/sda1 pci-0000:00:1f.2-scsi-0:0:0:0
	check /block/sdb pci-0000:00:1f.2-scsi-1:0:0:0
	check /block/sdc pci-0000:00:03.0-scsi-0:0:1:0
	# IDE: the secondary channel's master, ide1/1.0
	dev $ide pci
	dev $ide/ide0 ""
	dev $ide/ide1/1.0 ide
	bdev hdc $ide/ide1/1.0 22:0
	check /block/hdc pci-0000:00:1f.1-ide-1:0
	# a USB stick, LUN 1
	usb_device 2 idVendor=0951
	dev "$(usb_iface 2 08 06 50)/host3/target3:0:0/3:0:0:1" scsi type=0
	bdev sdd "$PCI/usb2/2-2/2-2:1.0/host3/target3:0:0/3:0:0:1" 8:48
	check /block/sdd pci-0000:00:1d.0-usb-0:2:1.0-scsi-0:0:0:1
	# a tape: the node's rewind and mode after the path
	dev $sata/host0/target0:0:3/0:0:3:0 scsi type=1
	cdev scsi_tape/nst0a $sata/host0/target0:0:3/0:0:3:0 9:224
	cdev scsi_tape/st0 $sata/host0/target0:0:3/0:0:3:0 9:0
	check /class/scsi_tape/nst0a pci-0000:00:1f.2-scsi-0:0:3:0-nsta
	check /class/scsi_tape/st0 pci-0000:00:1f.2-scsi-0:0:3:0-st
	# PS/2 mouse behind the i8042 (its event device too), and a USB mouse
	dev /devices/platform/i8042/serio1 serio
	cdev input/input2 /devices/platform/i8042/serio1
	cdev input/input2/mouse1 /devices/platform/i8042/serio1 13:33
	cdev input/input2/event2 /devices/platform/i8042/serio1 13:66
	check /class/input/input2/mouse1 platform-i8042-serio-1
	check /class/input/input2/event2 platform-i8042-serio-1
	usb_device 3 idVendor=046d
	cdev input/input5 "$(usb_iface 3 03 01 02)"
	cdev input/input5/event5 "$PCI/usb2/2-3/2-3:1.0" 13:69
	check /class/input/input5/event5 pci-0000:00:1d.0-usb-0:3:1.0
	# Fibre Channel: the target port's WWPN and LUN 5, after the HBA
	local fc=/devices/pci0000:00/0000:00:04.0/host4/rport-4:0-0/target4:0:0
	dev /devices/pci0000:00/0000:00:04.0 pci
	dev $fc/4:0:0:5 scsi type=0
	dev "$fc/fc_transport:target4:0:0" "" port_name=0x500507680140abcd
	bdev sde $fc/4:0:0:5 8:64
	check /block/sde pci-0000:00:04.0-fc-0x500507680140abcd:0x0005000000000000
}

@test "path_id: SAS, iSCSI, FireWire and s390 (DASD, zfcp) as udev 100's script named them" {
	local h=/devices/pci0000:00/0000:00:05.0/host6
	dev /devices/pci0000:00/0000:00:05.0 pci
	dev $h/phy-6:0/rphy-6:0-0/target6:0:0/6:0:0:0 scsi type=0
	bdev sdf $h/phy-6:0/rphy-6:0-0/target6:0:0/6:0:0:0 8:80
	cdev sas_phy/phy-6:0 ""
	printf '0x500605b000000001\n' >"$S/class/sas_phy/phy-6:0/sas_address"
	echo 0 >"$S/class/sas_phy/phy-6:0/port_identifier"
	echo 0 >"$S/class/sas_phy/phy-6:0/phy_identifier"
	cdev sas_device/rphy-6:0-0 ""
	printf '0x5000c50001234567\n' >"$S/class/sas_device/rphy-6:0-0/sas_address"
	echo 1 >"$S/class/sas_device/rphy-6:0-0/phy_identifier"
	check /block/sdf pci-0000:00:05.0-sas-0x500605b000000001:0:0-0x5000c50001234567:1
	# without the initiator's address: ID_PATH= and exit 1, as the script
	rm "$S/class/sas_phy/phy-6:0/sas_address"
	check /block/sdf "" 1
	# iSCSI: the session's target, the first connection's address and port
	local s=/devices/platform/host7/session1
	dev $s/target7:0:0/7:0:0:0 scsi type=0
	dev $s/connection1:0 ""
	bdev sdg $s/target7:0:0/7:0:0:0 8:96
	cdev iscsi_session/session1 ""
	echo iqn.2006-01.org.example:disk1 >"$S/class/iscsi_session/session1/targetname"
	cdev iscsi_connection/connection1:0 ""
	echo 192.0.2.7 >"$S/class/iscsi_connection/connection1:0/persistent_address"
	echo 3260 >"$S/class/iscsi_connection/connection1:0/persistent_port"
	check /block/sdg ip-192.0.2.7:3260-iscsi-iqn.2006-01.org.example:disk1
	# FireWire (sbp2): the unit's EUI-64
	local f=/devices/pci0000:00/0000:00:06.0/fw-host0/0011223344556677/0011223344556677-0/host8/target8:0:0/8:0:0:0
	dev /devices/pci0000:00/0000:00:06.0 pci
	dev $f scsi type=0 ieee1394_id=0011223344556677:0:0
	bdev sdh $f 8:112
	check /block/sdh pci-0000:00:06.0-ieee1394-0x0011223344556677:0:0
	# s390: a DASD by its bus id; a zfcp LUN by adapter, WWPN and LUN
	dev /devices/css0/0.0.0010/0.0.5100 ccw
	bdev dasda /devices/css0/0.0.0010/0.0.5100 94:0
	check /block/dasda ccw-0.0.5100
	dev /devices/css0/0.0.0011/0.0.6000/host9/rport-9:0-0/target9:0:0/9:0:0:0 scsi \
		wwpn=0x5005076300c213e9 fcp_lun=0x4011000000000000 hba_id=0.0.6000
	bdev sdi /devices/css0/0.0.0011/0.0.6000/host9/rport-9:0-0/target9:0:0/9:0:0:0 8:128
	check /block/sdi ccw-0.0.6000-zfcp-0x5005076300c213e9:0x4011000000000000
}

@test "path_id: exit codes: no dev file, no such device, a class it does not name, usage" {
	mkdir -p "$S/block/loop0" && echo 7:0 >"$S/block/loop0/dev" && echo 1 >"$S/block/loop0/range"
	# a disk with no device behind it: ID_PATH= and 1, as the script
	check /block/loop0 "" 1
	run "$BIN/path_id" /block/nosuch
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	cdev sound/pcmC0D0p /devices/pci0000:00/0000:00:1b.0 116:16
	dev /devices/pci0000:00/0000:00:1b.0 pci
	run "$BIN/path_id" /class/sound/pcmC0D0p
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	# a device under an address it does not know: what it named, and 1
	dev /devices/vbus0/host0/target0:0:0/0:0:0:0 scsi
	bdev sdz /devices/vbus0/host0/target0:0:0/0:0:0:0 8:400
	check /block/sdz scsi-0:0:0:0 1
	run "$BIN/path_id"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "path_id: missing 'DEVPATH'" ]
	# $DEVPATH wins, as in udev 100; the sysfs mount point may lead the argument
	scsi_disk /devices/pci0000:00/0000:00:1f.2 0 0:0:0 sda 8:0
	DEVPATH=/block/sda run "$BIN/path_id" /block/loop0
	[ "$status" -eq 0 ]
	[ "$output" = ID_PATH=pci-0000:00:1f.2-scsi-0:0:0:0 ]
	check "$S/block/sda" pci-0000:00:1f.2-scsi-0:0:0:0
}

@test "path_id: where udev 100's differs: serial ports, and the /devices layout" {
	# udev 100's script named block devices, tapes and input devices only:
	# for a tty it printed nothing and exited 1, so its rules had no
	# /dev/serial/by-path. Ours names a USB serial port by its interface
	# (the port device below it is no address) and any other by its chain.
	usb_device 1 idVendor=067b
	dev "$(usb_iface 1 ff 00 00)/ttyUSB0" usb-serial
	cdev tty/ttyUSB0 "$PCI/usb2/2-1/2-1:1.0/ttyUSB0" 188:0
	check /class/tty/ttyUSB0 pci-0000:00:1d.0-usb-0:1:1.0
	dev /devices/platform/serial8250 platform
	cdev tty/ttyS0 /devices/platform/serial8250 4:64
	check /class/tty/ttyS0 platform-serial8250
	# On the layout of 2.6.25 and later (everything under /devices) udev
	# 100's script walked from the disk's own directory and printed
	# "ID_PATH=pci-0000:00:1f.2-scsi-0:block" for this disk; ours walks
	# from the first device on a bus, as on the older layout.
	local d=/devices/pci0000:00/0000:00:1f.2/host0/target0:0:0/0:0:0:0
	mkdir -p "$S$d/block/sda" "$S/class/block" "$S/bus/scsi" "$S/bus/pci"
	ln -s "$(rel "$S$d" /bus/scsi)" "$S$d/subsystem"
	ln -s "$(rel "$S/devices/pci0000:00/0000:00:1f.2" /bus/pci)" "$S/devices/pci0000:00/0000:00:1f.2/subsystem"
	ln -s "$(rel "$S$d/block/sda" /class/block)" "$S$d/block/sda/subsystem"
	echo 8:0 >"$S$d/block/sda/dev"
	check $d/block/sda pci-0000:00:1f.2-scsi-0:0:0:0
}

@test "path_id: IMPORT{builtin} in udev makes the by-path link of the event's device" {
	scsi_disk /devices/pci0000:00/0000:00:1f.2 0 0:0:0 sda 8:0
	rules 'KERNEL=="sda", IMPORT{builtin}="path_id", SYMLINK+="disk/by-path/$env{ID_PATH}"'
	ev add /block/sda block
	[ "$(readlink "$T/dev/disk/by-path/pci-0000:00:1f.2-scsi-0:0:0:0")" = ../../sda ]
}
