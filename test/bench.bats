#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The benchmark's own parts (fake sysfs, storm driver) and one tiny run of the
# make bench script, so that it does not rot. Timings are never asserted.

load lib

setup() {
	common_setup
	B=$BIN/bench
}

# a helper that records what the kernel would have given it, by SEQNUM
write_env_helper() {
	mkdir -p "$T/env"
	cat >"$T/helper" <<-'EOF'
		#!/bin/sh
		{ echo "argv1=$1"; env; } >"$OUT_DIR/$SEQNUM"
	EOF
	chmod +x "$T/helper"
}

# a helper that does what a device manager does: the node, or its removal
write_mknod_helper() {
	cat >"$T/helper" <<-'EOF'
		#!/bin/sh
		if [ "$ACTION" = remove ]; then rm -f "$DEVROOT/$DEVNAME"; exit 0; fi
		t=c; [ "$SUBSYSTEM" = block ] && t=b
		mknod "$DEVROOT/$DEVNAME" $t "$MAJOR" "$MINOR"
	EOF
	chmod +x "$T/helper"
}

@test "fakesys: today's sysfs layout and the event list in kernel order" {
	run "$B/fakesys" -p 2 "$T/sys" 2 3
	[ "$status" -eq 0 ]
	[ "${#lines[@]}" -eq 9 ]	# 2 disks, 4 partitions, 3 char devices
	d=$T/sys/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:1/block/sdb
	[ "${lines[3]}" = "block	${d#$T/sys}	8	16	sdb	disk	0" ]
	[ "${lines[5]}" = "block	${d#$T/sys}/sdb2	8	18	sdb2	partition	2" ]
	[ "${lines[8]}" = "bench	/devices/virtual/bench/bench2	240	2	bench2	-	0" ]
	[ "$(cat "$d/sdb2/dev")" = "8:18" ]
	[ "$(cat "$d/sdb2/uevent")" = "$(printf 'MAJOR=8\nMINOR=18\nDEVNAME=sdb2\nDEVTYPE=partition\nPARTN=2')" ]
	real=$(readlink -f "$d")
	[ "$(readlink -f "$T/sys/block/sdb")" = "$real" ]
	[ "$(readlink -f "$T/sys/class/block/sdb2")" = "$real/sdb2" ]
	[ "$(readlink -f "$T/sys/dev/block/8:18")" = "$real/sdb2" ]
	[ "$(readlink -f "$d/subsystem")" = "$(readlink -f "$T/sys/class/block")" ]
	[ "$(readlink -f "$T/sys/dev/char/240:2")" = "$(readlink -f "$T/sys/devices/virtual/bench/bench2")" ]
	grep -qx DEVNAME=bench2 "$T/sys/devices/virtual/bench/bench2/uevent"
}

@test "storm: one helper per event with the kernel's environment and real SEQNUMs" {
	"$B/fakesys" "$T/sys" 2 1 >"$T/events"
	write_env_helper
	run "$B/storm" -l "$T/events" -s 100 -e OUT_DIR="$T/env" "$T/helper"
	[ "$status" -eq 0 ]
	[[ "$output" == *"action=add events=5 seqnum_first=100 seqnum_next=105 "* ]]
	[[ "$output" == *" failed=0 nodes=none"* ]]
	[ "$(ls "$T/env" | sort -n | tr '\n' ' ')" = "100 101 102 103 104 " ]
	grep -qx argv1=block "$T/env/100"
	grep -qx ACTION=add "$T/env/100"
	grep -qx SUBSYSTEM=block "$T/env/100"
	grep -qx DEVPATH=/devices/pseudo_0/adapter0/host0/target0:0:0/0:0:0:0/block/sda "$T/env/100"
	grep -qx MAJOR=8 "$T/env/101"
	grep -qx MINOR=1 "$T/env/101"
	grep -qx DEVNAME=sda1 "$T/env/101"
	grep -qx DEVTYPE=partition "$T/env/101"
	grep -qx SEQNUM=104 "$T/env/104"
	grep -qx argv1=bench "$T/env/104"
	grep -qx HOME=/ "$T/env/104"
	grep -qx PATH=/sbin:/bin:/usr/sbin:/usr/bin "$T/env/104"
}

