#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Logging to syslog when stderr leads nowhere (docs/conventions.md): udev's
# errors under `udevd --daemon`, with udev's SEQNUM and DEVPATH; udev_log of
# udev.conf in udevd; `udevcontrol log_priority` reaching udev in both of
# udevd's modes; udevsend's line for an event it lost. Each test has a
# private /dev (a mount namespace) whose /dev/log is a real busybox syslogd
# writing $T/syslog, and its own pid namespace, so that the daemon ends with
# the test.

load udev-lib

setup() {
	udev_setup
	command -v busybox >/dev/null || skip "no busybox (tools/install-deps.sh check)"
	command -v unshare >/dev/null || skip "no unshare"
	: >"$T/syslog"
	export BIN T
}

# in_dev_ns SCRIPT: runs SCRIPT (bash) with a private /dev holding null and log
# (our syslogd); every process it leaves is killed when it ends. /proc is the
# namespace's own: udevd reads its children's /proc/PID/stat, and a sanitizer
# build's leak check reads /proc/PID/task, by the namespace's pids (with the
# machine's /proc, a pid missing there made every ASan udev exit 1).
in_dev_ns() {
	unshare -m -p -f bash -c '
		set -e
		mount -t proc proc /proc
		mount -t tmpfs tmpfs /dev
		mknod -m 666 /dev/null c 1 3
		busybox syslogd -n -O "$T/syslog" &
		for i in $(seq 100); do [ -S /dev/log ] && break; sleep 0.05; done
		set +e
		'"$1"'
		sleep 0.3   # syslogd writes what it has before the namespace ends
	'
}

# syslog_has PATTERN: waits up to 5 s for PATTERN (grep -E) in $T/syslog
syslog_has() {
	WAIT_TIMEOUT=5 wait_for grep -Eq "$1" "$T/syslog" ||
		{ echo "not in syslog: $1"; cat "$T/syslog"; return 1; }
}

# send SEQNUM DEVPATH: udevsend for an add of a tty, as the kernel runs it
send_script='send() {
	env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEVD_BIN=/nonexistent \
		UDEV_BIN="$BIN/udev" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" \
		SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 ACTION=add SEQNUM=$1 \
		DEVPATH=$2 SUBSYSTEM=tty "$BIN/udevsend" tty 0<&- 1>&- 2>&-
	echo "rc $1 $?" >>"$T/rc"
}
start() {
	UDEV_BIN="$BIN/udev" "$BIN/udevd" --daemon "$@" </dev/null >/dev/null 2>&1
	for i in $(seq 100); do grep -q " @$UDEVD_SOCKET\$" /proc/net/unix && break; sleep 0.05; done
}'

@test "syslog: under udevd --daemon, udev's errors reach syslog with program, SEQNUM and DEVPATH" {
	# (an unknown group is a logged error; the event goes on as root's)
	rules 'KERNEL=="ttyS0", GROUP="no-such-group-x"
KERNEL=="ttyUSB0", NAME="x" BOGUS'
	in_dev_ns "$send_script"'
		start --workers=pool
		send 21 /class/tty/ttyS0
		send 22 /class/tty/ttyUSB0'
	cat "$T/rc"
	grep -q "^rc 21 " "$T/rc"
	syslog_has "udev\[[0-9]+\]: seq 21 /class/tty/ttyS0: .*no-such-group-x"
	# the rules syntax error, with its file and line
	syslog_has "udev\[[0-9]+\]: seq 2[12] /class/tty/tty[A-Z0-9]+: .*50-test.rules:2: "
}

@test "syslog: udevd honours udev_log of udev.conf" {
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	echo 'udev_log="info"' >>"$T/udev.conf"
	in_dev_ns "$send_script"'
		start
		send 5 /class/tty/ttyS0'
	grep -qx "rc 5 0" "$T/rc"
	syslog_has "udevd\[[0-9]+\]: listening on @$UDEVD_SOCKET"
	syslog_has "udevd\[[0-9]+\]: .*seqnum 5 add /class/tty/ttyS0: rc 0"
	# at the default level (err) the same run says nothing
	sed -i '/udev_log/d' "$T/udev.conf"
	: >"$T/syslog"
	in_dev_ns "$send_script"'
		start
		send 6 /class/tty/ttyS0'
	! grep -q "udevd\[" "$T/syslog"
}

