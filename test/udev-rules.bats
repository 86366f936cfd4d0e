#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Rule cases as a table, one row per @test, in the manner of udev 2004's
# udev-test.pl: layout, devpath, subsystem, the rule file, and the expected
# /dev as normalised "type mode uid:gid name" / "l link -> target" lines.

load udev-lib

setup() {
	udev_setup
	# a PROGRAM that shows how it was called: "argc:arg1:arg2"
	printf '#!/bin/sh\necho "$#:$1:$2"\n' > "$T/args"
	printf '#!/bin/sh\nexit 1\n' > "$T/false"
	printf '#!/bin/sh\necho ID_FS=ext3\necho "ID_MODEL=\\"disk model\\""\n' > "$T/import"
	printf '#!/bin/sh\nprintf "bad\\001name"\n' > "$T/ctrl"
	chmod +x "$T/args" "$T/false" "$T/import" "$T/ctrl"
}

MOUSE=/class/input/mouse0
TTYS=/class/tty/ttyS0
SDA=/block/sda
SDA1=/block/sda/sda1
HDA=/block/hda
NULL=/class/mem/null
EV3=/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:046D:C52B.0001/input/input5/event3
SDB=/devices/pci0000:00/0000:00:1f.2/ata1/host0/target0:0:0/0:0:0:0/block/sdb
SERIAL=/devices/platform/serial8250/tty/ttyS1

# ---- event keys ------------------------------------------------------------
@test "KERNEL exact" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="serial"' 'c 0600 0:0 serial'; }
@test "KERNEL glob *" { check_add legacy $SDA1 block 'KERNEL=="sd*", NAME="d%n"' 'b 0600 0:0 d1'; }
@test "KERNEL glob ?" { check_add legacy $SDA1 block 'KERNEL=="sd??", NAME="q"' 'b 0600 0:0 q'; }
@test "KERNEL glob ? too short fails" { check_add legacy $SDA1 block 'KERNEL=="sd?", NAME="q"' 'b 0600 0:0 sda1'; }
@test "KERNEL class [0-9]" { check_add legacy $TTYS tty 'KERNEL=="ttyS[0-3]", NAME="r"' 'c 0600 0:0 r'; }
@test "KERNEL negated class [!0-9]" { check_add legacy $TTYS tty 'KERNEL=="ttyS[!0-3]", NAME="r"' 'c 0600 0:0 ttyS0'; }
@test "KERNEL != excludes" { check_add legacy $TTYS tty 'KERNEL!="ttyS0", NAME="x"' 'c 0600 0:0 ttyS0'; }
@test "KERNEL != includes others" { check_add legacy $TTYS tty 'KERNEL!="ttyS1", NAME="x"' 'c 0600 0:0 x'; }
@test "KERNEL alternatives a|b" { check_add legacy $TTYS tty 'KERNEL=="tty1|ttyS0", NAME="alt"' 'c 0600 0:0 alt'; }
@test "KERNEL 2004 syntax KEY=value matches" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="old"' 'c 0600 0:0 old'; }
@test "KERNEL 2004 syntax mismatch" { check_add legacy $TTYS tty 'KERNEL="ttyS9", NAME="old"' 'c 0600 0:0 ttyS0'; }
@test "SUBSYSTEM ==" { check_add legacy $TTYS tty 'SUBSYSTEM=="tty", NAME="s"' 'c 0600 0:0 s'; }
@test "SUBSYSTEM !=" { check_add legacy $TTYS tty 'SUBSYSTEM!="tty", NAME="s"' 'c 0600 0:0 ttyS0'; }
@test "ACTION == add" { check_add legacy $TTYS tty 'ACTION=="add", NAME="a"' 'c 0600 0:0 a'; }
@test "ACTION == remove does not match an add" { check_add legacy $TTYS tty 'ACTION=="remove", NAME="a"' 'c 0600 0:0 ttyS0'; }
@test "DEVPATH glob" { check_add legacy $TTYS tty 'DEVPATH=="/class/tty/*", NAME="dp"' 'c 0600 0:0 dp'; }
@test "DEVPATH mismatch" { check_add legacy $TTYS tty 'DEVPATH=="/block/*", NAME="dp"' 'c 0600 0:0 ttyS0'; }