@test "storm: -z starves one helper: it sleeps before it runs, the others do not wait" {
	"$B/fakesys" "$T/sys" 2 1 >"$T/events"
	printf '#!/bin/bash\necho "$SEQNUM $EPOCHREALTIME" >>"%s/order"\n' "$T" >"$T/helper"
	chmod +x "$T/helper"
	run "$B/storm" -l "$T/events" -s 100 -z 2:0.8 "$T/helper"
	[ "$status" -eq 0 ]
	[[ "$output" == *" failed=0 nodes=none"* ]]
	# all five ran; 102 last, at least 0.8 s after the first
	[ "$(wc -l <"$T/order")" -eq 5 ]
	[ "$(tail -n 1 "$T/order" | cut -d' ' -f1)" = 102 ]
	awk 'NR == 1 { t = $2 } END { exit !($2 - t >= 0.7) }' "$T/order"
	run "$B/storm" -l "$T/events" -z x "$T/helper"
	[ "$status" -eq 2 ]
}

@test "make bench-late's script: tiny run prints the starved helper's table" {
	[ -x "$BIN/udevd" ] && [ -x "$BIN/udev" ] || skip "no udevd/udev in $BIN"
	LATE_N=4 LATE_DELAYS=0.3 LATE_GAP=100ms run "$TOP/bench/run-late"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"| delay s | kernel counter | storm | gap held ms | starved event in order |"* ]]
	# without the counter a 300 ms sleep outlasts a 100 ms gap: the event comes late
	[[ "$output" =~ \|\ 0.3\ \|\ no\ \|\ add\ \|\ [0-9]+\ \|\ no\ \(late\)\ \|.*\|\ ok\ \| ]]
	[[ "$output" =~ \|\ 0.3\ \|\ yes\ \|\ remove\ \|.*\|\ ok\ \| ]]
}

@test "storm: remove storm runs children before parents, SEQNUMs go on" {
	"$B/fakesys" "$T/sys" 1 1 >"$T/events"
	write_env_helper
	run "$B/storm" -l "$T/events" -a remove -s 7 -m spawn -e OUT_DIR="$T/env" "$T/helper"
	[ "$status" -eq 0 ]
	[[ "$output" == *"seqnum_next=10 "* ]]
	grep -qx DEVNAME=bench0 "$T/env/7"
	grep -qx DEVNAME=sda1 "$T/env/8"
	grep -qx DEVNAME=sda "$T/env/9" && grep -qx ACTION=remove "$T/env/9"
}

@test "storm: counts failed helpers and reads the daemon's accounting" {
	"$B/fakesys" "$T/sys" 1 1 >"$T/events"
	sleep 60 &
	daemon=$!
	run "$B/storm" -l "$T/events" -p "$daemon" /bin/false
	kill "$daemon"
	[ "$status" -eq 0 ]
	[[ "$output" == *" failed=3 "* ]]
	[[ "$output" =~ daemon_hwm_kb=[1-9][0-9]*\  ]]
}

@test "storm: a helper that does not return in time is killed and counted late" {
	"$B/fakesys" "$T/sys" 1 1 >"$T/events"
	printf '#!/bin/sh\nexec sleep 60\n' >"$T/helper"
	chmod +x "$T/helper"
	t0=$SECONDS
	run "$B/storm" -l "$T/events" -H 1 "$T/helper"
	[ "$status" -eq 0 ]
	[[ "$output" == *" late=3 failed=0 "* ]]
	[ $((SECONDS - t0)) -lt 15 ]
}

@test "make bench's verdict: helpers that came late or returned an error fail it like a wrong node" {
	mkdir "$T/out"
	{
		echo "n,contender,rep,action,events,wall_s,helpers_s,cpu_helpers_s,cpu_daemon_s,cpu_settle_s,cpu_spawn_s,cpu_per_event_ms,daemon_hwm_kb,failed,nodes"
		echo "8,floor,1,add,24,0.1,0.1,0.01,0,0,0.01,0.1,-1,0,none"
		echo "8,udevd,1,add,24,0.3,0.3,0.01,0.1,0,0.01,0.2,900,2,ok"
	} >"$T/runs.csv"
	run "$TOP/bench/summarize" "$T/runs.csv" "$T/out" "floor udevd"
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == *"udevd N=8 add: 2 helpers did not return in time or returned an error"* ]]
}

@test "storm: the nodes check passes only when every node is right" {
	"$B/fakesys" "$T/sys" 2 2 >"$T/events"
	mkdir "$T/dev"
	write_mknod_helper
	run "$B/storm" -l "$T/events" -e DEVROOT="$T/dev" -d "$T/dev" "$T/helper"
	[[ "$output" == *" failed=0 nodes=ok"* ]]
	[ -b "$T/dev/sdb1" ]
	[ -c "$T/dev/bench1" ]
	mknod "$T/dev/stray" c 1 3	# one node too many: caught
	run "$B/storm" -l "$T/events" -t 0.2 -d "$T/dev" "$BIN/bench/noop"
	[[ "$output" == *" nodes=bad nodes_bad=1"* ]]
	rm "$T/dev/stray"
	run "$B/storm" -l "$T/events" -a remove -t 0.2 -d "$T/dev" "$BIN/bench/noop"
	[[ "$output" == *" nodes=bad nodes_bad=6"* ]]	# nothing removed them
	run "$B/storm" -l "$T/events" -a remove -e DEVROOT="$T/dev" -d "$T/dev" "$T/helper"
	[[ "$output" == *" failed=0 nodes=ok"* ]]
	[ -z "$(ls "$T/dev")" ]
}

