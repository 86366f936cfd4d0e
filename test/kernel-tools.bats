#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The host-side parts of the qemu proof (test/kernel/), without booting: the config
# verification, the guest's event logger and helper waiter, the timing table.

load lib

setup() {
	common_setup
	G=$TOP/test/kernel/guest
}

# time_line HELPER OP "FIELDS": a TIME line of HELPER's timing boot at 64 LUNs
time_line() {
	echo "TIME scenario=time-$1 helper=$1 luns=64 op=$2 $3" >>"$T/time-$1.console"
}

# the fragment's own option lines are a config that passes
fragment_config() {
	grep -E '^(CONFIG_|# CONFIG_.* is not set)' "$TOP/test/kernel/config.fragment"
}

@test "verify: a config with every fragment option passes" {
	fragment_config >"$T/config"
	run bash "$TOP/test/kernel/build-kernel.sh" --verify "$T/config"
	[ "$status" -eq 0 ]
}

@test "verify: a missing or changed option fails and is named" {
	fragment_config | grep -v '^CONFIG_UEVENT_HELPER=y' |
		sed 's/^CONFIG_SCSI_DEBUG=m/CONFIG_SCSI_DEBUG=y/' >"$T/config"
	run bash "$TOP/test/kernel/build-kernel.sh" --verify "$T/config"
	[ "$status" -ne 0 ]
	[[ "$output" == *"want 'CONFIG_UEVENT_HELPER=y', have 'absent'"* ]]
	[[ "$output" == *"want 'CONFIG_SCSI_DEBUG=m', have 'CONFIG_SCSI_DEBUG=y'"* ]]
}

@test "verify: an option that must stay off but is set fails" {
	fragment_config | sed 's/^# CONFIG_SCSI_SCAN_ASYNC is not set/CONFIG_SCSI_SCAN_ASYNC=y/' \
		>"$T/config"
	run bash "$TOP/test/kernel/build-kernel.sh" --verify "$T/config"
	[ "$status" -ne 0 ]
	[[ "$output" == *"CONFIG_SCSI_SCAN_ASYNC=y"* ]]
}

@test "evlog: one line per event with the node's type and numbers, or missing" {
	gcc -static -Os -o "$T/udevrun" "$G/evlog.c"
	mknod "$T/sda" b 8 0
	KPROOF_DIR=$T SEQNUM=7 ACTION=add SUBSYSTEM=block DEVPATH=/block/sda \
		DEVNAME=$T/sda MAJOR=8 MINOR=0 "$T/udevrun" block
	KPROOF_DIR=$T SEQNUM=8 ACTION=remove SUBSYSTEM=block DEVPATH=/block/sdb \
		DEVNAME=$T/sdb MAJOR=8 MINOR=16 "$T/udevrun" block
	KPROOF_DIR=$T SEQNUM=9 ACTION=add SUBSYSTEM=module DEVPATH=/module/x "$T/udevrun"
	run cat "$T/udevrun.log"
	[ "${lines[0]}" = "7 add block /block/sda $T/sda 8:0 b8:0" ]
	[ "${lines[1]}" = "8 remove block /block/sdb $T/sdb 8:16 missing" ]
	[ "${lines[2]}" = "9 add module /module/x - -:- -" ]
}

@test "helperwait: times the command and reports its exit code" {
	gcc -static -Os -o "$T/helperwait" "$G/helperwait.c"
	run "$T/helperwait" -q 50 sh -c 'sleep 0.3'
	[ "$status" -eq 0 ]
	[[ "$output" =~ ^cmd_ms=([0-9]+)\ done_ms=([0-9]+)\ rc=0\ peak=0\ mem_min_kb=([0-9]+)$ ]]
	[ "${BASH_REMATCH[1]}" -ge 300 ]
	# the lowest MemAvailable seen: this machine's, no more than its total
	[ "${BASH_REMATCH[3]}" -gt 0 ]
	[ "${BASH_REMATCH[3]}" -le "$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo)" ]
	run "$T/helperwait" -q 50 sh -c 'exit 3'
	[ "$status" -eq 1 ]
	[[ "$output" == *"rc=3"* ]]
}

