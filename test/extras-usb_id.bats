#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# usb_id (udev 100-117's, in udev-extras and as udev's built-in) on fake
# sysfs trees of the 2.6.18 layout: a USB serial adapter, a USB stick, a
# mouse, a CD drive, hostile strings, its options and exit codes.

load extras-lib

setup() { extras_setup; }

# The devices of the table, each behind its own port of usb2.
serial_adapter() {   # a Prolific PL2303: vendor-specific interface, tty
	usb_device 1 idVendor=067b idProduct=2303 bcdDevice=0300 \
		manufacturer="Prolific Technology Inc." product="USB-Serial Controller" serial=A1B2C3
	dev "$(usb_iface 1 ff 00 00)/ttyUSB0" usb-serial
	cdev tty/ttyUSB0 "$PCI/usb2/2-1/2-1:1.0/ttyUSB0" 188:0
}
usb_stick() {        # usb-storage, SPC-2 transparent (subclass 06), LUN 1
	local s
	usb_device 2 idVendor=0951 idProduct=1607 bcdDevice=0100 \
		manufacturer=Kingston product="DataTraveler 2.0" serial=5B6B1A03C2C5
	s=$(usb_iface 2 08 06 50)/host3/target3:0:0/3:0:0:1
	dev "$s" scsi vendor="Kingston" model="DataTraveler 2.0" rev="1.00" type=0
	bdev sdb "$s" 8:16
}
mouse() {            # a HID boot mouse without a serial number
	usb_device 3 idVendor=046d idProduct=c016 bcdDevice=0340 \
		manufacturer=Logitech product="Optical USB Mouse"
	cdev input/input5 "$(usb_iface 3 03 01 02)"
	cdev input/input5/event5 "$PCI/usb2/2-3/2-3:1.0" 13:69
}
cd_drive() {         # an ATAPI CD drive behind USB (subclass 02: no SCSI names)
	usb_device 4 idVendor=05e3 idProduct=0701 bcdDevice=0002 product="USB TO IDE"
	dev "$(usb_iface 4 08 02 50)/host4/target4:0:0/4:0:0:0" scsi vendor=HL-DT-ST \
		model=DVDRAM type=5 rev=1.0
	cdev scsi_generic/sg1 "$PCI/usb2/2-4/2-4:1.0/host4/target4:0:0/4:0:0:0" 21:1
}

# check OPTIONS DEVPATH EXPECTED: usb_id's output and exit code 0
check() {
	# shellcheck disable=SC2086  # OPTIONS are words
	run "$BIN/usb_id" $1 "$2"
	[ "$status" -eq 0 ] || { echo "usb_id $1 $2: $status: $output"; return 1; }
	[ "$output" = "$3" ] || { diff <(echo "$3") <(echo "$output"); return 1; }
}