@test "make bench's script: tiny run prints the table, writes the CSV, nodes check passes" {
	BENCH_BUILDS="this=$BIN gone=$T/nobuild" BENCH_N=8 BENCH_REPS=1 BENCH_OUT="$T/out" \
		BENCH_CONTENDERS="floor floor-libc mdev mdev-seq udev@this udevd@this udevd-floor@this udev@gone udevd@gone udevd-floor@gone" \
		run "$TOP/bench/run-bench"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"| N | events | action | contender | settle median (s) | min–max (s) | × floor | CPU/event (ms) | of it helpers (ms) | of it daemon (+workers) (ms) | spawner (ms) |"* ]]
	[[ "$output" == *"| 8 | 24 | add | floor | "* ]]
	[[ "$output" == *"| 8 | 24 | remove | floor | "* ]]
	[[ "$output" == *"| 8 | 24 | add | floor-libc | "* ]]
	for c in mdev mdev-seq; do
		[[ "$output" =~ \|\ 8\ \|\ 24\ \|\ add\ \|\ $c\ \|.*\|\ 0\ \|\ ok\ \| ]]
		[[ "$output" =~ \|\ 8\ \|\ 24\ \|\ remove\ \|\ $c\ \|.*\|\ 0\ \|\ ok\ \| ]]
	done
	[[ "$output" == *"Nodes check: passed."* ]]
	[ "$(head -n 1 "$T/out/storm-summary.csv")" = "n,events,action,contender,runs,median_s,min_s,max_s,ratio_floor,cpu_per_event_ms,daemon_cpu_per_event_ms,daemon_peak_kb,failed,nodes,helpers_cpu_per_event_ms,spawn_cpu_per_event_ms,peak_helpers,csw_helpers_per_event,csw_daemon_per_event" ]
	grep -q '^8,24,add,mdev,1,' "$T/out/storm-summary.csv"
	# every contender that ran made exactly two rows per run (add, remove)
	ran=$(tail -n +2 "$T/out/storm-runs.csv" | cut -d, -f2 | sort -u | wc -l)
	[ "$(tail -n +2 "$T/out/storm-runs.csv" | wc -l)" -eq $((ran * 2)) ]
	# the suite's contenders run with the programs of their build; a build that is
	# not there is skipped with a line that says how it is made
	for c in udev@this udevd@this; do
		grep -q "^8,24,add,$c,1,.*,0,ok," "$T/out/storm-summary.csv"
	done
	[[ "$output" == *"skipped: udev@gone: no $T/nobuild/udev (build gone not made: make)"* ]]
	[[ "$output" == *"skipped: udevd@gone: no $T/nobuild/udevd (build gone not made: make)"* ]]
	[[ "$output" == *"skipped: udevd-floor@gone: no $T/nobuild/udevd (build gone not made: make)"* ]]
	# udevd with the no-op worker: every helper acked 0, no nodes to check,
	# the daemon's CPU counted
	grep -q '^8,24,add,udevd-floor@this,1,\([^,]*,\)\{5\}[0-9.]\+,[0-9]\+,0,none,' "$T/out/storm-summary.csv"
	grep -q '^8,24,remove,udevd-floor@this,1,.*,0,none,' "$T/out/storm-summary.csv"
	! grep -q '@gone' "$T/out/storm-summary.csv" || false
	# the daemon's CPU is split from the helpers': udevd has some, udev alone none
	grep -q '^8,24,add,udevd@this,1,\([^,]*,\)\{5\}[0-9.]\+,[0-9]\+,' "$T/out/storm-summary.csv"
	grep -q '^8,24,add,udev@this,1,\([^,]*,\)\{5\},,' "$T/out/storm-summary.csv"
	# counted, not timed: helpers alive at once, context switches per event
	# of the helpers and (for a daemon) of the daemon
	grep -q '^8,24,add,udevd@this,.*,[1-9][0-9]*,[0-9.]\+,[0-9.]\+$' "$T/out/storm-summary.csv"
	grep -q '^8,24,add,floor,.*,[1-9][0-9]*,[0-9.]\+,$' "$T/out/storm-summary.csv"
	if command -v gnuplot >/dev/null; then
		grep -q '<svg' "$T/out/storm.svg"
	fi
}