# ---- device keys and the parent chain --------------------------------------
@test "BUS on the physical device" { check_add legacy $TTYS tty 'BUS=="pnp", NAME="pnp"' 'c 0600 0:0 pnp'; }
@test "BUS found up the chain" { check_add legacy $MOUSE input 'BUS=="pci", NAME="viapci"' 'c 0600 0:0 viapci'; }
@test "BUS from /bus/NAME/devices (2.6.0, no bus link)" { check_add legacy $HDA block 'BUS=="ide", NAME="ide"' 'b 0600 0:0 ide'; }
@test "BUS mismatch" { check_add legacy $TTYS tty 'BUS=="usb", NAME="u"' 'c 0600 0:0 ttyS0'; }
@test "BUS != " { check_add legacy $TTYS tty 'BUS!="usb", NAME="nb"' 'c 0600 0:0 nb'; }
@test "ID exact" { check_add legacy $TTYS tty 'ID=="00:07", NAME="id"' 'c 0600 0:0 id'; }
@test "ID glob on a parent" { check_add legacy $MOUSE input 'BUS=="usb", ID=="1-2.?", NAME="id"' 'c 0600 0:0 id'; }
@test "PLACE topology" { check_add legacy $MOUSE input 'BUS=="usb", PLACE=="2.3", NAME="place"' 'c 0600 0:0 place'; }
@test "PLACE mismatch" { check_add legacy $MOUSE input 'BUS=="usb", PLACE=="2.4", NAME="place"' 'c 0600 0:0 mouse0'; }
# SYSFS{product} pins the level to the USB device 1-2.3 (its interface and
# the hubs above have other or no products), so PLACE!= is decided there.
@test "PLACE != excludes its place" { check_add legacy $MOUSE input 'SYSFS{product}=="Optical USB Mouse", PLACE!="2.3", NAME="place"' 'c 0600 0:0 mouse0'; }
@test "PLACE != includes other places" { check_add legacy $MOUSE input 'SYSFS{product}=="Optical USB Mouse", PLACE!="2.4", NAME="place"' 'c 0600 0:0 place'; }
@test "PLACE != the whole bus id excludes it" { check_add legacy $MOUSE input 'SYSFS{product}=="Optical USB Mouse", PLACE!="1-2.3", NAME="place"' 'c 0600 0:0 mouse0'; }
@test "DRIVER" { check_add legacy $MOUSE input 'DRIVER=="usbhid", NAME="hid"' 'c 0600 0:0 hid'; }
@test "DRIVER !=" { check_add legacy $TTYS tty 'DRIVER!="serial", NAME="x"' 'c 0600 0:0 x'; }
@test "SYSFS{attr} on a parent" { check_add legacy $MOUSE input 'BUS=="usb", SYSFS{product}=="Optical USB Mouse", NAME="m"' 'c 0600 0:0 m'; }
@test "SYSFS_attr old spelling" { check_add legacy $MOUSE input 'BUS="usb", SYSFS_serial="LGT0001", NAME="m"' 'c 0600 0:0 m'; }
@test "SYSFS{attr} glob" { check_add legacy $MOUSE input 'SYSFS{idVendor}=="04*", NAME="m"' 'c 0600 0:0 m'; }
@test "SYSFS{dev} of the class device" { check_add legacy $TTYS tty 'SYSFS{dev}=="4:64", NAME="d"' 'c 0600 0:0 d'; }
@test "SYSFS trailing blanks are cut" { check_add legacy $SDA block 'SYSFS{vendor}=="ATA", NAME="ata"' 'b 0600 0:0 ata'; }
@test "SYSFS missing attribute does not match" { check_add legacy $TTYS tty 'SYSFS{nothere}=="*", NAME="x"' 'c 0600 0:0 ttyS0'; }
@test "SYSFS !=" { check_add legacy $SDA block 'SYSFS{model}!="Maxtor*", NAME="notmax"' 'b 0600 0:0 notmax'; }
@test "device keys must hold at one level" { check_add legacy $MOUSE input 'BUS=="pci", SYSFS{product}=="Optical USB Mouse", NAME="x"' 'c 0600 0:0 mouse0'; }
@test "partition matches its disk's device" { check_add legacy $SDA1 block 'BUS=="scsi", SYSFS{model}=="WDC*", NAME="wd%n"' 'b 0600 0:0 wd1'; }
@test "modern: BUS and SYSFS up the chain" { check_add modern $EV3 input 'BUS=="usb", SYSFS{serial}=="ABC123", NAME="logi"' 'c 0600 0:0 logi'; }
@test "modern: DRIVER" { check_add modern $EV3 input 'DRIVER=="hid-generic", NAME="h"' 'c 0600 0:0 h'; }
@test "modern: BUS scsi, ID" { check_add modern $SDB block 'BUS=="scsi", ID=="0:0:0:0", NAME="s"' 'b 0600 0:0 s'; }
@test "modern: partition sees the disk's parents" { check_add modern $SDB/sdb1 block 'SYSFS{model}=="Samsung*", NAME="ssd%n"' 'b 0600 0:0 ssd1'; }
@test "modern: platform device behind a device link" { check_add modern $SERIAL tty 'BUS=="platform", DRIVER=="serial8250", NAME="pl"' 'c 0600 0:0 pl'; }
@test "modern: class devices have no BUS" { check_add modern $EV3 input 'BUS=="input", NAME="x"' 'c 0600 0:0 input/event3'; }

