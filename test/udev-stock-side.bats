#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udev 100's and 117's stock rules with our extras, side by side with real
# udev: on test/tools/sysfs-stock.sh's tree (a SATA disk sda with sda1, a
# usb-storage stick sdb, an IDE CD-ROM hdc, a pl2303 adapter ttyUSB0, a USB
# mouse's event1 and mouse1, two PCI cards eth0 and eth1, laid out as a
# 2.6.18 kernel had them) the add event of each device, in that order,
# through our udev and extras. The expected records (node, links,
# variables), /dev and generated rules are what real udev 100 (eed8b2ff9)
# and 117 (6d83d9a62), built with their extras, made with their own stock
# rules on the same tree (tools/stock-compare.sh), except where a row's
# comment says what real udev gave and why ours differs
# (docs/writing-rules.md, "udev 100's and 117's stock rules, side by side").
# The rules here are a few lines of our own that call the extras as each
# release's stock files did, in files read as those were (with or without a
# key only udev 070-100 knew). STOCK_RULES_100=DIR or STOCK_RULES_117=DIR
# (the release's etc/udev/rules.d and extras' rules, as installed) runs the
# same rows with those files instead. The extras cannot ask the fake nodes
# anything (SG_IO, ATA IDENTIFY, the CD-ROM's capabilities fail on them, on
# both sides): scsi_id falls back to sysfs, and the CD-ROM's event carries
# ID_CDROM=1 as if cdrom_id had answered, so that write_cd_rules runs.

load udev-lib

setup() {
	needs rules100 probes
	[ "$(id -u)" -eq 0 ] || skip "needs root (mknod, unshare -n)"
	unshare -n true 2>/dev/null || skip "unshare -n does not work here"
	udev_setup
	"$TOP/test/tools/sysfs-stock.sh" "$T/sys"
	export SYSFS_PATH=$T/sys
	# neither release had a default_mode (0660); programs named without a
	# '/' come from udev_libexec, our extras there
	sed -i -e '/^default_mode=/d' -e "s|^udev_libexec=.*|udev_libexec=\"$BIN\"|" "$T/udev.conf"
}

# event DEVPATH SUBSYSTEM [VAR=value]: the add event as the kernel sent it,
# in a network namespace of its own (a card is never renamed for real)
event() {
	local k=()
	if [ -f "$SYSFS_PATH$1/dev" ]; then
		k=(MAJOR="$(cut -d: -f1 "$SYSFS_PATH$1/dev")" MINOR="$(cut -d: -f2 "$SYSFS_PATH$1/dev")")
	fi
	[ "$2" != net ] || k=(INTERFACE="${1##*/}")
	unshare -n env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin UDEV_NO_SLEEP=1 \
		UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH" ACTION=add \
		DEVPATH="$1" SUBSYSTEM="$2" SEQNUM=1 "${k[@]}" ${3:+"$3"} "$BIN/udev" "$2"
}

# record DEVPATH: the record's N:, S: and E: lines, sorted, "; " between
record() {
	local f
	f=$T/db/$(echo "${1#/}" | tr / @)
	db_there "$f" || return 0
	db_text "$f" | grep -E '^(N|S|E):' | LC_ALL=C sort | paste -sd ';' | sed 's/;/; /g'
}

# rows "DEVPATH SUBSYSTEM [VAR=value]|RECORD"...: each event exits 0 and
# leaves that record
rows() {
	local row ev
	for row in "$@"; do
		ev=${row%%|*}
		# shellcheck disable=SC2086
		run event $ev
		[ "$status" -eq 0 ] || { echo "$ev: exit $status: $output"; return 1; }
		[ "$(record "${ev%% *}")" = "${row#*|}" ] ||
			{ printf '%s\n  expected %s\n  got      %s\n' "$ev" "${row#*|}" "$(record "${ev%% *}")"; return 1; }
	done
}

# generated: the generated rules, comments and blank lines left out
generated() { cat "$T"/rules.d/70-persistent-*.rules | grep -v '^#' | grep . || true; }

