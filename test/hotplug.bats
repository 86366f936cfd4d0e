#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The /sbin/hotplug multiplexer: order across default/ and SUBSYSTEM/, what is
# skipped, what each script receives, and that nothing stops the chain.

load lib

setup() {
	common_setup
	HD=$T/hotplug.d
	export HOTPLUG_DIR=$HD
	# the kernel always gives one; by hand without it hotplug runs nothing
	export ACTION=add
	LOG=$T/log
	export LOG
	mkdir -p "$HD/default"
}

# mkscript DIR NAME [BODY]: an executable script that logs its name, then runs BODY
mkscript() {
	mkdir -p "$1"
	printf '#!/bin/sh\necho "%s" >> "$LOG"\n%s\n' "$2" "${3:-}" > "$1/$2"
	chmod 755 "$1/$2"
}

@test "hotplug: default digit scripts, then SUBSYSTEM/, then the rest of default/" {
	mkscript "$HD/default" 20-b.hotplug
	mkscript "$HD/default" 10-a.hotplug 'sleep 0.3; echo 10-a.end >> "$LOG"'
	mkscript "$HD/default" 5-c.hotplug
	mkscript "$HD/default" zz-late.hotplug
	mkscript "$HD/default" default.hotplug
	mkscript "$HD/net" 50-y.hotplug
	mkscript "$HD/net" 01-x.hotplug
	mkscript "$HD/net" name.hotplug
	mkscript "$HD/usb" 01-usb.hotplug
	run "$BIN/hotplug" net
	[ "$status" -eq 0 ]
	expected="10-a.hotplug
10-a.end
20-b.hotplug
5-c.hotplug
01-x.hotplug
50-y.hotplug
name.hotplug
default.hotplug
zz-late.hotplug"
	[ "$(cat "$LOG")" = "$expected" ]
}

@test "hotplug: skips non-executables, non-files, other suffixes and leftovers" {
	mkscript "$HD/default" 10-run.hotplug
	mkscript "$HD/default" 11-noexec.hotplug
	chmod 644 "$HD/default/11-noexec.hotplug"
	mkdir "$HD/default/12-dir.hotplug"
	mkscript "$HD/default" 13-nosuffix
	mkscript "$HD/default" 14-script.sh
	mkscript "$HD/net" .15-hidden.hotplug
	mkscript "$HD/net" .hotplug
	local left
	for left in 16-x.hotplug~ 16-x.hotplug.rpmsave 16-x.hotplug.rpmnew \
		16-x.hotplug.dpkg-old 16-x.hotplug.dpkg-dist 16-x.hotplug.dpkg-new \
		16-x.dpkg-new.hotplug 16-x.rpmnew.hotplug 16-x.ucf-dist.hotplug; do
		mkscript "$HD/net" "$left"
	done
	mkscript "$HD/net" 17-ok.hotplug
	ln -s /nonexistent/target "$HD/net/18-dangling.hotplug"
	run "$BIN/hotplug" net
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf '10-run.hotplug\n17-ok.hotplug')" ]
}

@test "hotplug: a folder larger than one read of its entries: every script found, in order; past 256 candidates the rest logged and ignored" {
	local i pad
	pad=$(printf 'x%.0s' $(seq 1 150))
	# ~50 KiB of entries: hotplug reads a folder 4 KiB at a time
	mkdir -p "$HD/net"
	for ((i = 0; i < 300; i++)); do
		: >"$HD/net/junk-$i-$pad"
	done
	mkscript "$HD/net" 05-first.hotplug
	mkscript "$HD/net" 50-middle.hotplug
	mkscript "$HD/net" zz-last.hotplug
	run "$BIN/hotplug" net
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf '05-first.hotplug\n50-middle.hotplug\nzz-last.hotplug')" ]
	: >"$LOG"
	for ((i = 100; i < 360; i++)); do
		mkscript "$HD/usb" "$i-s.hotplug"
	done
	run "$BIN/hotplug" usb
	[ "$status" -eq 0 ]
	[ "$(wc -l <"$LOG")" -eq 256 ]
	[[ "$output" == *"too many scripts, ignoring 4 of them"* ]]
	# the kept 256 ran in byte order
	[ "$(cat "$LOG")" = "$(sort "$LOG")" ]
}

