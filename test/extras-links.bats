#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The links people relied on from 2006 on, made by the shipped rules with
# the extras: /dev/serial/by-id and by-path for USB serial adapters and
# modems (60-persistent-serial.rules), /dev/input/by-id and by-path for
# USB and PS/2 keyboards and mice (60-persistent-input.rules), on a fake
# sysfs tree of the 2.6.18 layout.

load extras-lib

setup() {
	extras_setup
	cp "$TOP"/etc/udev/rules.d/50-udev.rules "$TOP"/etc/udev/rules.d/60-persistent-serial.rules \
		"$TOP"/etc/udev/rules.d/60-persistent-input.rules "$T/rules.d/"
}

# driver DEVPATH BUS NAME: the device's driver link
driver() {
	mkdir -p "$S/bus/$2/drivers/$3"
	ln -sfn "$(rel "$S$1" "/bus/$2/drivers/$3")" "$S$1/driver"
}

# links PREFIX: the links below $T/dev/PREFIX, "name -> target", sorted
links() { listing | sed -n "s|^l $1/||p"; }

@test "links: serial/by-id and by-path for a USB serial adapter and a USB modem; ttyS0 has none" {
	usb_device 1 idVendor=067b idProduct=2303 bcdDevice=0300 \
		manufacturer="Prolific Technology Inc." product="USB-Serial Controller" serial=A1B2C3
	dev "$(usb_iface 1 ff 00 00)/ttyUSB0" usb-serial
	cdev tty/ttyUSB0 "$PCI/usb2/2-1/2-1:1.0/ttyUSB0" 188:0
	usb_device 4 idVendor=0572 idProduct=1329 manufacturer=Conexant product="USB Modem" serial=12345678
	cdev tty/ttyACM0 "$(usb_iface 4 02 02 01)" 166:0
	dev /devices/platform/serial8250 platform
	cdev tty/ttyS0 /devices/platform/serial8250 4:64
	ev add /class/tty/ttyUSB0 tty
	ev add /class/tty/ttyACM0 tty
	ev add /class/tty/ttyS0 tty
	[ "$(links serial)" = "by-id/usb-Conexant_USB_Modem_12345678 -> ../../ttyACM0
by-id/usb-Prolific_Technology_Inc._USB-Serial_Controller_A1B2C3 -> ../../ttyUSB0
by-path/pci-0000:00:1d.0-usb-0:1:1.0 -> ../../ttyUSB0
by-path/pci-0000:00:1d.0-usb-0:4:1.0 -> ../../ttyACM0" ]
	# unplugged: its links go with it
	ev remove /class/tty/ttyUSB0 tty
	[ "$(links serial)" = "by-id/usb-Conexant_USB_Modem_12345678 -> ../../ttyACM0
by-path/pci-0000:00:1d.0-usb-0:4:1.0 -> ../../ttyACM0" ]
}

@test "links: input/by-id and by-path for a USB mouse and keyboard, by-path for PS/2 ones" {
	usb_device 3 idVendor=046d idProduct=c016 bcdDevice=0340 manufacturer=Logitech \
		product="Optical USB Mouse"
	cdev input/input5 "$(usb_iface 3 03 01 02)"
	cdev input/input5/mouse2 "$PCI/usb2/2-3/2-3:1.0" 13:34
	cdev input/input5/event5 "$PCI/usb2/2-3/2-3:1.0" 13:69
	usb_device 5 idVendor=04d9 idProduct=1603 manufacturer=Holtek product="USB Keyboard" serial=K1
	cdev input/input6 "$(usb_iface 5 03 01 01)"
	cdev input/input6/event6 "$PCI/usb2/2-5/2-5:1.0" 13:70
	dev /devices/platform/i8042/serio0 serio
	driver /devices/platform/i8042/serio0 serio atkbd
	cdev input/input1 /devices/platform/i8042/serio0
	cdev input/input1/event1 /devices/platform/i8042/serio0 13:65
	dev /devices/platform/i8042/serio1 serio
	driver /devices/platform/i8042/serio1 serio psmouse
	cdev input/input2 /devices/platform/i8042/serio1
	cdev input/input2/mouse1 /devices/platform/i8042/serio1 13:33
	local d
	for d in input5/mouse2 input5/event5 input6/event6 input1/event1 input2/mouse1; do
		ev add /class/input/$d input
	done
	[ "$(links input)" = "by-id/usb-Holtek_USB_Keyboard_K1-event-kbd -> ../event6
by-id/usb-Logitech_Optical_USB_Mouse-event-mouse -> ../event5
by-id/usb-Logitech_Optical_USB_Mouse-mouse -> ../mouse2
by-path/pci-0000:00:1d.0-usb-0:3:1.0-event-mouse -> ../event5
by-path/pci-0000:00:1d.0-usb-0:3:1.0-mouse -> ../mouse2
by-path/pci-0000:00:1d.0-usb-0:5:1.0-event-kbd -> ../event6
by-path/platform-i8042-serio-0-event-kbd -> ../event1
by-path/platform-i8042-serio-1-mouse -> ../mouse1" ]
}