# ---- ENV, PROGRAM, RESULT, IMPORT ------------------------------------------
@test "ENV{key} from the event" { check_add legacy $TTYS tty 'ENV{SEQNUM}=="1", NAME="e"' 'c 0600 0:0 e'; }
@test "ENV{key} != " { check_add legacy $TTYS tty 'ENV{SEQNUM}!="1", NAME="e"' 'c 0600 0:0 ttyS0'; }
@test "ENV{unset} does not match" { check_add legacy $TTYS tty 'ENV{NOPE}=="?*", NAME="e"' 'c 0600 0:0 ttyS0'; }
@test "ENV assign then match in a later rule" { check_add legacy $TTYS tty 'ENV{MY}="yes"
ENV{MY}=="yes", NAME="set"' 'c 0600 0:0 set'; }
@test "ENV += appends" { check_add legacy $TTYS tty 'ENV{L}="a"
ENV{L}+="b"
ENV{L}=="a b", NAME="both"' 'c 0600 0:0 both'; }
@test "PROGRAM exit 0 matches" { check_add legacy $TTYS tty 'PROGRAM=="/bin/true", NAME="t"' 'c 0600 0:0 t'; }
@test "PROGRAM exit 1 does not" { check_add legacy $TTYS tty "PROGRAM==\"$T/false\", NAME=\"f\"" 'c 0600 0:0 ttyS0'; }
@test "PROGRAM != matches a failure" { check_add legacy $TTYS tty "PROGRAM!=\"$T/false\", NAME=\"nf\"" 'c 0600 0:0 nf'; }
@test "PROGRAM 2004 syntax" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo hi", RESULT="hi", NAME="p"' 'c 0600 0:0 p'; }
@test "PROGRAM alone gets the subsystem as argv[1]" { check_add legacy $TTYS tty "PROGRAM=\"$T/args\", RESULT==\"1:tty:\", NAME=\"argv\"" 'c 0600 0:0 argv'; }
@test "PROGRAM '...' quoting, no shell" { check_add legacy $TTYS tty "PROGRAM=\"$T/args 'one two' \$\$HOME\", RESULT==\"2:one two:\$HOME\", NAME=\"q\"" 'c 0600 0:0 q'; }
@test "RESULT glob" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo abc", RESULT=="a*", NAME="r"' 'c 0600 0:0 r'; }
@test "RESULT mismatch" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo abc", RESULT=="x*", NAME="r"' 'c 0600 0:0 ttyS0'; }
@test "RESULT != " { check_add legacy $TTYS tty 'PROGRAM="/bin/echo abc", RESULT!="x*", NAME="r"' 'c 0600 0:0 r'; }
@test "RESULT of an earlier rule" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo zz"
RESULT=="zz", NAME="later"' 'c 0600 0:0 later'; }
@test "IMPORT{program} sets ENV" { check_add legacy $SDA block "IMPORT{program}=\"$T/import\"
ENV{ID_FS}==\"ext3\", NAME=\"%E{ID_MODEL}\"" 'b 0600 0:0 disk model'; }
@test "IMPORT without type runs a program" { check_add legacy $SDA block "IMPORT=\"$T/import\"
ENV{ID_FS}==\"ext3\", NAME=\"imp\"" 'b 0600 0:0 imp'; }
@test "IMPORT{file}" {
	printf 'FROMFILE=42\n# comment\n' > "$T/vars"
	check_add legacy $TTYS tty "IMPORT{file}==\"$T/vars\", NAME=\"f\$env{FROMFILE}\"" 'c 0600 0:0 f42'
}
@test "IMPORT{file} missing file fails the rule" { check_add legacy $TTYS tty "IMPORT{file}=\"$T/none\", NAME=\"f\"" 'c 0600 0:0 ttyS0'; }
@test "IMPORT{parent} copies the parent's keys" {
	rules "KERNEL==\"sda\", ENV{ID_SERIAL}=\"WD-123\", ENV{OTHER}=\"x\"
KERNEL==\"sda1\", IMPORT{parent}=\"ID_*\", NAME=\"p-\$env{ID_SERIAL}-\$env{OTHER}\""
	run ev add $SDA block
	[ "$status" -eq 0 ]
	db_text "$T/db/block@sda" | grep -q '^E:ID_SERIAL=WD-123$'
	run ev add $SDA1 block
	[ "$status" -eq 0 ]
	[ -b "$T/dev/p-WD-123-" ]
}
@test "PROGRAM time bound" {
	export UDEV_EXEC_TIMEOUT=1
	SECONDS=0
	check_add legacy $TTYS tty 'PROGRAM=="/bin/sleep 30", NAME="slow"' 'c 0600 0:0 ttyS0'
	[ "$SECONDS" -lt 20 ]
}

# ---- NAME ---------------------------------------------------------------
@test "NAME in a subdirectory" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="tts/0"' 'c 0600 0:0 tts/0'; }
@test "NAME: first one wins" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="first"
KERNEL=="ttyS0", NAME="second"' 'c 0600 0:0 first'; }
@test "NAME := after a NAME is skipped (064)" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="first"
KERNEL=="ttyS0", NAME:="final"' 'c 0600 0:0 first'; }
@test "NAME := is not overridden" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME:="final"
KERNEL=="ttyS0", NAME:="other"' 'c 0600 0:0 final'; }
@test "NAME empty ignores the device" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME=""' ''; }
@test "no NAME: the kernel name" { check_add legacy $TTYS tty 'KERNEL=="nothing", NAME="x"' 'c 0600 0:0 ttyS0'; }
@test "no NAME: '!' becomes '/'" { check_add legacy '/block/cciss!c0d0' block '' 'b 0600 0:0 cciss/c0d0'; }
@test "no NAME, modern: the kernel's DEVNAME" { check_add modern $EV3 input '' 'c 0600 0:0 input/event3'; }
@test "block subsystem makes block nodes" { check_add legacy $SDA block '' 'b 0600 0:0 sda'; }
@test "NAME{all_partitions}" {
	check_add legacy $SDA block 'KERNEL=="sda", NAME{all_partitions}="disk"' "$(
		echo -n 'b 0600 0:0 disk'; for i in 1 10 11 12 13 14 15 2 3 4 5 6 7 8 9; do echo -n "; b 0600 0:0 disk$i"; done)"
	[ "$(stat -c %t:%T "$T/dev/disk15")" = "8:f" ]
}
@test "OPTIONS all_partitions" {
	check_add legacy $SDA block 'KERNEL=="sda", OPTIONS="all_partitions"' "$(
		echo -n 'b 0600 0:0 sda'; for i in 1 10 11 12 13 14 15 2 3 4 5 6 7 8 9; do echo -n "; b 0600 0:0 sda$i"; done)"
	db_text "$T/db/block@sda" | grep -q '^A:15$'
}
@test "OPTIONS ignore_device" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OPTIONS="ignore_device"
KERNEL=="ttyS0", NAME="late"' ''; }
@test "OPTIONS last_rule stops" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OPTIONS="last_rule"
KERNEL=="ttyS0", NAME="late"' 'c 0600 0:0 ttyS0'; }
@test "OPTIONS last_rule keeps its own NAME" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK="s", OPTIONS+="last_rule"
KERNEL=="ttyS0", SYMLINK+="late"' 'l s -> ttyS0; c 0600 0:0 ttyS0'; }

