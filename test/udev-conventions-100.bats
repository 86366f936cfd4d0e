#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The conventions of udev 100-117 that their stock rules depend on, beyond
# the rule language: RUN+="socket:NAME" (95-udev-late.rules), programs named
# without a '/' run from /lib/udev (udev.conf udev_libexec), and
# RUN{ignore_error} (117's 80-drivers.rules). Each was checked against
# udev 100's and 117's sources (udev_utils_run.c, udev_rules.c).

load udev-lib

TTYS=/class/tty/ttyS0

setup() {
	udev_setup
	mkdir -p "$T/lib-udev"
	LISTEN_PID=
}

teardown() {
	[ -z "$LISTEN_PID" ] || { kill "$LISTEN_PID" 2>/dev/null; wait "$LISTEN_PID" 2>/dev/null; }
	[ -z "${NS_PID:-}" ] || { kill "$NS_PID" 2>/dev/null; wait "$NS_PID" 2>/dev/null; }
	true
}

# listen NAME COUNT: the test's listener of udev 100's format, in the
# test's network namespace, on the abstract name NAME
listen() {
	$(udevd_in) python3 "$TOP/test/tools/monitor-listen.py" "$1" "$T/heard" "$2" 5 \
		</dev/null 3>&- &
	LISTEN_PID=$!
	wait_for test -e "$T/heard.ready"
}

# kev ACTION DEVPATH SUBSYSTEM [VAR=value...]: udev with an environment as
# small as the kernel's (the test's own would fill the datagram), in the
# test's namespace
kev() {
	$(udevd_in) env -i PATH=/usr/bin:/bin ACTION="$1" DEVPATH="$2" SUBSYSTEM="$3" SEQNUM=1 \
		UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 \
		"${@:4}" "$BIN/udev" "$3"
}

# heard: the datagrams as the listener wrote them, once it ended
heard() {
	wait "$LISTEN_PID"
	LISTEN_PID=
	cat "$T/heard"
}

# prog NAME OUTPUT: an executable NAME in the libexec folder that prints
# OUTPUT and notes its arguments in $T/NAME.args
prog() {
	printf '#!/bin/sh\necho "$*" > %s/%s.args\necho "%s"\n' "$T" "$1" "$2" > "$T/lib-udev/$1"
	chmod +x "$T/lib-udev/$1"
}

@test "socket: the event reaches a listener of /org/kernel/udev/monitor in udev 100's format" {
	netns_start
	listen /org/kernel/udev/monitor 1
	rules 'KERNEL=="ttyS0", ENV{FROM_RULES}="yes"
KERNEL=="ttyS0", RUN+="socket:/org/kernel/udev/monitor"'
	run kev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
	run heard
	# one datagram: "ACTION@DEVPATH", then KEY=value strings, each ending in NUL
	[ "$(grep -c '^datagram ' <<<"$output")" -eq 1 ]
	[ "${lines[1]}" = "add@$TTYS" ]
	! grep -q unterminated <<<"$output" || false
	grep -qx 'ACTION=add' <<<"$output"
	grep -qx "DEVPATH=$TTYS" <<<"$output"
	grep -qx 'SUBSYSTEM=tty' <<<"$output"
	grep -qx 'SEQNUM=1' <<<"$output"
	# what the rules added is in it, as in the environment of udev 100
	grep -qx 'FROM_RULES=yes' <<<"$output"
}

@test "socket: with nobody listening the event does not fail, and the later RUN programs run" {
	netns_start
	prog after ok
	rules 'KERNEL=="ttyS0", RUN+="socket:/org/kernel/udev/monitor", RUN+="after"'
	run kev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
	[ "$(cat "$T/after.args")" = "tty" ]
}

@test "socket: at remove too, and a datagram holds at most 2048 bytes of whole strings" {
	local name="udev-test-monitor-$$-$RANDOM" big
	big=$(head -c 3000 /dev/zero | tr '\0' x)
	listen "$name" 2
	rules "KERNEL==\"ttyS0\", RUN+=\"socket:$name\""
	run kev add $TTYS tty
	[ "$status" -eq 0 ]
	run kev remove $TTYS tty BIG="$big"
	[ "$status" -eq 0 ]
	run heard
	[ "$(grep -c '^datagram ' <<<"$output")" -eq 2 ]
	grep -qx "add@$TTYS" <<<"$output"
	grep -qx "remove@$TTYS" <<<"$output"
	! grep -q unterminated <<<"$output" || false
	local n
	for n in $(sed -n 's/^datagram //p' <<<"$output"); do
		[ "$n" -le 2048 ]
	done
	! grep -q '^BIG=' <<<"$output" || false
}

