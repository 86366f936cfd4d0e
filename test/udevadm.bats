#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevadm, the front end of udev 117 and later that init scripts and
# initramfs tools call: each command's options reach the suite's own tool
# and do what that tool does (the real udevd, udev, sysfs copies, records).

load udev-lib

setup() {
	udev_setup
	cp -a "$TOP/test/sysfs-modern" "$T/sys"
	cp -a "$T/sys" "$T/orig"
}
teardown() { stop_udevd; }

INPUT5=/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:046D:C52B.0001/input/input5
MOUSE=/class/input/mouse0

# changed: the sysfs paths whose uevent file differs from the original
changed() {
	(cd "$T/sys" && find . -name uevent -type f) | while read -r f; do
		cmp -s "$T/sys/$f" "$T/orig/$f" || { f=${f#.}; echo "${f%/uevent}"; }
	done | LC_ALL=C sort
}

@test "udevadm: version, --help, and a usage error for a missing or unknown command" {
	run "$BIN/udevadm" version
	[ "$status" -eq 0 ]
	[ "$output" = "$(make -s -C "$TOP" print-version)" ]
	run "$BIN/udevadm" --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: udevadm "* ]]
	run "$BIN/udevadm"
	[ "$status" -eq 1 ]
	run "$BIN/udevadm" frobnicate
	[ "$status" -eq 1 ]
	[[ "$output" == *"udevadm: unknown command 'frobnicate'"* ]]
	# a command's --help is its tool's
	run "$BIN/udevadm" trigger --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: udevtrigger "* ]]
	run "$BIN/udevadm" info --help
	[ "$status" -eq 0 ]
	[[ "${lines[0]}" == "usage: udevinfo "* ]]
}

@test "udevadm trigger: long and short options, as udevtrigger's" {
	export SYSFS_PATH=$T/sys
	run "$BIN/udevadm" trigger --subsystem-match=input --action=change --verbose
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "$INPUT5" ]
	[ "$(head -c 6 "$T/sys$INPUT5/event3/uevent")" = change ]
	[ "$(changed)" = "$(printf '%s\n' "${lines[@]}" | LC_ALL=C sort)" ]
	# -n (dry run), -s, -c: nothing written
	rm -rf "$T/sys" && cp -a "$T/orig" "$T/sys"
	run "$BIN/udevadm" trigger -n -s input -c remove
	[ "$status" -eq 0 ]
	[ "$(wc -l <<<"$output")" -eq 4 ]
	[ -z "$(changed)" ]
}

@test "udevadm trigger: --sysname-match, --attr-nomatch and --type=subsystems" {
	export SYSFS_PATH=$T/sys
	run "$BIN/udevadm" trigger --dry-run --subsystem-match=input --sysname-match='event*'
	[ "$output" = "$INPUT5/event3" ]
	# every input device but those with a device number
	run "$BIN/udevadm" trigger --dry-run --subsystem-match=input --attr-nomatch=dev
	[ "$output" = "$INPUT5" ]
	# buses and their drivers, not devices
	mkdir -p "$T/sys/bus/usb/drivers/usbhid" "$T/sys/bus/pci/drivers/ehci" "$T/sys/bus/pci/devices"
	: >"$T/sys/bus/usb/uevent"
	: >"$T/sys/bus/usb/drivers/usbhid/uevent"
	: >"$T/sys/bus/pci/uevent"
	: >"$T/sys/bus/pci/drivers/ehci/uevent"
	rm -rf "$T/orig" && cp -a "$T/sys" "$T/orig"
	run "$BIN/udevadm" trigger --type=subsystems --subsystem-match=usb --action=add
	[ "$status" -eq 0 ]
	[ "$(cat "$T/sys/bus/usb/uevent")" = add ]
	[ "$(cat "$T/sys/bus/usb/drivers/usbhid/uevent")" = add ]
	[ ! -s "$T/sys/bus/pci/uevent" ]
	# and no device
	[ "$(changed)" = "$(printf '%s\n' /bus/usb /bus/usb/drivers/usbhid)" ]
	run "$BIN/udevadm" trigger --type=things
	[ "$status" -eq 1 ]
}

@test "udevadm control, settle: the exec queue held and let go, the log level, reload, max childs" {
	legacy
	rules 'KERNEL=="ttyS0", NAME="serial0"'
	start_udevd
	run "$BIN/udevadm" control --stop-exec-queue
	[ "$status" -eq 0 ]
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=7 tty &
	local sender=$!
	wait_for grep -q 'seqnum 7 .*queued' "$T/udevd.log"
	run "$BIN/udevadm" settle --timeout=1
	[ "$status" -eq 16 ]
	[ ! -e "$T/dev/serial0" ]
	# only the events up to --seq-end (from --seq-start): 7 is held, 6 none
	run "$BIN/udevadm" settle --seq-end=6 --timeout=1
	[ "$status" -eq 0 ]
	run "$BIN/udevadm" settle -s 7 -e 7 -t 1
	[ "$status" -eq 16 ]
	run "$BIN/udevadm" settle --seq-start=9 --seq-end=7
	[ "$status" -eq 1 ]
	# --exit-if-exists: settled as far as asked once the file is there
	touch "$T/flag"
	run "$BIN/udevadm" settle --exit-if-exists="$T/flag" --timeout=5
	[ "$status" -eq 0 ]
	run "$BIN/udevadm" settle -E "$T/no-flag" --timeout=1
	[ "$status" -eq 16 ]
	run "$BIN/udevadm" control -S
	[ "$status" -eq 0 ]
	run "$BIN/udevadm" settle -t 30
	[ "$status" -eq 0 ]
	[ -c "$T/dev/serial0" ]
	wait "$sender"
	for cmd in --reload-rules -R --log-priority=info "-l debug" --max-childs=4 --children-max=2 "-m 3"; do
		# shellcheck disable=SC2086
		run "$BIN/udevadm" control $cmd
		[ "$status" -eq 0 ] || { echo "control $cmd: $output"; return 1; }
	done
	run "$BIN/udevadm" control --max-childs=0
	[ "$status" -eq 1 ]
	run "$BIN/udevadm" control --log-priority=loud
	[ "$status" -eq 1 ]
}

@test "udevadm info: queries and the attribute walk, as udevinfo's; property adds the device's own to env" {
	legacy
	rules 'KERNEL=="mouse0", NAME="input/m0", SYMLINK+="mouse", ENV{ID_TYPE}="mouse"'
	run ev add $MOUSE input
	[ "$status" -eq 0 ]
	[ "$("$BIN/udevadm" info --query=name --path=$MOUSE)" = input/m0 ]
	[ "$("$BIN/udevadm" info -q path -n input/m0)" = $MOUSE ]
	run "$BIN/udevadm" info --query=property --name=input/m0
	echo "$output"
	[ "$output" = "DEVPATH=$MOUSE
DEVNAME=$T/dev/input/m0
MAJOR=$(cut -d: -f1 "$SYSFS_PATH$MOUSE/dev")
MINOR=$(cut -d: -f2 "$SYSFS_PATH$MOUSE/dev")
DEVLINKS=$T/dev/mouse
ID_TYPE=mouse" ]
	[ "$("$BIN/udevadm" info --query=symlink --root --name=input/m0)" = "$T/dev/mouse" ]
	# a device given alone (not under /dev): a device path
	[ "$("$BIN/udevadm" info --query=name $MOUSE)" = input/m0 ]
	[ "$("$BIN/udevadm" info --attribute-walk --path=$MOUSE)" = "$("$BIN/udevinfo" -a -p $MOUSE)" ]
	[ "$("$BIN/udevadm" info --export-db)" = "$("$BIN/udevinfo" -d)" ]
}

@test "udevadm test: a dry run of the rules, --action reaching udevtest" {
	legacy
	rules 'KERNEL=="ttyS0", ACTION=="add", NAME="serial-added"'
	run "$BIN/udevadm" test /class/tty/ttyS0
	[ "$status" -eq 0 ]
	[[ "$output" == *"udevtest: add /class/tty/ttyS0"* ]]
	[[ "$output" == *"serial-added"* ]]
	[ -z "$(ls "$T/dev")" ]
	run "$BIN/udevadm" test --action=change /class/tty/ttyS0
	[ "$status" -eq 0 ]
	[[ "$output" == *"udevtest: change /class/tty/ttyS0"* ]]
	[[ "$output" != *"serial-added"* ]]
}

@test "udevadm info: --query=property of a node udev just made, with no variables (udevadm(8)'s example)" {
	legacy
	run ev add /class/mem/null mem
	[ "$status" -eq 0 ]
	run "$BIN/udevadm" info --query=property --name=null
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$output" = "DEVPATH=/class/mem/null
DEVNAME=$T/dev/null
MAJOR=1
MINOR=3" ]
	# udevinfo takes the long options too
	[ "$("$BIN/udevinfo" --query=property --name=null)" = "$output" ]
	[ "$("$BIN/udevinfo" --query path --name=null)" = /class/mem/null ]
	[ "$("$BIN/udevinfo" --root)" = "$T/dev" ]
}

@test "udevadm info, udevinfo: a bad option is named by its own word" {
	run "$BIN/udevadm" info --query=all --bogus
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown option '--bogus'"* ]]
	run "$BIN/udevinfo" -q all -rX
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"unknown option '-rX'"* ]]
}