# ---- SYMLINK ----------------------------------------------------------------
@test "SYMLINK" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK="modem"' 'l modem -> ttyS0; c 0600 0:0 ttyS0'; }
@test "SYMLINK several in one" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK="a b"' 'l a -> ttyS0; l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "SYMLINK = replaces earlier rules' links (064)" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK="a"
KERNEL=="ttyS0", SYMLINK="b"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "SYMLINK accumulates over 2004 rules (050)" { check_add legacy $TTYS tty 'KERNEL="ttyS0", SYMLINK="a"
KERNEL="ttyS0", SYMLINK="b"' 'l a -> ttyS0; l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "SYMLINK +=" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="a"
KERNEL=="ttyS0", SYMLINK+="b"' 'l a -> ttyS0; l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "SYMLINK := replaces and locks" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK="a"
KERNEL=="ttyS0", SYMLINK:="b"
KERNEL=="ttyS0", SYMLINK+="c"' 'l b -> ttyS0; c 0600 0:0 ttyS0'; }
@test "SYMLINK relative through directories" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="tts/0", SYMLINK="serial/by-id/pnp"' 'l serial/by-id/pnp -> ../../tts/0; c 0600 0:0 tts/0'; }
@test "SYMLINK-only rule before the NAME rule" { check_add legacy $TTYS tty 'KERNEL=="ttyS*", SYMLINK="all-%k"
KERNEL=="ttyS0", NAME="first"' 'l all-ttyS0 -> first; c 0600 0:0 first'; }

# ---- OWNER GROUP MODE ---------------------------------------------------------
@test "OWNER by name" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="daemon"' 'c 0600 1:0 ttyS0'; }
@test "OWNER by number" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="4242"' 'c 0600 4242:0 ttyS0'; }
@test "GROUP by name" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", GROUP="tty"' 'c 0600 0:5 ttyS0'; }
@test "GROUP by number" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", GROUP="4343"' 'c 0600 0:4343 ttyS0'; }
@test "MODE" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0666"' 'c 0666 0:0 ttyS0'; }
@test "MODE: last wins (064)" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0640"
KERNEL=="ttyS0", MODE="0666"' 'c 0666 0:0 ttyS0'; }
@test "MODE := overrides" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0640"
KERNEL=="ttyS0", MODE:="0604"
KERNEL=="ttyS0", MODE:="0666"' 'c 0604 0:0 ttyS0'; }
@test "OWNER GROUP MODE together, 2004 syntax" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="modem", OWNER="daemon", GROUP="dialout", MODE="0660"' "c 0660 1:$(getent group dialout | cut -d: -f3) modem"; }
@test "OWNER unknown: root, a log line, exit 0 (064)" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="no-such-user-x"' 0 "unknown user 'no-such-user-x'" 'c 0600 0:0 ttyS0'
}

# ---- RUN and GOTO ------------------------------------------------------------
@test "RUN gets the environment" {
	check_add legacy $TTYS tty "KERNEL==\"ttyS0\", ENV{EXTRA}=\"e1\", RUN=\"/bin/sh -c 'echo \$\$DEVNAME \$\$ACTION \$\$EXTRA > $T/run.out'\"" 'c 0600 0:0 ttyS0'
	[ "$(cat "$T/run.out")" = "$T/dev/ttyS0 add e1" ]
}
@test "RUN += runs both in order" {
	check_add legacy $TTYS tty "RUN+=\"/bin/sh -c 'echo one >> $T/r'\"
RUN+=\"/bin/sh -c 'echo two >> $T/r'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/r")" = "one,two" ]
}
@test "RUN = replaces earlier RUN" {
	check_add legacy $TTYS tty "RUN+=\"/bin/sh -c 'echo one >> $T/r'\"
RUN=\"/bin/sh -c 'echo two >> $T/r'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/r")" = "two" ]
}
@test "RUN failure gives exit 9" {
	legacy
	rules "RUN+=\"$T/false\""
	run ev add $TTYS tty
	[ "$status" -eq 9 ]
	[ -c "$T/dev/ttyS0" ]
}
@test "GOTO skips to LABEL" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", GOTO="skip"
KERNEL=="ttyS0", NAME="skipped"
LABEL="skip"
KERNEL=="ttyS0", NAME="after"' 'c 0600 0:0 after'; }
@test "GOTO not taken when its rule fails" { check_add legacy $TTYS tty 'KERNEL=="nope", GOTO="skip"
KERNEL=="ttyS0", NAME="taken"
LABEL="skip"' 'c 0600 0:0 taken'; }

# ---- substitutions ----------------------------------------------------------
@test "%k" { check_add legacy $TTYS tty 'NAME="x-%k"' 'c 0600 0:0 x-ttyS0'; }
@test "%n" { check_add legacy $SDA1 block 'NAME="part%n"' 'b 0600 0:0 part1'; }
@test "%n of a name without number is empty" { check_add legacy /class/input/mice input 'NAME="m%n"' 'c 0600 0:0 m'; }
@test "%p" { check_add legacy $TTYS tty 'NAME="p%p"' 'c 0600 0:0 p/class/tty/ttyS0'; }
@test "%M %m" { check_add legacy $TTYS tty 'NAME="n%M.%m"' 'c 0600 0:0 n4.64'; }
@test "%b the bus id of the class device's device" { check_add legacy $MOUSE input 'BUS=="usb", SYSFS{serial}=="?*", NAME="usb-%b"' 'c 0600 0:0 usb-1-2.3:1.0'; }
@test "%c" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo res", NAME="%c"' 'c 0600 0:0 res'; }
@test "%c{N}" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo a b c", NAME="%c{2}"' 'c 0600 0:0 b'; }
@test "%c{N+}" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo a b c", NAME="n", SYMLINK="%c{2+}"' 'l b -> n; l c -> n; c 0600 0:0 n'; }
@test "%c{N} past the end is empty" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo a", NAME="x%c{3}"' 'c 0600 0:0 x'; }
@test "%s{attr}" { check_add legacy $MOUSE input 'BUS=="usb", NAME="%s{serial}"' 'c 0600 0:0 LGT0001'; }
# 050's match_rule runs PROGRAM at the level its device keys matched and formats
# PROGRAM there; NAME and SYMLINK at the device behind the class device (050's
# own parent walk does not run on this tree, so this row is from its source)
@test "2004 syntax: PROGRAM's %s{attr} reads the level the device keys matched, NAME's the device behind" { check_add legacy $MOUSE input 'SYSFS{idProduct}="0605", PROGRAM="/bin/echo %s{idProduct}", NAME="x%c", SYMLINK="y%s{idProduct}"' 'c 0600 0:0 x0605; l y -> x0605'; }
@test "%s{attr} keeps its inner blanks (050, 064)" { check_add legacy $SDA block 'NAME="%s{model}"' 'b 0600 0:0 WDC WD800JD-75MS'; }
@test "%3s{attr} length limit" { check_add legacy $MOUSE input 'BUS=="usb", NAME="%3s{product}"' 'c 0600 0:0 Opt'; }
@test "%2k length limit" { check_add legacy $TTYS tty 'NAME="%2k"' 'c 0600 0:0 tt'; }
@test "%E{key}" { check_add legacy $TTYS tty 'NAME="s%E{SEQNUM}"' 'c 0600 0:0 s1'; }
@test "%r" { check_add legacy $TTYS tty "PROGRAM=\"/bin/echo %r\", RESULT==\"$T/dev\", NAME=\"root\"" 'c 0600 0:0 root'; }
@test "%%" { check_add legacy $TTYS tty 'NAME="a%%b"' 'c 0600 0:0 a%b'; }
@test "%e enumerates free names" {
	legacy
	rules 'SUBSYSTEM=="block", NAME="cdrom%e"'
	run ev add $HDA block
	[ "$status" -eq 0 ]
	run ev add $SDA block
	[ "$status" -eq 0 ]
	[ "$(listing | paste -sd ';')" = "b 0600 0:0 cdrom;b 0600 0:0 cdrom1" ]
	db_text "$T/db/block@sda" | grep -q '^N:cdrom1$'
}
@test "%P the parent's node name" {
	legacy
	rules 'KERNEL=="sda", NAME="disk0"
KERNEL=="sda1", NAME="%P-part%n"'
	ev add $SDA block
	run ev add $SDA1 block
	[ "$status" -eq 0 ]
	[ -b "$T/dev/disk0-part1" ]
}
@test "\$kernel \$number" { check_add legacy $SDA1 block 'KERNEL=="sda1", NAME="$kernel-$number"' 'b 0600 0:0 sda1-1'; }
@test "\$devpath" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="d$devpath"' 'c 0600 0:0 d/class/tty/ttyS0'; }
@test "\$id" { check_add legacy $TTYS tty 'BUS=="pnp", NAME="id-$id"' 'c 0600 0:0 id-00:07'; }
@test "\$major \$minor" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="$major-$minor"' 'c 0600 0:0 4-64'; }
@test "\$result" { check_add legacy $TTYS tty 'PROGRAM=="/bin/echo rr", NAME="$result"' 'c 0600 0:0 rr'; }
@test "\$sysfs{attr}" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="$sysfs{id}"' 'c 0600 0:0 PNP0501'; }
@test "\$env{key}" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="e$env{SEQNUM}"' 'c 0600 0:0 e1'; }
@test "\$root" { check_add legacy $TTYS tty "PROGRAM=\"/bin/echo \$root\", RESULT==\"$T/dev\", NAME=\"r\"" 'c 0600 0:0 r'; }
@test "\$parent" {
	legacy
	rules 'KERNEL=="sda", NAME="hd"
KERNEL=="sda1", NAME="$parent$number"'
	ev add $SDA block
	check_add legacy $SDA1 block 'KERNEL=="sda", NAME="hd"
KERNEL=="sda1", NAME="$parent$number"' 'b 0600 0:0 hd; b 0600 0:0 hd1'
}
@test "\$\$" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="a$$b"' 'c 0600 0:0 a$b'; }
@test "an unknown \$word is an error naming file:line, the rule is skipped" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l"
KERNEL=="ttyS0", NAME="a$nothing"' 3 "50-test.rules:2: unknown substitution '\$nothing', skipping the rule" 'l l -> ttyS0; c 0600 0:0 ttyS0'
}
@test "\$\$ is a '\$' before a word" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="a$$nothing"' 'c 0600 0:0 a$nothing'; }
@test "a '\$' of a 2004-syntax file is text (050)" { check_add legacy $TTYS tty 'KERNEL="ttyS0", NAME="a$nothing"' 'c 0600 0:0 a$nothing'; }
@test "substitution in SYMLINK and OWNER" { check_add legacy $TTYS tty 'NAME="n", SYMLINK="l%n", OWNER="%n"' 'l l0 -> n; c 0600 0:0 n'; }

