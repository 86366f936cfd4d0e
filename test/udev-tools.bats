#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevstart (coldplug of both layouts), udevinfo (queries, attribute walk,
# database dump) and udevtest (dry run).

load udev-lib

setup() { udev_setup; }

MOUSE=/class/input/mouse0
EV3=/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:046D:C52B.0001/input/input5/event3

# ---- udevstart -------------------------------------------------------------
@test "udevstart: legacy tree, one node per dev file" {
	legacy
	run "$BIN/udevstart"
	[ "$status" -eq 0 ]
	want=$(find "$SYSFS_PATH/class" "$SYSFS_PATH/block" -name dev | wc -l)
	[ "$(listing | wc -l)" -eq "$want" ]
	[ "$(ls "$T/db" | wc -l)" -eq "$want" ]
	[ -b "$T/dev/sda1" ] && [ -b "$T/dev/cciss/c0d0" ] && [ -c "$T/dev/null" ]
}
@test "udevstart: modern tree, class and block links not counted twice" {
	modern
	run "$BIN/udevstart"
	[ "$status" -eq 0 ]
	want=$(find "$SYSFS_PATH/devices" -name dev | wc -l)
	[ "$(listing | wc -l)" -eq "$want" ]
	[ -c "$T/dev/input/event3" ] && [ -c "$T/dev/bus/usb/001/002" ] && [ -b "$T/dev/sdb1" ]
}
@test "udevstart: mem first, block after the rest, device-mapper last" {
	for layout in legacy modern; do
		"$layout"
		rm -rf "$T/dev"/* "$T/db" "$T/order"
		rules "RUN+=\"/bin/sh -c 'echo \$\$SUBSYSTEM %k >> $T/order'\""
		"$BIN/udevstart"
		[ "$(head -1 "$T/order" | cut -d' ' -f1)" = "mem" ]
		[ "$(tail -1 "$T/order")" = "block dm-0" ]
		# no non-block device after the first block device
		! sed -n '/^block/,$p' "$T/order" | grep -qv '^block' || false
	done
}
@test "udevstart: rules apply, UDEV_START is set" {
	rules 'KERNEL=="ttyS0", ENV{UDEV_START}=="1", NAME="coldplugged"'
	"$BIN/udevstart"
	[ -c "$T/dev/coldplugged" ]
}
@test "udevstart: a device without a node but with a modalias loads its driver (the shipped rule)" {
	cp -a "$TOP/test/sysfs-modern" "$T/sys"
	export SYSFS_PATH=$T/sys
	pci=$T/sys/devices/pci0000:00
	# a sound card present at boot, no driver bound: MODALIAS in its uevent
	mkdir "$pci/0000:00:1b.0"
	ln -s ../../bus/pci "$pci/0000:00:1b.0/subsystem"
	printf 'PCI_ID=8086:293E\nMODALIAS=pci:v00008086d0000293Esv00sd00bc04sc03i00\n' \
		>"$pci/0000:00:1b.0/uevent"
	# a 2.6.13-2.6.15 kernel's device: an empty uevent, a modalias attribute
	mkdir "$pci/0000:00:1c.0"
	ln -s ../../bus/pci "$pci/0000:00:1c.0/subsystem"
	: >"$pci/0000:00:1c.0/uevent"
	echo 'pci:v00008086d00002940sv00sd00bc06sc04i00' >"$pci/0000:00:1c.0/modalias"
	# the xhci controller of the tree has its driver: nothing to load
	mkdir -p "$T/sys/bus/pci/drivers/xhci_hcd"
	echo 'MODALIAS=pci:v00008086d0000A36Dsv00sd00bc0Csc03i30' >"$pci/0000:00:14.0/uevent"
	printf '#!/bin/sh\necho "$*" >>%s/modprobe.log\n' "$T" >"$T/modprobe"
	chmod 755 "$T/modprobe"
	# the shipped rule, with this test's modprobe
	sed "s|/sbin/modprobe|$T/modprobe|" "$TOP/etc/udev/rules.d/80-drivers.rules" \
		>"$T/rules.d/80-drivers.rules"
	run "$BIN/udevstart"
	[ "$status" -eq 0 ]
	cat "$T/modprobe.log"
	[ "$(sort "$T/modprobe.log")" = "$(printf '%s\n' \
		"-b pci:v00008086d0000293Esv00sd00bc04sc03i00" \
		"-b pci:v00008086d00002940sv00sd00bc06sc04i00")" ]
	# and the nodes as before
	[ -c "$T/dev/input/event3" ] && [ -b "$T/dev/sdb1" ]
}
@test "udevstart: runs in one process (no udev exec per device)" {
	legacy
	sed -i "s|^udev_rules=.*|udev_rules=\"$T/none.rules\"|" "$T/udev.conf"
	touch "$T/none.rules"
	run env ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=execve -o "$T/trace" "$BIN/udevstart" 2>/dev/null ||
		skip "no strace"
	[ "$(grep -c execve "$T/trace")" -eq 1 ]
}

# ---- udevinfo --------------------------------------------------------------
add_mouse() {
	rules 'KERNEL=="mouse0", NAME="input/m0", SYMLINK="mouse usbmouse", ENV{ID_TYPE}="mouse"'
	ev add $MOUSE input
}
@test "udevinfo -q name -n / -p" {
	add_mouse
	[ "$("$BIN/udevinfo" -q name -p $MOUSE)" = "input/m0" ]
	[ "$("$BIN/udevinfo" -q name -n mouse)" = "input/m0" ]
	[ "$("$BIN/udevinfo" -q name -r -n "$T/dev/input/m0")" = "$T/dev/input/m0" ]
	[ "$("$BIN/udevinfo" -q name -p "$SYSFS_PATH$MOUSE")" = "input/m0" ]
}
@test "udevinfo -q env: keys longer than its line buffer are printed whole" {
	long=$(head -c 400 /dev/zero | tr '\0' a)
	rules "KERNEL==\"mouse0\", NAME=\"input/m0\", ENV{ID_A}=\"$long\", ENV{ID_B}=\"$long\", ENV{ID_C}=\"$long\""
	run ev add $MOUSE input
	[ "$status" -eq 0 ]
	[ "$("$BIN/udevinfo" -q env -n input/m0 | paste -sd,)" = "ID_A=$long,ID_B=$long,ID_C=$long" ]
}
@test "udevinfo -q symlink, -r" {
	add_mouse
	[ "$("$BIN/udevinfo" -q symlink -n input/m0)" = "mouse usbmouse" ]
	[ "$("$BIN/udevinfo" -q symlink -r -n input/m0)" = "$T/dev/mouse $T/dev/usbmouse" ]
}
@test "udevinfo -q path, env, all" {
	add_mouse
	[ "$("$BIN/udevinfo" -q path -n input/m0)" = "$MOUSE" ]
	[ "$("$BIN/udevinfo" -q env -n input/m0)" = "ID_TYPE=mouse" ]
	run "$BIN/udevinfo" -q all -p $MOUSE
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "P: $MOUSE" ]
	[ "${lines[1]}" = "N: input/m0" ]
	[ "${lines[2]}" = "S: mouse usbmouse" ]
}
@test "udevinfo -d dumps the database" {
	add_mouse
	ev add /class/tty/ttyS0 tty
	run "$BIN/udevinfo" -d
	[ "$status" -eq 0 ]
	[[ "$output" == *"P: /class/tty/ttyS0"* ]]
	[[ "$output" == *"N: input/m0"* ]]
}
@test "udevinfo -a: every level in rule syntax with udev 100's names, pasteable" {
	run "$BIN/udevinfo" -a -p $MOUSE
	[ "$status" -eq 0 ]
	[[ "$output" == *'KERNEL=="mouse0"'* ]]
	[[ "$output" == *'SUBSYSTEM=="input"'* ]]
	[[ "$output" == *'ATTR{dev}=="13:32"'* ]]
	[[ "$output" == *'SUBSYSTEMS=="usb"'* ]]
	[[ "$output" == *'KERNELS=="1-2.3"'* ]]
	[[ "$output" == *'DRIVERS=="usbhid"'* ]]
	[[ "$output" == *'ATTRS{product}=="Optical USB Mouse"'* ]]
	[[ "$output" == *'SUBSYSTEMS=="pci"'* ]]
	[[ "$output" != *'SYSFS{'* && "$output" != *'BUS='* && "$output" != *'ID='* ]]
	# the lines of one level make a working rule
	level=$(echo "$output" | sed -n "/looking at parent device '.*1-2.3':/,/^$/p" | grep '=' | sed 's/^ *//' | paste -sd,)
	rules "$level, NAME=\"pasted\""
	ev add $MOUSE input
	[ -c "$T/dev/pasted" ]
}
# level_rules OUTPUT: LEVEL_RULE[k], the lines with a '=' of level k of
# `udevinfo -a`'s OUTPUT as one rule, with the first five ATTR{} and five
# ATTRS{} keys only (udev 100 refused a rule with more than 5 of one kind,
# and so does udev), the others whole. k=0: the device's own (from
# "looking at device" to the blank line); k=1..: each parent's (after its
# "looking at parent device" line, to the blank line). By bash: sed, grep,
# awk and paste a level were most of the processes of the tests below.
level_rules() {
	local line k=0 on= attr=0 attrs=0
	LEVEL_RULE=("")
	while IFS= read -r line; do
		case $line in
		*"looking at device"*) k=0 on=1 attr=0 attrs=0 LEVEL_RULE[0]=; continue ;;
		*"looking at parent device"*) k=$((k + 1)) on=1 attr=0 attrs=0 LEVEL_RULE[k]=; continue ;;
		"") on= ; continue ;;
		*=*) ;;
		*) continue ;;
		esac
		[ -n "$on" ] || continue
		line=${line#"${line%%[! ]*}"}
		case $line in
		ATTRS\{*) attrs=$((attrs + 1)); [ "$attrs" -le 5 ] || continue ;;
		ATTR\{*) attr=$((attr + 1)); [ "$attr" -le 5 ] || continue ;;
		esac
		LEVEL_RULE[k]+=${LEVEL_RULE[k]:+,}$line
	done <<<"$1"
}
# every_level_matches LAYOUT DEVPATH SUBSYSTEM: the device's own lines of
# `udevinfo -a` make a rule that matches it, and so do they with the lines of
# each parent level it prints (the rules match at those levels and no others)
every_level_matches() {
	local out lvl rule i=0 n=0
	"$1"
	out=$("$BIN/udevinfo" -a -p "$2") || { echo "udevinfo -a -p $2 failed"; return 1; }
	level_rules "$out"
	for ((lvl = 0; lvl < ${#LEVEL_RULE[@]}; lvl++)); do
		i=$((i + 1))
		rule=${LEVEL_RULE[0]}
		[ "$lvl" -eq 0 ] || rule+=,${LEVEL_RULE[lvl]}
		rm -rf "$T/dev" "$T/db" && mkdir "$T/dev"
		rules "$rule, NAME=\"lvl$i\""
		run ev add "$2" "$3"
		[ -e "$T/dev/lvl$i" ] || { echo "level $i does not match: $rule"; echo "$out"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge "${4:-1}" ]
}
@test "udevinfo -a: a SCSI host's first parent is the device its link names, without a bus" {
	legacy
	run "$BIN/udevinfo" -a -p /class/scsi_host/host0
	[ "$status" -eq 0 ]
	[ "$(echo "$output" | grep -o "looking at parent device '[^']*'" | paste -sd,)" = "looking at parent device '/devices/pci0000:00/0000:00:1f.2/host0',looking at parent device '/devices/pci0000:00/0000:00:1f.2',looking at parent device '/devices/pci0000:00'" ]
	[ "$(echo "$output" | sed -n "/parent device '.*host0':/,/^$/p" | grep '=' | sed 's/^ *//' | paste -sd,)" = 'KERNELS=="host0",SUBSYSTEMS=="",DRIVERS=="",ATTRS{detach_state}=="0"' ]
}
@test "udevinfo -a prints the levels and keys a rule matches at (100: each parent, a partition's disk too)" {
	every_level_matches legacy $MOUSE input 6
	every_level_matches legacy /block/sda/sda1 block 5
	every_level_matches legacy /block/sda block 5
	every_level_matches legacy /class/tty/ttyS0 tty 3
	every_level_matches legacy /class/mem/null mem 1
	every_level_matches modern /devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sdb/sdb1 block 3
	every_level_matches modern "$EV3" input 6
	# a level's attribute that the class device has too is the level's
	cp -a "$TOP/test/sysfs-legacy" "$T/sys"
	echo 999 > "$T/sys/devices/pci0000:00/0000:00:1f.2/host0/0:0:0:0/size"
	shared() { export SYSFS_PATH="$T/sys"; }
	every_level_matches shared /block/sda/sda1 block 5
	run "$BIN/udevinfo" -a -p /block/sda/sda1
	[[ "$output" == *'ATTRS{size}=="999"'* ]]
	[[ "$output" == *"parent device '/block/sda':"*'KERNELS=="sda"'* ]]
}
@test "udevinfo -a on a 2.6.18-era tree (udev 100's): each level it prints pastes into a rule that matches" {
	y2006() { export SYSFS_PATH="$TOP/test/sysfs-2006"; }
	every_level_matches y2006 /class/tty/ttyUSB0 tty 7
	every_level_matches y2006 /class/input/input1/event1 input 6
	every_level_matches y2006 /block/sda/sda1 block 7
	every_level_matches y2006 '/class/tty/ttyS0' tty 3
}
@test "udevinfo -a on the modern tree and by node name" {
	modern
	rules ''
	ev add $EV3 input
	run "$BIN/udevinfo" -a -n input/event3
	[ "$status" -eq 0 ]
	[[ "$output" == *'ATTRS{serial}=="ABC123"'* ]]
	[[ "$output" == *'DRIVERS=="hid-generic"'* ]]
}
@test "udevinfo -V, -r, -h, and the exit codes of udev 050 (0, 1, 255, 234)" {
	run "$BIN/udevinfo" -V
	[ "$status" -eq 0 ]
	[[ "$output" == *"version"* ]]
	run "$BIN/udevinfo" -r
	[ "$status" -eq 0 ]
	[ "$output" = "$T/dev" ]
	run "$BIN/udevinfo" -x
	[ "$status" -eq 1 ]
	run "$BIN/udevinfo"
	[ "$status" -eq 1 ]
	add_mouse
	run "$BIN/udevinfo" -h
	[ "$status" -eq 0 ]
	[[ "$output" == *"usage: udevinfo"* ]]
	run "$BIN/udevinfo" -q bogus -n mouse
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown query type 'bogus'"* ]]
	run "$BIN/udevinfo" -q name -p /class/tty/nosuch
	[ "$status" -eq 255 ]
	run "$BIN/udevinfo" -q name -n nosuch
	[ "$status" -eq 255 ]
	run "$BIN/udevinfo" -q name
	[ "$status" -eq 1 ]
	run "$BIN/udevinfo" -a -p /class/tty/nosuch
	[ "$status" -eq 255 ]
	[ "$output" = "udevinfo: /class/tty/nosuch not found in sysfs (no $SYSFS_PATH/class/tty/nosuch)" ]
	run "$BIN/udevinfo" -a
	[ "$status" -eq 234 ]
	UDEV_CONFIG_FILE=$T/no-such.conf run "$BIN/udevinfo" -r
	[ "$status" -eq 1 ]
	[[ "$output" == *"cannot read $T/no-such.conf: No such file or directory"* ]]
	run "$BIN/udevinfo" -e
	[ "$status" -eq 0 ]
	[[ "$output" == *"N: input/m0"* ]]
}

# ---- udevtest --------------------------------------------------------------
@test "udevtest: prints what would happen, changes nothing" {
	rules "KERNEL==\"mouse0\", NAME=\"input/m0\", SYMLINK=\"mouse\", MODE=\"0640\", RUN+=\"/bin/touch $T/ran\""
	run "$BIN/udevtest" $MOUSE
	[ "$status" -eq 0 ]
	[[ "$output" == *"node '$T/dev/input/m0' (char 13:32) mode 0640 owner root group root"* ]]
	[[ "$output" == *"symlink '$T/dev/mouse' -> 'input/m0'"* ]]
	[[ "$output" == *"run '/bin/touch $T/ran'"* ]]
	[ -z "$(ls -A "$T/dev")" ]
	[ ! -e "$T/db" ]
	[ ! -e "$T/ran" ]
}
@test "udevtest: names the file:line of each rule that set NAME, SYMLINK, OWNER, GROUP, MODE or RUN, at the default log level" {
	printf '%s\n' 'KERNEL=="mouse0", OWNER="5"' > "$T/rules.d/10-own.rules"
	rules 'KERNEL=="nonesuch", NAME="never"
SUBSYSTEMS=="usb", NAME="input/%k", SYMLINK+="m l"
KERNEL=="mouse0", GROUP="7", MODE="0640", RUN+="/bin/true", ENV{X}="1"
KERNEL=="mouse0", NAME="late"'
	unset UDEV_LOG
	# names only for 0: 5 and 7 are shown as numbers
	printf 'root:x:0:0::/:/bin/sh\n' >"$T/passwd"
	printf 'root:x:0:\n' >"$T/group"
	export UDEV_PASSWD_FILE=$T/passwd UDEV_GROUP_FILE=$T/group
	run "$BIN/udevtest" $MOUSE
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -o '[0-9a-z-]*\.rules:.*' | paste -sd '|')" = '10-own.rules:1: OWNER="5"|50-test.rules:2: NAME="input/%k"|50-test.rules:2: SYMLINK+="m l"|50-test.rules:3: GROUP="7"|50-test.rules:3: MODE="0640"|50-test.rules:3: RUN+="/bin/true"' ]
	[[ "$output" == *"node '$T/dev/input/mouse0' (char 13:32) mode 0640 owner 5 group 7"* ]]
}
@test "udevtest: owner and group by name, the number where no name has it" {
	printf 'root:x:0:0::/:/bin/sh\nalice:x:1234:1234::/:/bin/sh\n' >"$T/passwd"
	printf 'root:x:0:\nvideo:x:44:\n' >"$T/group"
	export UDEV_PASSWD_FILE=$T/passwd UDEV_GROUP_FILE=$T/group
	rules 'KERNEL=="mouse0", OWNER="alice", GROUP="video"'
	run "$BIN/udevtest" $MOUSE
	[ "$status" -eq 0 ]
	[[ "$output" == *" owner alice group video"* ]]
	rules 'KERNEL=="mouse0", OWNER="4321", GROUP="77"'
	run "$BIN/udevtest" $MOUSE
	[ "$status" -eq 0 ]
	[[ "$output" == *" owner 4321 group 77"* ]]
}
@test "udevtest: /sys prefix, subsystem from sysfs, ignored device" {
	modern
	rules 'KERNEL=="sdb", NAME=""'
	run "$BIN/udevtest" "$SYSFS_PATH/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sdb"
	[ "$status" -eq 0 ]
	[[ "$output" == *"(block)"* ]]
	[[ "$output" == *"device ignored"* ]]
}
@test "udevtest: usage" {
	run "$BIN/udevtest"
	[ "$status" -eq 1 ]
}
