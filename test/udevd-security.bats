#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Trust at the door: udevd refuses non-root senders and malformed messages
# with an ack of 17; udevsend trusts only acks from root for its own seqnum.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() {
	[ -n "${SQUAT_PID:-}" ] && kill "$SQUAT_PID" 2>/dev/null
	udevd_teardown
}

as_nobody() {
	setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"
}

@test "an event from a non-root sender is refused with 17 and not run" {
	start_udevd
	t0=$SECONDS
	run as_nobody env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" ACTION=add \
		DEVPATH=/devices/a SEQNUM=10 timeout 20 "$BIN/udevsend" test
	[ "$status" -eq 17 ]
	[ $((SECONDS - t0)) -le 5 ]
	[ "$(ended_count)" -eq 0 ]
	grep -q 'sender is not root' "$T/udevd.log"
}

@test "control messages from a non-root sender are refused with 17" {
	start_udevd
	run as_nobody "$BIN/udevcontrol" stop_exec_queue
	[ "$status" -eq 17 ]
	run as_nobody "$BIN/udevsettle" --timeout=5
	[ "$status" -eq 17 ]
	# the queue was not stopped
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}

@test "wrong magic, wrong size, bad environment and stray acks are refused with 17" {
	start_udevd
	ev="--env ACTION=add --env DEVPATH=/devices/a --env SUBSYSTEM=test"
	run $DGRAM send --magic udev-legacy/0 --seqnum 5 $ev
	[ "$output" = "ack 5 17 0" ]
	run $DGRAM send --seqnum 6 --extra 3 $ev
	[ "$output" = "ack 6 17 0" ]
	run $DGRAM send --seqnum 7 --no-nul $ev
	[ "$output" = "ack 7 17 0" ]
	run $DGRAM send --seqnum 8 --env ACTION=add --env NOEQUALSIGN
	[ "$output" = "ack 8 17 0" ]
	run $DGRAM send --seqnum 9 --type 99
	[ "$output" = "ack 9 17 0" ]
	run $DGRAM send --seqnum 10 --type 2
	[ "$output" = "ack 10 17 0" ]
	# SEQNUM in the header but not in the environment
	run $DGRAM send --seqnum 11 --flags 1 $ev
	[ "$output" = "ack 11 17 0" ]
	# an unaddressable sender gets no ack but does not disturb udevd either
	run $DGRAM send --no-bind --seqnum 12 --magic junk
	[ "$(ended_count)" -eq 0 ]
	run send_event SEQNUM=20 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}

@test "a well-formed raw event from root is run and acked" {
	start_udevd
	run $DGRAM send --seqnum 30 --flags 1 --env ACTION=add --env DEVPATH=/devices/raw \
		--env SUBSYSTEM=test --env SEQNUM=30 --env FAKE_UDEV_LOG="$FAKE_UDEV_LOG" \
		--env FAKE_UDEV_EXIT=4
	[ "$output" = "ack 30 4 0" ]
}

@test "a non-root squatter of the socket name gets no event and cannot fake a result" {
	$DGRAM squat --ready "$T/ready" --count "$T/count" --types "$T/types" \
		</dev/null >/dev/null 2>&1 3>&- &
	SQUAT_PID=$!
	wait_for test -s "$T/ready"
	UDEVSEND_ACK_TIMEOUT=2 run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_EXIT=5
	kill "$SQUAT_PID"
	# no name lock: udevsend sent the squatter nothing, not even a
	# question, and ran udev itself: udev's code
	[ "$status" -eq 5 ]
	[ "$(ended_count)" -eq 1 ]
	[ ! -s "$T/types" ]
}

@test "a forged ack from another user does not replace udevd's" {
	start_udevd
	send_bg 10 SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=3 FAKE_UDEV_EXIT=3
	wait_for grep -q '^start 10 ' "$FAKE_UDEV_LOG"
	pid=$(pgrep -f "^$BIN/udevsend test\$" | head -n1)
	[ -n "$pid" ]
	run $DGRAM forge --pid "$pid" --seqnum 10 --flags 1
	[[ "$output" == sent* ]]
	[ "$(rc_of 10)" = 3 ]
}

@test "a root udevd's ack for another seqnum is not the event's ack" {
	# root answers on the name, but acks every event with rc 0 for the next
	# or the previous seqnum: udevsend waits for its own until the timeout
	local off
	for off in 1 -1; do
		$DGRAM misack --ready "$T/ready$off" --offset "$off" </dev/null >/dev/null 2>&1 3>&- &
		SQUAT_PID=$!
		wait_for test -s "$T/ready$off"
		UDEVSEND_ACK_TIMEOUT=1 run send_event SEQNUM=10 DEVPATH=/devices/a
		kill "$SQUAT_PID"
		wait "$SQUAT_PID" 2>/dev/null || :
		[ "$status" -eq 16 ] || { echo "offset $off: udevsend exited $status"; return 1; }
	done
	[ "$(ended_count)" -eq 0 ]
}

@test "a second udevd on the same name exits with a clear message" {
	start_udevd
	run "$BIN/udevd"
	[ "$status" -eq 2 ]
	[[ "$output" == *"another udevd already listens on socket @$UDEVD_SOCKET"* ]]
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}