@test "helperwait: -s waits for the settle command, -n until the nodes are sysfs's" {
	gcc -static -Os -o "$T/helperwait" "$G/helperwait.c"
	mkdir -p "$T/sys/block/sda" "$T/sys/class/scsi_generic/sg0" "$T/dev"
	echo 8:0 >"$T/sys/block/sda/dev"
	echo 21:0 >"$T/sys/class/scsi_generic/sg0/dev"
	run "$T/helperwait" -q 0 -s 'sleep 0.2' true
	[[ "$output" =~ ^cmd_ms=[0-9]+\ settle_ms=([0-9]+)\ src=0\ done_ms=([0-9]+)\ rc=0 ]]
	[ "${BASH_REMATCH[1]}" -ge 200 ]
	[ "${BASH_REMATCH[2]}" -ge 200 ]
	# the settle command failing fails the wait
	run "$T/helperwait" -q 0 -t 1 -s 'exit 4' true
	[ "$status" -eq 3 ]
	[[ "$output" == *"src=4 done_ms=timeout"* ]]
	# no node yet: the first missing one is named
	run "$T/helperwait" -q 0 -t 1 -n -d "$T/dev" -S "$T/sys" true
	[ "$status" -eq 3 ]
	[[ "$output" == *"nodes_ms=timeout first_difference=sda:8:0 "* ]]
	# a node of the wrong type or number does not count
	mknod "$T/dev/sda" c 8 0
	mknod "$T/dev/sg0" c 21 0
	run "$T/helperwait" -q 0 -t 1 -n -d "$T/dev" -S "$T/sys" true
	[[ "$output" == *"first_difference=sda:8:0 "* ]]
	# right nodes, but one more than sysfs has; it goes while helperwait polls
	rm "$T/dev/sda" && mknod "$T/dev/sda" b 8 0
	mknod "$T/dev/sdb" b 8 16
	# the command removes it 0.3 s after helperwait started it (a removal
	# timed from outside raced helperwait's own start under load)
	run "$T/helperwait" -q 0 -t 5 -n -d "$T/dev" -S "$T/sys" \
		sh -c '(sleep 0.3; rm "$0") &' "$T/dev/sdb"
	[ "$status" -eq 0 ]
	[[ "$output" =~ nodes_ms=([0-9]+)\ done_ms=([0-9]+)\ rc=0 ]]
	[ "${BASH_REMATCH[1]}" -ge 300 ]
	# after rmmod: sysfs empty, so must /dev be of sd and sg nodes
	rm -r "$T/sys/block/sda" "$T/sys/class/scsi_generic/sg0"
	run "$T/helperwait" -q 0 -t 1 -n -d "$T/dev" -S "$T/sys" true
	[[ "$output" == *"first_difference=extra:s"* ]]
	rm "$T/dev/sda" "$T/dev/sg0"
	run "$T/helperwait" -q 0 -t 1 -n -d "$T/dev" -S "$T/sys" true
	[ "$status" -eq 0 ]
}

@test "perf-doc: the netlink daemons get their own table, over nothing listening" {
	time_line netlink-none insmod "cmd_ms=2000 done_ms=2000 rc=0 peak=0 events=100"
	time_line netlink-none rmmod "cmd_ms=800 done_ms=800 rc=0 peak=0 events=90"
	time_line netlink-udevd insmod "cmd_ms=2100 settle_ms=2500 src=0 nodes_ms=2600 done_ms=2600 rc=0 peak=0 events=100"
	time_line netlink-udevd rmmod "cmd_ms=900 settle_ms=1000 src=0 nodes_ms=timeout first_difference=extra:sda done_ms=timeout rc=0 peak=0"
	run bash "$TOP/test/kernel/perf-doc.sh" "$T" "netlink-none netlink-udevd" "64"
	[ "$status" -eq 0 ]
	[[ "$output" == *"| nothing listening (floor) | 2.0 s (1.00×) | 0.8 s (1.00×) |"* ]]
	[[ "$output" == *"| \`udevd --netlink\` (installed udev.conf and rules) | 2.6 s (1.30×) | failed |"* ]]
	[[ "$output" == *"| \`udevd --netlink\` (installed udev.conf and rules) | 2.1 s | 0.9 s |"* ]]
	[[ "$output" == *"64 LUNs: insmod 100, rmmod 90;"* ]]
}