# ---- names stay inside udev_root -------------------------------------------
@test "NAME with .. stays inside, and it is logged" {
	check_add legacy $TTYS tty 'NAME="../../escape"' 'c 0600 0:0 __/__/escape'
	[[ "$output" == *"NAME '../../escape' of /class/tty/ttyS0 made safe as '__/__/escape'"* ]]
}
@test "absolute NAME becomes relative" { check_add legacy $TTYS tty 'NAME="/etc/evil"' 'c 0600 0:0 etc/evil'; }
@test "PROGRAM output with .. stays inside" { check_add legacy $TTYS tty 'PROGRAM="/bin/echo ../../../x", NAME="%c"' 'c 0600 0:0 __/__/__/x'; }
@test "control characters are replaced" { check_add legacy $TTYS tty "PROGRAM=\"$T/ctrl\", NAME=\"%c\"" 'c 0600 0:0 bad_name'; }
@test "SYMLINK with .. stays inside" { check_add legacy $TTYS tty 'NAME="n", SYMLINK="../up"' 'l __/up -> ../n; c 0600 0:0 n'; }

# ---- rule files ------------------------------------------------------------
@test "comments, blank lines, continuation" { check_add legacy $TTYS tty '# a comment

   # indented comment
KERNEL=="ttyS0", \
   NAME="cont"' 'c 0600 0:0 cont'; }
@test "both syntaxes in one file and one rule" { check_add legacy $TTYS tty 'KERNEL="ttyS0", SUBSYSTEM=="tty", NAME="mix", MODE:="0644"' 'c 0644 0:0 mix'; }
@test "rule files in name order" {
	legacy
	echo 'KERNEL=="ttyS0", NAME="from20"' > "$T/rules.d/20-b.rules"
	echo 'KERNEL=="ttyS0", NAME="from10"' > "$T/rules.d/10-a.rules"
	echo 'KERNEL=="ttyS0", NAME="notrules"' > "$T/rules.d/05-x.rules.bak"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 from10" ]
}
@test "udev_rules may name a single file" {
	legacy
	echo 'KERNEL=="ttyS0", NAME="single"' > "$T/one.rules"
	sed -i "s|^udev_rules=.*|udev_rules=\"$T/one.rules\"|" "$T/udev.conf"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 single" ]
}
@test "udev_rules may name several directories: merged by file name, a later one's file replaces one of the same name" {
	legacy
	mkdir -p "$T/lib/rules.d" "$T/etc/rules.d"
	echo 'KERNEL=="ttyS0", SYMLINK+="lib10"' > "$T/lib/rules.d/10-a.rules"
	echo 'KERNEL=="ttyS0", SYMLINK+="lib50", MODE="0666"' > "$T/lib/rules.d/50-pkg.rules"
	echo 'KERNEL=="ttyS0", SYMLINK+="lib90"' > "$T/lib/rules.d/90-z.rules"
	echo 'KERNEL=="ttyS0", SYMLINK+="etc50", MODE="0640"' > "$T/etc/rules.d/50-pkg.rules"
	echo 'KERNEL=="ttyS0", SYMLINK+="etc20 etc20-$links"' > "$T/etc/rules.d/20-b.rules"
	echo 'KERNEL=="ttyS0", SYMLINK+="single-file"' > "$T/one.rules"
	sed -i "s|^udev_rules=.*|udev_rules=\"$T/lib/rules.d  $T/no-such-dir $T/etc/rules.d\t$T/one.rules\"|" "$T/udev.conf"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listed)" = "l etc20 -> ttyS0; l etc20-lib10 -> ttyS0; l etc50 -> ttyS0; l lib10 -> ttyS0; l lib90 -> ttyS0; l single-file -> ttyS0; c 0640 0:0 ttyS0" ]
}
@test "without udev_rules, /lib/udev/rules.d and /etc/udev/rules.d are read (installed with the prefix)" {
	# (under make check-valgrind, $BIN/udev is a wrapper of REAL_BIN's)
	[[ "$(strings "${REAL_BIN:-$BIN}/udev")" == *"/lib/udev/rules.d "*"/udev/rules.d"* ]]
}

