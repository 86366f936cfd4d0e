#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The control messages added for the netlink tools (docs/protocol.md): the
# seqnum query behind udevtrigger --settle, and the monitor subscription.

load lib
load udevd-lib

setup() { udevd_setup; }
teardown() { udevd_teardown; }

SEQNUM_QUERY=11
MONITOR=9

query() { $DGRAM send --type $SEQNUM_QUERY --seqnum "$1" --flags 1; }

@test "seqnum query: events up to K not finished, plus one while K was never seen (no --netlink)" {
	start_udevd
	"$BIN/udevcontrol" stop_exec_queue
	send_bg a SEQNUM=10 DEVPATH=/devices/a
	send_bg b SEQNUM=11 DEVPATH=/devices/b
	WAIT_TIMEOUT=30 wait_for test_queued_ge 2
	[ "$(query 5)" = "ack 5 0 0" ]
	[ "$(query 10)" = "ack 10 0 1" ]
	[ "$(query 11)" = "ack 11 0 2" ]
	# 20 was never seen: a helper may still be on its way
	[ "$(query 20)" = "ack 20 0 3" ]
	"$BIN/udevcontrol" start_exec_queue
	[ "$(rc_of a)" = 0 ]
	[ "$(rc_of b)" = 0 ]
	"$BIN/udevsettle" --timeout=30
	[ "$(query 11)" = "ack 11 0 0" ]
	[ "$(query 20)" = "ack 20 0 1" ]
	# an event without SEQNUM counts for every K
	"$BIN/udevcontrol" stop_exec_queue
	send_bg c DEVPATH=/devices/c
	WAIT_TIMEOUT=30 wait_for test_queued_ge 3
	[ "$(query 1)" = "ack 1 0 1" ]
	"$BIN/udevcontrol" start_exec_queue
	[ "$(rc_of c)" = 0 ]
}

@test "monitor: a subscriber gets each handled event with its environment and result" {
	start_udevd
	# the subscription passes one end of a SOCK_SEQPACKET pair (SCM_RIGHTS);
	# events come on the other; without a socket it is refused
	python3 - "$T/mon.out" <<-'EOF' &
	import array, os, socket, struct, sys, time
	HDR = struct.Struct('=16sIIQIIiI')
	s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
	s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
	s.bind('')
	s.connect('\0' + os.environ['UDEVD_SOCKET'])
	s.settimeout(20)
	out = open(sys.argv[1], 'w')
	s.send(HDR.pack(b'udev-legacy/1', 9, 0, 76, 0, 0, 0, 0))
	magic, typ, flags, seq, envlen, arg, rc, res = HDR.unpack_from(s.recv(100))
	out.write('ack %d %d\n' % (seq, rc)); out.flush()
	mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
	s.sendmsg([HDR.pack(b'udev-legacy/1', 9, 0, 77, 0, 0, 0, 0)],
	          [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array('i', [theirs.fileno()]))])
	theirs.close()
	magic, typ, flags, seq, envlen, arg, rc, res = HDR.unpack_from(s.recv(100))
	out.write('ack %d %d\n' % (seq, rc)); out.flush()
	mine.settimeout(20)
	d = mine.recv(70000)
	magic, typ, flags, seq, envlen, arg, rc, res = HDR.unpack_from(d)
	env = d[HDR.size:].split(b'\0')
	out.write('event %d %d %d %s\n' % (typ, seq, rc, ' '.join(e.decode() for e in env if e.startswith(b'DEVPATH=') or e.startswith(b'FAKE_UDEV_EXIT='))))
	out.flush()
	EOF
	wait_for grep -q "^ack 77 0" "$T/mon.out"
	grep -q "^ack 76 17" "$T/mon.out"
	# a variable of the caller is the event's own when UDEVSEND_EVENT_KEYS names it
	run send_event SEQNUM=10 DEVPATH=/devices/m FAKE_UDEV_EXIT=3 UDEVSEND_EVENT_KEYS=FAKE_UDEV_EXIT
	[ "$status" -eq 3 ]
	wait_for grep -q "^event" "$T/mon.out"
	grep -qx "event 10 10 3 DEVPATH=/devices/m FAKE_UDEV_EXIT=3" "$T/mon.out"
	grep -q "monitor subscribed" "$T/udevd.log"
}

@test "monitor events sent to udevd are refused like acks (17)" {
	start_udevd
	run $DGRAM send --type 10 --seqnum 4
	[ "$output" = "ack 4 17 0" ]
}