@test "hotplug: a symlink to an executable runs (10-udev.hotplug -> udevsend)" {
	mkscript "$T/sbin" fake-udevsend 'echo "arg=$1" >> "$LOG"'
	ln -s "$T/sbin/fake-udevsend" "$HD/default/10-udev.hotplug"
	run "$BIN/hotplug" block
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf 'fake-udevsend\narg=block')" ]
}

@test "hotplug: each script gets argv[1] and the environment unchanged" {
	mkscript "$HD/input" 10-env.hotplug '
echo "argc=$#" >> "$LOG"
echo "0=$0" >> "$LOG"
echo "1=$1" >> "$LOG"
echo "DEVPATH=$DEVPATH" >> "$LOG"
echo "ODD=$ODD" >> "$LOG"
echo "ACTION=$ACTION SEQNUM=$SEQNUM" >> "$LOG"
echo "HOTPLUG_DIR=$HOTPLUG_DIR" >> "$LOG"'
	DEVPATH="/devices/virtual/input/in put0" ODD="a=b=c  'q' \"d\"" ACTION=add \
		SEQNUM=4711 run "$BIN/hotplug" input
	[ "$status" -eq 0 ]
	expected="10-env.hotplug
argc=1
0=$HD/input/10-env.hotplug
1=input
DEVPATH=/devices/virtual/input/in put0
ODD=a=b=c  'q' \"d\"
ACTION=add SEQNUM=4711
HOTPLUG_DIR=$HD"
	[ "$(cat "$LOG")" = "$expected" ]
}

@test "hotplug: SUBSYSTEM from the environment when argv[1] is missing" {
	mkscript "$HD/sound" 10-s.hotplug 'echo "1=$1 argc=$#" >> "$LOG"'
	SUBSYSTEM=sound run "$BIN/hotplug"
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf '10-s.hotplug\n1=sound argc=1')" ]
}

@test "hotplug: no subsystem at all is a usage error (exit 1)" {
	mkscript "$HD/default" 10-a.hotplug
	run env -u SUBSYSTEM "$BIN/hotplug"
	[ "$status" -eq 1 ]
	[[ "$output" == *usage* ]]
	[ ! -e "$LOG" ]
}

@test "hotplug: a failing, crashing or unrunnable script does not stop the others" {
	mkscript "$HD/default" 10-fail.hotplug 'exit 3'
	mkscript "$HD/default" 11-crash.hotplug 'kill -SEGV $$'
	printf '#!/nonexistent/interpreter\n' > "$HD/default/12-noint.hotplug"
	chmod 755 "$HD/default/12-noint.hotplug"
	mkscript "$HD/net" 20-fail.hotplug 'exit 1'
	mkscript "$HD/default" zz-last.hotplug
	run "$BIN/hotplug" net
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf '10-fail.hotplug\n11-crash.hotplug\n20-fail.hotplug\nzz-last.hotplug')" ]
	[[ "$output" == *"10-fail.hotplug exited with 3"* ]]
	[[ "$output" == *"11-crash.hotplug killed by signal 11"* ]]
	[[ "$output" == *"cannot run $HD/default/12-noint.hotplug"* ]]
	[[ "$output" == *"20-fail.hotplug exited with 1"* ]]
}

@test "hotplug: a script without #! runs under /bin/sh, as under the old shell script" {
	printf 'echo "plain $1" >> "$LOG"\n' > "$HD/default/10-plain.hotplug"
	chmod 755 "$HD/default/10-plain.hotplug"
	run "$BIN/hotplug" usb
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "plain usb" ]
}

