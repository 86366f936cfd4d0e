#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udevd --netlink, udevtrigger and udevmonitor against this machine's real
# kernel uevents, inside a private network namespace with a temporary
# udev_root. Other events of the machine may arrive: assertions filter by
# DEVPATH. The tests that make the kernel emit events run only under `make
# check-uevents` (needs_real_uevents, netlink-lib.bash); the kernel proof
# (make check-kernel) takes real uevents through udevd --netlink in qemu.

load netlink-lib

setup() { netlink_setup; }
teardown() { netlink_teardown; }

NULLDEV=/devices/virtual/mem/null
ZERODEV=/devices/virtual/mem/zero
TTYDEV=/devices/virtual/tty/tty

# lose_events: a udevd --netlink with a tiny receive buffer that loses
# events (drop_events, netlink-lib.bash)
lose_events() {
	UDEVD_NETLINK_RCVBUF=1 start_udevd_nl
	drop_events
}

monitor_caught_up() { [ "$(kernel_seqnums "$1" | wc -l)" -ge "$(handled "$1" | wc -l)" ]; }

@test "netlink: each change reaches udev once, in SEQNUM order, with MAJOR and MINOR" {
	start_udevd_nl --max-childs=1
	start_monitor --kernel
	change $NULLDEV $ZERODEV $NULLDEV $TTYDEV $ZERODEV $NULLDEV
	# udevsettle drains the netlink socket first: all six are handled when it returns
	in_ns "$BIN/udevsettle" --timeout=30
	count_ge "$T/devd.log" " $NULLDEV " 3
	count_ge "$T/devd.log" " $ZERODEV " 2
	count_ge "$T/devd.log" " $TTYDEV " 1
	local d seqs
	for d in $NULLDEV $ZERODEV $TTYDEV; do
		# what udev saw is exactly what the kernel broadcast, each once
		wait_for monitor_caught_up $d
		[ "$(handled $d | awk '{ print $1 }')" = "$(kernel_seqnums $d)" ]
		[ "$(handled $d | awk '{ print $1 }' | sort -u | wc -l)" -eq "$(handled $d | wc -l)" ]
		# MAJOR:MINOR as in sysfs
		[ "$(handled $d | awk '{ print $2 ":" $3 }' | sort -u)" = "$(cat /sys$d/dev)" ]
	done
	# --max-childs=1: the runs went in SEQNUM order
	seqs=$(grep -E " ($NULLDEV|$ZERODEV|$TTYDEV) " "$T/devd.log" | awk '{ print $1 }')
	[ "$seqs" = "$(sort -n <<<"$seqs")" ]
	[ "$(wc -l <<<"$seqs")" -ge 6 ]
	grep -q "queued from netlink" "$T/udevd.log"
}

@test "netlink: udevd gives kernel events its UDEV_* and SYSFS_PATH, and the helper's PATH and HOME" {
	printf '#!/bin/sh\necho "$SEQNUM $DEVPATH $UDEV_CONFIG_FILE $SYSFS_PATH $PATH $HOME $UDEV_EXTRA" >>%s\nexit 0\n' \
		"$T/env.log" >"$T/udev-wrap"
	chmod 755 "$T/udev-wrap"
	# a shell script cannot be a pool worker: one process per event
	UDEV_BIN=$T/udev-wrap SYSFS_PATH=/sys UDEV_EXTRA=x1 PATH=/usr/bin:/bin \
		start_udevd_nl --workers=fork
	change $NULLDEV
	wait_for grep -q " $NULLDEV " "$T/env.log"
	grep " $NULLDEV " "$T/env.log" | head -1 |
		grep -q " $NULLDEV $T/udev.conf /sys /sbin:/bin:/usr/sbin:/usr/bin / x1\$"
}