@test "socket: an unprivileged listener on the name learns the event and cannot fail it" {
	local name="udev-test-monitor-$$-$RANDOM"
	# nobody binds the name, reads nothing: the queue fills, udev never blocks
	setpriv --reuid=nobody --regid=nogroup --clear-groups \
		/usr/bin/python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind("\0" + sys.argv[1]); time.sleep(30)' "$name" </dev/null 3>&- &
	LISTEN_PID=$!
	wait_for grep -q " @$name\$" /proc/net/unix
	rules "KERNEL==\"ttyS0\", RUN+=\"socket:$name\""
	for _ in $(seq 1 40); do
		run timeout 10 bash -c "$(declare -f kev udevd_in); kev add $TTYS tty"
		[ "$status" -eq 0 ]
	done
}

@test "programs: a name without a '/' runs from udev_libexec first, in PROGRAM, IMPORT{program} and RUN" {
	mkdir -p "$T/bin"
	printf '#!/bin/sh\necho path\n' > "$T/bin/which_id"
	chmod +x "$T/bin/which_id"
	prog which_id lib
	prog import_id ID_FROM_LIB=1
	prog run_id ""
	rules 'KERNEL=="ttyS0", PROGRAM=="which_id %k", RESULT=="lib", NAME="from-lib"
KERNEL=="ttyS0", IMPORT{program}="import_id"
KERNEL=="ttyS0", ENV{ID_FROM_LIB}=="1", SYMLINK+="imported"
KERNEL=="ttyS0", RUN+="run_id x"'
	run ev add $TTYS tty PATH="$T/bin:/usr/bin:/bin"
	[ "$status" -eq 0 ]
	[ "$(listed)" = "c 0600 0:0 from-lib; l imported -> from-lib" ]
	[ "$(cat "$T/which_id.args")" = "ttyS0" ]
	# no subsystem for a name without a '/', in this file of 064's language
	# too: 064 ran only paths (udev 100's 75-cd-aliases-generator.rules)
	[ "$(cat "$T/import_id.args")" = "" ]
	[ "$(cat "$T/run_id.args")" = "x" ]
}

@test "programs: IMPORT without a type runs a libexec program (udev 100's auto mode looked there)" {
	prog auto_id ID_AUTO=yes
	rules 'KERNEL=="ttyS0", IMPORT="auto_id %k"
KERNEL=="ttyS0", ENV{ID_AUTO}=="yes", NAME="auto"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 auto" ]
	[ "$(cat "$T/auto_id.args")" = "ttyS0" ]
}

@test "programs: unlike udev 100, a name not in udev_libexec is still looked for in \$PATH" {
	# udev 100 exec'd /lib/udev/NAME and nothing else: the rule failed
	mkdir -p "$T/bin"
	printf '#!/bin/sh\necho path\n' > "$T/bin/path_only"
	chmod +x "$T/bin/path_only"
	rules 'KERNEL=="ttyS0", PROGRAM=="path_only", RESULT=="path", NAME="from-path"'
	run ev add $TTYS tty PATH="$T/bin:/usr/bin:/bin"
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 from-path" ]
}

@test "programs: a name with a '/' is never looked for in udev_libexec" {
	mkdir -p "$T/lib-udev/sub"
	printf '#!/bin/sh\necho lib\n' > "$T/lib-udev/sub/rel_id"
	chmod +x "$T/lib-udev/sub/rel_id"
	rules 'KERNEL=="ttyS0", PROGRAM=="sub/rel_id", RESULT=="lib", NAME="wrong"'
	run ev add $TTYS tty
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
}

@test "RUN{ignore_error}: the program's failure is no failure of the event (117's 80-drivers.rules)" {
	printf '#!/bin/sh\ntouch %s/ran\nexit 1\n' "$T" > "$T/lib-udev/fails"
	chmod +x "$T/lib-udev/fails"
	rules 'KERNEL=="ttyS0", RUN{ignore_error}+="fails"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ -e "$T/ran" ]
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
	rm "$T/ran"
	rules 'KERNEL=="ttyS0", RUN+="fails"'
	run ev add $TTYS tty
	[ "$status" -eq 9 ]
	[ -e "$T/ran" ]
}

@test "RUN{ignore_error} with a substitution, and RUN{} of another word runs as plain RUN" {
	printf '#!/bin/sh\necho "$1" > %s/ran\nexit 1\n' "$T" > "$T/lib-udev/fails"
	chmod +x "$T/lib-udev/fails"
	rules 'KERNEL=="ttyS0", RUN{ignore_error}+="fails %k"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cat "$T/ran")" = "ttyS0" ]
	rules 'KERNEL=="ttyS0", RUN{other}+="fails %k"'
	run ev add $TTYS tty
	[ "$status" -eq 9 ]
	run kev add $TTYS tty UDEV_LOG=info
	[[ "$output" == *"RUN{} takes ignore_error, ignoring the rest"* ]]
}