@test "udevadm: a bad option is named, with the usage" {
	run "$BIN/udevadm" settle --timeout
	[ "$status" -eq 1 ]
	[[ "$output" == *"'--timeout'"* ]]
	run "$BIN/udevadm" trigger --bogus
	[ "$status" -eq 1 ]
	[[ "$output" == *"'--bogus'"* ]]
}

@test "udevadm control: udev 117's spellings and the later ones reach udevd; --exit ends it" {
	legacy
	start_udevd
	local cmd
	for cmd in --reload_rules --log_priority=info --max_childs_running=3 --reload \
		--log-level=debug --stop_exec_queue --start_exec_queue; do
		run "$BIN/udevadm" control $cmd
		[ "$status" -eq 0 ] || { echo "control $cmd: $output"; return 1; }
	done
	grep -q 'control message reload_rules accepted' "$T/udevd.log"
	grep -q 'control message max_childs=3 accepted' "$T/udevd.log"
	grep -q 'control message log_priority=7 accepted' "$T/udevd.log"
	# udev 117's udevcontrol took its commands as options too
	run "$BIN/udevcontrol" --reload_rules max_childs_running=2
	[ "$status" -eq 0 ]
	grep -q 'control message max_childs=2 accepted' "$T/udevd.log"
	run "$BIN/udevadm" control --max_childs_running=0
	[ "$status" -eq 1 ]
	run "$BIN/udevadm" control --exit
	[ "$status" -eq 0 ]
	wait_for eval '! kill -0 "$UDEVD_PID" 2>/dev/null'
	grep -q 'control message exit accepted' "$T/udevd.log"
	# gone: teardown's stop_udevd must not signal the pid again
	# shellcheck disable=SC2034
	UDEVD_PID=
}