@test "usb_id: the table: serial adapter, USB stick (SCSI names, -u, -n), mouse, CD drive" {
	serial_adapter; usb_stick; mouse; cd_drive
	check -x /class/tty/ttyUSB0 "ID_VENDOR=Prolific_Technology_Inc.
ID_MODEL=USB-Serial_Controller
ID_REVISION=0300
ID_SERIAL=Prolific_Technology_Inc._USB-Serial_Controller_A1B2C3
ID_SERIAL_SHORT=A1B2C3
ID_TYPE=generic
ID_BUS=usb"
	check "" /class/tty/ttyUSB0 "Prolific_Technology_Inc._USB-Serial_Controller_A1B2C3"
	# the SCSI device names the stick, and its target:lun is the instance
	check --export /block/sdb "ID_VENDOR=Kingston
ID_MODEL=DataTraveler_2.0
ID_REVISION=1.00
ID_SERIAL=Kingston_DataTraveler_2.0_5B6B1A03C2C5-0:1
ID_SERIAL_SHORT=5B6B1A03C2C5
ID_TYPE=disk
ID_INSTANCE=0:1
ID_BUS=usb"
	# -u: the USB strings; -n: the USB numbers
	check "-x -u" /block/sdb "ID_VENDOR=Kingston
ID_MODEL=DataTraveler_2.0
ID_REVISION=0100
ID_SERIAL=Kingston_DataTraveler_2.0_5B6B1A03C2C5
ID_SERIAL_SHORT=5B6B1A03C2C5
ID_TYPE=disk
ID_BUS=usb"
	check "-xn" /block/sdb "ID_VENDOR=0951
ID_MODEL=1607
ID_REVISION=0100
ID_SERIAL=0951_1607_5B6B1A03C2C5
ID_SERIAL_SHORT=5B6B1A03C2C5
ID_TYPE=disk
ID_BUS=usb"
	check "--export --num-info" /class/input/input5/event5 "ID_VENDOR=046d
ID_MODEL=c016
ID_REVISION=0340
ID_SERIAL=046d_c016
ID_TYPE=hid
ID_BUS=usb"
	check -x /class/input/input5/event5 "ID_VENDOR=Logitech
ID_MODEL=Optical_USB_Mouse
ID_REVISION=0340
ID_SERIAL=Logitech_Optical_USB_Mouse
ID_TYPE=hid
ID_BUS=usb"
	# no manufacturer: idVendor stands in
	check -x /class/scsi_generic/sg1 "ID_VENDOR=05e3
ID_MODEL=USB_TO_IDE
ID_REVISION=0002
ID_SERIAL=05e3_USB_TO_IDE
ID_TYPE=cd
ID_BUS=usb"
}

@test "usb_id: device strings: blanks, '/', control bytes and non-ASCII bytes as udev 100 cleaned them" {
	usb_device 5 idVendor=1234 idProduct=5678 bcdDevice=0001 \
		manufacturer="$(printf '  Acme /Corp\t\001 \303\251  ')" product="$(printf 'A\nID_BUS=evil')" \
		serial="$(printf '12\03334$(reboot)')"
	dev "$(usb_iface 5 ff 00 00)/ttyUSB1" usb-serial
	cdev tty/ttyUSB1 "$PCI/usb2/2-5/2-5:1.0/ttyUSB1" 188:1
	check -x /class/tty/ttyUSB1 'ID_VENDOR=Acme_.Corp__
ID_MODEL=A_ID_BUS=evil
ID_REVISION=0001
ID_SERIAL=Acme_.Corp___A_ID_BUS=evil_1234$(reboot)
ID_SERIAL_SHORT=1234$(reboot)
ID_TYPE=generic
ID_BUS=usb'
}

@test "usb_id: exit codes: 1 for no USB device, usage errors and no device named; \$DEVPATH wins" {
	serial_adapter; mouse
	dev /devices/platform/serial8250 platform
	cdev tty/ttyS0 /devices/platform/serial8250 4:64
	run "$BIN/usb_id" -x /class/tty/ttyS0
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run "$BIN/usb_id" -x /class/tty/ttyS9
	[ "$status" -eq 1 ]
	[ -z "$output" ]
	run "$BIN/usb_id" -x -b /class/tty/ttyUSB0
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "usb_id: unknown option '-b'" ]
	run "$BIN/usb_id" -x
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "usb_id: missing 'DEVPATH'" ]
	# udev 100's rules run "usb_id -x" with the event's DEVPATH in the environment
	DEVPATH=/class/input/input5/event5 run "$BIN/usb_id" -x /class/tty/ttyUSB0
	[ "$status" -eq 0 ]
	[ "${lines[3]}" = ID_SERIAL=Logitech_Optical_USB_Mouse ]
	DEVPATH=/class/input/input5/event5 run "$BIN/usb_id"
	[ "$output" = Logitech_Optical_USB_Mouse ]
	run "$BIN/usb_id" --help
	[ "$status" -eq 0 ]
	[[ "$output" = "usage: usb_id "* ]]
	run "$BIN/udev-extras" -x
	[ "$status" -eq 1 ]
}