# log_priority_reaches MODE: before the control udev says nothing at debug
# level; after it, udev's debug lines are in syslog
log_priority_reaches() {
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	in_dev_ns "$send_script"'
		start --workers='"$1"'
		send 1 /class/tty/ttyS0
		"$BIN/udevcontrol" log_priority=debug
		send 2 /class/tty/ttyS0'
	grep -qx "rc 1 0" "$T/rc"
	grep -qx "rc 2 0" "$T/rc"
	syslog_has "udev\[[0-9]+\]: seq 2 /class/tty/ttyS0: add /class/tty/ttyS0 \(tty\)"
	! grep -q "udev\[[0-9]*\]: seq 1 " "$T/syslog" || false
	syslog_has "udevd\[[0-9]+\]: control message log_priority=7 accepted"
}

@test "syslog: udevcontrol log_priority reaches udev (worker pool)" {
	log_priority_reaches pool
}

@test "syslog: udevcontrol log_priority reaches udev (fork mode)" {
	log_priority_reaches fork
}

@test "syslog: a tool whose stderr leads nowhere logs there; on a pipe it does not" {
	in_dev_ns '
		UDEV_CONFIG_FILE=$T/none.conf "$BIN/udevinfo" -r 2>/dev/null
		UDEV_CONFIG_FILE=$T/none.conf "$BIN/udevtest" /class/tty/ttyS0 2>&-
		UDEV_CONFIG_FILE=$T/none.conf "$BIN/udevstart" 2>&1 | cat >"$T/piped"'
	syslog_has "udevinfo\[[0-9]+\]: cannot read $T/none.conf"
	syslog_has "udevtest\[[0-9]+\]: cannot read $T/none.conf"
	grep -q "udevstart: err: cannot read $T/none.conf" "$T/piped"
	! grep -q "udevstart\[" "$T/syslog"
}

# lost SEQNUM: udevsend as the kernel runs it (fds closed), with no udevd to
# reach or start and no udev to run
lost_script='lost() {
	env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN=/nonexistent/udevd \
		UDEV_BIN=/nonexistent/udev ACTION=add SEQNUM=$1 DEVPATH=/class/tty/ttyS$1 \
		SUBSYSTEM=tty "$BIN/udevsend" tty 0<&- 1>&- 2>&-
	echo "rc $1 $?" >>"$T/rc"
}'

@test "syslog: an event udevsend cannot deliver nor run leaves a line naming udev's path, once per storm" {
	in_dev_ns "$lost_script"'
		lost 6
		pids=""
		for i in 7 8 9 10 11; do lost $i & pids="$pids $!"; done
		wait $pids
		ls -l /dev/.udevsend-lost >"$T/stamp"'
	cat "$T/rc"
	[ "$(grep -c " 18$" "$T/rc")" = 6 ]
	syslog_has "udevsend: error: cannot run /nonexistent/udev, no udevd: lost /class/tty/ttyS6\$"
	# the storm that followed within 10 s: not a line each
	[ "$(grep -c "udevsend: error" "$T/syslog")" = 1 ]
	grep -q "^-rw-------" "$T/stamp"
	# ...and 10 s after the last line the next loss is logged again
	: >"$T/syslog"
	in_dev_ns "$lost_script"'
		lost 12
		lost 13
		touch -d "-11 seconds" /dev/.udevsend-lost
		lost 14'
	syslog_has "lost /class/tty/ttyS14\$"
	grep -q "lost /class/tty/ttyS12\$" "$T/syslog"
	! grep -q "lost /class/tty/ttyS13\$" "$T/syslog" || false
}