@test "udevadm control --env: every later event has the variable (its own value wins), KEY= drops it; fork and pool mode" {
	legacy
	rules 'KERNEL=="ttyS0", ENV{GREETING}=="?*", SYMLINK+="greet-$env{GREETING}"'
	local mode seq=10
	for mode in --workers=pool --workers=fork; do
		start_udevd "$mode"
		# udev 117's two words, and the later --env=KEY=VALUE
		run "$BIN/udevadm" control --env GREETING=hello
		[ "$status" -eq 0 ] || { echo "$output"; return 1; }
		run "$BIN/udevadm" control --env=OTHER=x
		[ "$status" -eq 0 ]
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$((seq += 1)) tty
		[ -L "$T/dev/greet-hello" ] || { listing; return 1; }
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((seq += 1)) tty
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$((seq += 1)) GREETING=own tty
		[ -L "$T/dev/greet-own" ]
		[ ! -e "$T/dev/greet-hello" ]
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((seq += 1)) tty
		run "$BIN/udevcontrol" env GREETING=
		[ "$status" -eq 0 ]
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$((seq += 1)) tty
		[ "$(listing)" = "c 0600 0:0 ttyS0" ] || { listing; return 1; }
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((seq += 1)) tty
		grep -q 'control message env GREETING=hello accepted' "$T/udevd.log"
		stop_udevd
	done
	# a word without KEY=: a usage error, nothing sent
	run "$BIN/udevadm" control --env=NOVALUE
	[ "$status" -eq 1 ]
	run "$BIN/udevcontrol" env
	[ "$status" -eq 1 ]
	run "$BIN/udevcontrol" --env==x
	[ "$status" -eq 1 ]
}