# ---- more operators and options -----------------------------------------------
@test "OPTIONS with several values" {
	check_add legacy $SDA block 'KERNEL=="sda", OPTIONS="ignore_remove, all_partitions"' "$(
		echo -n 'b 0600 0:0 sda'; for i in 1 10 11 12 13 14 15 2 3 4 5 6 7 8 9; do echo -n "; b 0600 0:0 sda$i"; done)"
	db_text "$T/db/block@sda" | grep -q '^R:1$'
	db_text "$T/db/block@sda" | grep -q '^A:15$'
}
@test "NAME{all_partitions,ignore_remove}" {
	legacy
	rules 'KERNEL=="sda", NAME{all_partitions,ignore_remove}="d"'
	ev add $SDA block
	db_text "$T/db/block@sda" | grep -q '^R:1$'
	[ -b "$T/dev/d15" ]
}
@test "IMPORT{program} failing fails the rule" { check_add legacy $TTYS tty "IMPORT{program}=\"$T/false\", NAME=\"no\"" 'c 0600 0:0 ttyS0'; }
@test "ENV{key}=\"\" unsets" { check_add legacy $TTYS tty 'ENV{SEQNUM}=""
ENV{SEQNUM}=="?*", NAME="still"' 'c 0600 0:0 ttyS0'; }
@test "ENV{key}:= assigns" { check_add legacy $TTYS tty 'ENV{K}:="v"
ENV{K}=="v", NAME="k"' 'c 0600 0:0 k'; }
@test "OWNER := locks" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER:="5"
KERNEL=="ttyS0", OWNER:="6"' 'c 0600 5:0 ttyS0'; }
@test "GROUP last wins (064)" { check_add legacy $TTYS tty 'KERNEL=="ttyS0", GROUP="5"
KERNEL=="ttyS0", GROUP="6"' 'c 0600 0:6 ttyS0'; }
@test "RUN := locks the list" {
	check_add legacy $TTYS tty "RUN:=\"/bin/sh -c 'echo one >> $T/r'\"
RUN+=\"/bin/sh -c 'echo two >> $T/r'\"" 'c 0600 0:0 ttyS0'
	[ "$(paste -sd, "$T/r")" = "one" ]
}
@test "match values are case sensitive" { check_add legacy $TTYS tty 'KERNEL=="TTYS0", NAME="x"' 'c 0600 0:0 ttyS0'; }
@test "escaped quote in a value (the output's backslashes become _, as 064)" { check_add legacy $TTYS tty "PROGRAM=\"/bin/echo a\\\\\\\"b\", RESULT==\"a__\\\"b\", NAME=\"esc\"" 'c 0600 0:0 esc'; }
@test "%N temporary node for PROGRAM, removed afterwards" {
	check_add legacy $SDA block "PROGRAM=\"/bin/sh -c 'test -b %N && echo isblock'\", RESULT==\"isblock\", NAME=\"tn\"" 'b 0600 0:0 tn'
}
@test "\$tempnode in IMPORT{program}" {
	check_add legacy $TTYS tty "IMPORT{program}=\"/bin/sh -c 'test -c \$tempnode && echo TN=char'\"
ENV{TN}==\"char\", NAME=\"tc\"" 'c 0600 0:0 tc'
}
@test "\$name: the name so far" { check_add legacy $TTYS tty 'NAME="n1"
SYMLINK+="$name-link"' 'c 0600 0:0 n1; l n1-link -> n1'; }

# ---- rule errors name the real fault at file:line ---------------------------
@test "rule errors: '=~' and '=>' are named as unknown operators, not as a value without quotes" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l"
KERNEL=~"ttyS0", NAME="x"' 3 "50-test.rules:2: unknown operator '=~' after KERNEL (==, !=, =, += or :=), skipping the rule" 'l l -> ttyS0; c 0600 0:0 ttyS0'
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l"
KERNEL=="ttyS0", NAME=>"x"' 3 "50-test.rules:2: unknown operator '=>' after NAME (==, !=, =, += or :=), skipping the rule" 'l l -> ttyS0; c 0600 0:0 ttyS0'
}

@test "rule errors: a quote left open mid-line is named, with the value it swallowed" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l"
KERNEL=="ttyS0, NAME="x", MODE="0644"' 3 "50-test.rules:2: the value of KERNEL has no closing quote: it ran on to the next quote (\"ttyS0, NAME=\"), skipping the rule" 'l l -> ttyS0; c 0600 0:0 ttyS0'
	# a missing ',' is still called so
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l"
KERNEL=="ttyS0"NAME="x"' 3 "50-test.rules:2: expected ',' between keys, skipping the rule" 'l l -> ttyS0; c 0600 0:0 ttyS0'
}

@test "rule errors: LABEL== is refused, and a second LABEL of one name in a file is named" {
	check_logged legacy $TTYS tty 'KERNEL=="ttyS0", SYMLINK+="l"
LABEL=="end"' 3 "50-test.rules:2: LABEL takes '=' only, skipping the rule" 'l l -> ttyS0; c 0600 0:0 ttyS0'
	legacy
	rules 'KERNEL=="ttyS0", GOTO="end"
LABEL="end"
KERNEL=="ttyS0", NAME="x"
LABEL="end"'
	run ev add $TTYS tty
	echo "$output"
	[ "$output" = "udev: err: $T/rules.d/50-test.rules:4: LABEL=\"end\" again (first at line 2): a GOTO before both goes to the first" ]
	[ -c "$T/dev/x" ]
}
