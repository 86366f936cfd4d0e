#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The tree of the side-by-side run of udev 100's and 117's stock rules
# (test/udev-stock-side.bats, tools/stock-compare.sh): test/sysfs-2006 (a
# SATA disk sda with sda1, an IDE CD-ROM hdc, a pl2303 serial adapter
# ttyUSB0, a USB mouse input1 with event1 and mouse1) copied to DIR, plus a
# usb-storage stick sdb on USB port 1-4 and two PCI network cards eth0 and
# eth1, as a 2.6.18 kernel laid them out. Usage: sysfs-stock.sh DIR
set -eu
top=$(cd "${0%/*}/../.." && pwd)
S=$1
rm -rf "$S"
cp -a "$top/test/sysfs-2006" "$S"

# link FROM TO: FROM (a path in the tree) is a relative link to TO
link() { mkdir -p "$(dirname "$S$1")"; ln -sfn "$(realpath -m --relative-to="$(dirname "$S$1")" "$S$2")" "$S$1"; }
# attrs DEVPATH ATTR=VALUE...: the attribute files, one value and a newline each
attrs() {
	local d=$S$1 a
	shift
	mkdir -p "$d"
	for a in "$@"; do printf '%s\n' "${a#*=}" > "$d/${a%%=*}"; done
}
# device DEVPATH BUS DRIVER ATTR=VALUE...: a bus device with its links
device() {
	local p=$1 bus=$2 drv=$3
	shift 3
	attrs "$p" "$@"
	mkdir -p "$S/bus/$bus/devices" "$S/bus/$bus/drivers/$drv"
	link "$p/bus" "/bus/$bus"
	[ -z "$drv" ] || link "$p/driver" "/bus/$bus/drivers/$drv"
}

# the stick: SanDisk Cruzer on 1-4, its SCSI disk 1:0:0:0 behind host1
U=/devices/pci0000:00/0000:00:1d.7/usb1/1-4
device $U usb usb idVendor=0781 idProduct=5406 "manufacturer=SanDisk Corporation" \
	"product=U3 Cruzer Micro" serial=0000161511737EFB busnum=1 devnum=5 bDeviceClass=00
device $U/1-4:1.0 usb usb-storage bInterfaceClass=08 bInterfaceSubClass=06 \
	bInterfaceProtocol=50 modalias=usb:v0781p5406d0200dc00dsc00dp00ic08isc06ip50
mkdir -p "$S$U/1-4:1.0/host1"
H=$U/1-4:1.0/host1/target1:0:0/1:0:0:0
device $H scsi sd "vendor=SanDisk " "model=U3 Cruzer Micro " rev=3.27 type=0 scsi_level=3 timeout=30
link /bus/scsi/devices/1:0:0:0 $H
attrs /class/scsi_host/host1 proc_name=usb-storage
link /class/scsi_host/host1/device $U/1-4:1.0/host1
attrs /block/sdb dev=8:16 range=16 removable=1 size=1000944
link /block/sdb/device $H

# the network cards: an e1000 on the chipset, an 8139too on a PCI slot
device /devices/pci0000:00/0000:00:19.0 pci e1000 vendor=0x8086 device=0x104b
device /devices/pci0000:00/0000:00:1e.0 pci "" vendor=0x8086 device=0x244e
device /devices/pci0000:00/0000:00:1e.0/0000:02:00.0 pci 8139too vendor=0x10ec device=0x8139
attrs /class/net/eth0 address=00:11:22:33:44:55 type=1 addr_len=6 ifindex=2 iflink=2
link /class/net/eth0/device /devices/pci0000:00/0000:00:19.0
attrs /class/net/eth1 address=00:11:22:33:44:66 type=1 addr_len=6 ifindex=3 iflink=3
link /class/net/eth1/device /devices/pci0000:00/0000:00:1e.0/0000:02:00.0

# 2.6.16-2.6.2x created event1 and mouse1 with the mouse's interface as
# their device (evdev.c: class_device_create(..., dev->cdev.dev, ...)), so
# each has a `device` link of its own, as input1 has; so has the
# keyboard's event0, on serio0 with atkbd bound
for c in event1 mouse1; do
	link /class/input/input1/$c/device /devices/pci0000:00/0000:00:1d.7/usb1/1-2/1-2:1.0
done
link /class/input/input0/event0/device /devices/platform/i8042/serio0
mkdir -p "$S/bus/serio/drivers/atkbd"
link /devices/platform/i8042/serio0/driver /bus/serio/drivers/atkbd