@test "syslog: a lost event's line never waits for a stopped syslogd" {
	in_dev_ns "$lost_script"'
		kill -STOP %1
		start=$(date +%s)
		# each finds no stamp: 40 lines for a queue of 10
		for i in $(seq 40); do rm -f /dev/.udevsend-lost; lost $i; done
		echo $(( $(date +%s) - start )) >"$T/secs"
		kill -CONT %1'
	[ "$(grep -c " 18$" "$T/rc")" = 40 ]
	# (a send that waited would wait for ever: the bound leaves room for load)
	[ "$(cat "$T/secs")" -lt 30 ]
}

@test "udevsend: a lost event says so on a terminal or pipe, and not to syslog" {
	run env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_BIN=/nonexistent/udevd \
		UDEV_BIN=/nonexistent/udev ACTION=add SEQNUM=6 DEVPATH=/class/tty/ttyS0 \
		SUBSYSTEM=tty "$BIN/udevsend" tty
	[ "$status" = 18 ]
	[ "$output" = "udevsend: error: cannot run /nonexistent/udev, no udevd: lost /class/tty/ttyS0" ]
}

@test "syslog: udevd --daemon's start-up error reaches syslog and stderr, naming the other udevd" {
	in_dev_ns "$send_script"'
		start
		UDEV_BIN="$BIN/udev" "$BIN/udevd" --daemon </dev/null >/dev/null 2>"$T/stderr"
		echo "rc $?" >>"$T/rc"
		pgrep -x udevd >"$T/pid"'
	cat "$T/rc" "$T/stderr"
	grep -qx "rc 2" "$T/rc"
	syslog_has "udevd\[[0-9]+\]: another udevd already listens on socket @$UDEVD_SOCKET \(pid $(cat "$T/pid"): stop it"
	# before it detaches, the daemon says it where early boot can see it
	grep -q "^udevd: err: another udevd already listens on socket @$UDEVD_SOCKET (pid $(cat "$T/pid"): " "$T/stderr"
	[ "$(wc -l <"$T/stderr")" = 1 ]
}

@test "udevd --daemon: a tmpfs /dev mounted without mode= stops it, saying so on stderr with the fix" {
	# in_dev_ns's /dev is such a tmpfs (mode 1777)
	in_dev_ns '
		UDEVD_LOCK_DIR=/dev UDEV_BIN="$BIN/udev" "$BIN/udevd" --daemon </dev/null >/dev/null 2>"$T/stderr"
		echo "rc $?" >>"$T/rc"'
	cat "$T/rc" "$T/stderr"
	grep -qx "rc 4" "$T/rc"
	grep -q "^udevd: err: name lock /dev/.$UDEVD_SOCKET.lock: its folder is not root's alone: .* (/dev is owned by uid 0, mode 1777: .*chmod go-w /dev, or mount a tmpfs /dev with mode=0755)\$" "$T/stderr"
	syslog_has "udevd\[[0-9]+\]: name lock /dev/.$UDEVD_SOCKET.lock: its folder is not root's alone"
}

# every_event_logs MODE: three events in one udevd, each with a rule error
# line; each event's line reaches syslog. A pool worker used to close the
# logger's socket between events as a stray descriptor and then lose a line
# on the closed (or reused) number.
every_event_logs() {
	rules 'KERNEL=="ttyS0", GROUP="no-such-group-a"
KERNEL=="tty1", GROUP="no-such-group-b"
KERNEL=="ttyUSB0", GROUP="no-such-group-c"'
	in_dev_ns "$send_script"'
		start --workers='"$1"' --max-childs=1
		send 31 /class/tty/ttyS0
		send 32 /class/tty/tty1
		send 33 /class/tty/ttyUSB0'
	cat "$T/rc"
	[ "$(grep -c "^rc 3[123] 0\$" "$T/rc")" = 3 ]
	syslog_has "seq 31 /class/tty/ttyS0: .*no-such-group-a"
	syslog_has "seq 32 /class/tty/tty1: .*no-such-group-b"
	syslog_has "seq 33 /class/tty/ttyUSB0: .*no-such-group-c"
}

@test "syslog: every event's error line arrives (worker pool)" {
	every_event_logs pool
}

@test "syslog: every event's error line arrives (fork mode)" {
	every_event_logs fork
}
