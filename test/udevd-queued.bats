#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The "queued" answer (docs/protocol.md): a helper with nothing after it
# (the kernel's own, or hotplug's udevsend hook with no later script) goes
# once udevd holds its event in the journal and a newer such helper has come
# (the newest, the sentry, waits until the journal holds nothing unfinished);
# one with later scripts still waits for udev's code; a udevd killed with such
# events queued leaves them to the next udevd, which the sentry starts, and
# which runs each once, in SEQNUM order.

load lib
load udevd-lib

setup() { udevd_setup; JOURNAL=$T/.$UDEVD_SOCKET.queue; }
teardown() { udevd_teardown; }

# ended_ge N / ends_of_is SEQ N: for wait_for (read again each try)
ended_ge() { [ "$(ended_count)" -ge "$1" ]; }
ends_of_is() { [ "$(grep -c "^end $1 " "$FAKE_UDEV_LOG")" -eq "$2" ]; }

# kill_helpers: SIGKILL this test's udevsend processes (by their socket name)
kill_helpers() {
	local p
	for p in $(pgrep -x udevsend); do
		tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null |
			grep -qx "UDEVD_SOCKET=$UDEVD_SOCKET" && kill -KILL "$p"
	done
	return 0
}

# elapsed_ms T0: milliseconds since T0 (an ${EPOCHREALTIME/./})
elapsed_ms() { echo $(( (${EPOCHREALTIME/./} - $1) / 1000 )); }

# journal_has N: the journal holds N events or more (records of ends aside)
journal_has() { [ "$(grep -c "DEVPATH=" "$JOURNAL" 2>/dev/null)" -ge "$1" ]; }

@test "queued: the kernel's udevsend (UDEVSEND_WAIT=queued) exits 0 before its event runs once a newer one came; the newest waits for the journal to empty" {
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	send_bg 1 UDEVSEND_WAIT=queued SEQNUM=1 DEVPATH=/devices/q1
	wait_for journal_has 1
	# alone, the first is the sentry: it waits
	sleep 0.5
	[ ! -e "$T/rc.1" ]
	send_bg 2 UDEVSEND_WAIT=queued SEQNUM=2 DEVPATH=/devices/q2
	# the second takes its place: the first goes, its event not run
	[ "$(rc_of 1)" -eq 0 ]
	[ ! -e "$T/rc.2" ]
	[ ! -s "$FAKE_UDEV_LOG" ]
	[ -s "$JOURNAL" ]
	# its probes are answered "pending" while the journal holds events
	sleep 2.5
	[ ! -e "$T/rc.2" ]
	"$BIN/udevcontrol" start_exec_queue
	[ "$(rc_of 2)" -eq 0 ]
	[ "$(ended_count)" -eq 2 ]
	wait_for test ! -s "$JOURNAL"
	[ "$(stat -c '%u %a' "$JOURNAL")" = "0 600" ]
}

@test "queued: a helper that waits gets udev's own code: by default, UDEVSEND_WAIT=done, udevd --ack-when-done" {
	start_udevd
	run send_within 10 SEQNUM=1 DEVPATH=/devices/w1 FAKE_UDEV_EXIT=3 FAKE_UDEV_SLEEP=0.3
	echo "status $status: $output"
	[ "$status" -eq 3 ]
	run send_within 10 UDEVSEND_WAIT=done SEQNUM=2 DEVPATH=/devices/w2 FAKE_UDEV_EXIT=4
	echo "status $status: $output"
	[ "$status" -eq 4 ]
	# the queued answer is 0 (the sentry's too): udev's code is udevd's to log
	run send_within 10 UDEVSEND_WAIT=queued SEQNUM=3 DEVPATH=/devices/w3 FAKE_UDEV_EXIT=5 \
		FAKE_UDEV_SLEEP=0.5
	echo "status $status: $output"
	[ "$status" -eq 0 ]
	wait_for grep -q 'seqnum 3 add /devices/w3: rc 5' "$T/udevd.log"
	# an event without a SEQNUM always waits
	run send_within 10 UDEVSEND_WAIT=queued DEVPATH=/devices/w4 FAKE_UDEV_EXIT=6
	echo "status $status: $output"
	[ "$status" -eq 6 ]
	stop_udevd
	start_udevd --ack-when-done
	run send_within 10 UDEVSEND_WAIT=queued SEQNUM=5 DEVPATH=/devices/w5 FAKE_UDEV_EXIT=7
	echo "status $status: $output"
	[ "$status" -eq 7 ]
	[ ! -s "$JOURNAL" ]
}