@test "usb_id: udev 100's output for the USB stick differs: no ID_SERIAL_SHORT, no ID_INSTANCE" {
	# udev 100's usb_id, built from its release and run by hand on this
	# tree, printed for the stick (117's printed what ours does, for every
	# device and option of these tests):
	#   ID_VENDOR=Kingston ID_MODEL=DataTraveler_2.0 ID_REVISION=1.00
	#   ID_SERIAL=Kingston_DataTraveler_2.0_5B6B1A03C2C5 ID_TYPE=disk ID_BUS=usb
	# 117 added ID_SERIAL_SHORT, and the target:lun (ID_INSTANCE, and after
	# ID_SERIAL) because some sticks give every LUN the same serial number:
	# with 100's names two LUNs made one by-id link. Ours is 117's, a
	# superset: 100's rules read only ID_SERIAL, ID_BUS and ID_TYPE.
	usb_stick
	run "$BIN/usb_id" -x /block/sdb
	[ "$status" -eq 0 ]
	[ "$(grep -v -e ^ID_SERIAL_SHORT= -e ^ID_INSTANCE= <<<"$output" | sed 's/-0:1$//')" = "ID_VENDOR=Kingston
ID_MODEL=DataTraveler_2.0
ID_REVISION=1.00
ID_SERIAL=Kingston_DataTraveler_2.0_5B6B1A03C2C5
ID_TYPE=disk
ID_BUS=usb" ]
	grep -qx ID_INSTANCE=0:1 <<<"$output"
}

@test "usb_id: IMPORT{builtin} in udev: the same keys, DEVPATH the event's" {
	serial_adapter
	rules 'KERNEL=="ttyUSB*", IMPORT{builtin}="usb_id --export", SYMLINK+="serial/by-id/$env{ID_BUS}-$env{ID_SERIAL}"
KERNEL=="ttyUSB*", ENV{ID_TYPE}=="generic", SYMLINK+="t-$env{ID_REVISION}"'
	ev add /class/tty/ttyUSB0 tty
	[ "$(readlink "$T/dev/serial/by-id/usb-Prolific_Technology_Inc._USB-Serial_Controller_A1B2C3")" = ../../ttyUSB0 ]
	[ -L "$T/dev/t-0300" ]
	# a usage error is a failed import, logged, and the event goes on
	rules 'KERNEL=="ttyUSB*", IMPORT{builtin}="usb_id --bogus", SYMLINK+="no"
KERNEL=="ttyUSB*", SYMLINK+="yes"'
	ev add /class/tty/ttyUSB0 tty
	[ ! -L "$T/dev/no" ] && [ -L "$T/dev/yes" ]
}

@test "usb_id: a udev built without the extras (EXTRAS_BUILTIN=false) runs LIBUDEVDIR/usb_id for IMPORT{builtin}" {
	default_build_only
	local B=$T/b
	make -s -C "$TOP" O="$B" EXTRAS_BUILTIN=false libudevdir="$T/lib/udev" "$B/udev" \
		"$B/udev-extras" >"$T/make.out" 2>&1 || { cat "$T/make.out"; return 1; }
	# none of their code in that udev
	nm "$B/udev" | grep -q usb_id_run && { echo "usb_id_run in udev"; return 1; }
	mkdir -p "$T/lib/udev"
	ln -s "$B/udev-extras" "$T/lib/udev/usb_id"
	unset UDEV_EXTRAS_DIR
	serial_adapter
	rules 'KERNEL=="ttyUSB*", IMPORT{builtin}="usb_id --export", SYMLINK+="serial/by-id/$env{ID_BUS}-$env{ID_SERIAL}"'
	# shellcheck disable=SC2034  # ev's
	UDEV_RUN=("$B/udev")
	ev add /class/tty/ttyUSB0 tty
	[ "$(readlink "$T/dev/serial/by-id/usb-Prolific_Technology_Inc._USB-Serial_Controller_A1B2C3")" = ../../ttyUSB0 ]
	# the program is what ran: without it the import fails, logged
	rm "$T/lib/udev/usb_id" "$T/dev/serial/by-id/"*
	ev add /class/tty/ttyUSB0 tty
	[ ! -e "$T/dev/serial/by-id/usb-Prolific_Technology_Inc._USB-Serial_Controller_A1B2C3" ]
}
