#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Nodes the kernel made (devtmpfs): a node already in udev_root with the
# device's type and number keeps its inode through add and change, with the
# rules' owner, group and mode set in place; a NAME of the rules is made
# beside the kernel's node, which is left alone; remove removes only what
# udev made. The kernel's nodes are made with mknod in the test's udev_root,
# as devtmpfs has them before the event: 0600 root.

load udev-lib

TTY0=/devices/virtual/tty/tty0

setup() {
	udev_setup
	modern
	[ "$(id -u)" = 0 ] || skip "needs root (mknod, chown)"
}
teardown() {
	stop_udevd
	return 0
}

# kernel_node NAME TYPE MAJOR MINOR: what devtmpfs makes before the event
kernel_node() { mknod -m 0600 "$T/dev/$1" "$2" "$3" "$4"; }
inode() { stat -c %i "$T/dev/$1"; }

@test "devtmpfs: the kernel's node keeps its inode through add and change, with the rules' owner, group and mode" {
	rules 'KERNEL=="tty0", OWNER="4242", GROUP="4343", MODE="0664", SYMLINK+="console0"'
	kernel_node tty0 c 4 0
	exec 5<"$T/dev/tty0"   # a program that opened the kernel's node
	ino=$(inode tty0)
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(inode tty0)" = "$ino" ]
	[ "$(listed)" = "l console0 -> tty0; c 0664 4242:4343 tty0" ]
	# the descriptor opened before is the node's inode still
	[ "$(stat -L -c %i /proc/$$/fd/5)" = "$ino" ]
	[ "$(stat -L -c '%a %u:%g' /proc/$$/fd/5)" = "664 4242:4343" ]
	exec 5<&-
	db_text "$T/db/devices@virtual@tty@tty0" | grep -qx 'K:1'
	run ev change $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(inode tty0)" = "$ino" ]
	[ "$(listed)" = "l console0 -> tty0; c 0664 4242:4343 tty0" ]
	db_text "$T/db/devices@virtual@tty@tty0" | grep -qx 'K:1'
	# remove: the link was udev's, the node the kernel's (devtmpfs removes it)
	run ev remove $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0664 4242:4343 tty0" ]
	[ "$(inode tty0)" = "$ino" ]
}

@test "devtmpfs: a node of another number or type is replaced, and udev removes it" {
	rules 'KERNEL=="tty0", MODE="0640"'
	kernel_node tty0 c 4 1
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0640 0:0 tty0" ]
	[ "$(stat -c '%t:%T' "$T/dev/tty0")" = "4:0" ]
	! db_text "$T/db/devices@virtual@tty@tty0" | grep -q '^K:' || false
	run ev remove $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "" ]
	rm -f "$T/dev/tty0"
	kernel_node tty0 b 4 0   # block, not char
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0640 0:0 tty0" ]
}

@test "devtmpfs: a NAME of the rules is made beside the kernel's node, which stays at remove" {
	rules 'KERNEL=="tty0", NAME="vc/0", MODE="0620", GROUP="5"'
	kernel_node tty0 c 4 0
	ino=$(inode tty0)
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0600 0:0 tty0; c 0620 0:5 vc/0" ]
	[ "$(inode tty0)" = "$ino" ]
	! db_text "$T/db/devices@virtual@tty@tty0" | grep -q '^K:' || false
	run ev remove $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0600 0:0 tty0" ]
	[ "$(inode tty0)" = "$ino" ]
}

@test "devtmpfs: a node udev made itself stays udev's through a second add, and goes at remove" {
	rules 'KERNEL=="tty0", MODE="0660"'
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	ino=$(inode tty0)
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(inode tty0)" = "$ino" ]
	! db_text "$T/db/devices@virtual@tty@tty0" | grep -q '^K:' || false
	run ev remove $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "" ]
}

@test "devtmpfs: through udevd's pool workers the kernel's node keeps its inode too" {
	rules 'KERNEL=="tty0", MODE="0666"'
	kernel_node tty0 c 4 0
	ino=$(inode tty0)
	start_udevd
	run send ACTION=add DEVPATH=$TTY0 SEQNUM=1 MAJOR=4 MINOR=0 DEVNAME=tty0 tty
	[ "$status" -eq 0 ]
	[ "$(inode tty0)" = "$ino" ]
	[ "$(listed)" = "c 0666 0:0 tty0" ]
	run send ACTION=remove DEVPATH=$TTY0 SEQNUM=2 MAJOR=4 MINOR=0 DEVNAME=tty0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0666 0:0 tty0" ]
	stop_udevd
}

@test "devtmpfs: a kernel's node no rule speaks of keeps its owner, group and mode; a permissions line or rule sets only what it gives" {
	# as /dev/kmsg: devtmpfs makes it 0644; udev.conf's default_mode is 0600
	rules 'KERNEL=="tty1", GROUP="5"'
	kernel_node tty0 c 4 0
	chmod 0644 "$T/dev/tty0"
	chown 7:8 "$T/dev/tty0"
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0644 7:8 tty0" ]
	# a udev.permissions line with a group only: the group, nothing else
	echo 'tty0::9:' >"$T/permissions"
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0644 7:9 tty0" ]
	# a rule's MODE: the mode too; the owner stays the kernel's
	rules 'KERNEL=="tty0", MODE="0620"'
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0620 7:9 tty0" ]
	# a node udev makes itself still gets the defaults
	rm "$T/dev/tty0" "$T/permissions"
	rules ''
	run ev add $TTY0 tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0600 0:0 tty0" ]
}