# hotplug with 10-udev.hotplug -> udevsend (sent in-process) and a script
# of the subsystem after it that logs how many events had ended
hp_setup() {
	export HOTPLUG_DIR=$T/hotplug.d LOG=$T/log
	mkdir -p "$HOTPLUG_DIR/default" "$HOTPLUG_DIR/test"
	ln -s "$BIN/udevsend" "$HOTPLUG_DIR/default/10-udev.hotplug"
	printf '#!/bin/sh\ngrep -c "^end " "$FAKE_UDEV_LOG" >> "$LOG"\n' >"$HOTPLUG_DIR/test/50-after.hotplug"
	chmod 755 "$HOTPLUG_DIR/test/50-after.hotplug"
}

@test "queued: hotplug waits for udev when a script follows its udevsend hook, and goes first when none does" {
	hp_setup
	start_udevd
	UDEVSEND_WAIT=queued ACTION=add DEVPATH=/devices/h1 SEQNUM=1 FAKE_UDEV_SLEEP=1 \
		run timeout 10 "$BIN/hotplug" test
	echo "status $status: $output"
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = 1 ]
	# a later script of default/ counts too
	mv "$HOTPLUG_DIR/test/50-after.hotplug" "$HOTPLUG_DIR/default/zz-after.hotplug"
	UDEVSEND_WAIT=queued ACTION=add DEVPATH=/devices/h2 SEQNUM=2 FAKE_UDEV_SLEEP=1 \
		run timeout 10 "$BIN/hotplug" test
	echo "status $status: $output"
	[ "$status" -eq 0 ]
	[ "$(cat "$LOG")" = "$(printf '1\n2')" ]
	rm "$HOTPLUG_DIR/default/zz-after.hotplug"
	# no script after the hook: h3 goes once h4, newer, holds the watch
	"$BIN/udevcontrol" stop_exec_queue
	(UDEVSEND_WAIT=queued ACTION=add DEVPATH=/devices/h3 SEQNUM=3 \
		timeout 10 "$BIN/hotplug" test; echo $? >"$T/rc.h3") </dev/null >/dev/null 2>&1 3>&- &
	wait_for journal_has 1
	(UDEVSEND_WAIT=queued ACTION=add DEVPATH=/devices/h4 SEQNUM=4 \
		timeout 10 "$BIN/hotplug" test; echo $? >"$T/rc.h4") </dev/null >/dev/null 2>&1 3>&- &
	[ "$(rc_of h3)" -eq 0 ]
	! grep -q '^end 3 ' "$FAKE_UDEV_LOG" || false
	[ ! -e "$T/rc.h4" ]
	"$BIN/udevcontrol" start_exec_queue
	[ "$(rc_of h4)" -eq 0 ]
	grep -q '^end 3 /devices/h3 add' "$FAKE_UDEV_LOG"
	grep -q '^end 4 /devices/h4 add' "$FAKE_UDEV_LOG"
}

@test "queued: udevd SIGKILLed with 6 events answered queued and no event after: the sentry starts the next udevd, which runs each once, in order" {
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	n=0
	for i in 3 1 2 6 4 5; do
		UDEVD_BIN=$BIN/udevd send_bg "$i" UDEVSEND_WAIT=queued SEQNUM=$i DEVPATH=/devices/k \
			FAKE_UDEV_SLEEP=0.1
		n=$((n + 1))
		wait_for journal_has "$n"
	done
	for i in 3 1 2 6 4; do
		[ "$(rc_of "$i")" -eq 0 ]
	done
	[ ! -e "$T/rc.5" ]
	[ ! -s "$FAKE_UDEV_LOG" ]
	kill -KILL "$UDEVD_PID"
	wait "$UDEVD_PID" || :
	UDEVD_PID=
	# no new event: the sentry (5) finds udevd gone at its next probe
	# (within 2 s), starts a udevd, which finds the six in the journal
	[ "$(rc_of 5)" -eq 0 ]
	wait_for ended_ge 6
	sleep 0.5
	[ "$(started_seqnums | tr '\n' ' ')" = "1 2 3 4 5 6 " ] || { cat "$FAKE_UDEV_LOG"; false; }
	no_overlap 1 2 3 4 5 6
	[ "$(ended_count)" -eq 6 ]
	wait_for test ! -s "$JOURNAL"
}