@test "perf-doc: each cell has the time and the ratio to the no-op helper" {
	time_line noop insmod "cmd_ms=900 done_ms=1000 rc=0 peak=3 events=100"
	time_line noop rmmod "cmd_ms=400 done_ms=500 rc=0 peak=1 events=90"
	time_line mdev insmod "cmd_ms=900 done_ms=2500 rc=0 peak=9 events=100"
	time_line mdev rmmod "cmd_ms=400 done_ms=timeout rc=0 peak=9 left=2"
	run bash "$TOP/test/kernel/perf-doc.sh" "$T" "noop mdev" "64"
	[ "$status" -eq 0 ]
	[[ "$output" == *"| static no-op helper (floor) | 1.0 s (1.00×) | 0.5 s (1.00×) |"* ]]
	[[ "$output" == *"| busybox mdev as the helper | 2.5 s (2.50×) | failed |"* ]]
	[[ "$output" == *"64 LUNs: insmod 100, rmmod 90;"* ]]
}

@test "perf-doc: with DOC it replaces only the part between its markers" {
	time_line noop insmod "cmd_ms=900 done_ms=1000 rc=0 peak=3 events=100"
	time_line noop rmmod "cmd_ms=400 done_ms=500 rc=0 peak=1 events=90"
	printf '# Doc\n\nbefore\n' >"$T/doc.md"
	# no markers yet: the section is appended with them
	run bash "$TOP/test/kernel/perf-doc.sh" "$T" "noop" "64" "$T/doc.md"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^<!-- begin: kernel timing' "$T/doc.md")" -eq 1 ]
	grep -q '^| static no-op helper (floor) | 1.0 s (1.00×) | 0.5 s (1.00×) |$' "$T/doc.md"
	echo "after" >>"$T/doc.md"
	# a second run with other numbers: one section, the new numbers, the text around kept
	sed -i 's/done_ms=1000/done_ms=3000/' "$T/time-noop.console"
	run bash "$TOP/test/kernel/perf-doc.sh" "$T" "noop" "64" "$T/doc.md"
	[ "$status" -eq 0 ]
	[ "$(grep -c '^## On a real kernel' "$T/doc.md")" -eq 1 ]
	[ "$(grep -c '^<!-- end: kernel timing -->$' "$T/doc.md")" -eq 1 ]
	grep -q '^| static no-op helper (floor) | 3.0 s (1.00×) | 0.5 s (1.00×) |$' "$T/doc.md"
	! grep -q '1.0 s (1.00×)' "$T/doc.md" || false
	[ "$(head -n 3 "$T/doc.md")" = "$(printf '# Doc\n\nbefore')" ]
	[ "$(tail -n 1 "$T/doc.md")" = "after" ]
	[ ! -e "$T/doc.md.tmp" ] && [ ! -e "$T/doc.md.section" ]
}

@test "perf-doc: the counted table gives context switches, processes and the daemon's CPU per uevent, the most of the runs" {
	local r
	for r in "" .r2; do
		echo "TIME scenario=time-noop helper=noop luns=64 op=insmod cmd_ms=900 done_ms=1000 rc=0 peak=3 events=100 cpu_busy_ms=200 ctxt=$([ -z "$r" ] && echo 1500 || echo 1700) procs=110 pgfault=-" >>"$T/time-noop$r.console"
		echo "TIME scenario=time-hotplug helper=hotplug luns=64 op=insmod cmd_ms=900 done_ms=1200 rc=0 peak=5 events=100 cpu_busy_ms=300 ctxt=2500 procs=$([ -z "$r" ] && echo 120 || echo 115) pgfault=900 udevd_user_ms=20 daemon_cpu_ms=80 udevd_cpu_ms=50 workers_cpu_ms=30" >>"$T/time-hotplug$r.console"
	done
	run bash "$TOP/test/kernel/perf-doc.sh" "$T" "noop hotplug" "64"
	[ "$status" -eq 0 ]
	[[ "$output" == *"| static no-op helper (floor) | insmod | 17.0 | 1.10 | - | - | - |"* ]]
	[[ "$output" == *"| insmod | 25.0 | 1.20 | 9 | 0.80 | 0.50 |"* ]]
	# a storm no run counted: no row
	! [[ "$output" == *"| static no-op helper (floor) | rmmod | - |"* ]] || false
}
