#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# lib/proc.c: hotplug and udevsend wait out a transient fork() failure (EAGAIN)
# instead of losing the event. The shortage is real: a non-root user under
# RLIMIT_NPROC=4 runs bash + two "sleep 2" + the helper, so the helper's fork
# fails until the sleeps exit and bash reaps them, about 2 s later.

load lib
load udevd-lib

setup() {
	udevd_setup
	command -v prlimit >/dev/null && command -v setpriv >/dev/null ||
		skip "needs prlimit and setpriv (util-linux)"
	[ "$(id -u)" = 0 ] || skip "needs root to switch to an unused uid"
	# the helper runs as another user: a world-readable directory of its own
	W=$(mktemp -d /tmp/fork-retry.XXXXXX)
	chmod 755 "$W"
	mkdir -m 777 "$W/out"
	# a uid nobody else uses, so that RLIMIT_NPROC counts only our processes
	U=$((3900000 + $$ % 100000))
}

teardown() {
	udevd_teardown
	[ -z "${W:-}" ] || rm -rf "$W"
}

# starved CMD...: CMD as uid U with 4 processes allowed, 2 taken for 2 s
starved() {
	prlimit --nproc=4 setpriv --reuid="$U" --regid="$U" --clear-groups -- \
		bash -c 'sleep 2 <&- & sleep 2 <&- & "$@"' starved "$@"
}

@test "fork-retry: hotplug runs its script once the process slots free up" {
	mkdir -p "$W/hd/default"
	printf '#!/bin/sh\necho "$ACTION $1" >> %s/out/log\n' "$W" >"$W/hd/default/10-log.hotplug"
	chmod 755 "$W/hd/default/10-log.hotplug"
	run starved env HOTPLUG_DIR="$W/hd" ACTION=add "$BIN/hotplug" block
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cat "$W/out/log")" = "add block" ]
	[[ "$output" != *"cannot fork"* ]]
}

@test "fork-retry: udevsend's direct udev runs once the process slots free up" {
	printf '#!/bin/sh\necho "$SEQNUM $ACTION $1" >> %s/out/log\n' "$W" >"$W/udev"
	chmod 755 "$W/udev"
	# no udevd answers and none can start (127): udevsend runs udev itself
	run starved env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEVD_BIN="$W/no-udevd" \
		UDEV_BIN="$W/udev" ACTION=add DEVPATH=/devices/a SEQNUM=7 SUBSYSTEM=block \
		"$BIN/udevsend" block
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(cat "$W/out/log")" = "7 add block" ]
}

@test "fork-retry: udevd keeps an event queued, in order, until udev can start" {
	export FAKE_UDEV_LOG=$W/out/udev.log
	: >"$FAKE_UDEV_LOG"
	chmod 666 "$FAKE_UDEV_LOG"
	# udevd and two sleepers fill its 3 process slots for 4 s; udevd reaps them
	prlimit --nproc=3 setpriv --reuid="$U" --regid="$U" --clear-groups -- \
		bash -c 'sleep 4 <&- & sleep 4 <&- & exec "$@"' udevd \
		"$BIN/udevd" --debug --workers="$(udevd_mode)" \
		</dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for socket_listed
	# raw events, acked whatever uid udevd runs as (udevsend wants uid 0's ack)
	raw() {
		$DGRAM send --seqnum "$1" --flags 1 --timeout 30 --env ACTION=add \
			--env DEVPATH=/devices/a --env SUBSYSTEM=test --env SEQNUM="$1" \
			--env FAKE_UDEV_LOG="$FAKE_UDEV_LOG" >"$T/ack.$1"
	}
	raw 1 &
	local p1=$!
	# 2 after 1 is queued and waiting for a process: it must not overtake 1
	wait_for grep -q "seqnum 1: cannot fork udev" "$T/udevd.log"
	raw 2 &
	wait $p1 $!
	cat "$T/udevd.log" "$FAKE_UDEV_LOG"
	[ "$(cat "$T/ack.1" "$T/ack.2")" = "$(printf 'ack 1 0 0\nack 2 0 0')" ]
	grep -q "cannot fork udev: .*, retrying" "$T/udevd.log"
	[ "$(awk '$1 == "start" { printf "%s ", $2 }' "$FAKE_UDEV_LOG")" = "1 2 " ]
}
