#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Bounded concurrency, the exec timeout, crashes and udev's own exit codes.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

storm() {
	local i
	"$BIN/udevcontrol" stop_exec_queue
	for i in $(seq 11 "$1"); do
		send_bg "$i" SEQNUM="$i" DEVPATH="/devices/d$i" FAKE_UDEV_SLEEP=0.5
	done
	release_when_queued $(($1 - 9))
	WAIT_TIMEOUT=60 wait_for rc_count_is $(($1 - 10))
	[ "$(cat "$T"/rc.* | sort -u)" = 0 ]
}

@test "--max-childs bounds the udev processes running at once" {
	start_udevd --max-childs=3
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	storm 30
	[ "$(max_overlap)" -eq 3 ]
}

@test "UDEVD_MAX_CHILDS sets the limit too" {
	UDEVD_MAX_CHILDS=2 start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/prime
	storm 24
	[ "$(max_overlap)" -eq 2 ]
}

@test "udev's exit code comes back through the ack" {
	start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_EXIT=7
	[ "$status" -eq 7 ]
	run send_event SEQNUM=11 DEVPATH=/devices/a FAKE_UDEV_EXIT=0
	[ "$status" -eq 0 ]
}

@test "a udev that crashes is acked with 19" {
	start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_CRASH=1
	[ "$status" -eq 19 ]
	grep -q 'killed by signal 11' "$T/udevd.log"
	# the daemon goes on
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}

@test "a udev outliving --exec-timeout gets SIGTERM and the event is acked with 19" {
	start_udevd --exec-timeout=1s
	t0=$SECONDS
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=60
	[ "$status" -eq 19 ]
	[ $((SECONDS - t0)) -lt 30 ]
	grep -q 'outlived the exec timeout, SIGTERM' "$T/udevd.log"
	# the device is free again
	run send_event SEQNUM=11 DEVPATH=/devices/a
	[ "$status" -eq 0 ]
}

@test "a udev ignoring SIGTERM gets SIGKILL" {
	# 2 s: the stand-in (a shell script) must reach its trap before the
	# SIGTERM, also on a loaded machine; the grace period to SIGKILL is 2 s
	start_udevd --exec-timeout=2s
	run send_event SEQNUM=10 DEVPATH=/devices/a FAKE_UDEV_SLEEP=60 FAKE_UDEV_IGNORE_TERM=1
	[ "$status" -eq 19 ]
	grep -q 'outlived the exec timeout, SIGKILL' "$T/udevd.log"
}

@test "a UDEV_BIN that cannot be executed is acked with 18" {
	UDEV_BIN=$T/missing start_udevd
	run send_event SEQNUM=10 DEVPATH=/devices/a
	[ "$status" -eq 18 ]
}

@test "trust 14: udevd leaves net.unix.max_dgram_qlen as found: nobody watching it while udevd starts sees no other value" {
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	unshare -n -m true 2>/dev/null || skip "unshare -n -m does not work here"
	# in a network namespace of its own (the setting is per namespace, 10
	# when new): nobody reads the setting in a tight loop while udevd starts
	# five times; then, with a file bound over it, udevd starts once more
	cat >"$T/qlen" <<-EOF
	q=/proc/sys/net/unix/max_dgram_qlen
	setpriv --reuid=nobody --regid=nogroup --clear-groups /usr/bin/python3 -c '
	import time
	seen, end = set(), time.time() + 4
	while time.time() < end:
	    with open("/proc/sys/net/unix/max_dgram_qlen") as f:
	        seen.add(f.read().strip())
	print("nobody saw", " ".join(sorted(seen)), flush=True)' &
	watcher=\$!
	sleep 0.3
	for i in 1 2 3 4 5; do
		"$BIN/udevd" --debug </dev/null >>"$T/udevd.log" 2>&1 &
		p=\$!
		for j in \$(seq 100); do grep -q " @$UDEVD_SOCKET\\\$" /proc/net/unix && break; sleep 0.02; done
		kill \$p; wait \$p
	done
	wait \$watcher
	printf '10\\n' >"$T/qlen-file"
	touch -d @1000000000 "$T/qlen-file"
	mount --bind "$T/qlen-file" \$q || exit 99
	"$BIN/udevd" --debug </dev/null >>"$T/udevd.log" 2>&1 &
	p=\$!
	for j in \$(seq 100); do grep -q " @$UDEVD_SOCKET\\\$" /proc/net/unix && break; sleep 0.02; done
	kill \$p; wait \$p
	echo "after: \$(tr '\\n' '|' <"$T/qlen-file") \$(stat -c %Y "$T/qlen-file")"
	EOF
	run timeout -s KILL 30 unshare -n -m bash "$T/qlen"
	echo "$output"
	grep -qx "nobody saw 10" <<<"$output"
	grep -qx "after: 10| 1000000000" <<<"$output"
	grep -q "socket queue: 10 datagrams" "$T/udevd.log"
}
