# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the event-path tests (udevd-*.bats): a udevd on this test's own
# socket name running test/fake-udev, events sent with a kernel-like
# environment, and readers for fake-udev's log.

load "${BASH_SOURCE[0]%/*}/lib"   # beside this file, wherever the test is

udevd_setup() {
	common_setup
	UDEV_BIN=$TOP/test/fake-udev
	FAKE_UDEV_LOG=$T/udev.log
	DGRAM="python3 $TOP/test/tools/dgram.py"
	# never the machine's /sbin/udevd: a test that wants autostart sets this
	UDEVD_BIN=$T/no-such-udevd
	# udevd reads the kernel's seqnum counter under SYSFS_PATH: none here
	# unless a test writes $T/sys/kernel/uevent_seqnum (udevd-gap.bats)
	SYSFS_PATH=$T/sys
	export UDEV_BIN FAKE_UDEV_LOG DGRAM UDEVD_BIN SYSFS_PATH
	unset UDEVD_MAX_CHILDS UDEVSEND_ACK_TIMEOUT
	: >"$FAKE_UDEV_LOG"
	UDEVD_PID=
}

udevd_teardown() {
	local p i pids=$UDEVD_PID
	# daemons started by udevsend: ours carry our socket name in their environment
	udevds_of_socket
	pids="$pids ${OF_SOCKET[*]}"
	[ -n "${pids// /}" ] || return 0
	# shellcheck disable=SC2086
	kill $pids 2>/dev/null
	for ((i = 0; i < 100; i++)); do
		# shellcheck disable=SC2086
		kill -0 $pids 2>/dev/null || return 0
		nap 0.1
	done
	# shellcheck disable=SC2086
	kill -KILL $pids 2>/dev/null
	return 0
}