@test "make bench's script: a contender that makes no nodes fails the nodes check" {
	BENCH_CONTENDERS="floor udev" UDEV_BIN=/bin/true BENCH_NODES_TIMEOUT=1 \
		BENCH_N=2 BENCH_REPS=1 BENCH_OUT="$T/out" run "$TOP/bench/run-bench"
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == *"Nodes and helpers check: FAILED for:"* ]]
	[[ "$output" == *"  - udev N=2 add: bad"* ]]
	grep -q '^2,6,add,udev,1,.*,0,bad,' "$T/out/storm-summary.csv"
	# NAME@BUILD runs that build's udev, here one that makes nothing
	mkdir "$T/fake" && ln -s /bin/true "$T/fake/udev"
	BENCH_BUILDS="fake=$T/fake" BENCH_CONTENDERS="floor udev@fake" BENCH_NODES_TIMEOUT=1 \
		BENCH_N=2 BENCH_REPS=1 BENCH_OUT="$T/out2" run "$TOP/bench/run-bench"
	[ "$status" -eq 3 ]
	[[ "$output" == *"  - udev@fake N=2 add: bad"* ]]
}

@test "make bench-worker's script: --syntax runs the same rules in 064's and 100's syntax over a sysfs tree, and both make every link" {
	[ -x "$BIN/udev" ] || skip "no udev in $BIN"
	run "$TOP/bench/worker-cpu" -n 4 -r 1 --syntax "this=$BIN/udev"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" =~ \|\ this\ \|\ rules064\ \|\ 8\ \|\ 1\ \|\ [0-9.]+\ \| ]]
	[[ "$output" =~ \|\ this\ \|\ rules100\ \|\ 8\ \|\ 1\ \|\ [0-9.]+\ \| ]]
	[[ "$output" == *"every node and link was there after the adds"* ]]
}
@test "make bench-worker's script: a tiny run prints each binary's CPU per event; a worker that makes nothing fails it" {
	[ -x "$BIN/udev" ] || skip "no udev in $BIN"
	[ -x "$BIN/bench/noop" ] || skip "no bench/noop in $BIN"
	run "$TOP/bench/worker-cpu" -n 5 -r 1 --run "$BIN/bench/noop" "this=$BIN/udev"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"| udev | case | events per run | runs | CPU per event, median (µs) |"*"| wall per event, median (µs) |"* ]]
	[[ "$output" =~ \|\ this\ \|\ plain\ \|\ 10\ \|\ 1\ \|\ [0-9.]+\ \| ]]
	[[ "$output" =~ \|\ this\ \|\ links\ \|\ 10\ \|\ 1\ \|\ [0-9.]+\ \| ]]
	[[ "$output" =~ \|\ this\ \|\ run\ \|\ 10\ \|\ 1(\ \|\ [0-9.–]+){5}\ \| ]]
	[[ "$output" == *"every node and link was there after the adds"* ]]
	# events sent ahead of their acks, more than there are: the same checks
	run "$TOP/bench/worker-cpu" -n 5 -r 1 --depth 8 "this=$BIN/udev"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" =~ \|\ this\ \|\ links\ \|\ 10\ \|\ 1\ \|\ [0-9.]+\ \| ]]
	# the shipped storage rules of this checkout: each disk's links checked
	[[ "$output" =~ \|\ this\ \|\ storage\ \|\ 10\ \|\ 1\ \|\ [0-9.]+\ \| ]]
	[[ "$output" == *"every node and link was there after the adds"* ]]
	# a worker that says hello and acks every event with 0, but makes no node
	cat >"$T/lazy" <<-'EOF'
		#!/usr/bin/env python3
		import os, socket, struct
		H = struct.Struct("<16sIIQIIiI")
		s = socket.socket(fileno=3)
		s.send(H.pack(b"udev-legacy/1", 13, 0, 0, 0, 0, 0, 0))
		while True:
		    m = s.recv(70000)
		    if not m:
		        break
		    seq = H.unpack(m[:H.size])[3]
		    s.send(H.pack(b"udev-legacy/1", 2, 1, seq, 0, 0, 0, 0))
	EOF
	chmod +x "$T/lazy"
	run "$TOP/bench/worker-cpu" -n 3 -r 1 "lazy=$T/lazy"
	echo "$output"
	[ "$status" -eq 3 ]
	[[ "$output" == *"lazy (plain): after the adds: 3 missing"* ]]
	[[ "$output" != *"every node and link was there"* ]]
	# --run of something that cannot run: refused before any run
	run "$TOP/bench/worker-cpu" -n 1 -r 1 --run "$T/none" "this=$BIN/udev"
	[ "$status" -ne 0 ] && [[ "$output" == *"--run $T/none: not an executable"* ]]
}
