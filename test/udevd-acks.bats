#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# No ack is ever dropped (docs/protocol.md, "Acks that find the socket
# busy"): helpers that read late, the status question ("is N done, with
# which code?"), and what other users can do to root's acks: nothing, be
# it hundreds of non-reading senders or a squatter of the name.

load lib
load udevd-lib

setup() { udevd_setup; BG= NS_PID=; }
teardown() {
	[ -z "$BG" ] || kill $BG 2>/dev/null || true
	udevd_teardown
	[ -z "$NS_PID" ] || kill "$NS_PID" 2>/dev/null || true
}

SLOW_READERS="python3 $TOP/test/tools/slow-readers.py"
HOSTILE="/usr/bin/python3 $TOP/test/tools/hostile.py"
NOBODY="setpriv --reuid nobody --regid nogroup --clear-groups"

# msgs_traced: what the traced udevd received and sent (test/tools/strace-msgs.py)
msgs_traced() { python3 "$TOP/test/tools/strace-msgs.py" "$T/trace.log"; }

@test "acks: 400 helpers that read their ack late (stopped until every event ran) all exit with their event's code" {
	command -v strace >/dev/null || skip "no strace"
	# a send buffer of 64 KiB holds ~80 acks: the rest must be kept and sent later
	UDEVD_SNDBUF=32768 start_udevd --max-childs=8
	# every message udevd takes and every ack it sends, to count them
	strace -qq -p "$UDEVD_PID" -xx -s 48 -e trace=recvmsg,sendto -o "$T/trace.log" &
	BG=$!
	wait_for eval '! grep -q "^TracerPid:[[:space:]]*0$" "/proc/$UDEVD_PID/status"'
	# under the sanitizers each helper's leak scan at exit costs ~60 ms of
	# CPU (3x its whole run): 400 continued at once on 2 CPUs took 16-22 s
	# to exit with their acks already read. udevd keeps its leak check; the
	# helpers' is covered by every other test.
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
		UDEVSEND_ACK_TIMEOUT=60 run timeout 300 $SLOW_READERS "$BIN/udevsend" 400 1 20
	echo "$output"
	[ "$status" -eq 0 ]
	# the last kept ones go (or find their helper gone) on udevd's next turn
	wait_for grep -q "every kept reply sent" "$T/udevd.log" || :
	kill -INT $BG; wait $BG || true; BG=
	# what the helpers see: each event went to udevd once (no helper had to
	# send it again), and udevd sent each helper its ack: delivered, or
	# found its helper gone after its status question brought the result;
	# an ack dropped on a full socket has only its EAGAIN here
	msgs_traced >"$T/msgs"
	[ "$(awk '$1 == "recv" && $2 == 1 { print $4 }' "$T/msgs" | sort -n | uniq -c |
		awk '$1 == 1' | wc -l)" -eq 400 ]
	awk '$1 == "send" && $2 == 2 && $3 == 1 && ($5 == "ok" || $5 == "ECONNREFUSED") { print $4 }' \
		"$T/msgs" | sort -nu >"$T/acked"
	seq 1 400 | diff - "$T/acked" | grep '^[<>]' | head -5 | sed 's/^. /no ack sent to seqnum /'
	[ "$(wc -l <"$T/acked")" -eq 400 ]
	grep -q "socket busy: keeping replies" "$T/udevd.log"
	grep -q "every kept reply sent" "$T/udevd.log"
	# a kept ack may find its helper gone ("its receiver is gone"), never a
	# full socket
	! grep -q "not delivered" "$T/udevd.log" || false
}

@test "acks: a client that reads none of its 40 acks until every event ran, and never asks, gets each (kept by udevd)" {
	# one socket: its queue holds 11 datagrams (net.unix.max_dgram_qlen 10,
	# set in the test's own network namespace: a machine may have 4096), so
	# udevd must keep 29 acks and send them as the client reads; with no
	# status question, nothing else can bring a client its result
	netns_start
	in_ns sh -c 'echo 10 >/proc/sys/net/unix/max_dgram_qlen'
	start_udevd --max-childs=8
	run timeout 120 $(udevd_in) $DGRAM late --count 40 --seqnum 1 --wait 60
	echo "$output"
	[ "$status" -ne 124 ] || { echo "not done within 120 s"; return 1; }
	[ "$status" -eq 0 ]
	[[ "$output" == *"acks 40 of 40, wrong 0"* ]]
	grep -q "socket busy: keeping replies" "$T/udevd.log"
}