@test "queued: the sentry waits until the udevd it started holds its name lock, and runs nothing itself (its event ran twice)" {
	command -v strace >/dev/null || skip "no strace"
	ptrace_ok "$BIN/udevd"
	# udevd --daemon binds the name, forks, and the process that stays
	# takes the name lock after setsid(): here 400 ms later, longer than
	# udevsend's grace for a lock not yet held (strace -D: the traced
	# udevd keeps the pid the sentry started)
	printf '#!/bin/sh\nexec strace -D -f -qq -o /dev/null -e trace=setsid -e inject=setsid:delay_enter=400000 %q "$@"\n' \
		"$BIN/udevd" >"$T/slow-udevd"
	chmod +x "$T/slow-udevd"
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	for i in 1 2; do
		UDEVD_BIN=$T/slow-udevd send_bg "$i" UDEVSEND_WAIT=queued SEQNUM=$i DEVPATH=/devices/s
		wait_for journal_has "$i"
	done
	[ "$(rc_of 1)" -eq 0 ]
	[ ! -e "$T/rc.2" ]
	kill -KILL "$UDEVD_PID"
	wait "$UDEVD_PID" || :
	UDEVD_PID=
	# the sentry (2) starts the slow udevd, which runs both from the journal
	WAIT_TIMEOUT=15 wait_for test -s "$T/rc.2"
	[ "$(cat "$T/rc.2")" -eq 0 ]
	wait_for ended_ge 2
	sleep 0.5
	[ "$(started_seqnums | tr '\n' ' ')" = "1 2 " ] || { cat "$FAKE_UDEV_LOG"; false; }
	[ "$(ended_count)" -eq 2 ]
}

@test "queued: SIGTERM leaves the events it did not run to the next udevd, which runs them once" {
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	for i in 1 2 3; do
		send_bg "$i" UDEVSEND_WAIT=queued SEQNUM=$i DEVPATH=/devices/t
		wait_for journal_has "$i"
	done
	[ "$(rc_of 1)" -eq 0 ]
	[ "$(rc_of 2)" -eq 0 ]
	# the sentry (3) would start a udevd of its own: it is gone first
	kill_helpers
	stop_udevd
	[ ! -s "$FAKE_UDEV_LOG" ]
	[ -s "$JOURNAL" ]
	start_udevd
	grep -q 'journal: 3 events answered by the udevd before us, queued again' "$T/udevd.log"
	wait_for ended_ge 3
	[ "$(started_seqnums | tr '\n' ' ')" = "1 2 3 " ]
	no_overlap 1 2 3
	wait_for test ! -s "$JOURNAL"
	# a third udevd finds nothing left to run
	stop_udevd
	start_udevd
	sleep 0.5
	[ "$(ended_count)" -eq 3 ]
	[ "$(grep -c 'journal: [0-9]* events' "$T/udevd.log")" -eq 1 ]
}

@test "queued: an event running when udevd is SIGKILLed runs again under the next udevd (udevd(8) says so)" {
	start_udevd
	send_bg 1 UDEVSEND_WAIT=queued SEQNUM=1 DEVPATH=/devices/r1 FAKE_UDEV_SLEEP=1
	wait_for journal_has 1
	UDEVD_BIN=$BIN/udevd send_bg 2 UDEVSEND_WAIT=queued SEQNUM=2 DEVPATH=/devices/r2 FAKE_UDEV_SLEEP=1
	[ "$(rc_of 1)" -eq 0 ]
	wait_for grep -q '^start 1 ' "$FAKE_UDEV_LOG"
	kill -KILL "$UDEVD_PID"
	wait "$UDEVD_PID" || :
	UDEVD_PID=
	# the sentry (2) starts the next udevd: the first run of 1 (its udev
	# outlived udevd) and the second both end
	[ "$(rc_of 2)" -eq 0 ]
	wait_for ends_of_is 1 2
	[ "$(grep -c '^start 1 ' "$FAKE_UDEV_LOG")" -eq 2 ]
	wait_for test ! -s "$JOURNAL"
}

@test "queued: the next udevd does not wait for the seqnums its predecessor finished, as for a gap" {
	start_udevd
	i=0
	for ev in 1:/devices/a:6 2:/devices/b:0 3:/devices/b:0 4:/devices/a:0; do
		IFS=: read -r seq dev secs <<<"$ev"
		send_bg "$seq" UDEVSEND_WAIT=queued SEQNUM="$seq" DEVPATH="$dev" FAKE_UDEV_SLEEP="$secs"
		i=$((i + 1))
		wait_for journal_has "$i"
	done
	# 2 and 3 finished (their ends in the journal), 1 runs, 4 waits for it
	wait_for ends_of_is 3 1
	sleep 0.3
	# (1 still running: 4 has not run)
	! grep -q '^end 1 ' "$FAKE_UDEV_LOG" || skip "event 1 ended before the kill: too slow a machine for this test"
	kill_helpers
	kill -KILL "$UDEVD_PID"
	wait "$UDEVD_PID" || :
	UDEVD_PID=
	start_udevd
	grep -q 'journal: 2 events answered by the udevd before us, queued again' "$T/udevd.log"
	WAIT_TIMEOUT=30 wait_for ends_of_is 4 1 || { cat "$FAKE_UDEV_LOG" "$T/udevd.log"; false; }
	! grep 'did not arrive' "$T/udevd.log" || false
	[ "$(grep -c '^end 2 ' "$FAKE_UDEV_LOG")" -eq 1 ]
	[ "$(grep -c '^end 3 ' "$FAKE_UDEV_LOG")" -eq 1 ]
}
