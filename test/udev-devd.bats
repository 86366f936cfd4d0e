#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# /etc/dev.d scripts: order, environment, time bound, UDEV_NO_DEVD, and
# RUN programs after them.

load udev-lib

TTYS=/class/tty/ttyS0

# script DIR NAME TAG: a dev.d script that logs "TAG argv1 DEVNAME ACTION state"
script() {
	mkdir -p "$T/dev.d/$1"
	cat > "$T/dev.d/$1/$2" <<-EOF
	#!/bin/sh
	if [ -e "\$DEVNAME" ]; then s=present; else s=gone; fi
	echo "$3 \$1 \$DEVNAME \$ACTION \$s" >> "$T/log"
	EOF
	chmod +x "$T/dev.d/$1/$2"
}

setup() {
	udev_setup
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	script tts 10-lead.dev lead
	script tts/0 10-name.dev name
	script tty 20-second.dev sub2
	script tty 10-first.dev sub1
	script default 50-default.dev default
}

@test "dev.d order: leading dirs, name, subsystem, default, in name order" {
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "lead,name,sub1,sub2,default" ]
}
@test "050: a leading dir that is the subsystem's runs as the subsystem's, after the name" {
	rules 'KERNEL=="ttyS0", NAME="tty/%k"'
	script tty/ttyS0 10-name.dev name
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "name,sub1,sub2,default" ]
	: > "$T/log"
	ev remove $TTYS tty
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "name,sub1,sub2,default" ]
}
@test "050: a device without a node runs no dev.d: add, online, remove" {
	script scsi_host 10-host.dev host
	for action in add online remove; do
		run ev $action /class/scsi_host/host0 scsi_host
		[ "$status" -eq 0 ]
	done
	[ ! -e "$T/log" ]
}
@test "dev.d gets the subsystem as argv[1] and DEVNAME, after the node exists" {
	ev add $TTYS tty
	[ "$(sed -n 1p "$T/log")" = "lead tty $T/dev/tts/0 add present" ]
}
@test "dev.d on remove: after the node is gone" {
	ev add $TTYS tty
	: > "$T/log"
	ev remove $TTYS tty
	[ "$(sed -n 1p "$T/log")" = "lead tty $T/dev/tts/0 remove gone" ]
	[ "$(wc -l < "$T/log")" -eq 5 ]
}
@test "dev.d skips files not named *.dev and not executable" {
	echo '#!/bin/sh' > "$T/dev.d/default/x.sh"; chmod +x "$T/dev.d/default/x.sh"
	printf '#!/bin/sh\necho noexec >> %s/log\n' "$T" > "$T/dev.d/default/60-noexec.dev"
	ev add $TTYS tty
	! grep -q noexec "$T/log" || false
	[ "$(wc -l < "$T/log")" -eq 5 ]
}
@test "UDEV_NO_DEVD skips dev.d" {
	run ev add $TTYS tty UDEV_NO_DEVD=1
	[ "$status" -eq 0 ]
	[ ! -e "$T/log" ]
	[ -c "$T/dev/tts/0" ]
}
@test "each dev.d script is bounded in time" {
	printf '#!/bin/sh\nsleep 60\n' > "$T/dev.d/tty/15-hang.dev"
	chmod +x "$T/dev.d/tty/15-hang.dev"
	SECONDS=0
	run ev add $TTYS tty UDEV_EXEC_TIMEOUT=1
	[ "$status" -eq 0 ]
	[ "$SECONDS" -lt 20 ]
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "lead,name,sub1,sub2,default" ]
}
@test "RUN programs run after dev.d" {
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\", RUN+=\"/bin/sh -c 'echo run >> $T/log'\""
	ev add $TTYS tty
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "lead,name,sub1,sub2,default,run" ]
}
@test "dev.d for change uses the record's name" {
	ev add $TTYS tty
	: > "$T/log"
	ev change $TTYS tty
	[ "$(sed -n 2p "$T/log")" = "name tty $T/dev/tts/0 change present" ]
}
@test "an ignored device runs no dev.d" {
	rules 'KERNEL=="ttyS0", OPTIONS="ignore_device"'
	ev add $TTYS tty
	[ ! -e "$T/log" ]
}
@test "dev.d for change without a record: the kernel's DEVNAME under udev_root" {
	modern
	rm -rf "$T/dev.d"/*
	script input 10-in.dev in
	ev change /devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:046D:C52B.0001/input/input5/event3 input
	[ "$(cat "$T/log")" = "in input $T/dev/input/event3 change gone" ]
}

# ---- the suite's hotplug as a RUN program (udevd --netlink's shipped rule) --
# hotplug_setup: hotplug.d with only udev's own hook (here a script that
# logs, not the link to udevsend), and the "installed" hotplug (HOTPLUG_BIN)
# a wrapper that counts its starts in $T/execs
hotplug_setup() {
	hp_script default/10-udev.hotplug
	printf '#!/bin/sh\necho started >>%s/execs\nexec %s "$@"\n' "$T" "$BIN/hotplug" >"$T/hp"
	chmod +x "$T/hp"
	: >"$T/execs"
	export HOTPLUG_DIR=$T/hotplug.d HOTPLUG_BIN=$T/hp
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\"
ENV{UDEVD_EVENT_SOURCE}==\"netlink|rescan\", RUN+=\"$T/hp\""
}
# hp_script PATH: a hotplug.d script that logs its name
hp_script() {
	mkdir -p "$T/hotplug.d/${1%/*}"
	printf '#!/bin/sh\necho "%s $1" >>%s/hp.log\n' "$1" "$T" >"$T/hotplug.d/$1"
	chmod +x "$T/hotplug.d/$1"
}
execs() { wc -l <"$T/execs"; }

@test "hotplug RUN: with only udev's own hook in hotplug.d, nothing is started for a netlink event" {
	hotplug_setup
	run ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$status" -eq 0 ]
	[ -c "$T/dev/tts/0" ]
	[ "$(execs)" -eq 0 ]
	# a script that is not executable, or a leftover, would not run either
	hp_script default/50-off.hotplug
	chmod -x "$T/hotplug.d/default/50-off.hotplug"
	hp_script default/60-x.hotplug~
	run ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 0 ]
}

@test "hotplug RUN: a script added to hotplug.d runs at the next event, hotplug started once" {
	hotplug_setup
	ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 0 ]
	hp_script default/50-log.hotplug
	run ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$status" -eq 0 ]
	[ "$(execs)" -eq 1 ]
	[ "$(cat "$T/hp.log")" = "default/50-log.hotplug tty" ]
	# two rules naming it: still once for the event
	printf 'ENV{UDEVD_EVENT_SOURCE}=="netlink", RUN+="%s"\n' "$T/hp" >"$T/rules.d/60-again.rules"
	ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 2 ]
	[ "$(wc -l <"$T/hp.log")" -eq 2 ]
}

@test "hotplug RUN: a script of the event's subsystem counts, another subsystem's does not" {
	hotplug_setup
	hp_script block/50-disk.hotplug
	ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 0 ]
	hp_script tty/50-tty.hotplug
	ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 1 ]
	[ "$(cat "$T/hp.log")" = "tty/50-tty.hotplug tty" ]
}

# kernel_helper HELPER: ev runs udev (as this pass runs it) in a mount
# namespace whose /proc/sys/kernel/hotplug (a tmpfs file) says HELPER
UDEV_RUN_BASE=("${UDEV_RUN[@]}")
kernel_helper() {
	kernel_helper_ns "$1"
	UDEV_RUN=(unshare -m "$T/inns" "${UDEV_RUN_BASE[@]}")
}
@test "hotplug RUN: an event from udevsend (UDEVD_EVENT=1) starts hotplug only when the kernel starts udevsend itself, and skips udev's hook" {
	hotplug_setup
	# the shipped rule
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\"
ENV{UDEVD_EVENT}==\"1\", RUN+=\"$T/hp\""
	kernel_helper /sbin/udevsend
	run ev add $TTYS tty UDEVD_EVENT=1
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(execs)" -eq 0 ]   # only udev's own hook in hotplug.d
	hp_script default/50-log.hotplug
	run ev add $TTYS tty UDEVD_EVENT=1
	[ "$status" -eq 0 ]
	[ "$(execs)" -eq 1 ]
	[ "$(cat "$T/hp.log")" = "default/50-log.hotplug tty" ]
	# the kernel runs /sbin/hotplug, which runs the scripts itself: not again
	kernel_helper /sbin/hotplug
	run ev add $TTYS tty UDEVD_EVENT=1
	[ "$status" -eq 0 ]
	[ "$(execs)" -eq 1 ]
	# no helper at all (netlink kernels): an event from udevsend is a hand's
	kernel_helper ""
	run ev add $TTYS tty UDEVD_EVENT=1
	[ "$(execs)" -eq 1 ]
	# an event udevd took from netlink: as always
	run ev add $TTYS tty UDEVD_EVENT=1 UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 2 ]
}

@test "hotplug RUN: udev 064's udev_run_hotplugd runs the suite's hotplug in its place, under the same gate" {
	hotplug_setup
	hp_script default/50-log.hotplug
	# the rule of udev 064's Gentoo and Debian rules (no such program here)
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\"
ENV{UDEVD_EVENT}==\"1\", RUN+=\"/sbin/udev_run_hotplugd\""
	kernel_helper /sbin/udevsend
	run ev add $TTYS tty UDEVD_EVENT=1
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(execs)" -eq 1 ]
	[ "$(cat "$T/hp.log")" = "default/50-log.hotplug tty" ]
	# under the kernel's /sbin/hotplug the scripts ran there: not twice (064 ran them again)
	kernel_helper /sbin/hotplug
	run ev add $TTYS tty UDEVD_EVENT=1
	[ "$status" -eq 0 ]
	[ "$(execs)" -eq 1 ]
}

@test "hotplug RUN: udev's hook counts for an event that did not come from udevd; other programs and arguments run as written" {
	hotplug_setup
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\", RUN+=\"$T/hp\""
	ev add $TTYS tty
	[ "$(execs)" -eq 1 ]
	[ "$(cat "$T/hp.log")" = "default/10-udev.hotplug tty" ]
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\", RUN+=\"$T/hp tty\""
	ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(execs)" -eq 2 ]
}

@test "hotplug RUN: hotplug.d scripts see the kernel's DEVNAME, as through /sbin/hotplug; dev.d and other RUN programs udev's node" {
	hotplug_setup
	mkdir -p "$T/hotplug.d/tty"
	printf '#!/bin/sh\necho "hotplug.d ${DEVNAME-unset}" >>%s/dn.log\n' "$T" >"$T/hotplug.d/tty/50-dn.hotplug"
	printf '#!/bin/sh\necho "run ${DEVNAME-unset}" >>%s/dn.log\n' "$T" >"$T/run-dn"
	chmod +x "$T/hotplug.d/tty/50-dn.hotplug" "$T/run-dn"
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\"
ENV{UDEVD_EVENT_SOURCE}==\"netlink\", RUN+=\"$T/hp\", RUN+=\"$T/run-dn\""
	run ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink DEVNAME=ttyS0
	[ "$status" -eq 0 ]
	[ "$(cat "$T/dn.log")" = "hotplug.d ttyS0
run $T/dev/tts/0" ]
	# a kernel that gives no DEVNAME (2.6 of 2004): none for the scripts either
	: >"$T/dn.log"
	run ev add $TTYS tty UDEVD_EVENT_SOURCE=netlink
	[ "$(cat "$T/dn.log")" = "hotplug.d unset
run $T/dev/tts/0" ]
}