@test "udevadm trigger --retry-failed: the adds udevd saw fail (udev_root/.udev/failed, as udev 117) are replayed; a later good event clears the mark" {
	export SYSFS_PATH=$T/sys
	local ev3=$INPUT5/event3 mark
	mark="$T/dev/.udev/failed/$(sed 's|/|\\x2f|g' <<<"$ev3")"
	rules "KERNEL==\"event3\", RUN+=\"/bin/sh -c 'test -e $T/ok'\""
	start_udevd
	run send ACTION=add DEVPATH=$ev3 SEQNUM=5 MAJOR=13 MINOR=67 DEVNAME=input/event3 input
	[ "$status" -eq 9 ]
	[ "$(readlink "$mark")" = "$ev3" ] || { ls -la "$T/dev/.udev/failed"; return 1; }
	run "$BIN/udevadm" trigger --retry-failed --dry-run
	[ "$status" -eq 0 ]
	[ "$output" = "$ev3" ]
	[ -z "$(changed)" ]
	run "$BIN/udevadm" trigger -F
	[ "$status" -eq 0 ]
	[ "$(changed)" = "$ev3" ]
	[ "$(head -c 3 "$T/sys$ev3/uevent")" = add ]
	# the replayed add works this time: the mark goes, nothing is left to retry
	touch "$T/ok"
	run send ACTION=add DEVPATH=$ev3 SEQNUM=6 MAJOR=13 MINOR=67 DEVNAME=input/event3 input
	[ "$status" -eq 0 ]
	[ ! -e "$mark" ]
	run "$BIN/udevtrigger" --retry-failed --verbose
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# only an add is marked; a failed change is not
	rm "$T/ok"
	run send ACTION=change DEVPATH=$ev3 SEQNUM=7 MAJOR=13 MINOR=67 DEVNAME=input/event3 input
	[ "$status" -eq 9 ]
	[ ! -e "$mark" ]
	# a move takes the mark to the new name
	run send ACTION=add DEVPATH=$ev3 SEQNUM=8 MAJOR=13 MINOR=67 DEVNAME=input/event3 input
	[ -L "$mark" ]
	run send ACTION=move DEVPATH=$INPUT5/event9 DEVPATH_OLD=$ev3 SEQNUM=9 input
	[ ! -e "$mark" ]
	[ -L "${mark%event3}event9" ]
	# a folder on the way that others may write: nothing is made in it
	chmod 0777 "$T/dev/.udev"
	run send ACTION=add DEVPATH=$ev3 SEQNUM=10 MAJOR=13 MINOR=67 DEVNAME=input/event3 input
	[ "$status" -eq 9 ]
	[ ! -e "$mark" ]
	grep -q "cannot record the failed add of $ev3 .*not root's alone" "$T/udevd.log"
}