# udevds_of_socket: OF_SOCKET, the pids of the processes named udevd (pgrep
# -x udevd) whose environment holds UDEVD_SOCKET=$UDEVD_SOCKET, found by
# bash alone (every test of udevd ends with it)
udevds_of_socket() {
	local f p comm var
	local -a env
	OF_SOCKET=()
	for f in /proc/[0-9]*/comm; do
		{ read -r comm <"$f"; } 2>/dev/null || continue
		[ "$comm" = udevd ] || continue
		p=${f#/proc/}
		p=${p%/comm}
		{ mapfile -d '' -t env <"/proc/$p/environ"; } 2>/dev/null || continue
		for var in "${env[@]}"; do
			[ "$var" != "UDEVD_SOCKET=$UDEVD_SOCKET" ] || { OF_SOCKET+=("$p"); break; }
		done
	done
}

# udevd_mode: the mode the udevds of this run use (make check runs the
# event-path tests in both: UDEVD_WORKERS=fork for the second pass)
udevd_mode() {
	echo "${UDEVD_WORKERS:-pool}"
}

# send_event VAR=value... : udevsend with only these variables (plus the test's
# socket, fake-udev's log, PATH), the way the kernel gives a small environment.
# The subsystem is "test", or SEND_SUBSYSTEM. SEND_TIMEOUT=SECS: udevsend is
# killed after SECS seconds (exit 124, timeout's); send_within says so.
send_event() {
	env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEV_BIN="$UDEV_BIN" \
		UDEVD_BIN="$UDEVD_BIN" ${UDEVSEND_ACK_TIMEOUT:+UDEVSEND_ACK_TIMEOUT=$UDEVSEND_ACK_TIMEOUT} \
		${UDEVD_WORKERS:+UDEVD_WORKERS=$UDEVD_WORKERS} \
		FAKE_UDEV_LOG="$FAKE_UDEV_LOG" ACTION=add "$@" \
		${SEND_TIMEOUT:+timeout -k 2 "$SEND_TIMEOUT"} "$BIN/udevsend" "${SEND_SUBSYSTEM:-test}"
}

# send_within SECS VAR=value... : send_event for a test whose promise is
# "given up within SECS s": a udevsend still waiting then is killed, and
# "udevsend still waiting after SECS s" is printed (status 124), so that a
# wait that never ends fails with a message instead of hanging the suite
send_within() {
	local secs=$1 rc=0
	shift
	SEND_TIMEOUT=$secs send_event "$@" || rc=$?
	[ "$rc" -ne 124 ] || echo "udevsend still waiting after $secs s"
	return "$rc"
}

# send_bg NAME VAR=value... : send_event in the background; exit code in $T/rc.NAME
send_bg() {
	local name=$1
	shift
	# bats runs with errexit: keep a failing udevsend from ending the subshell
	(rc=0; send_event "$@" || rc=$?; echo "$rc" >"$T/rc.$name") </dev/null >/dev/null 2>&1 3>&- &
}

# rc_count_is N: N send_bg have ended
rc_count_is() {
	local rc=("$T"/rc.*)
	[ -e "${rc[0]}" ] || rc=()
	[ "${#rc[@]}" -eq "$1" ]
}

# rc_of NAME: the exit code of a send_bg, once it is there
rc_of() {
	wait_for test -s "$T/rc.$1" || { echo "no rc for $1" >&2; return 1; }
	printf '%s\n' "$(<"$T/rc.$1")"
}

# started_seqnums: SEQNUMs in the order fake-udev started them
started_seqnums() {
	awk '$1 == "start" { print $2 }' "$FAKE_UDEV_LOG"
}

# ended_count: how many fake-udev runs finished
ended_count() {
	grep -c '^end ' "$FAKE_UDEV_LOG"
}

# max_overlap: the largest number of fake-udev runs at one time
max_overlap() {
	awk '{ print $6, ($1 == "start" ? 1 : -1) }' "$FAKE_UDEV_LOG" | sort -n -k1,1 -k2,2n |
		awk '{ n += $2; if (n > m) m = n } END { print m + 0 }'
}

# no_overlap SEQ...: the runs of these events never overlapped, in this order
no_overlap() {
	local prev_end=0 s st en
	for s in "$@"; do
		st=$(awk -v s="$s" '$1 == "start" && $2 == s { print $6 }' "$FAKE_UDEV_LOG")
		en=$(awk -v s="$s" '$1 == "end" && $2 == s { print $6 }' "$FAKE_UDEV_LOG")
		[ -n "$st" ] && [ -n "$en" ] || { echo "seqnum $s did not run" >&2; return 1; }
		awk -v a="$prev_end" -v b="$st" 'BEGIN { exit !(b >= a) }' ||
			{ echo "seqnum $s started at $st before $prev_end" >&2; return 1; }
		prev_end=$en
	done
}

# overlapped A B: the runs of events A and B overlapped in time
overlapped() {
	awk -v a="$1" -v b="$2" '
		$2 == a && $1 == "start" { as = $6 } $2 == a && $1 == "end" { ae = $6 }
		$2 == b && $1 == "start" { bs = $6 } $2 == b && $1 == "end" { be = $6 }
		END { exit !(as < be && bs < ae) }' "$FAKE_UDEV_LOG"
}

# queued_count: events udevd has logged as queued (needs --debug)
queued_count() {
	grep -c 'queued (' "$T/udevd.log"
}

# release_when_queued N: once udevd holds N queued events (after
# "udevcontrol stop_exec_queue"), let them all run at once
release_when_queued() {
	WAIT_TIMEOUT=60 wait_for test_queued_ge "$1"
	"$BIN/udevcontrol" start_exec_queue
}
test_queued_ge() { [ "$(queued_count)" -ge "$1" ]; }

# ack_ms N FIRST: the milliseconds N events in a row, seqnums FIRST on, take
# from send to ack; each must be acked 0
ack_ms() {
	local i t0=${EPOCHREALTIME/./}
	for ((i = $2; i < $2 + $1; i++)); do
		send_event SEQNUM=$i DEVPATH=/devices/ack$i || { echo "seqnum $i: rc $?"; return 1; }
	done
	echo $(( (${EPOCHREALTIME/./} - t0) / 1000 ))
}

# vmrss_kb PID: its resident memory
vmrss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

# flood_check SECONDS: nobody floods udevd's name with garbage for SECONDS,
# from a new socket every 500 datagrams, the last 256 kept open and never
# read; udevd's VmRSS (sampled each second) stays within 2 MiB of what it
# was before, and 20 acks to root take no longer after than twice before.
# A slow "after" is measured again, up to three times in all, the fastest
# counting: a lasting cost of the flood shows in each, another suite's
# moment of load on the machine (make check runs two files at a time) not.
flood_check() {
	local secs=$1 rss0 rss max=0 before after f again tries=1
	start_udevd
	send_event SEQNUM=1 DEVPATH=/devices/warm
	before=$(ack_ms 20 2) || { echo "$before"; return 1; }
	rss0=$(vmrss_kb "$UDEVD_PID")
	timeout -s KILL $((secs + 30)) python3 "$TOP/test/tools/hostile.py" flood --nobody \
		--count 0 --seconds "$secs" --rotate 500 >"$T/flood" 2>&1 &
	f=$!
	while kill -0 "$f" 2>/dev/null; do
		rss=$(vmrss_kb "$UDEVD_PID")
		[ "$rss" -le "$max" ] || max=$rss
		sleep 1
	done
	wait "$f" || { cat "$T/flood"; echo "the flood failed"; return 1; }
	# a pool worker that ended while idle: its new start is not the flood's cost
	send_event SEQNUM=22 DEVPATH=/devices/rewarm
	after=$(ack_ms 20 23) || { echo "$after"; return 1; }
	while [ "$after" -gt $((before * 2 + 200)) ] && [ "$tries" -lt 3 ]; do
		again=$(ack_ms 20 $((23 + 20 * tries))) || { echo "$again"; return 1; }
		echo "# 20 acks after the flood: $after ms, again $again ms" >&3
		[ "$again" -ge "$after" ] || after=$again
		tries=$((tries + 1))
	done
	echo "# flood: $(cat "$T/flood") in $secs s; VmRSS $rss0 kB before, at most $max kB;" \
		"20 acks took $before ms before, $after ms after" >&3
	kill -0 "$UDEVD_PID"
	[ "$max" -le $((rss0 + 2048)) ] || { echo "VmRSS grew from $rss0 to $max kB"; return 1; }
	[ "$after" -le $((before * 2 + 200)) ] || { echo "acks slower: $before -> $after ms"; return 1; }
	[ "$(ended_count)" -eq $((22 + 20 * tries)) ]
}
