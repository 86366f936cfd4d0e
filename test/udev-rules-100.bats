#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Rules in udev 100's language (2006), one row per @test on test/sysfs-2006,
# a tree laid out as a 2.6.18 kernel had it: the release the expectation
# comes from ("100": checked against a build of udev 100 on the same tree
# and rules; "064": against udev 064; "later": as udev's later releases
# document the key, which 100 did not have), then the device, its subsystem,
# the rule file and the expected /dev listing. A file is read as udev 100
# read it when it uses a key only 070-100 knew (KERNELS, SUBSYSTEMS,
# DRIVERS, ATTRS{}, ATTR{}); docs/writing-rules.md has the table of what
# differs from a file without one. udev.conf has no default_mode here, as
# udev 100 had none: nodes the rules give no mode get 0660.

load udev-lib

setup() {
	needs rules100
	udev_setup
	sed -i '/^default_mode=/d' "$T/udev.conf"
}

y2006() { export SYSFS_PATH="$TOP/test/sysfs-2006"; }
# the tree copied where ATTR{} may write
writable() {
	[ -d "$T/sys" ] || cp -a "$TOP/test/sysfs-2006" "$T/sys"
	export SYSFS_PATH="$T/sys"
}

TTYS=/class/tty/ttyS0
USB=/class/tty/ttyUSB0
SDA=/block/sda
SDA1=/block/sda/sda1
EV1=/class/input/input1/event1
NEVER='KERNELS=="nonesuch", SYMLINK+="never"'   # makes a file udev 100's

# ---- the issue's line, as a new user tried it --------------------------------
@test "100: SUBSYSTEMS, ATTRS{} and \$attr{} of a vendor's rule" { check_add y2006 $SDA block 'SUBSYSTEMS=="scsi", ATTRS{vendor}=="*", KERNEL=="sda", NAME="vendor-%k", SYMLINK+="by-attr/$attr{size}"' 'l by-attr/312581808 -> ../vendor-sda; b 0660 0:0 vendor-sda'; }

