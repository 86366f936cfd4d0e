#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The shipped etc/udev files: they parse cleanly and give the common
# devices sensible names and permissions on both fake sysfs trees.

load udev-lib

setup() {
	udev_setup
	sed -e "s|\"/dev\"|\"$T/dev\"|" -e "s|\"/dev/.udevdb\"|\"$T/db\"|" \
	    -e "s|\"/etc/udev/|\"$TOP/etc/udev/|" -e "s|\"/etc/dev.d\"|\"$T/dev.d\"|" \
	    -e "s|^udev_rules=\"/lib/udev/rules.d /etc/udev/rules.d\"|udev_rules=\"$T/lib-rules.d $T/rules.d\"|" \
	    "$TOP/etc/udev/udev.conf" > "$T/udev.conf"
	# the shipped rules, with the helpers they run (/sbin/vol_id...) of this build
	for f in "$TOP"/etc/udev/rules.d/*.rules; do
		sed "s|/sbin/vol_id|$BIN/vol_id|; s|/sbin/disk_id|$BIN/disk_id|" "$f" >"$T/rules.d/${f##*/}"
	done
}

@test "etc: shipped udev.conf and rules load without errors" {
	grep -q "$T/rules.d" "$T/udev.conf"
	[ "$(ls "$T/rules.d")" = "$(ls "$TOP/etc/udev/rules.d")" ]
	run "$BIN/udevstart"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}
@test "etc: legacy tree gets the usual names and modes" {
	grp() { getent group "$1" | cut -d: -f3; }
	"$BIN/udevstart"
	run listing
	[[ "$output" == *"c 0666 0:0 null"* ]]
	[[ "$output" == *"c 0640 0:$(grp kmem) mem"* ]]
	[[ "$output" == *"c 0620 0:$(grp tty) tty0"* ]]
	[[ "$output" == *"c 0660 0:$(grp dialout) ttyS0"* ]]
	[[ "$output" == *"c 0640 0:0 input/mouse0"* ]]
	[[ "$output" == *"c 0660 0:$(grp audio) snd/controlC0"* ]]
	[[ "$output" == *"b 0660 0:$(grp disk) sda1"* ]]
	[[ "$output" == *"l cdrom -> hda"* ]]
	[[ "$output" == *"b 0660 0:0 cciss/c0d0"* ]]
}
@test "etc: modern tree gets the usual names" {
	modern
	"$BIN/udevstart"
	run listing
	[[ "$output" == *"c 0640 0:0 input/event3"* ]]
	[[ "$output" == *"c 0664 0:0 bus/usb/001/002"* ]]
	[[ "$output" == *"c 0666 0:0 fuse"* ]]
	[[ "$output" == *"b 0660 0:$(getent group disk | cut -d: -f3) sdb1"* ]]
}

@test "etc: a udev_rules that names nothing that exists says so once, at the error level" {
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	sed -i "s|^udev_rules=.*|udev_rules=\"$T/rules.dd\"|" "$T/udev.conf"
	run ev add /class/tty/ttyS0 tty
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "udev: err: no rules: nothing at udev_rules \"$T/rules.dd\" exists, every device gets its kernel name and the default permissions" ]
	# one folder of a list may be missing (a package's): not a word
	sed -i "s|^udev_rules=.*|udev_rules=\"$T/lib-rules.d $T/rules.d\"|" "$T/udev.conf"
	run ev add /class/tty/ttyS0 tty
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ -c "$T/dev/tts/0" ]
}

@test "etc: UDEV_CONFIG_FILE naming a folder is an error, not the built-in defaults" {
	mkdir "$T/conf.d"
	# (udevtest and udevinfo change nothing: the machine's /dev is safe)
	UDEV_CONFIG_FILE=$T/conf.d run "$BIN/udevtest" /class/tty/ttyS0
	echo "$status: $output"
	[ "$status" -eq 2 ]
	[ "$output" = "udevtest: err: cannot read $T/conf.d: Is a directory" ]
	UDEV_CONFIG_FILE=$T/conf.d run "$BIN/udevinfo" -r
	echo "$status: $output"
	[ "$status" -ne 0 ]
	[[ "$output" == *"cannot read $T/conf.d: Is a directory"* ]]
	[[ "$output" != *"/dev"* ]]
}