@test "hotplug: missing directories are not an error" {
	rm -rf "$HD"
	run "$BIN/hotplug" net
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	# only the subsystem's directory
	mkscript "$HD/net" 10-n.hotplug
	run "$BIN/hotplug" net
	[ "$status" -eq 0 ]
	# only default/
	mkscript "$HD/default" 10-d.hotplug
	run "$BIN/hotplug" usb
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf '10-n.hotplug\n10-d.hotplug')" ]
}

@test "hotplug: an unreadable hotplug directory exits 2, scripts elsewhere still run" {
	mkscript "$HD/default" 10-d.hotplug
	printf 'not a directory\n' > "$HD/net"
	run "$BIN/hotplug" net
	[ "$status" -eq 2 ]
	[[ "$output" == *"cannot read $HD/net"* ]]
	[ "$(cat "$LOG")" = "10-d.hotplug" ]
}

@test "hotplug: a subsystem that is not a plain name never leaves HOTPLUG_DIR" {
	mkscript "$T/outside" 10-evil.hotplug
	mkscript "$HD/default" 10-d.hotplug
	mkscript "$HD/default" x-d.hotplug
	run "$BIN/hotplug" ../outside
	[ "$status" -eq 0 ]
	run "$BIN/hotplug" default
	[ "$status" -eq 0 ]
	# default/ ran once per call, never twice, the outside script never
	[ "$(cat "$LOG")" = "$(printf '10-d.hotplug\nx-d.hotplug\n10-d.hotplug\nx-d.hotplug')" ]
}

@test "hotplug: started with fds 0-2 closed (as by the kernel), scripts get them open" {
	mkscript "$HD/default" 10-fds.hotplug '
for fd in 0 1 2; do
	if [ -e /proc/self/fd/$fd ]; then echo "fd$fd open" >> "$LOG"; fi
done'
	mkscript "$HD/default" 20-next.hotplug
	"$BIN/hotplug" block 0<&- 1>&- 2>&-
	[ "$(cat "$LOG")" = "$(printf '10-fds.hotplug\nfd0 open\nfd1 open\nfd2 open\n20-next.hotplug')" ]
}