@test "udevadm info: a device alone prints its record, -x/--export the variables as KEY='value'" {
	legacy
	rules "KERNEL==\"mouse0\", NAME=\"input/m0\", SYMLINK+=\"mouse\", ENV{ID_TYPE}=\"mouse\", ENV{ID_Q}=\"it's\""
	run ev add $MOUSE input
	[ "$status" -eq 0 ]
	run "$BIN/udevadm" info $MOUSE
	[ "$status" -eq 0 ]
	[ "$output" = "$("$BIN/udevinfo" -q all -n input/m0)" ]
	[[ "$output" == *"P: $MOUSE"* ]]
	[[ "$output" == *"E: ID_TYPE=mouse"* ]]
	# the rules' variables alone (udevinfo's -q env), as KEY='value'
	run "$BIN/udevinfo" -q env -x -n input/m0
	[ "$status" -eq 0 ]
	[ "$output" = "ID_TYPE='mouse'
ID_Q='it'\\''s'" ]
	# the properties: the device's own first, then the rules' variables
	run "$BIN/udevadm" info --query=property --export --name=input/m0
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "DEVPATH='$MOUSE'" ]
	[[ "$output" == *"
DEVLINKS='$T/dev/mouse'
ID_TYPE='mouse'
ID_Q='it'\\''s'" ]]
	# what a shell evals of it is the value
	eval "$output"
	[ "$ID_Q" = "it's" ]
	[ "$DEVNAME" = "$T/dev/input/m0" ]
	[ "$("$BIN/udevadm" info -x $MOUSE)" = "$output" ]
}

@test "udevinfo: udev 100's long options, as the short ones" {
	legacy
	rules 'KERNEL=="mouse0", NAME="input/m0", SYMLINK+="mouse", ENV{ID_TYPE}="mouse"'
	run ev add $MOUSE input
	[ "$status" -eq 0 ]
	[ "$("$BIN/udevinfo" --query=name --path=$MOUSE)" = input/m0 ]
	[ "$("$BIN/udevinfo" --query path --name input/m0)" = $MOUSE ]
	[ "$("$BIN/udevinfo" --query=symlink --root --name=input/m0)" = "$T/dev/mouse" ]
	[ "$("$BIN/udevinfo" --query=env --export --name=input/m0)" = "ID_TYPE='mouse'" ]
	[ "$("$BIN/udevinfo" --attribute-walk --path=$MOUSE)" = "$("$BIN/udevinfo" -a -p $MOUSE)" ]
	[ "$("$BIN/udevinfo" --export-db)" = "$("$BIN/udevinfo" -d)" ]
	run "$BIN/udevinfo" --query-typo=name --path=$MOUSE
	[ "$status" -eq 1 ]
	[[ "$output" == *"--query-typo=name"* ]]
}

@test "udevadm monitor --subsystem-match: only the events of that subsystem" {
	legacy
	rules ''
	start_udevd
	"$BIN/udevadm" monitor --udev --subsystem-match=tty >"$T/mon.log" 2>&1 </dev/null 3>&- &
	local mon=$! seq=10
	# the subscription is made once the monitor runs: until then, events pass unseen
	until grep -q "^UDEV.* add /class/tty/ttyS0 (tty)" "$T/mon.log"; do
		seq=$((seq + 1))
		[ "$seq" -lt 60 ] || { kill "$mon"; wait "$mon"; return 1; }
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$seq tty
		sleep 0.1
	done
	send ACTION=add DEVPATH=$MOUSE SEQNUM=100 input
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=101 tty
	wait_for grep -q "^UDEV.* remove /class/tty/ttyS0 (tty) seqnum 101" "$T/mon.log"
	kill "$mon"
	wait "$mon" || true
	! grep -q "$MOUSE" "$T/mon.log" || false
}
