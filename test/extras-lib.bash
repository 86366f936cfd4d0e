# SPDX-License-Identifier: GPL-2.0-only
# Fake sysfs trees for the extras of udev 100-117 (usb_id, path_id ...):
# the layout of the kernels of their time (2.6.15-2.6.24: bus devices under
# /devices with a `bus` link, class devices under /class with a `device`
# link, disks under /block), built in $T/sys by a few helpers, so that each
# test says in a line or two what its device is.

load udev-lib

extras_setup() {
	udev_setup
	S=$T/sys
	mkdir -p "$S/devices" "$S/class" "$S/block"
	export SYSFS_PATH=$S
	unset DEVPATH
}

# rel DIR DEVPATH: DEVPATH as a link in DIR points to it (../../devices/...)
rel() { realpath -m --relative-to="$1" "$S$2"; }

# dev DEVPATH BUS [ATTR=VALUE...]: a device on BUS ("" for none); each
# ATTR file holds VALUE and a newline, as the kernel writes them.
dev() {
	local d=$S$1 bus=$2 a
	shift 2
	mkdir -p "$d" "$S/bus/${bus:-none}/devices"
	[ -z "$bus" ] || ln -sfn "$(rel "$d" "/bus/$bus")" "$d/bus"
	for a in "$@"; do printf '%s\n' "${a#*=}" >"$d/${a%%=*}"; done
}

# cdev CLASS/NAME DEVPATH [MAJ:MIN]: a class device whose `device` link
# points at DEVPATH; with a `dev` file when MAJ:MIN is given. A NAME with
# a '/' (input5/event5) is a class device inside another.
cdev() {
	local d=$S/class/$1
	mkdir -p "$d"
	[ -z "$2" ] || ln -sfn "$(rel "$d" "$2")" "$d/device"
	[ -z "${3:-}" ] || echo "$3" >"$d/dev"
}

# bdev NAME DEVPATH MAJ:MIN: a disk under /block, its `device` DEVPATH
bdev() {
	mkdir -p "$S/block/$1"
	ln -sfn "$(rel "$S/block/$1" "$2")" "$S/block/$1/device"
	echo "$3" >"$S/block/$1/dev"
}

# The USB host controller every device below hangs off: usb2 on PCI
# 0000:00:1d.0 (a UHCI controller's second bus).
PCI=/devices/pci0000:00/0000:00:1d.0
usb_host() {
	dev "$PCI" pci vendor=0x8086
	dev "$PCI/usb2" usb idVendor=0000 idProduct=0000
}

# usb_device PORT [ATTR=VALUE...]: USB device 2-PORT with its attributes
usb_device() {
	local p=$1
	shift
	usb_host
	dev "$PCI/usb2/2-$p" usb "$@"
}

# usb_iface PORT CLASS SUBCLASS PROTOCOL: interface 2-PORT:1.0; prints it
usb_iface() {
	dev "$PCI/usb2/2-$1/2-$1:1.0" usb bInterfaceClass="$2" bInterfaceSubClass="$3" \
		bInterfaceProtocol="$4"
	echo "$PCI/usb2/2-$1/2-$1:1.0"
}