@test "hotplug: started without stderr, it logs a failing script to syslog" {
	command -v busybox >/dev/null || sh "$TOP/tools/install-deps.sh" check
	mkscript "$HD/default" 10-fail.hotplug 'exit 5'
	# private /dev with a syslogd of our own on its /dev/log
	unshare -m sh -c '
		mount -t tmpfs tmpfs /dev && mknod -m 666 /dev/null c 1 3 || exit 90
		busybox syslogd -n -O "$T/syslog" & pid=$!
		i=0; while [ ! -S /dev/log ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done
		"$BIN/hotplug" net 0<&- 1>&- 2>&-; echo "rc=$?" > "$T/rc"
		i=0; while ! grep -q "exited with 5" "$T/syslog" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.05; i=$((i+1)); done
		kill $pid; wait $pid; exit 0'
	[ "$(cat "$T/rc")" = "rc=0" ]
	grep -q "hotplug.*10-fail.hotplug exited with 5" "$T/syslog"
}

@test "hotplug: without HOTPLUG_DIR it reads /etc/hotplug.d" {
	mkscript "$T/etc/hotplug.d/default" 10-etc.hotplug
	unset HOTPLUG_DIR
	unshare -m sh -c 'mount --bind "$T/etc/hotplug.d" /etc/hotplug.d 2>/dev/null ||
		{ mount -t tmpfs tmpfs /etc && mkdir /etc/hotplug.d &&
		  mount --bind "$T/etc/hotplug.d" /etc/hotplug.d; } || exit 90
		exec "$BIN/hotplug" net'
	[ "$(cat "$LOG")" = "10-etc.hotplug" ]
}

# ---- with the real event path (once udevsend, udevd and udev are built) ------

teardown() {
	if [ -n "${UDEVD_PID:-}" ]; then
		kill -TERM "$UDEVD_PID" 2>/dev/null || :
		wait "$UDEVD_PID" 2>/dev/null || :
	fi
}

@test "hotplug: through 10-udev.hotplug -> udevsend -> udevd -> udev, later scripts see the node" {
	local p
	for p in udevsend udevd udev; do
		[ -x "$BIN/$p" ] || skip "$p not built yet"
	done
	[ -e /sys/devices/virtual/mem/null ] || skip "no /sys/devices/virtual/mem/null"
	mkdir -p "$T/dev" "$T/rules.d"
	printf 'udev_root="%s"\nudev_db="%s"\nudev_rules="%s"\nudev_devd="%s"\n' \
		"$T/dev" "$T/dev/.udevdb" "$T/rules.d" "$T/dev.d" > "$T/udev.conf"
	echo 'KERNEL=="null", NAME="hp/null", MODE="0666"' > "$T/rules.d/50.rules"
	export UDEV_CONFIG_FILE=$T/udev.conf SYSFS_PATH=/sys UDEV_BIN=$BIN/udev \
		UDEVD_BIN=$BIN/udevd
	ln -s "$BIN/udevsend" "$HD/default/10-udev.hotplug"
	mkscript "$HD/mem" 50-check.hotplug \
		'if [ -c "$T/dev/hp/null" ]; then echo "$ACTION: node" >> "$LOG"; else echo "$ACTION: no node" >> "$LOG"; fi'
	start_udevd
	ACTION=add DEVPATH=/devices/virtual/mem/null SEQNUM=1 MAJOR=1 MINOR=3 DEVNAME=null \
		run "$BIN/hotplug" mem
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(stat -c '%F %t:%T %a' "$T/dev/hp/null")" = "character special file 1:3 666" ]
	ACTION=remove DEVPATH=/devices/virtual/mem/null SEQNUM=2 MAJOR=1 MINOR=3 DEVNAME=null \
		run "$BIN/hotplug" mem
	[ "$status" -eq 0 ]
	[ ! -e "$T/dev/hp/null" ]
	[ "$(grep ': ' "$LOG")" = "$(printf 'add: node\nremove: no node')" ]
}

# hp_udevd_setup: udevd on the test's socket running fake-udev (its log in
# $FAKE_UDEV_LOG), 10-udev.hotplug the link to udevsend that install makes,
# and a later script of default/ and of the subsystem that log how many
# events fake-udev had finished when they started
hp_udevd_setup() {
	for p in udevsend udevd; do
		[ -x "$BIN/$p" ] || skip "$p not built yet"
	done
	FAKE_UDEV_LOG=$T/udev.log UDEV_BIN=$TOP/test/fake-udev UDEVD_BIN=$T/no-such-udevd
	export FAKE_UDEV_LOG UDEV_BIN UDEVD_BIN
	: >"$FAKE_UDEV_LOG"
	ln -s "$BIN/udevsend" "$HD/default/10-udev.hotplug"
	mkscript "$HD/default" 20-after.hotplug 'grep -c "^end " "$FAKE_UDEV_LOG" >> "$LOG"'
	mkscript "$HD/test" 50-sub.hotplug 'grep -c "^end " "$FAKE_UDEV_LOG" >> "$LOG"'
}

# execs_of RE: how many execve() of a path ending in RE (a regular expression) strace saw
execs_of() { grep -c "execve(\"[^\"]*$1\"" "$T/strace" || :; }

@test "hotplug: the udevsend link sends in-process, acked before the later scripts run" {
	command -v strace >/dev/null || skip "no strace"
	hp_udevd_setup
	start_udevd
	ACTION=add DEVPATH=/devices/hp1 SEQNUM=7 FAKE_UDEV_SLEEP=0.5 \
		run env ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=execve -o "$T/strace" "$BIN/hotplug" test
	[ "$status" -eq 0 ]
	# udev ran once, through udevd, and had ended before 20-after started
	[ "$(grep -c '^start 7 /devices/hp1 add' "$FAKE_UDEV_LOG")" -eq 1 ]
	[ "$(cat "$LOG")" = "$(printf '20-after.hotplug\n1\n50-sub.hotplug\n1')" ]
	# hotplug itself and the two scripts: no udevsend program started
	[ "$(execs_of udevsend)" -eq 0 ]
	[ "$(execs_of "10-udev\\.hotplug")" -eq 0 ]
	[ "$(execs_of "\\.hotplug")" -eq 2 ]
	[ "$(execs_of hotplug)" -eq 3 ]
}

@test "hotplug: in-process udevsend keeps udevsend's exit codes and its fallback to udev" {
	hp_udevd_setup
	start_udevd
	# udev's own code, as udevsend would exit with it: logged, the chain goes on
	ACTION=add DEVPATH=/devices/hp2 SEQNUM=8 FAKE_UDEV_EXIT=3 run "$BIN/hotplug" test
	[ "$status" -eq 0 ]
	[[ "$output" == *"10-udev.hotplug exited with 3"* ]]
	[ "$(cat "$LOG")" = "$(printf '20-after.hotplug\n1\n50-sub.hotplug\n1')" ]
	# no udevd (and none to start): udevsend's code runs udev itself
	stop_udevd
	: >"$LOG"
	ACTION=add DEVPATH=/devices/hp3 SEQNUM=9 run "$BIN/hotplug" test
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(grep -c '^end 9 /devices/hp3' "$FAKE_UDEV_LOG")" -eq 1 ]
	[ "$(cat "$LOG")" = "$(printf '20-after.hotplug\n2\n50-sub.hotplug\n2')" ]
}

@test "hotplug: a 10-udev.hotplug that is not a link to udevsend is run as a program" {
	command -v strace >/dev/null || skip "no strace"
	hp_udevd_setup
	rm "$HD/default/10-udev.hotplug"
	cp "$BIN/udevsend" "$HD/default/10-udev.hotplug"
	start_udevd
	ACTION=add DEVPATH=/devices/hp4 SEQNUM=10 \
		run env ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=execve -o "$T/strace" "$BIN/hotplug" test
	[ "$status" -eq 0 ]
	[ "$(execs_of "10-udev\\.hotplug")" -eq 1 ]
	[ "$(cat "$LOG")" = "$(printf '20-after.hotplug\n1\n50-sub.hotplug\n1')" ]
}

@test "hotplug: without a vDSO (kernel booted vdso=0) hotplug, udevsend and udevd run, each event acked" {
	# dietlibc's clock_gettime looked for a vDSO at the legacy vsyscall
	# address where the kernel maps none, and faulted: the kernel's helper
	# (static dietlibc in the default build) died on every event
	no_vdso
	hp_udevd_setup
	UDEVD_RUNNER=$NO_VDSO start_udevd
	ACTION=add DEVPATH=/devices/nv1 SEQNUM=11 FAKE_UDEV_EXIT=3 run $NO_VDSO "$BIN/udevsend" test
	[ "$status" -eq 3 ]
	ACTION=add DEVPATH=/devices/nv2 SEQNUM=12 run $NO_VDSO "$BIN/hotplug" test
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ "$(cat "$LOG")" = "$(printf '20-after.hotplug\n2\n50-sub.hotplug\n2')" ]
	# both through udevd, acked with udev's code
	grep -q 'seqnum 11 add /devices/nv1: rc 3 after' "$T/udevd.log"
	grep -q 'seqnum 12 add /devices/nv2: rc 0 after' "$T/udevd.log"
	[ "$(grep -c '^end 1[12] /devices/nv' "$FAKE_UDEV_LOG")" -eq 2 ]
}