@test "udevtrigger --subsystem-match=mem --action=change --settle: one handled event per mem device" {
	needs_real_uevents
	start_udevd_nl
	start_monitor --env
	run in_ns "$BIN/udevtrigger" --subsystem-match=mem --action=change --settle --timeout=60
	[ "$status" -eq 0 ]
	local d n=0
	# --settle returned: every mem device was already handled, once
	for d in /sys/class/mem/*; do
		d=$(cd -P "$d" && pwd)
		d=${d#/sys}
		[ "$(handled "$d" | wc -l)" -eq 1 ] || { echo "$d: $(handled "$d")"; return 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 3 ]
	# and udevmonitor showed each twice: broadcast by the kernel, handled by udev
	for d in /sys/class/mem/*; do
		d=$(cd -P "$d" && pwd)
		d=${d#/sys}
		wait_for grep -q "^UDEV\[.*\] change $d (mem) seqnum [0-9]* rc 0\$" "$T/mon.log"
		grep -q "^KERNEL\[.*\] change $d (mem) seqnum $(handled "$d" | awk '{ print $1 }')\$" \
			"$T/mon.log"
	done
	# --env: the event's environment follows each event, the kernel's
	# keys, without what udevd adds for udev (its UDEV_CONFIG_FILE)
	grep -q "^DEVPATH=$NULLDEV\$" "$T/mon.log"
	grep -q "^SUBSYSTEM=mem\$" "$T/mon.log"
	! grep -q "^UDEV_CONFIG_FILE=" "$T/mon.log" || false
}

@test "udevtrigger: --dry-run lists, --attr-match and --subsystem-nomatch filter, nothing is written" {
	start_udevd_nl
	run in_ns "$BIN/udevtrigger" --subsystem-match=mem --dry-run
	[ "$status" -eq 0 ]
	[ "$(grep -c . <<<"$output")" -eq "$(ls /sys/class/mem | wc -l)" ]
	grep -qx "$NULLDEV" <<<"$output"
	run in_ns "$BIN/udevtrigger" --subsystem-match=mem --attr-match=dev=1:3 --dry-run
	[ "$output" = "$NULLDEV" ]
	run in_ns "$BIN/udevtrigger" --subsystem-match='me?' --subsystem-nomatch=mem --dry-run
	[ -z "$output" ]
	run in_ns "$BIN/udevtrigger" --attr-match=dev=1:5 --dry-run --action=change
	[ "$output" = "$ZERODEV" ]
	sleep 1
	in_ns "$BIN/udevsettle" --timeout=30
	# a dry run caused no event
	[ -z "$(handled $NULLDEV)" ]
	[ -z "$(handled $ZERODEV)" ]
}

@test "udevtrigger: bad action and options are refused before anything is written" {
	run "$BIN/udevtrigger" --action=explode
	[ "$status" -eq 1 ]
	run "$BIN/udevtrigger" --frobnicate
	[ "$status" -eq 1 ]
	[[ "$output" == *usage* ]]
}

@test "netlink: messages not from the kernel (port id != 0) are dropped" {
	start_udevd_nl
	in_ns python3 - <<-EOF
	import socket
	s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 15)
	s.bind((0, 0))
	msg = b'change@$NULLDEV\0ACTION=change\0DEVPATH=$NULLDEV\0SUBSYSTEM=mem\0SEQNUM=987654321\0MAJOR=1\0MINOR=3\0'
	s.sendto(msg, (0, 1))
	EOF
	wait_for grep -q "dropped: not from the kernel" "$T/udevd.log"
	change $NULLDEV
	wait_for grep -q " $NULLDEV " "$T/devd.log"
	in_ns "$BIN/udevsettle" --timeout=30
	! grep -q "^987654321 " "$T/devd.log" || false
	! grep -q "seqnum 987654321" "$T/udevd.log"
}

# udev_wrap RC: UDEV_BIN that logs "SEQNUM DEVPATH FROM" to runs.log and exits RC
# (udevd --workers=fork: a script is no pool worker)
udev_wrap() {
	printf '#!/bin/sh\necho "$SEQNUM $DEVPATH ${FROM:-kernel}" >>%s\nexit %s\n' \
		"$T/runs.log" "$1" >"$T/udev-wrap"
	chmod 755 "$T/udev-wrap"
	: >"$T/runs.log"
	export UDEV_BIN=$T/udev-wrap
}

# send_copy SEQNUM: udevsend's copy of a kernel change event of /dev/null
send_copy() {
	in_ns env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEVD_BIN="$UDEVD_BIN" \
		ACTION=change DEVPATH=$NULLDEV SUBSYSTEM=mem MAJOR=1 MINOR=3 SEQNUM="$1" \
		FROM=udevsend "$BIN/udevsend" mem
}

@test "netlink + udevsend: the event runs once, udevsend's copy is acked with its result" {
	udev_wrap 5
	start_udevd_nl --workers=fork
	start_monitor --kernel
	# the netlink copy is queued but not run yet when udevsend's copy comes
	in_ns "$BIN/udevcontrol" stop_exec_queue
	change $NULLDEV
	wait_for grep -q "^KERNEL.* $NULLDEV " "$T/mon.log"
	local seq
	seq=$(kernel_seqnums $NULLDEV | head -1)
	(rc=0; send_copy "$seq" || rc=$?; echo $rc >"$T/rc.1") &
	wait_for grep -q "seqnum $seq: second copy from udevsend" "$T/udevd.log"
	in_ns "$BIN/udevcontrol" start_exec_queue
	wait_for test -s "$T/rc.1"
	[ "$(cat "$T/rc.1")" = 5 ]
	# and a copy that comes after the event finished gets the result at once
	run send_copy "$seq"
	[ "$status" -eq 5 ]
	in_ns "$BIN/udevsettle" --timeout=30
	[ "$(grep -c "^$seq " "$T/runs.log")" -eq 1 ]
	grep -q "^$seq $NULLDEV kernel\$" "$T/runs.log"
}

@test "netlink + udevsend: udevsend's copy first, the netlink copy is dropped" {
	udev_wrap 4
	start_udevd_nl --workers=fork
	start_monitor --kernel
	in_ns "$BIN/udevcontrol" stop_exec_queue
	local k seq
	k=$(cat /sys/kernel/uevent_seqnum)
	seq=$((k + 1))
	(rc=0; send_copy "$seq" || rc=$?; echo $rc >"$T/rc.1") &
	wait_for grep -q "seqnum $seq change $NULLDEV queued (" "$T/udevd.log"
	change $NULLDEV
	wait_for grep -q "^KERNEL.* $NULLDEV " "$T/mon.log"
	[ "$(kernel_seqnums $NULLDEV | head -1)" = "$seq" ] ||
		skip "another event of the machine took seqnum $seq"
	wait_for grep -q "seqnum $seq: already queued from udevsend" "$T/udevd.log"
	in_ns "$BIN/udevcontrol" start_exec_queue
	wait_for test -s "$T/rc.1"
	[ "$(cat "$T/rc.1")" = 4 ]
	in_ns "$BIN/udevsettle" --timeout=30
	[ "$(grep -c "^$seq " "$T/runs.log")" -eq 1 ]
	grep -q "^$seq $NULLDEV udevsend\$" "$T/runs.log"
}

@test "netlink: lost events (ENOBUFS) are logged and sysfs is rescanned for missing or stale nodes" {
	# a stale node (wrong device number) and a correct one, both with records
	printf 'P:%s\nN:zero\n' $ZERODEV >"$T/db/@devices@virtual@mem@zero"
	mknod "$T/dev/zero" c 1 7
	printf 'P:/devices/virtual/mem/full\nN:full\n' >"$T/db/@devices@virtual@mem@full"
	mknod "$T/dev/full" c 1 7
	local ino
	ino=$(stat -c %i "$T/dev/full")
	lose_events
	# missing: created; stale: replaced; correct: left alone
	[ "$(stat -c '%F %t:%T' "$T/dev/null")" = "character special file 1:3" ]
	[ "$(stat -c '%F %t:%T' "$T/dev/zero")" = "character special file 1:5" ]
	[ "$(stat -c %i "$T/dev/full")" = "$ino" ]
	grep -q "queued from rescan" "$T/udevd.log"
	! grep -q "$T/dev/full.*queued from rescan" "$T/udevd.log" || false
	! grep -q "seqnum [0-9]* add /devices/virtual/mem/full queued from rescan" "$T/udevd.log"
}

@test "udevmonitor: usage; udevd --netlink option is in its usage" {
	run "$BIN/udevmonitor" --bogus
	[ "$status" -eq 1 ]
	[[ "$output" == *"--env"* ]]
	run "$BIN/udevd" --bogus
	[[ "$output" == *"--netlink"* ]]
}

@test "netlink: the receive buffer is sized for storms (16 MiB, forced as root)" {
	command -v ss >/dev/null || skip "no ss"
	start_udevd_nl
	run in_ns ss -f netlink -a -m -p
	# the kernel reports twice the size asked for
	grep -A1 "uevent:udevd/" <<<"$output" | grep -q "rb33554432"
}

@test "netlink: hotplug.d scripts run after udev through the shipped rule, udev's own 10-udev skipped" {
	mkdir -p "$T/hotplug.d/default" "$T/hotplug.d/mem"
	local s
	for s in default/10-udev default/05-early default/late mem/50-mem; do
		printf '#!/bin/sh\necho "%s $1 $SEQNUM $DEVPATH $UDEVD_EVENT_SOURCE" >>%s\n' \
			"$s" "$T/hotplug.log" >"$T/hotplug.d/$s.hotplug"
		chmod 755 "$T/hotplug.d/$s.hotplug"
	done
	# the shipped rule, with this build's hotplug and the test's hotplug.d
	grep '^ENV{UDEVD_EVENT}=="1", RUN+="/sbin/hotplug"' "$TOP/etc/udev/rules.d/50-udev.rules" |
		sed "s|RUN+=\"/sbin/hotplug\"|RUN+=\"/usr/bin/env HOTPLUG_DIR=$T/hotplug.d $BIN/hotplug\"|" \
		>"$T/rules.d/50-udev.rules"
	grep -q "RUN+=\"/usr/bin/env HOTPLUG_DIR=" "$T/rules.d/50-udev.rules"
	start_udevd_nl
	change $NULLDEV
	in_ns "$BIN/udevsettle" --timeout=30
	local seq
	seq=$(handled $NULLDEV | awk '{ print $1 }' | head -1)
	[ -n "$seq" ]
	grep -qx "mem/50-mem mem $seq $NULLDEV netlink" "$T/hotplug.log"
	# the legacy order, without udev's own hook (it would hand the event back)
	[ "$(grep " $seq " "$T/hotplug.log" | cut -d' ' -f1 | paste -sd' ')" = \
		"default/05-early mem/50-mem default/late" ]
	! grep -q "^default/10-udev" "$T/hotplug.log" || false
	# a link to udevsend under another name is skipped too
	ln -s "$BIN/udevsend" "$T/hotplug.d/default/20-other.hotplug"
	: >"$T/hotplug.log" >"$T/devd.log"
	change $NULLDEV
	in_ns "$BIN/udevsettle" --timeout=30
	seq=$(handled $NULLDEV | awk '{ print $1 }' | head -1)
	[ "$(wc -l <"$T/hotplug.log")" -eq 3 ]
	# had it run, udevsend would have run udev a second time for the event
	[ "$(grep -c "^$seq " "$T/devd.log")" -eq 1 ]
}

@test "trust 8: after lost events, gone devices are removed and devices of every kind without a record added" {
	# a legacy tree of the test's own: what sysfs holds now
	local s=$T/sys
	mkdir -p "$s/class/tty/ttyK0" "$s/class/tty/ttyK1" "$s/class/net/eth7" "$s/class/scsi_host/host9"
	echo 4:90 >"$s/class/tty/ttyK0/dev"
	echo 4:91 >"$s/class/tty/ttyK1/dev"
	export SYSFS_PATH=$s
	# what udev recorded before events were lost: ttyK0 (still there), a tty,
	# a network interface and a disk with a partition that are gone since;
	# ttyK0's a short record (a symbolic link's target), ttyGONE's as udev
	# 100 kept one (a link to the node's name)
	ln -s "$(printf 'P:/class/tty/ttyK0\nN:ttyK0\nM:4:90\nU:tty\n')" "$T/db/class@tty@ttyK0"
	mknod "$T/dev/ttyK0" c 4 90
	ln -s ttyGONE "$T/db/class@tty@ttyGONE"
	mknod "$T/dev/ttyGONE" c 4 99
	printf 'P:/class/net/eth6\nN:\nU:net\n' >"$T/db/@class@net@eth6"
	printf 'P:/block/sdz\nN:sdz\nM:8:240\n' >"$T/db/@block@sdz"
	printf 'P:/block/sdz/sdz1\nN:sdz1\nM:8:241\n' >"$T/db/@block@sdz@sdz1"
	mknod "$T/dev/sdz" b 8 240
	mknod "$T/dev/sdz1" b 8 241
	printf '#!/bin/sh\necho "$ACTION $DEVPATH $SUBSYSTEM" >>%s\n' "$T/runs.log" >"$T/log-run"
	chmod 755 "$T/log-run"
	echo "RUN+=\"$T/log-run\"" >"$T/rules.d/50-run.rules"
	lose_events
	grep rescan "$T/udevd.log"
	cat "$T/runs.log"
	# gone: removed through the queue, node and record with them, the
	# partition before its disk
	grep -qx "remove /class/tty/ttyGONE tty" "$T/runs.log"
	grep -qx "remove /class/net/eth6 net" "$T/runs.log"
	[ ! -e "$T/dev/ttyGONE" ]
	! db_there "$T/db/class@tty@ttyGONE" || false
	! db_there "$T/db/@class@net@eth6" || false
	[ ! -e "$T/dev/sdz" ]
	[ ! -e "$T/dev/sdz1" ]
	! db_there "$T/db/@block@sdz" || false
	[ "$(grep -n '^remove /block/sdz' "$T/runs.log" | cut -d: -f2-)" = \
		"$(printf 'remove /block/sdz/sdz1 block\nremove /block/sdz block')" ]
	# there without a record: added, with a node or without one
	grep -qx "add /class/tty/ttyK1 tty" "$T/runs.log"
	[ "$(stat -c '%F %t:%T' "$T/dev/ttyK1")" = "character special file 4:5b" ]
	grep -qx "add /class/net/eth7 net" "$T/runs.log"
	grep -qx "add /class/scsi_host/host9 scsi_host" "$T/runs.log"
	# with a node: recorded; without one and with nothing to remember: no
	# record, udevd remembers them (the next test)
	db_there "$T/db/class@tty@ttyK1"
	! db_there "$T/db/class@net@eth7" || false
	! db_there "$T/db/class@scsi_host@host9" || false
	# recorded and right: left alone
	! grep -q "/class/tty/ttyK0" "$T/runs.log" || false
}

# rescans_more N: udevd has logged more than N rescans
rescans_more() { [ "$(grep -c "rescan: [0-9]* devices" "$T/udevd.log")" -gt "$1" ]; }

# drop_events_again: drop_events once more, in the same udevd
drop_events_again() {
	local n i
	n=$(grep -c "rescan: [0-9]* devices" "$T/udevd.log")
	kill -STOP "$UDEVD_PID"
	for ((i = 0; i < 300; i++)); do
		change /devices/virtual/mem/null
	done
	kill -CONT "$UDEVD_PID"
	WAIT_TIMEOUT=30 wait_for rescans_more "$n"
	in_ns "$BIN/udevsettle" --timeout=120
}

# drop_ns_events: the udevd started with UDEVD_NETLINK_RCVBUF=1 is stopped
# while the kernel makes 40 bridges in the test's network namespace and
# deletes them: their uevents reach that namespace's listeners only (no
# listener of the machine), and most are dropped (ENOBUFS); returns once
# udevd has rescanned sysfs and the rescan's events are handled. The
# make check way to a rescan.
drop_ns_events() {
	local n i
	n=$(grep -c "rescan: [0-9]* devices" "$T/udevd.log" || :)
	kill -STOP "$UDEVD_PID"
	for ((i = 0; i < 40; i++)); do echo "link add lose$i type bridge"; done | in_ns ip -batch - ||
		{ kill -CONT "$UDEVD_PID"; skip "no bridge interfaces in this kernel"; }
	for ((i = 0; i < 40; i++)); do echo "link del lose$i"; done | in_ns ip -batch -
	kill -CONT "$UDEVD_PID"
	WAIT_TIMEOUT=30 wait_for grep -q "the kernel dropped events" "$T/udevd.log" || { tail -20 "$T/udevd.log"; return 1; }
	WAIT_TIMEOUT=30 wait_for rescans_more "$n"
	in_ns "$BIN/udevsettle" --timeout=120
}

@test "trust 8 (make check): a device without a node is remembered once added and forgotten once removed: three rescans after events lost in the test's namespace" {
	command -v ip >/dev/null || skip "needs ip (iproute2)"
	local s=$T/sys i
	mkdir -p "$s/class/net/eth7" "$s/class/scsi_host/host9" "$s/class/scsi_host/host8"
	# and 64 more, so that udevd's table of them grows twice
	for ((i = 100; i < 164; i++)); do mkdir "$s/class/scsi_host/host$i"; done
	export SYSFS_PATH=$s
	printf '#!/bin/sh\necho "$ACTION $DEVPATH $SUBSYSTEM" >>%s\n' "$T/runs.log" >"$T/log-run"
	chmod 755 "$T/log-run"
	# host8 has something to remember: a record
	printf '%s\n' "RUN+=\"$T/log-run\"" 'KERNEL=="host8", ENV{KEEP}="1"' >"$T/rules.d/50-run.rules"
	UDEVD_NETLINK_RCVBUF=1 start_udevd_nl
	drop_ns_events
	# the first rescan adds every one (none was seen)
	[ "$(grep -c "^add /class/" "$T/runs.log")" -eq 67 ]
	! db_there "$T/db/class@net@eth7" || false
	db_text "$T/db/class@scsi_host@host8" | grep -qx 'E:KEEP=1'
	# the second: host9, host8 and every other of the 64 went meanwhile;
	# the ones seen added are not added again, the gone ones get a remove
	rm -r "$s/class/scsi_host/host9" "$s/class/scsi_host/host8"
	for ((i = 100; i < 164; i += 2)); do rm -r "$s/class/scsi_host/host$i"; done
	: >"$T/runs.log"
	drop_ns_events
	grep "/class/" "$T/runs.log" | sort >"$T/second"
	{
		echo "remove /class/scsi_host/host8 scsi_host"
		for ((i = 100; i < 164; i += 2)); do echo "remove /class/scsi_host/host$i scsi_host"; done
		echo "remove /class/scsi_host/host9 scsi_host"
	} | sort | diff - "$T/second"
	# the third: the removed ones are forgotten (no remove again), the ones
	# still there still remembered (no add), the one that went since removed
	rm -r "$s/class/scsi_host/host101"
	: >"$T/runs.log"
	drop_ns_events
	[ "$(grep "/class/" "$T/runs.log")" = "remove /class/scsi_host/host101 scsi_host" ]
}

@test "trust 8: devices without a node and without a record, once seen, are not added again by the next rescan; when gone, they get their remove" {
	local s=$T/sys i
	mkdir -p "$s/class/net/eth7" "$s/class/scsi_host/host9" "$s/class/scsi_host/host8"
	# and 300 more, so that udevd's table of them grows several times
	for ((i = 100; i < 400; i++)); do mkdir "$s/class/scsi_host/host$i"; done
	export SYSFS_PATH=$s
	printf '#!/bin/sh\necho "$ACTION $DEVPATH $SUBSYSTEM" >>%s\n' "$T/runs.log" >"$T/log-run"
	chmod 755 "$T/log-run"
	# host8 has something to remember: a record
	printf '%s\n' "RUN+=\"$T/log-run\"" 'KERNEL=="host8", ENV{KEEP}="1"' >"$T/rules.d/50-run.rules"
	lose_events
	[ "$(grep -c "^add /class/" "$T/runs.log")" -eq 303 ]
	! db_there "$T/db/class@net@eth7" || false
	! db_there "$T/db/class@scsi_host@host9" || false
	db_text "$T/db/class@scsi_host@host8" | grep -qx 'E:KEEP=1'
	# events lost again: host9, host8 and every other of the 300 went
	# meanwhile, eth7 is still there
	rm -r "$s/class/scsi_host/host9" "$s/class/scsi_host/host8"
	for ((i = 100; i < 400; i += 2)); do rm -r "$s/class/scsi_host/host$i"; done
	: >"$T/runs.log"
	drop_events_again
	! grep -q "^add /class/" "$T/runs.log" || false
	grep -qx "remove /class/scsi_host/host9 scsi_host" "$T/runs.log"
	[ "$(grep -c "^remove /class/scsi_host/host[1-3][0-9][02468] " "$T/runs.log")" -eq 150 ]
	! grep -q "^remove /class/scsi_host/host[1-3][0-9][13579] " "$T/runs.log" || false
	# the one with a record: removed once (by its record), not twice
	[ "$(grep -cx "remove /class/scsi_host/host8 scsi_host" "$T/runs.log")" -eq 1 ]
	! db_there "$T/db/class@scsi_host@host8" || false
	! grep -q "eth7" "$T/runs.log" || false
	# and forgotten once removed: a third loss removes none again, adds
	# none, and removes the ones that went since
	rm -r "$s/class/scsi_host/host101"
	: >"$T/runs.log"
	drop_events_again
	[ "$(grep "/class/" "$T/runs.log")" = "remove /class/scsi_host/host101 scsi_host" ]
}