# stock RELEASE: the release's own rules from STOCK_RULES_RELEASE, when set
stock() {
	local dir
	dir=$(eval echo "\${STOCK_RULES_$1:-}")
	[ -n "$dir" ] || return 1
	cp "$dir"/*.rules "$T/rules.d/"
	rm -f "$T"/rules.d/70-*
}

gid() { getent group "$1" | cut -d: -f3; }

DISK=pci-0000:00:1f.2-scsi-0:0:0:0
STICK=pci-0000:00:1d.7-usb-0:4:1.0-scsi-0:0:0:0
IDE=pci-0000:00:1f.1-ide-0:0
MOUSE=pci-0000:00:1d.7-usb-0:2:1.0
SERIAL=SanDisk_U3_Cruzer_Micro_0000161511737EFB
SDA_ID='E:ID_BUS=scsi; E:ID_MODEL=ST3160812AS; E:ID_PATH='$DISK'; E:ID_REVISION=3.AD'
SDB_ID='E:ID_BUS=usb; E:ID_INSTANCE=0:0; E:ID_MODEL=U3_Cruzer_Micro; E:ID_PATH='$STICK'; E:ID_REVISION=3.27; E:ID_SERIAL='$SERIAL'-0:0; E:ID_SERIAL_SHORT=0000161511737EFB; E:ID_TYPE=disk; E:ID_VENDOR=SanDisk'
MOUSE_ID='E:ID_BUS=usb; E:ID_CLASS=mouse; E:ID_MODEL=USB_Optical_Mouse; E:ID_PATH='$MOUSE'; E:ID_SERIAL=Logitech_USB_Optical_Mouse; E:ID_TYPE=hid; E:ID_VENDOR=Logitech'

@test "udev 100's stock rules: the records, /dev and generated rules of real udev 100" {
	stock 100 || {
		# 60-persistent-storage.rules (a file with 070-100 keys)
		cat > "$T/rules.d/60-storage.rules" <<-'EOF'
		ACTION!="add", GOTO="storage_end"
		SUBSYSTEM!="block", GOTO="storage_end"
		KERNEL=="hd*[0-9]", ATTRS{removable}=="1", GOTO="storage_end"
		KERNEL=="*[0-9]", IMPORT{parent}=="ID_*"
		KERNEL=="hd*[!0-9]", IMPORT{program}="ata_id --export $tempnode"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}=="", IMPORT{program}="usb_id -x"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}=="", IMPORT{program}="scsi_id -g -x -s %p -d $tempnode"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}=="", IMPORT{program}="scsi_id -g -x -a -s %p -d $tempnode"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}=="?*", SYMLINK+="disk/by-id/$env{ID_BUS}-$env{ID_SERIAL}"
		KERNEL=="*[!0-9]", IMPORT{program}="path_id %p", SYMLINK+="disk/by-path/$env{ID_PATH}"
		KERNEL=="*[0-9]", ENV{ID_PATH}=="?*", SYMLINK+="disk/by-path/$env{ID_PATH}-part%n"
		KERNEL=="*[!0-9]", ATTR{removable}=="1", GOTO="storage_end"
		IMPORT{program}="vol_id --export $tempnode"
		KERNEL=="*[!0-9]", IMPORT{program}="edd_id --export $tempnode"
		LABEL="storage_end"
		EOF
		# 60-persistent-input.rules
		cat > "$T/rules.d/60-input.rules" <<-'EOF'
		ACTION!="add", GOTO="input_end"
		SUBSYSTEM!="input", GOTO="input_end"
		SUBSYSTEMS=="usb", IMPORT{program}="usb_id -x"
		SUBSYSTEMS=="usb", ATTRS{bInterfaceClass}=="03", ATTRS{bInterfaceProtocol}=="02", ENV{ID_CLASS}="mouse"
		KERNEL=="mouse*", ENV{ID_BUS}=="?*", ENV{ID_CLASS}=="?*", SYMLINK+="input/by-id/$env{ID_BUS}-$env{ID_SERIAL}-$env{ID_CLASS}"
		KERNEL=="event*", ENV{ID_BUS}=="?*", ENV{ID_CLASS}=="?*", SYMLINK+="input/by-id/$env{ID_BUS}-$env{ID_SERIAL}-event-$env{ID_CLASS}"
		IMPORT{program}="path_id %p"
		ENV{ID_PATH}=="?*", KERNEL=="mouse*", SYMLINK+="input/by-path/$env{ID_PATH}-$env{ID_CLASS}"
		ENV{ID_PATH}=="?*", KERNEL=="event*", SYMLINK+="input/by-path/$env{ID_PATH}-event-$env{ID_CLASS}"
		LABEL="input_end"
		EOF
		# 60-cdrom_id.rules and 75-cd-aliases-generator.rules: files
		# without a 070-100 key, read as 064 read them
		echo 'KERNEL=="hd[a-z]", IMPORT{program}="cdrom_id --export $tempnode"' > "$T/rules.d/60-cdrom.rules"
		echo 'ACTION=="add", SUBSYSTEM=="block", ENV{ID_CDROM}=="?*", ENV{GENERATED}!="?*", PROGRAM="write_cd_rules", SYMLINK+="%c"' \
			> "$T/rules.d/75-cd.rules"
		# 75-persistent-net-generator.rules: the address as the argument
		cat > "$T/rules.d/75-net.rules" <<-'EOF'
		ACTION=="add", SUBSYSTEM=="net", NAME!="?*", DRIVERS=="?*", GOTO="net_do"
		GOTO="net_end"
		LABEL="net_do"
		SUBSYSTEMS=="pci", ENV{COMMENT}="PCI Device: $attr{vendor}:$attr{device} ($attr{driver})"
		KERNEL=="eth*", IMPORT{program}="write_net_rules $attr{address}"
		ENV{INTERFACE_NEW}=="?*", NAME="$env{INTERFACE_NEW}"
		LABEL="net_end"
		EOF
	}
	# sda, sda1: 100 also recorded E:ID_SERIAL= (scsi_id's empty serial):
	# an empty variable is no variable here.
	# sdb: 100's usb_id wrote no target:lun, no ID_INSTANCE, no
	# ID_SERIAL_SHORT: its link was disk/by-id/usb-$SERIAL; ours are
	# 117's (two LUNs of one reader had one name).
	# event1, mouse1: 100 also recorded E:ID_REVISION= (no bcdDevice).
	# eth0, eth1: 100 kept no record of a device without a node; ours keeps
	# the variables the rules set (an empty N:).
	rows "/block/sda block|$SDA_ID; E:ID_TYPE=disk; E:ID_VENDOR=ATA; N:sda; S:disk/by-path/$DISK" \
		"/block/sda/sda1 block|$SDA_ID; E:ID_TYPE=disk; E:ID_VENDOR=ATA; N:sda1; S:disk/by-path/$DISK-part1" \
		"/block/sdb block|$SDB_ID; N:sdb; S:disk/by-id/usb-$SERIAL-0:0; S:disk/by-path/$STICK" \
		"/block/hdc block ID_CDROM=1|E:ID_PATH=$IDE; N:hdc; S:cdrom; S:disk/by-path/$IDE" \
		"/class/tty/ttyUSB0 tty|N:ttyUSB0" \
		"/class/input/input1/event1 input|$MOUSE_ID; N:event1; S:input/by-id/usb-Logitech_USB_Optical_Mouse-event-mouse; S:input/by-path/$MOUSE-event-mouse" \
		"/class/input/input1/mouse1 input|$MOUSE_ID; N:mouse1; S:input/by-id/usb-Logitech_USB_Optical_Mouse-mouse; S:input/by-path/$MOUSE-mouse" \
		"/class/net/eth0 net|E:COMMENT=PCI Device: 0x8086:0x104b (e1000); N:" \
		"/class/net/eth1 net|E:COMMENT=PCI Device: 0x10ec:0x8139 (8139too); N:"
	[ "$(listed)" = "l cdrom -> hdc; l disk/by-id/usb-$SERIAL-0:0 -> ../../sdb; l disk/by-path/$STICK -> ../../sdb; l disk/by-path/$IDE -> ../../hdc; l disk/by-path/$DISK -> ../../sda; l disk/by-path/$DISK-part1 -> ../../sda1; c 0660 0:0 event1; b 0660 0:0 hdc; l input/by-id/usb-Logitech_USB_Optical_Mouse-event-mouse -> ../../event1; l input/by-id/usb-Logitech_USB_Optical_Mouse-mouse -> ../../mouse1; l input/by-path/$MOUSE-event-mouse -> ../../event1; l input/by-path/$MOUSE-mouse -> ../../mouse1; c 0660 0:0 mouse1; b 0660 0:0 sda; b 0660 0:0 sda1; b 0660 0:0 sdb; c 0660 0:0 ttyUSB0" ]
	[ "$(generated)" = "ENV{ID_CDROM}==\"?*\", ENV{ID_PATH}==\"$IDE\", SYMLINK+=\"cdrom\", ENV{GENERATED}=\"1\"
SUBSYSTEM==\"net\", DRIVERS==\"?*\", ATTRS{address}==\"00:11:22:33:44:55\", NAME=\"eth0\"
SUBSYSTEM==\"net\", DRIVERS==\"?*\", ATTRS{address}==\"00:11:22:33:44:66\", NAME=\"eth1\"" ]
}

@test "udev 117's stock rules: the records, /dev and generated rules of real udev 117" {
	local disk uucp
	disk=$(gid disk) uucp=$(gid uucp)
	[ -n "$disk" ] && [ -n "$uucp" ] || skip "no group disk or uucp here"
	stock 117 || {
		# 50-udev-default.rules, the lines for these devices
		cat > "$T/rules.d/50-default.rules" <<-'EOF'
		KERNEL=="tty[A-Z]*", GROUP="uucp"
		KERNEL=="mouse*|mice|event*", NAME="input/%k", MODE="0640"
		SUBSYSTEM=="block", GROUP="disk", MODE="0640"
		EOF
		# 60-persistent-storage.rules: DEVTYPE from sysfs on a kernel
		# that did not send it
		cat > "$T/rules.d/60-storage.rules" <<-'EOF'
		ACTION!="add", GOTO="storage_end"
		SUBSYSTEM!="block", GOTO="storage_end"
		KERNEL=="hd*[0-9]", ATTRS{removable}=="1", GOTO="storage_end"
		ENV{DEVTYPE}!="?*", ATTR{range}=="?*", ENV{DEVTYPE}="disk"
		ENV{DEVTYPE}!="?*", ATTR{start}=="?*", ENV{DEVTYPE}="partition"
		ENV{DEVTYPE}=="partition", IMPORT{parent}="ID_*"
		KERNEL=="hd*[!0-9]", IMPORT{program}="ata_id --export $tempnode"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}!="?*", SUBSYSTEMS=="usb", IMPORT{program}="usb_id --export %p"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}!="?*", IMPORT{program}="scsi_id --export --whitelisted --fallback-to-sysfs -s %p -d $tempnode"
		KERNEL=="sd*[!0-9]", ENV{ID_SERIAL}=="?*", SYMLINK+="disk/by-id/$env{ID_BUS}-$env{ID_SERIAL}"
		KERNEL=="sd*[!0-9]", ENV{ID_VENDOR}=="ATA", PROGRAM="ata_id $tempnode", RESULT=="?*", ENV{ID_ATA_COMPAT}="$result", SYMLINK+="disk/by-id/ata-$env{ID_ATA_COMPAT}"
		ENV{DEVTYPE}=="disk", IMPORT{program}="path_id %p"
		ENV{DEVTYPE}=="disk", ENV{ID_PATH}=="?*", SYMLINK+="disk/by-path/$env{ID_PATH}"
		ENV{DEVTYPE}=="partition", ENV{ID_PATH}=="?*", SYMLINK+="disk/by-path/$env{ID_PATH}-part%n"
		KERNEL=="hd*[!0-9]", ATTR{removable}=="1", GOTO="storage_end"
		ENV{DEVTYPE}=="partition", IMPORT{program}="vol_id --export $tempnode"
		LABEL="storage_end"
		EOF
		cat > "$T/rules.d/60-input.rules" <<-'EOF'
		ACTION!="add", GOTO="input_end"
		SUBSYSTEM!="input", GOTO="input_end"
		SUBSYSTEMS=="usb", IMPORT{program}="usb_id --export"
		SUBSYSTEMS=="usb", ATTRS{bInterfaceClass}=="03", ATTRS{bInterfaceProtocol}=="02", ENV{ID_CLASS}="mouse"
		KERNEL=="mouse*|js*", ENV{ID_BUS}=="?*", ENV{ID_CLASS}=="?*", SYMLINK+="input/by-id/$env{ID_BUS}-$env{ID_SERIAL}-$env{ID_CLASS}"
		KERNEL=="event*", ENV{ID_BUS}=="?*", ENV{ID_CLASS}=="?*", SYMLINK+="input/by-id/$env{ID_BUS}-$env{ID_SERIAL}-event-$env{ID_CLASS}"
		IMPORT{program}="path_id %p"
		ENV{ID_PATH}=="?*", KERNEL=="mouse*|js*", SYMLINK+="input/by-path/$env{ID_PATH}-$env{ID_CLASS}"
		ENV{ID_PATH}=="?*", KERNEL=="event*", SYMLINK+="input/by-path/$env{ID_PATH}-event-$env{ID_CLASS}"
		LABEL="input_end"
		EOF
		echo 'KERNEL=="hd[a-z]", IMPORT{program}="cdrom_id --export $tempnode"' > "$T/rules.d/60-cdrom.rules"
		# 75-cd-aliases-generator.rules: a file with a 070-100 key
		cat > "$T/rules.d/75-cd.rules" <<-'EOF'
		ACTION=="add", SUBSYSTEM=="block", SUBSYSTEMS=="usb|ieee1394", ENV{ID_CDROM}=="?*", ENV{GENERATED}!="?*", PROGRAM="write_cd_rules by-id", SYMLINK+="%c"
		ACTION=="add", SUBSYSTEM=="block", ENV{ID_CDROM}=="?*", ENV{GENERATED}!="?*", PROGRAM="write_cd_rules", SYMLINK+="%c"
		EOF
		# 75-persistent-net-generator.rules: what to match, in variables
		cat > "$T/rules.d/75-net.rules" <<-'EOF'
		ACTION!="add", GOTO="net_end"
		SUBSYSTEM!="net", GOTO="net_end"
		NAME=="?*", GOTO="net_end"
		KERNEL!="eth*", GOTO="net_end"
		ENV{MATCHADDR}="$attr{address}"
		ENV{MATCHIFTYPE}="$attr{type}"
		SUBSYSTEMS=="pci", ENV{COMMENT}="PCI device $attr{vendor}:$attr{device} ($driver)"
		DRIVERS=="?*", IMPORT{program}="write_net_rules"
		ENV{INTERFACE_NEW}=="?*", NAME="$env{INTERFACE_NEW}"
		LABEL="net_end"
		EOF
	}
	# sda, sda1: 117 also recorded E:ID_SERIAL= and E:ID_SERIAL_SHORT=
	# (scsi_id's empty serial): an empty variable is no variable here.
	# event1, mouse1: 117 also recorded E:ID_REVISION= (no bcdDevice).
	# eth0, eth1: 117 kept no record of a device without a node; ours keeps
	# the variables the rules set (an empty N:).
	rows "/block/sda block|E:DEVTYPE=disk; $SDA_ID; E:ID_TYPE=disk; E:ID_VENDOR=ATA; N:sda; S:disk/by-path/$DISK" \
		"/block/sda/sda1 block|E:DEVTYPE=partition; $SDA_ID; E:ID_TYPE=disk; E:ID_VENDOR=ATA; N:sda1; S:disk/by-path/$DISK-part1" \
		"/block/sdb block|E:DEVTYPE=disk; $SDB_ID; N:sdb; S:disk/by-id/usb-$SERIAL-0:0; S:disk/by-path/$STICK" \
		"/block/hdc block ID_CDROM=1|E:DEVTYPE=disk; E:ID_PATH=$IDE; N:hdc; S:cdrom; S:disk/by-path/$IDE" \
		"/class/tty/ttyUSB0 tty|N:ttyUSB0" \
		"/class/input/input1/event1 input|$MOUSE_ID; N:input/event1; S:input/by-id/usb-Logitech_USB_Optical_Mouse-event-mouse; S:input/by-path/$MOUSE-event-mouse" \
		"/class/input/input1/mouse1 input|$MOUSE_ID; N:input/mouse1; S:input/by-id/usb-Logitech_USB_Optical_Mouse-mouse; S:input/by-path/$MOUSE-mouse" \
		"/class/net/eth0 net|E:COMMENT=PCI device 0x8086:0x104b (e1000); E:MATCHADDR=00:11:22:33:44:55; E:MATCHIFTYPE=1; N:" \
		"/class/net/eth1 net|E:COMMENT=PCI device 0x10ec:0x8139 (8139too); E:MATCHADDR=00:11:22:33:44:66; E:MATCHIFTYPE=1; N:"
	[ "$(listed)" = "l cdrom -> hdc; l disk/by-id/usb-$SERIAL-0:0 -> ../../sdb; l disk/by-path/$STICK -> ../../sdb; l disk/by-path/$IDE -> ../../hdc; l disk/by-path/$DISK -> ../../sda; l disk/by-path/$DISK-part1 -> ../../sda1; b 0640 0:$disk hdc; l input/by-id/usb-Logitech_USB_Optical_Mouse-event-mouse -> ../event1; l input/by-id/usb-Logitech_USB_Optical_Mouse-mouse -> ../mouse1; l input/by-path/$MOUSE-event-mouse -> ../event1; l input/by-path/$MOUSE-mouse -> ../mouse1; c 0640 0:0 input/event1; c 0640 0:0 input/mouse1; b 0640 0:$disk sda; b 0640 0:$disk sda1; b 0640 0:$disk sdb; c 0660 0:$uucp ttyUSB0" ]
	[ "$(generated)" = "ENV{ID_CDROM}==\"?*\", ENV{ID_PATH}==\"$IDE\", SYMLINK+=\"cdrom\", ENV{GENERATED}=\"1\"
SUBSYSTEM==\"net\", ACTION==\"add\", DRIVERS==\"?*\", ATTR{address}==\"00:11:22:33:44:55\", ATTR{type}==\"1\", NAME=\"eth0\"
SUBSYSTEM==\"net\", ACTION==\"add\", DRIVERS==\"?*\", ATTR{address}==\"00:11:22:33:44:66\", ATTR{type}==\"1\", NAME=\"eth1\"" ]
}