# ---- the parent walk ----------------------------------------------------------
@test "100: the walk starts at the device: KERNELS and SUBSYSTEMS match the class device itself" { check_add y2006 $TTYS tty 'KERNELS=="ttyS0", SYMLINK+="self"
SUBSYSTEMS=="tty", SYMLINK+="cls-%b"' 'l cls-ttyS0 -> ttyS0; l self -> ttyS0; c 0660 0:0 ttyS0'; }
@test "100: DRIVER walks the parents as DRIVERS does, %b is the level it matched" { check_add y2006 $TTYS tty 'DRIVER=="serial8250", SYMLINK+="drv-%b"' 'l drv-serial8250 -> ttyS0; c 0660 0:0 ttyS0'; }
@test "100: %b without parent keys is the device's own name" { check_add y2006 $TTYS tty "KERNEL==\"ttyS0\", SYMLINK+=\"b-%b\"
$NEVER" 'l b-ttyS0 -> ttyS0; c 0660 0:0 ttyS0'; }
@test "100: SUBSYSTEMS and ATTRS{} match at one level, %b is that level's name" { check_add y2006 $USB tty 'SUBSYSTEMS=="usb", ATTRS{idVendor}=="067b", SYMLINK+="pl-%k-%b"' 'l pl-ttyUSB0-1-1 -> ttyUSB0; c 0660 0:0 ttyUSB0'; }
@test "100: ATTRS{} of two levels never match together" { check_add y2006 $USB tty 'ATTRS{idVendor}=="067b", ATTRS{bInterfaceClass}=="ff", SYMLINK+="twolevels"' 'c 0660 0:0 ttyUSB0'; }
@test "100: DRIVERS matches the first level with that driver" { check_add y2006 $USB tty 'DRIVERS=="pl2303", SYMLINK+="drvs-%b"' 'l drvs-ttyUSB0 -> ttyUSB0; c 0660 0:0 ttyUSB0'; }
@test "100: ATTRS{} ignores the value's trailing blanks when the pattern has none, else matches them exactly" { check_add y2006 $USB tty 'ATTRS{serial}=="A1B2C3", SYMLINK+="stripped"
ATTRS{serial}=="A1B2C3 ", SYMLINK+="oneblank"
ATTRS{serial}=="A1B2C3  ", SYMLINK+="twoblanks"' 'l stripped -> ttyUSB0; c 0660 0:0 ttyUSB0; l twoblanks -> ttyUSB0'; }
@test "100: %s{} and \$attr{} read the matched level first, trailing blanks stripped" { check_add y2006 $USB tty 'KERNELS=="1-1", SYMLINK+="s-%s{serial}x-$attr{product}"' 'l Controller -> ttyUSB0; l s-A1B2C3x-USB-Serial -> ttyUSB0; c 0660 0:0 ttyUSB0'; }
@test "100: ATTR{} is the device's own attribute, ATTRS{} any level's" { check_add y2006 $SDA block 'ATTR{vendor}=="ATA", SYMLINK+="notown"
ATTR{size}=="312581808", SYMLINK+="own"
ATTRS{vendor}=="ATA", SYMLINK+="m-$attr{model}-%s{vendor}-%b"' 'l m-ST3160812AS-ATA-0:0:0:0 -> sda; l own -> sda; b 0660 0:0 sda'; }
@test "100: a partition walks to its disk, then the disk's device" { check_add y2006 $SDA1 block 'SUBSYSTEMS=="scsi", KERNEL=="sda*", SYMLINK+="disk/p-%n-%b"
ATTRS{size}=="312581808", SYMLINK+="disksize-%k-$attr{size}"' 'l disk/p-1-0:0:0:0 -> ../sda1; l disksize-sda1-312581808 -> sda1; b 0660 0:0 sda1'; }
@test "100: a class device below another (input1/event1) walks to the one above, then its device" { check_add y2006 $EV1 input 'SUBSYSTEMS=="input", ATTRS{name}=="*Mouse*", SYMLINK+="input/m-$kernel-%b"
KERNELS=="1-2", SYMLINK+="k-%b-$attr{manufacturer}"' 'c 0660 0:0 event1; l input/m-event1-input1 -> ../event1; l k-1-2-Logitech -> event1'; }

# ---- event keys, PROGRAM, RESULT, substitutions --------------------------------
@test "100: ACTION, DEVPATH, KERNEL!=, ENV{} and the \$names of the kernel's values" { check_add y2006 $USB tty "ENV{NOPE}==\"\", SUBSYSTEM==\"tty\", SYMLINK+=\"e-ok\"
$NEVER
ACTION==\"add\", DEVPATH==\"/class/tty/*\", KERNEL!=\"ttyS*\", SYMLINK+=\"a-\$number-\$major-\$minor-\$kernel\"" 'l a-0-188-0-ttyUSB0 -> ttyUSB0; l e-ok -> ttyUSB0; c 0660 0:0 ttyUSB0'; }
@test "100: PROGRAM, RESULT, %c{N} and \$result{N+}" { check_add y2006 $USB tty 'SUBSYSTEMS=="usb", PROGRAM=="/bin/echo one two three", RESULT=="one *", SYMLINK+="r-%c{2} s-$result{2+}"' 'l r-two -> ttyUSB0; l s-two -> ttyUSB0; l three -> ttyUSB0; c 0660 0:0 ttyUSB0'; }
@test "100: NAME, SYMLINK, OWNER, GROUP, MODE over several rules" { check_add y2006 $TTYS tty 'SUBSYSTEMS=="platform", NAME="tts/%n", SYMLINK+="%k"
KERNEL=="ttyS0", NAME="second"
SUBSYSTEMS=="platform", GROUP="7", MODE="0640", OWNER="5"' 'c 0640 5:7 tts/0; l ttyS0 -> tts/0'; }
@test "100: a PROGRAM of one word gets no argument (udev 083 stopped passing the subsystem); 064: the subsystem" {
	printf '#!/bin/sh\necho "n$#$1"\n' >"$T/nargs"
	chmod +x "$T/nargs"
	check_add y2006 $TTYS tty "KERNELS==\"ttyS0\", PROGRAM=\"$T/nargs\", SYMLINK+=\"%c\"" 'l n0 -> ttyS0; c 0660 0:0 ttyS0'
	rm -rf "$T/db" "${T:?}"/dev/*
	check_add y2006 $TTYS tty "KERNEL==\"ttyS0\", PROGRAM=\"$T/nargs\", SYMLINK+=\"%c\"" 'l n1tty -> ttyS0; c 0660 0:0 ttyS0'
}
@test "064: a PROGRAM of one word named without a '/' (a udev_libexec program: 100's 75-cd-aliases-generator.rules, a file without a 070-100 key, runs PROGRAM=\"write_cd_rules\") gets no argument; 064 ran only a path" {
	mkdir -p "$T/lib-udev"
	printf '#!/bin/sh\necho "n$#$1"\n' >"$T/lib-udev/nargs"
	chmod +x "$T/lib-udev/nargs"
	check_add y2006 $TTYS tty 'KERNEL=="ttyS0", PROGRAM="nargs", SYMLINK+="%c"' 'l n0 -> ttyS0; c 0660 0:0 ttyS0'
}
@test "100: PROGRAM and RESULT run before IMPORT: the import sees the rule's own %c" { check_add y2006 $TTYS tty "PROGRAM==\"/bin/echo A\", IMPORT{program}=\"/bin/echo V=%c\", SYMLINK+=\"v-\$env{V}\"
$NEVER" 'c 0660 0:0 ttyS0; l v-A -> ttyS0'; }
@test "064: the same rule in a file without a 070-100 key: IMPORT runs first, %c is still empty" { check_add y2006 $TTYS tty 'PROGRAM=="/bin/echo A", IMPORT{program}="/bin/echo V=%c", SYMLINK+="v-$env{V}"' 'c 0660 0:0 ttyS0; l v- -> ttyS0'; }
@test "100: BUS== is SUBSYSTEMS==, and matches a class device's class name" { check_add y2006 $TTYS tty "BUS==\"tty\", SYMLINK+=\"bus-tty\"
BUS==\"platform\", SYMLINK+=\"bus-plat-%b\"
$NEVER" 'l bus-plat-serial8250 -> ttyS0; l bus-tty -> ttyS0; c 0660 0:0 ttyS0'; }
@test "064: the same BUS== in a file without a 070-100 key: the bus of the device behind only; %b is its bus id" { check_add y2006 $TTYS tty 'BUS=="tty", SYMLINK+="bus-tty"
BUS=="platform", SYMLINK+="bus-plat-%b"
KERNEL=="ttyS0", SYMLINK+="b-%b"' 'l b-serial8250 -> ttyS0; l bus-plat-serial8250 -> ttyS0; c 0660 0:0 ttyS0'; }
@test "100: \$\$ before {...} is the shell's \$, as udev 100's own usb_device rule needs" { check_add y2006 /class/usb_device/usbdev1.2 usb_device "SUBSYSTEM==\"usb_device\", PROGRAM=\"/bin/sh -c 'K=%k; K=\$\${K#usbdev}; printf bus/usb/%%03i/%%03i \$\${K%%%%.*} \$\${K#*.}'\", NAME=\"%c\", MODE=\"0644\"
$NEVER" 'c 0644 0:0 bus/usb/001/002'; }

@test "100: NAME== and != match the NAME an earlier rule set (\"\" before any)" { check_add y2006 $TTYS tty "NAME==\"\", SYMLINK+=\"was-empty\"
KERNEL==\"ttyS0\", NAME=\"first\"
NAME==\"first\", SYMLINK+=\"was-first\"
NAME!=\"other\", SYMLINK+=\"not-other\"
$NEVER" 'c 0660 0:0 first; l not-other -> first; l was-empty -> first; l was-first -> first'; }
@test "100: NAME== is a key of 070-100 itself: a file with no other one compares too (udev 100's suite, NAME compare test)" { check_add y2006 $TTYS tty 'KERNEL=="ttyS0", NAME=="first"
NAME=="second", SYMLINK+="x"
KERNEL=="ttyS0", NAME="node"
NAME=="node*", SYMLINK+="y"
NAME!="?*", SYMLINK+="z"' 'c 0660 0:0 node; l y -> node'; }

# ---- what udev 100 (and 117) refused or read otherwise: their own suites' cases ----
@test "100: a match key written with = in a udev 100 file makes the rule invalid (invalid key operation)" { check_logged y2006 $SDA1 block 'KERNEL="sda1", NAME=="no", SYMLINK+="no"
KERNEL=="sda1", NAME="yes"' 3 "invalid key operation" 'b 0660 0:0 yes'; }
@test "064: KERNEL= in a file without a 070-100 key still matches, as 064 read it (117 refused it too)" { check_add y2006 $SDA1 block 'KERNEL="sda1", NAME="old"
KERNEL=="sda1", SYMLINK+="new"' 'l new -> old; b 0660 0:0 old'; }
@test "100: more than 5 ATTRS{} keys in one rule: the rule is refused, 5 are taken" { check_logged y2006 $SDA1 block 'SUBSYSTEMS=="scsi", ATTRS{vendor}=="ATA", ATTRS{model}=="ST3160812AS", ATTRS{type}=="0", ATTRS{vendor}=="A*", ATTRS{model}=="ST*", ATTRS{type}=="?", NAME="six%n"
SUBSYSTEMS=="scsi", ATTRS{vendor}=="ATA", ATTRS{model}=="ST3160812AS", ATTRS{type}=="0", ATTRS{vendor}=="A*", ATTRS{model}=="ST*", NAME="five%n"' 3 "more than 5 ATTRS{}" 'b 0660 0:0 five1'; }
@test "100: a comment line longer than any rule is skipped whole, no error" {
	y2006
	{ printf '# %05000d\n' 0; printf '   # %05000d\n' 0; echo 'KERNEL=="sda1", NAME="yes"'; } > "$T/rules.d/50-test.rules"
	run ev add $SDA1 block
	[ "$status" -eq 0 ]
	[ "$(listed)" = "b 0660 0:0 yes" ]
}
@test "100: \$attr{driver}, a link, is the last part of its target, at the level matched" { check_add y2006 $SDA block 'SUBSYSTEMS=="scsi", SYMLINK+="scsi-$attr{driver}"
SUBSYSTEMS=="pci", SYMLINK+="pci-%s{driver}"' 'l pci-ata_piix -> sda; l scsi-sd -> sda; b 0660 0:0 sda'; }
@test "100: PROGRAM's invalid UTF-8 is '_' before RESULT compares, valid UTF-8 stays" {
	printf '#!/bin/sh\nprintf "\\357\\350garbage"\n' > "$T/bad"
	printf '#!/bin/sh\nprintf "\\303\\274ber"\n' > "$T/good"
	chmod +x "$T/bad" "$T/good"
	check_add y2006 $SDA1 block "SUBSYSTEMS==\"scsi\", PROGRAM==\"$T/bad\", RESULT==\"__garbage\", SYMLINK+=\"replaced\"
SUBSYSTEMS==\"scsi\", PROGRAM==\"$T/good\", RESULT==\"$(printf '\303\274')ber\", SYMLINK+=\"kept\"" 'l kept -> sda1; l replaced -> sda1; b 0660 0:0 sda1'
}
@test "117: \$attr{[SUBSYSTEM/KERNEL]attribute} and TEST==\"[SUBSYSTEM/KERNEL]file\" look at another device" { check_add y2006 $SDA block 'KERNEL=="sda", SYMLINK+="mac-$attr{[net/eth0]address}"
KERNEL=="sda", TEST=="[net/eth0]", SYMLINK+="has-eth0"
KERNEL=="sda", TEST=="[net/eth0]address", SYMLINK+="has-address"
KERNEL=="sda", TEST=="[net/eth9]", SYMLINK+="has-eth9"
KERNEL=="sda", TEST!="[net/../eth0]", SYMLINK+="no-way-out"
KERNEL=="sda", SYMLINK+="bus-$attr{[scsi/0:0:0:0]vendor}"' "l bus-ATA -> sda; l has-address -> sda; l has-eth0 -> sda; l mac-$(cat "$TOP/test/sysfs-2006/class/net/eth0/address") -> sda; l no-way-out -> sda; b 0660 0:0 sda"; }

# ---- assignments -----------------------------------------------------------------
@test "100: ATTR{file}=\"value\" writes the device's own file, before the next rule reads it" {
	writable
	echo 30 > "$T/sys/devices/pci0000:00/0000:00:1f.2/host0/target0:0:0/0:0:0:0/timeout"
	check_add writable /class/scsi_generic/sg0 scsi_generic 'SUBSYSTEMS=="scsi", ATTRS{type}=="0", SYMLINK+="sg-disk"' 'l sg-disk -> sg0; c 0660 0:0 sg0'
	echo 120 > "$T/sys/block/sda/removable"
	check_add writable $SDA block 'ATTR{removable}="0"
KERNEL=="sda", ATTR{removable}=="0", SYMLINK+="fixed-$attr{removable}"' 'l fixed-0 -> sda; b 0660 0:0 sda; l sg-disk -> sg0; c 0660 0:0 sg0'
	[ "$(cat "$T/sys/block/sda/removable")" = 0 ]
}
@test "ATTR{} writes only below the device's own directory: '..' or a leading '/' is refused, a link on the way is not followed" {
	writable
	mkdir "$T/sys/block/sda/queue"
	echo noop > "$T/sys/block/sda/queue/scheduler"
	check_logged writable $SDA block 'ATTR{../sda1/start}="1", SYMLINK+="m"
ATTR{/block/sda/size}="1", SYMLINK+="n"
ATTR{device/timeout}="1", SYMLINK+="l"
ATTR{queue/scheduler}="deadline"' 3 "50-test.rules:1: ATTR{} names a file of the device's own directory, skipping the rule" 'l l -> sda; b 0660 0:0 sda'
	[[ "$output" == *"50-test.rules:2: ATTR{} names a file"* ]]
	[[ "$output" == *"cannot write '1' to /block/sda/device/timeout"* ]]
	[ "$(cat "$T/sys/devices/pci0000:00/0000:00:1f.2/host0/target0:0:0/0:0:0:0/timeout")" = 30 ]
	[ "$(cat "$T/sys/block/sda/queue/scheduler")" = deadline ]
	[ "$(cat "$T/sys/block/sda/size")" = 312581808 ]
	[ "$(cat "$T/sys/block/sda/sda1/start")" = 63 ]
}
@test "ATTR{file}= never follows a link the device's directory holds" {
	writable
	ln -s "$T/outside" "$T/sys/block/sda/trap"
	check_logged writable $SDA block 'ATTR{trap}="x", SYMLINK+="l"' 0 "" 'l l -> sda; b 0660 0:0 sda'
	[[ "$output" == *"cannot write 'x'"* ]]
	[ ! -e "$T/outside" ]
}
@test "ATTR{file}= writes the value as written: device data cannot name the file" { check_add writable $SDA block 'PROGRAM=="/bin/echo removable", ATTR{%c}="1", SYMLINK+="l"' 'l l -> sda; b 0660 0:0 sda'
	[ "$(cat "$T/sys/block/sda/removable")" = 0 ]
}

# ---- later releases' keys and names ------------------------------------------------
@test "later: TEST{mode}==\"path\": the file exists (relative: the device's), with one of the mode bits" { check_add y2006 $SDA block "TEST==\"removable\", SYMLINK+=\"t1\"
TEST!=\"nonesuch\", SYMLINK+=\"t2\"
TEST{0111}==\"/bin/sh\", SYMLINK+=\"t3\"
TEST{0111}==\"removable\", SYMLINK+=\"t4\"
TEST==\"$TOP/test/sysfs-2006\$devpath/size\", SYMLINK+=\"t5\"" 'b 0660 0:0 sda; l t1 -> sda; l t2 -> sda; l t3 -> sda; l t5 -> sda'; }
@test "later: \$driver / %d: the driver of the level the parent keys matched" { check_add y2006 $USB tty 'SUBSYSTEMS=="usb", KERNELS=="1-1:1.0", SYMLINK+="d-%d i-$driver-$id"
KERNEL=="ttyUSB0", SYMLINK+="own-%d"' 'l d-pl2303 -> ttyUSB0; l i-pl2303-1-1:1.0 -> ttyUSB0; l own- -> ttyUSB0; c 0660 0:0 ttyUSB0'; }
@test "later: \$name, \$links and \$sys / %S" { check_add y2006 $TTYS tty "KERNEL==\"ttyS0\", NAME=\"n0\", SYMLINK+=\"a\"
KERNEL==\"ttyS0\", SYMLINK+=\"b-\$name-\$links\"
KERNEL==\"ttyS0\", PROGRAM==\"/bin/sh -c 'test \$sys = %S && test -d %S/class'\", SYMLINK+=\"sys-ok\"" 'l a -> n0; l b-n0-a -> n0; c 0660 0:0 n0; l sys-ok -> n0'; }
@test "an unknown \$word is an error naming file:line; that rule is skipped, the others load" { check_logged y2006 $TTYS tty 'KERNELS=="ttyS0", SYMLINK+="ok"
KERNELS=="ttyS0", SYMLINK+="x-$kernal"' 3 "50-test.rules:2: unknown substitution '\$kernal', skipping the rule" 'l ok -> ttyS0; c 0660 0:0 ttyS0'; }

# ---- OPTIONS -----------------------------------------------------------------------
@test "100: OPTIONS ignore_device and last_rule" { check_add y2006 $SDA block 'SUBSYSTEMS=="scsi", OPTIONS="last_rule", SYMLINK+="a"
KERNEL=="sda", SYMLINK+="after"
KERNEL=="ttyS0", OPTIONS="ignore_device"' 'l a -> sda; b 0660 0:0 sda'; }
@test "100: OPTIONS all_partitions on a whole disk makes 15 partition nodes" {
	check_add y2006 /block/hdc block 'KERNELS=="1.0", OPTIONS="all_partitions", SYMLINK+="cd"' "l cd -> hdc; b 0660 0:0 hdc$(printf '; b 0660 0:0 hdc%s' 1 10 11 12 13 14 15 2 3 4 5 6 7 8 9)"
}
@test "later: OPTIONS link_priority=N: the links of the device of the higher priority stay its, and go to it when their holder goes" {
	y2006
	rules 'KERNEL=="ttyS1", SYMLINK+="serial", OPTIONS+="link_priority=10"
KERNEL=="ttyS[01]", SYMLINK+="serial any"'
	run ev add /class/tty/ttyS1 tty
	[ "$status" -eq 0 ]
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(readlink "$T/dev/serial")" = ttyS1 ]
	[ "$(readlink "$T/dev/any")" = ttyS1 ]
	db_text "$T/db/class@tty@ttyS1" | grep -qx 'L:10'
	run ev remove /class/tty/ttyS1 tty
	[ "$status" -eq 0 ]
	[ "$(readlink "$T/dev/serial")" = ttyS0 ]
	[ "$(readlink "$T/dev/any")" = ttyS0 ]
	run ev add /class/tty/ttyS1 tty
	[ "$status" -eq 0 ]
	[ "$(readlink "$T/dev/serial")" = ttyS1 ]
	[ "$(readlink "$T/dev/any")" = ttyS1 ]
}
@test "later: OPTIONS event_timeout=N bounds the event's programs from that rule on" {
	SECONDS=0
	check_add y2006 $TTYS tty 'KERNEL=="ttyS0", OPTIONS="event_timeout=1"
PROGRAM=="/bin/sleep 9", SYMLINK+="slept"
KERNEL=="ttyS0", SYMLINK+="after"' 'l after -> ttyS0; c 0660 0:0 ttyS0'
	[ "$SECONDS" -lt 6 ]
}
@test "later: OPTIONS string_escape=none keeps an attribute's characters for that rule; replace, as without it, changes them" {
	writable
	printf 'a(b)~c\n' > "$T/sys/block/sda/label_test"
	check_add writable $SDA block 'KERNEL=="sda", SYMLINK+="r-%s{label_test}"
KERNEL=="sda", OPTIONS="string_escape=replace", SYMLINK+="p-%s{label_test}"
KERNEL=="sda", OPTIONS="string_escape=none", SYMLINK+="n-$attr{label_test}"' 'l n-a(b)~c -> sda; l p-a_b__c -> sda; l r-a_b__c -> sda; b 0660 0:0 sda'
}
@test "an OPTIONS word no release knew is logged and ignored, the others hold" {
	check_add y2006 $TTYS tty 'KERNEL=="ttyS0", OPTIONS="frobnicate,last_rule", SYMLINK+="a"
KERNEL=="ttyS0", SYMLINK+="b"' 'l a -> ttyS0; c 0660 0:0 ttyS0'
	UDEV_LOG=info run ev add $TTYS tty
	[[ "$output" == *"50-test.rules:1: OPTIONS has words udev 064-100 did not know, ignoring them"* ]]
}