# traced_sends CALLS N: the test's udevd traced (strace -e trace=CALLS into
# $T/trace.log) while N events are sent, one after the other; all ended
traced_sends() {
	local i
	strace -qq -p "$UDEVD_PID" -e trace="$1" -o "$T/trace.log" &
	BG=$!
	wait_for eval '! grep -q "^TracerPid:[[:space:]]*0$" "/proc/$UDEVD_PID/status"'
	for i in $(seq 1 "$2"); do
		send_event SEQNUM=$i DEVPATH=/devices/q$i
	done
	kill -INT $BG; wait $BG || true; BG=
	[ "$(ended_count)" -eq "$2" ]
}

@test "acks: udevd asks how full its socket is (SIOCOUTQ) once per dozens of acks, not per ack" {
	command -v strace >/dev/null || skip "no strace"
	start_udevd
	traced_sends ioctl 60
	# each ack adds at most 2 KiB to the queue (768 bytes here): one answer
	# covers every ack that cannot reach 3/4 of the buffer even if no one read
	n=$(grep -cE 'ioctl\([0-9]+, (TIOCOUTQ|SIOCOUTQ|0x5411)' "$T/trace.log" || :)
	echo "SIOCOUTQ asked $n times for 60 acks"
	[ "$n" -ge 1 ]
	[ "$n" -le 3 ]
}

@test "acks: udevd reads the clock twice a turn and where an event needs it, not at every step (klibc: each reading is a system call)" {
	command -v strace >/dev/null || skip "no strace"
	start_udevd
	traced_sends times,clock_gettime,gettimeofday 60
	n=$(grep -cE '^(times|clock_gettime|gettimeofday)\(' "$T/trace.log" || :)
	echo "the clock read $n times for 60 events"
	# glibc, musl and dietlibc read it in the vDSO: no system call to count
	[ "$n" -gt 0 ] || skip "this build reads the clock without a system call"
	# each event: the status question's turn, the event's, its result's
	# (two readings each), its arrival, its worker's idle time and its log
	# line; before, every step of a turn read it again (15 an event)
	[ "$n" -le $((60 * 10)) ]
}

@test "acks: the status question answers done (with the code), pending, or unknown" {
	start_udevd
	# an event whose ack cannot be delivered (its sender has no address)
	run $DGRAM send --no-bind --seqnum 30 --flags 1 --env ACTION=add \
		--env DEVPATH=/devices/lost --env SUBSYSTEM=test --env SEQNUM=30 \
		--env FAKE_UDEV_LOG="$FAKE_UDEV_LOG" --env FAKE_UDEV_EXIT=6
	wait_for grep -q '^end 30 ' "$FAKE_UDEV_LOG"
	# flags: 1 SEQNUM | 2 status answer | 4 pending | 8 done
	run $DGRAM send --type 12 --seqnum 30 --flags 3
	[ "$output" = "ack 30 6 0 flags 11" ]
	send_bg 31 SEQNUM=31 DEVPATH=/devices/slow FAKE_UDEV_SLEEP=3
	wait_for grep -q '^start 31 ' "$FAKE_UDEV_LOG"
	run $DGRAM send --type 12 --seqnum 31 --flags 1
	[ "$output" = "ack 31 0 1 flags 7" ]
	run $DGRAM send --type 12 --seqnum 99 --flags 1
	[ "$output" = "ack 99 0 1 flags 3" ]
	[ "$(rc_of 31)" = 0 ]
	# another user's question is refused like any control message
	run $DGRAM send --nobody --type 12 --seqnum 30 --flags 1
	[ "$output" = "ack 30 17 0 flags 1" ]
}

