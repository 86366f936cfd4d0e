#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The threat model of docs/hardening.md, items 3-7, 9 and 10: each attack
# played by a real unprivileged user (nobody), by hostile device data or by
# an event's own environment, in a private network namespace, against the
# real udevd and udev.

load udev-lib
load udevd-lib

setup() {
	udev_setup
	DGRAM="python3 $TOP/test/tools/dgram.py"
	UDEVD_BIN=$T/no-such-udevd
	FAKE_UDEV_LOG=/dev/null
	export DGRAM UDEVD_BIN FAKE_UDEV_LOG
	UDEVD_PID=
	netns_start
}

teardown() {
	[ -z "${SQUAT_PID:-}" ] || kill "$SQUAT_PID" 2>/dev/null || true
	[ -z "${MON_PID:-}" ] || kill "$MON_PID" 2>/dev/null || true
	[ -z "${NOBODY_MON_PID:-}" ] || kill "$NOBODY_MON_PID" 2>/dev/null || true
	udevd_teardown
	kill "$NS_PID" 2>/dev/null || true
}

# nobody CMD...: runs CMD there as nobody:nogroup without supplementary groups
nobody() { in_ns setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

# nobody_dir DIR: a directory nobody may write, under parents nobody may pass
nobody_dir() {
	local d=$1
	mkdir -p "$d"
	chmod 1777 "$d"
	while d=${d%/*}; [ -n "$d" ]; do
		chmod o+x "$d" 2>/dev/null || true
	done
}

# ---- 6: inherited descriptors -------------------------------------------------

@test "trust 6: descriptors udevd inherited never reach udev or a RUN program" {
	echo secret >"$T/secret"
	chmod 600 "$T/secret"
	# a RUN helper that drops to nobody, as many do: what it can read through
	# inherited descriptors is what any user could
	cat >"$T/run-as-nobody" <<-EOF
	#!/bin/bash
	exec setpriv --reuid=nobody --regid=nogroup --clear-groups bash -c \\
		'ls /proc/self/fd >$T/out/fds; cat <&7 >$T/out/leak 2>/dev/null; cat <&9 >>$T/out/leak 2>/dev/null; true'
	EOF
	chmod 755 "$T/run-as-nobody"
	nobody_dir "$T/out"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/run-as-nobody\""
	# the starting shell holds the secret open on 7 and 9 (and 251, as seen)
	start_udevd 7<"$T/secret" 9<"$T/secret" 251<"$T/secret"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	[ -f "$T/out/fds" ]
	run cat "$T/out/fds"
	echo "RUN program's descriptors: $output"
	[ "$(echo $output)" = "0 1 2 3" ]    # 3: ls's own listing
	[ ! -s "$T/out/leak" ]
	# nor does udevd itself hold them
	! ls -l "/proc/$UDEVD_PID/fd" | grep -q secret || false
}

# ---- 3: device data cannot forge variables or database lines ------------------

# hostile_tty: a tty whose attributes its user (nobody) may write, as some
# drivers' writable attributes are
hostile_tty() {
	export SYSFS_PATH=$T/sys
	mkdir -p "$T/sys/class/tty/ttyH0"
	echo 4:70 >"$T/sys/class/tty/ttyH0/dev"
	nobody_dir "$T/sys/class/tty/ttyH0"
	nobody bash -c "printf '%s' \"\$1\" >$T/sys/class/tty/ttyH0/serial" _ \
		$'ABC\nLD_PRELOAD=/tmp/x.so\rX=1'
	[ "$(stat -c %U "$T/sys/class/tty/ttyH0/serial")" = nobody ]
	# a RUN program that keeps the environment it got
	nobody_dir "$T/out"
	printf '#!/bin/sh\nenv >%s/out/env.$ACTION\n' "$T" >"$T/dump-env"
	chmod 755 "$T/dump-env"
}

@test "trust 3: a newline in an attribute makes no variable, E: line or RUN variable" {
	hostile_tty
	# set at add only: at remove the value comes from the record (no sysfs
	# is read at remove, %s{serial} would be empty there)
	rules "ACTION==\"add\", KERNEL==\"ttyH0\", ENV{SERIAL}=\"%s{serial}\"
KERNEL==\"ttyH0\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	db_text "$T/db/"*
	# one E: line, the value escaped in it
	[ "$(db_text "$T/db/"* | grep -c '^E:')" -eq 1 ]
	db_text "$T/db/"* | grep -qx 'E:SERIAL=ABC\\x0aLD_PRELOAD=/tmp/x.so\\x0dX=1'
	! grep -q '^LD_PRELOAD=' "$T/out/env.add" || false
	run ev remove /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	cat "$T/out/env.remove"
	grep -qx 'SERIAL=ABC\\x0aLD_PRELOAD=/tmp/x.so\\x0dX=1' "$T/out/env.remove"
	! grep -q '^LD_PRELOAD=\|^X=' "$T/out/env.remove" || false
}

@test "trust 3: IMPORT{program} and PROGRAM output, IMPORT{file} and the kernel's values make no variable" {
	hostile_tty
	# a program that echoes device data into IMPORT's KEY=value lines
	rules "KERNEL==\"ttyH0\", IMPORT{program}=\"/bin/echo ID_SERIAL=%s{serial}\", PROGRAM=\"/bin/cat $T/sys/class/tty/ttyH0/serial\", ENV{RESULT}=\"%c\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyH0 tty KVAL=$'k\nLD_AUDIT=/tmp/y.so'
	[ "$status" -eq 0 ]
	cat "$T/out/env.add"
	grep -qx 'ID_SERIAL=ABC\\x0aLD_PRELOAD=/tmp/x.so\\x0dX=1' "$T/out/env.add"
	grep -q '^RESULT=ABC' "$T/out/env.add"
	grep -qx 'KVAL=k\\x0aLD_AUDIT=/tmp/y.so' "$T/out/env.add"
	! grep -q '^LD_PRELOAD=\|^X=\|^LD_AUDIT=' "$T/out/env.add" || false
	[ "$(db_text "$T/db/"* | grep -c '^E:')" -eq 2 ]
	# a file of KEY=value lines written by nobody: each of its lines is one
	# variable, by design; no value inside spans two
	nobody bash -c "printf 'A=1\nB=%s\n' \"\$(cat $T/sys/class/tty/ttyH0/serial)\" >$T/out/vars"
	rules "KERNEL==\"ttyH0\", IMPORT{file}=\"$T/out/vars\", ENV{C}=\"\$env{B}\", RUN+=\"$T/dump-env\""
	run ev add /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	grep -qx 'A=1' "$T/out/env.add"
	grep -qx 'C=ABC' "$T/out/env.add"
}

# subsystem_record_ok: the record of ttyS0 is its four lines, the subsystem's
# newline escaped in its one U: line (db_line), no line of its own
subsystem_record_ok() {
	local rec
	rec=$(db_text "$T/db/class@tty@ttyS0")
	echo "$rec"
	[ "$(wc -l <<<"$rec")" -eq 4 ]
	[ "$(grep -c '^U:' <<<"$rec")" -eq 1 ]
	grep -qx 'U:tty\\x0aE:INJECTED=1' <<<"$rec"
	! grep -q '^E:' <<<"$rec" || false
}

@test "trust 3: a newline in SUBSYSTEM (argv[1] or the environment) is escaped in the record's one U: line" {
	sub=$'tty\nE:INJECTED=1'
	# the kernel's argument alone
	run env -u SUBSYSTEM ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 "${UDEV_RUN[@]}" "$sub"
	[ "$status" -eq 0 ]
	subsystem_record_ok
	run ev remove /class/tty/ttyS0 tty
	! db_there "$T/db/class@tty@ttyS0" || false
	# the environment's, which wins over a plain argument
	run env ACTION=add DEVPATH=/class/tty/ttyS0 SUBSYSTEM="$sub" SEQNUM=2 "${UDEV_RUN[@]}" tty
	[ "$status" -eq 0 ]
	subsystem_record_ok
}

# ---- 4: names through directories others may write -----------------------------

# shm_setup SERIAL: udev_root has a /dev/shm (1777, root's); nobody sets the
# device's serial; a root-only file and directory lie outside udev_root
shm_setup() {
	hostile_tty
	nobody bash -c "printf '%s' \"\$1\" >$T/sys/class/tty/ttyH0/serial" _ "$1"
	mkdir -p "$T/dev/shm" "$T/outside"
	chmod 1777 "$T/dev/shm"
	nobody_dir "$T/dev/shm"
	echo precious >"$T/outside/node"
	rules 'KERNEL=="ttyH0", NAME="shm/%s{serial}/node", SYMLINK+="shm/%s{serial}/link"'
}

# nothing_outside: $T/outside holds only the precious file, unchanged
nothing_outside() {
	[ "$(ls -A "$T/outside")" = node ] && [ "$(cat "$T/outside/node")" = precious ] ||
		{ ls -la "$T/outside" >&2; return 1; }
}

@test "trust 4: a symlink nobody planted in /dev/shm is not followed (add)" {
	shm_setup evil
	nobody ln -s "$T/outside" "$T/dev/shm/evil"
	rm "$T/outside/node"
	run ev add /class/tty/ttyH0 tty
	echo "$output"
	[ -z "$(ls -A "$T/outside")" ]
	[ "$status" -eq 5 ]
	[[ "$output" == *"refusing $T/dev/shm/evil/node: $T/dev/shm/evil is a symlink or no directory"* ]]
	[ -L "$T/dev/shm/evil" ]
}

@test "trust 4: a directory nobody made in /dev/shm is not used, so remove cannot be steered" {
	shm_setup mine
	nobody mkdir "$T/dev/shm/mine"
	run ev add /class/tty/ttyH0 tty
	echo "$output"
	add_status=$status add_output=$output
	# nobody swaps her directory for a symlink to the outside before remove
	nobody mv "$T/dev/shm/mine" "$T/dev/shm/mine.old"
	nobody ln -s "$T/outside" "$T/dev/shm/mine"
	run ev remove /class/tty/ttyH0 tty
	echo "$output"
	nothing_outside
	[ "$add_status" -eq 5 ]
	[[ "$add_output" == *"$T/dev/shm/mine is a directory of another user"* ]]
	[ -z "$(ls -A "$T/dev/shm/mine.old")" ]
}

@test "trust 4: a record's name that leads through a planted symlink removes nothing outside" {
	shm_setup dir
	run ev add /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/shm/dir/node" ]
	[ -L "$T/dev/shm/dir/link" ]
	[ "$(stat -c %U "$T/dev/shm/dir")" = root ]
	# root's directory in the sticky /dev/shm: nobody can neither remove it
	# nor rename it away
	! nobody mv "$T/dev/shm/dir" "$T/dev/shm/gone" || false
	! nobody rm -rf "$T/dev/shm/dir" || false
	# a directory made writable by others later is refused at remove, too
	chmod 777 "$T/dev/shm/dir"
	nobody rm -f "$T/dev/shm/dir/node"
	nobody ln -s "$T/outside/node" "$T/dev/shm/dir/node"
	run ev remove /class/tty/ttyH0 tty
	echo "$output"
	nothing_outside
	[ "$status" -eq 11 ]
	[[ "$output" == *"$T/dev/shm/dir is a directory others may write"* ]]
}

@test "trust 4: a record naming \"..\" or an absolute path removes nothing outside udev_root, and says why" {
	# nodes of the recorded number beside udev_root: only the name protects them
	mknod "$T/victim" c 4 64
	mknod "$T/victim2" c 4 64
	mkdir -p "$T/db"
	# the record as a writer of udev_db would leave it (udev's own never says this)
	printf 'P:/class/tty/ttyS0\nN:../victim\nM:4:64\nU:tty\n' >"$T/db/class@tty@ttyS0"
	run ev remove /class/tty/ttyS0 tty
	echo "$output"
	[ -c "$T/victim" ]
	[ "$status" -eq 11 ]
	[[ "$output" == *"refusing $T/dev/../victim: the name has a \"..\" component"* ]]
	printf 'P:/class/tty/ttyS0\nN:%s\nM:4:64\nU:tty\n' "$T/victim2" >"$T/db/class@tty@ttyS0"
	run ev remove /class/tty/ttyS0 tty
	echo "$output"
	[ -c "$T/victim2" ]
	[ "$status" -eq 11 ]
	[[ "$output" == *"refusing $T/dev/$T/victim2: the name is absolute or has an empty component"* ]]
}

@test "trust 4: remove deletes only a device node of the recorded number, or the recorded symlink" {
	shm_setup dir
	run ev add /class/tty/ttyH0 tty
	[ "$status" -eq 0 ]
	# root (another device, or an admin) put a node of another number there,
	# and a symlink to elsewhere at the link's name
	rm "$T/dev/shm/dir/node" "$T/dev/shm/dir/link"
	mknod "$T/dev/shm/dir/node" c 1 3
	ln -s ../../other "$T/dev/shm/dir/link"
	UDEV_LOG=info run ev remove /class/tty/ttyH0 tty
	echo "$output"
	[ "$status" -eq 0 ]
	[ -c "$T/dev/shm/dir/node" ]
	[ -L "$T/dev/shm/dir/link" ]
	[[ "$output" == *"belongs to another device now, not removing it"* ]]
	# a regular file where the node was is not removed either (exit 11)
	rm "$T/dev/shm/dir/node"
	echo data >"$T/dev/shm/dir/node"
	run ev add /class/tty/ttyH0 tty
	[ -c "$T/dev/shm/dir/node" ]
	rm "$T/dev/shm/dir/node"
	echo data >"$T/dev/shm/dir/node"
	run ev remove /class/tty/ttyH0 tty
	[ "$status" -eq 11 ]
	[ "$(cat "$T/dev/shm/dir/node")" = data ]
}

@test "trust 4: udev_root itself is configuration: made when missing, a symlink to it followed" {
	rmdir "$T/dev"
	mkdir -p "$T/real/dev"
	ln -s real/dev "$T/dev"
	run ev add /class/tty/ttyS0 tty
	[ "$status" -eq 0 ]
	[ -c "$T/real/dev/ttyS0" ]
	run ev remove /class/tty/ttyS0 tty
	[ "$status" -eq 0 ]
	[ ! -e "$T/real/dev/ttyS0" ]
	[ -d "$T/real/dev" ]
	sed -i "s|^udev_root=.*|udev_root=\"$T/new/dev\"|" "$T/udev.conf"
	run ev add /class/tty/ttyS0 tty
	[ "$status" -eq 0 ]
	[ -c "$T/new/dev/ttyS0" ]
}

# ---- 7: a UDEV_BIN that does not speak the worker protocol ---------------------

@test "trust 7: a UDEV_BIN that never says hello is run once per event, logged once" {
	# an older udev behind a wrapper: one event per process, from its
	# environment; started as a worker it finds no event and fails
	cat >"$T/old-udev" <<-EOF
	#!/bin/sh
	[ -n "\$ACTION" ] || { echo "old-udev: no ACTION" >&2; exit 1; }
	exec $TOP/test/fake-udev "\$@"
	EOF
	chmod 755 "$T/old-udev"
	export UDEV_BIN=$T/old-udev FAKE_UDEV_LOG=$T/udev.log
	: >"$FAKE_UDEV_LOG"
	start_udevd --workers=pool
	for s in 1 2 3; do
		run send ACTION=add DEVPATH=/devices/old$s SEQNUM=$s FAKE_UDEV_LOG="$FAKE_UDEV_LOG" tty
		echo "seqnum $s: udevsend exit $status"
		[ "$status" -eq 0 ]
	done
	[ "$(grep -c '^end ' "$FAKE_UDEV_LOG")" -eq 3 ]
	[ "$(grep -c 'does not speak the worker protocol' "$T/udevd.log")" -eq 1 ]
	# a reload tries the pool again: still no hello, logged once more
	in_ns "$BIN/udevcontrol" reload_rules
	run send ACTION=add DEVPATH=/devices/old4 SEQNUM=4 FAKE_UDEV_LOG="$FAKE_UDEV_LOG" tty
	[ "$status" -eq 0 ]
	[ "$(grep -c 'does not speak the worker protocol' "$T/udevd.log")" -eq 2 ]
}

@test "trust 7: a worker that says hello is kept, and one that cannot be executed is 18" {
	export UDEV_BIN=$TOP/test/fake-udev FAKE_UDEV_LOG=$T/udev.log
	start_udevd --workers=pool
	run send ACTION=add DEVPATH=/devices/w1 SEQNUM=1 FAKE_UDEV_LOG="$FAKE_UDEV_LOG" tty
	[ "$status" -eq 0 ]
	run send ACTION=add DEVPATH=/devices/w2 SEQNUM=2 FAKE_UDEV_LOG="$FAKE_UDEV_LOG" tty
	[ "$status" -eq 0 ]
	[ "$(awk '$1 == "start" { print $5 }' "$FAKE_UDEV_LOG" | sort -u | wc -l)" -eq 1 ]
	! grep -q 'does not speak' "$T/udevd.log" || false
	kill "$UDEVD_PID"; wait "$UDEVD_PID" || true
	export UDEV_BIN=$T/no-such-udev
	start_udevd --workers=pool
	run send ACTION=add DEVPATH=/devices/w3 SEQNUM=3 tty
	[ "$status" -eq 18 ]
	! grep -q 'does not speak' "$T/udevd.log" || false
}

# ---- 5: monitor subscriptions end with their subscriber ------------------------

# squat OUT NAME...: nobody binds the abstract NAMEs and writes what arrives to OUT
squat() {
	local out=$1
	shift
	# exec: SQUAT_PID is python itself (a backgrounded function would be a
	# subshell, and killing it left the squatter running after the test)
	(exec nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup \
		--clear-groups /usr/bin/python3 -c '
import socket, sys, time
out = open(sys.argv[1], "ab")
socks = []
for n in sys.argv[2:]:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(b"\0" + n.encode())
    s.settimeout(0.05)
    socks.append(s)
open(sys.argv[1] + ".ready", "w").close()
while True:
    for s in socks:
        try:
            out.write(s.recv(70000))
            out.flush()
        except socket.timeout:
            pass
' "$out" "$@") </dev/null >/dev/null 2>"$out.err" 3>&- &
	SQUAT_PID=$!
	wait_for test -e "$out.ready"
}

# abstract_names PID: the abstract names of PID's sockets (without the @)
abstract_names() {
	local inodes
	inodes=$(ls -l "/proc/$1/fd" | grep -o 'socket:\[[0-9]*\]' | tr -dc '0-9\n')
	in_ns awk -v list="$(echo $inodes)" '
		BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i++) want[a[i]] = 1 }
		$7 in want && $8 ~ /^@/ { print substr($8, 2) }' /proc/net/unix
}

start_monitor_ns() {
	nsenter --net="/proc/$NS_PID/ns/net" "$BIN/udevmonitor" --udev --env \
		</dev/null >"$T/mon.log" 2>&1 3>&- &
	MON_PID=$!
	wait_for grep -q 'monitor subscribed' "$T/udevd.log"
}

@test "trust 5: after udevmonitor exits, nobody binding its name receives no event" {
	export UDEV_BIN=$TOP/test/fake-udev
	start_udevd --workers=fork
	start_monitor_ns
	# (named the event's own: a caller's variable is not monitored otherwise)
	run send ACTION=add DEVPATH=/devices/m1 SEQNUM=1 SECRET=seen-by-root UDEVSEND_EVENT_KEYS=SECRET tty
	[ "$status" -eq 0 ]
	wait_for grep -q '^SECRET=seen-by-root$' "$T/mon.log"
	names=$(abstract_names "$MON_PID")
	echo "udevmonitor's names: $names"
	[ -n "$names" ]
	kill "$MON_PID"; wait "$MON_PID" || true
	# nobody takes the names the moment udevmonitor is gone
	nobody_dir "$T/out"
	# shellcheck disable=SC2086
	squat "$T/out/squat" $names
	run send ACTION=add DEVPATH=/devices/m2 SEQNUM=2 SECRET=for-root-only UDEVSEND_EVENT_KEYS=SECRET tty
	[ "$status" -eq 0 ]
	run send ACTION=add DEVPATH=/devices/m3 SEQNUM=3 SECRET=for-root-only UDEVSEND_EVENT_KEYS=SECRET tty
	[ "$status" -eq 0 ]
	sleep 0.5
	kill "$SQUAT_PID"
	cat "$T/out/squat.err"
	! grep -qa 'for-root-only' "$T/out/squat" || false
	grep -q 'monitor gone (0 left)' "$T/udevd.log"
}

@test "trust 5: a non-root process cannot subscribe, nor leave descriptors in udevd" {
	export UDEV_BIN=$TOP/test/fake-udev
	start_udevd --workers=fork
	# nobody's udevmonitor, asking again and again, while root's sees an event
	nsenter --net="/proc/$NS_PID/ns/net" setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$BIN/udevmonitor" --udev --env </dev/null >"$T/nobody-mon.log" 2>&1 3>&- &
	NOBODY_MON_PID=$!
	wait_for grep -q 'refused the monitor subscription' "$T/nobody-mon.log" ||
		wait_for grep -q 'monitor subscribed' "$T/udevd.log"
	start_monitor_ns
	run send ACTION=add DEVPATH=/devices/m1 SEQNUM=1 SECRET=for-root-only UDEVSEND_EVENT_KEYS=SECRET tty
	[ "$status" -eq 0 ]
	wait_for grep -q '^SECRET=for-root-only$' "$T/mon.log"
	sleep 0.5
	kill "$NOBODY_MON_PID"
	cat "$T/nobody-mon.log"
	# what nobody's monitor received: no event
	! grep -q 'for-root-only' "$T/nobody-mon.log" || false
	! grep -q '^UDEV\[' "$T/nobody-mon.log" || false
	[ "$(grep -c 'monitor subscribed' "$T/udevd.log")" -eq 1 ]
	before=$(ls "/proc/$UDEVD_PID/fd" | wc -l)
	# 50 messages from nobody, each passing 8 descriptors
	nobody /usr/bin/python3 -c '
import array, os, socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(b"")
fds = array.array("i", [fd for _ in range(4) for fd in os.pipe()])
for i in range(50):
    s.sendmsg([b"x" * 64], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)], 0,
              b"\0" + sys.argv[1].encode())
' "$UDEVD_SOCKET"
	run send ACTION=add DEVPATH=/devices/fd1 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	after=$(ls "/proc/$UDEVD_PID/fd" | wc -l)
	echo "udevd's descriptors: $before before, $after after"
	[ "$after" -le "$before" ]
}

# ---- 9: the variables udevd sets are believed only from udevd ------------------

# dump_run: a RUN program that keeps what it got of the variables udevd
# sets, one "KEY=value" line each, in $T/out/run.$SEQNUM
dump_run() {
	nobody_dir "$T/out"
	printf '#!/bin/sh\nenv | grep -E "^UDEVD_(LATE|EVENT|EVENT_SOURCE|RESCAN)=" | sort >%s/out/run.$SEQNUM\n' \
		"$T" >"$T/dump-run"
	chmod 755 "$T/dump-run"
}

# send_raw SEQNUM VAR=value...: an event from a root process that is not
# udevsend (which sends no event with UDEVD_EVENT or UDEVD_EVENT_SOURCE),
# with the test's udev.conf and sysfs; prints dgram.py's "ack SEQ RC ARG"
send_raw() {
	local seq=$1 kv args=()
	shift
	for kv in ACTION=add SUBSYSTEM=tty SEQNUM="$seq" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" \
		SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 "$@"; do
		args+=(--env "$kv")
	done
	in_ns $DGRAM send --seqnum "$seq" --flags 1 --timeout 20 "${args[@]}"
}

@test "trust 9: a UDEVD_LATE that comes with an event is not believed: its node is made, through udevd and without it" {
	dump_run
	rules "KERNEL==\"ttyZ9\", RUN+=\"$T/dump-run\""
	start_udevd
	# a device sysfs does not list (gone, or a test tree without it), with
	# the kernel's MAJOR and MINOR: udev makes its node unless the event is
	# "late", which udevd says when a newer event of the device ran first
	run send ACTION=add DEVPATH=/class/tty/ttyZ9 MAJOR=4 MINOR=99 SEQNUM=7 UDEVD_LATE=6 tty
	echo "udevsend: $status $output"
	[ "$status" -eq 0 ]
	[ -c "$T/dev/ttyZ9" ] || { echo "no node: the event was believed late"; return 1; }
	cat "$T/out/run.7"
	[ "$(cat "$T/out/run.7")" = UDEVD_EVENT=1 ]
	grep -q 'seqnum 7 /class/tty/ttyZ9: UDEVD_LATE in its environment dropped' "$T/udevd.log"
	# no udevd: udevsend runs udev itself, which believes no UDEVD_LATE then
	stop_udevd
	rm "$T/dev/ttyZ9"
	run send ACTION=add DEVPATH=/class/tty/ttyZ9 MAJOR=4 MINOR=99 SEQNUM=8 UDEVD_LATE=6 tty
	echo "udevsend: $status $output"
	[ "$status" -eq 0 ]
	[ -c "$T/dev/ttyZ9" ] || { echo "no node: udev alone believed UDEVD_LATE"; return 1; }
}

@test "trust 9: a UDEVD_EVENT that comes with an event is udevd's: ENV{UDEVD_EVENT}==\"1\" matches, RUN gets one" {
	dump_run
	# the shipped rules run hotplug.d for udevd's events by this match
	rules "ENV{UDEVD_EVENT}==\"1\", KERNEL==\"ttyZ9\", RUN+=\"$T/dump-run\""
	start_udevd
	run send_raw 7 DEVPATH=/class/tty/ttyZ9 MAJOR=4 MINOR=99 UDEVD_EVENT=0
	echo "$output"
	[ "$output" = "ack 7 0 0" ]
	[ -f "$T/out/run.7" ] || { echo "ENV{UDEVD_EVENT}==\"1\" did not match"; return 1; }
	cat "$T/out/run.7"
	[ "$(cat "$T/out/run.7")" = UDEVD_EVENT=1 ]
}

@test "trust 9: a UDEVD_EVENT_SOURCE that comes with an event is dropped: the event is no netlink one for the rules" {
	dump_run
	# the shipped rules run hotplug.d for netlink and rescan events by this
	# match: an event udevsend sent would have its scripts run twice
	rules "KERNEL==\"ttyZ9\", RUN+=\"$T/dump-run\"
ENV{UDEVD_EVENT_SOURCE}==\"?*\", RUN+=\"/bin/touch $T/out/source-believed\""
	start_udevd
	run send_raw 7 DEVPATH=/class/tty/ttyZ9 MAJOR=4 MINOR=99 UDEVD_EVENT_SOURCE=netlink
	echo "$output"
	[ "$output" = "ack 7 0 0" ]
	cat "$T/out/run.7"
	[ ! -e "$T/out/source-believed" ]
	[ "$(cat "$T/out/run.7")" = UDEVD_EVENT=1 ]
	grep -q 'seqnum 7 /class/tty/ttyZ9: UDEVD_EVENT_SOURCE in its environment dropped' "$T/udevd.log"
}

@test "trust 9: a UDEVD_RESCAN that comes with an event (udevsend forwards it) does not reach udev's programs" {
	dump_run
	rules "KERNEL==\"ttyZ9\", RUN+=\"$T/dump-run\""
	start_udevd
	run send ACTION=add DEVPATH=/class/tty/ttyZ9 MAJOR=4 MINOR=99 SEQNUM=7 UDEVD_RESCAN=1 tty
	echo "udevsend: $status $output"
	[ "$status" -eq 0 ]
	cat "$T/out/run.7"
	[ "$(cat "$T/out/run.7")" = UDEVD_EVENT=1 ]
	grep -q 'seqnum 7 /class/tty/ttyZ9: UDEVD_RESCAN in its environment dropped' "$T/udevd.log"
}

# ---- 10: temporary names in a sticky directory ---------------------------------

@test "trust 10: temporary names nobody took first in a sticky /dev/shm (as directories) stop neither the node nor the link it replaces" {
	unshare -p -f --kill-child true 2>/dev/null || skip "unshare -p does not work here"
	hostile_tty
	mkdir -p "$T/dev/shm"
	nobody_dir "$T/dev/shm"
	rules 'KERNEL=="ttyH0", NAME="shm/node", SYMLINK+="shm/link"'
	# root's link and node of an earlier device: replaced through temporary
	# names (a free name gets its node in place, with no temporary name)
	ln -s old "$T/dev/shm/link"
	mknod -m 600 "$T/dev/shm/node" c 1 3
	# udev runs as pid 1 of a pid namespace of its own, so the test knows
	# its temporary names (elsewhere nobody makes them for the next pids)
	# and nobody makes them first, as directories, which no unlink removes
	nobody mkdir "$T/dev/shm/node.udev-tmp-1" "$T/dev/shm/link.udev-tmp-1"
	run timeout -s KILL 20 unshare -p -f --kill-child env ACTION=add DEVPATH=/class/tty/ttyH0 \
		SUBSYSTEM=tty SEQNUM=1 UDEV_LOG=info "$BIN/udev" tty
	echo "udev: $status $output"
	ls -la "$T/dev/shm"
	[ "$status" -eq 0 ]
	[ "$(stat -c '%F %t:%T %U' "$T/dev/shm/node")" = "character special file 4:46 root" ]
	[ "$(readlink "$T/dev/shm/link")" = node ]
	[[ "$output" == *"node.udev-tmp-1 is in the way"* ]]
	# nobody's entries are left as they were, and nothing else is there
	[ -d "$T/dev/shm/node.udev-tmp-1" ]
	[ -d "$T/dev/shm/link.udev-tmp-1" ]
	[ "$(ls -A "$T/dev/shm" | wc -l)" -eq 4 ]
}