@test "acks: a helper whose ack is lost learns its result from its probe, long before its timeout" {
	# a stand-in udevd that never acks, and answers probes "done, rc 5"
	$DGRAM hold --held 1 --seconds 1 --lose-ack 5 --ready "$T/ready" >"$T/probes" &
	BG=$!
	wait_for test -s "$T/ready"
	t0=$SECONDS
	UDEVSEND_ACK_TIMEOUT=60 run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 5 ]
	[ $((SECONDS - t0)) -lt 10 ]
}

@test "trust: 300 nobody sockets that send junk and never read cannot delay root's acks, probes or replies" {
	start_udevd
	# ~3,600 refusals nobody reads: before, they filled udevd's send buffer
	$NOBODY $HOSTILE hoard --sockets 300 --per 12 \
		</dev/null >"$T/hoard" 2>&1 3>&- &
	BG=$!
	WAIT_TIMEOUT=60 wait_for grep -q sent "$T/hoard"
	cat "$T/hoard"
	t0=$SECONDS
	# each runs 3 s, so its helper probes (every 2 s) and must get answers
	for s in 1 2 3 4 5 6; do
		UDEVSEND_ACK_TIMEOUT=10 send_bg $s SEQNUM=$s DEVPATH=/devices/d$s \
			FAKE_UDEV_SLEEP=3 FAKE_UDEV_EXIT=$s
	done
	run timeout 20 "$BIN/udevcontrol" max_childs=8
	[ "$status" -eq 0 ]
	run timeout 20 "$BIN/udevsettle" --timeout=15
	[ "$status" -eq 0 ]
	for s in 1 2 3 4 5 6; do [ "$(rc_of $s)" = "$s" ]; done
	[ $((SECONDS - t0)) -lt 12 ]
	! grep -q "not delivered" "$T/udevd.log"
}

# The real name "udevd" in a private network namespace, squatted by nobody.
squat_scenario() {
	cat >"$T/scenario" <<-EOF
	unset UDEVD_SOCKET
	$NOBODY $HOSTILE squat $1 </dev/null >"$T/squat" 2>&1 &
	sq=\$!
	for i in \$(seq 100); do grep -q ready "$T/squat" && break; sleep 0.05; done
	"$BIN/udevd" 2>&1
	echo "udevd rc \$?"
	t0=\$(date +%s%N)
	env -i PATH="$PATH" UDEV_BIN="$UDEV_BIN" UDEVD_BIN="$BIN/udevd" UDEVD_LOCK_DIR="$T" \\
		FAKE_UDEV_LOG="$FAKE_UDEV_LOG" UDEVSEND_ACK_TIMEOUT=20 ACTION=add \\
		SEQNUM=10 DEVPATH=/devices/sq SUBSYSTEM=test FAKE_UDEV_EXIT=4 "$BIN/udevsend" test
	echo "udevsend rc \$? after \$(( (\$(date +%s%N) - t0) / 1000000 )) ms"
	kill \$sq
	EOF
	unshare -n bash "$T/scenario"
}

# Silent or answering, the squatter holds no name lock: udevd says so and
# exits 3, udevsend runs udev at once (the name lock's grace, 10 ms, not the
# 5 s it once waited for an answer), and neither asks the squatter anything.
squat_check() {
	echo "$output"
	[[ "$output" == *"socket @udevd is held by a process that is not a udevd of root"* ]]
	[[ "$output" == *"udevd rc 3"* ]]
	ms=$(echo "$output" | sed -n 's/^udevsend rc 4 after \([0-9]*\) ms$/\1/p')
	[ -n "$ms" ]
	[ "$ms" -lt 1000 ]
	[ "$(ended_count)" -eq 1 ]
	! grep -q '^got ' "$T/squat" || false
}

@test "trust: a silent nobody squatter of the name: udevd exits 3 saying so, udevsend runs udev at once" {
	run squat_scenario ""
	squat_check
}

@test "trust: an answering nobody squatter of the name: udevsend runs udev at once" {
	run squat_scenario --answer
	squat_check
}
