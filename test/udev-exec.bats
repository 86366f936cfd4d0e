#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# What a program that a rule runs starts with (udev/run/exec.c): stdin on
# /dev/null, stdout captured or /dev/null, no descriptor of udev's, no signal
# blocked, caught or ignored (SIGPIPE included), its own process group, the
# event's environment as its whole environment, a search of that PATH, a
# script without #! run by /bin/sh (as execvp does).

load udev-lib

TTYS=/class/tty/ttyS0

# probe: through an exec'd cat (exec keeps the mask and the ignored signals,
# and resets the shell's own handlers) its signal state, its process group
# and its environment. fdprobe: its descriptors, read by a program that
# opens none of its own meanwhile (a shell's redirections and pipes would show).
setup() {
	udev_setup
	cat > "$T/probe" <<-EOF
	#!/bin/sh
	env | LC_ALL=C sort > "$T/env"
	echo "\$\$ \$(cut -d' ' -f5 /proc/\$\$/stat)" > "$T/pgrp"
	exec cat /proc/self/status > "$T/status"
	EOF
	cat > "$T/fdprobe" <<-EOF
	import os
	fds = []
	for fd in sorted(os.listdir("/proc/self/fd"), key=int):
	    try:
	        fds.append(fd + " " + os.readlink("/proc/self/fd/" + fd) + "\\n")
	    except OSError:
	        pass  # the listing's own descriptor, closed by now
	open("$T/fds", "w").write("".join(fds))
	print("probe-out")
	EOF
	chmod +x "$T/probe"
}

# only 0, 1 and 2 open in udev (bats leaves its own descriptors to children)
ev_closed() {
	local fd
	for fd in $(ls /proc/$BASHPID/fd); do
		[ "$fd" -le 2 ] || eval "exec $fd>&-"
	done
	ev "$@"
}

sig() { sed -n "s/^$1:[[:space:]]*//p" "$T/status"; }

@test "exec: a RUN program has stdin and stdout on /dev/null and no other descriptor of udev's" {
	rules "KERNEL==\"ttyS0\", RUN+=\"/usr/bin/python3 $T/fdprobe\""
	run ev_closed add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cut -d' ' -f1 "$T/fds" | paste -sd,)" = 0,1,2 ]
	grep -qx '0 /dev/null' "$T/fds"
	grep -qx '1 /dev/null' "$T/fds"
}

@test "exec: PROGRAM's stdout is a pipe, read as the result" {
	rules "KERNEL==\"ttyS0\", PROGRAM==\"/usr/bin/python3 $T/fdprobe\", RESULT==\"probe-out\", NAME=\"got\""
	run ev_closed add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cut -d' ' -f1 "$T/fds" | paste -sd,)" = 0,1,2 ]
	grep -q '^1 pipe:' "$T/fds"
	[ "$(listing)" = "c 0600 0:0 got" ]
}

@test "exec: the program's signals are neither blocked, caught nor ignored, even when udev's are" {
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/probe\""
	# udev started with SIGPIPE and SIGTERM ignored (trap '' in the parent)
	run bash -c "trap '' PIPE TERM; $(declare -f ev); UDEV_RUN=(${UDEV_RUN[*]}); ev add $TTYS tty"
	[ "$status" -eq 0 ]
	[ "$(sig SigBlk)" = 0000000000000000 ]
	[ "$(sig SigCgt)" = 0000000000000000 ]
	# SIGPIPE (bit 13) is reset; SIGTERM (bit 15) stays ignored, as exec keeps it,
	# and so does what the test's own caller ignores (a background job: INT, QUIT)
	local want
	want=$(bash -c "trap '' PIPE TERM; exec grep SigIgn: /proc/self/status" | awk '{ print $2 }')
	want=$(printf '%016x' $((0x$want & ~0x1000)))
	[ $((0x$want & 0x4000)) -ne 0 ]
	[ "$(sig SigIgn)" = "$want" ]
}

@test "exec: udev started with SIGCHLD blocked still hears its program end (it unblocks SIGCHLD)" {
	command -v strace >/dev/null || skip "no strace"
	printf '#!/bin/sh\nsleep 0.3\n' >"$T/slow"
	chmod +x "$T/slow"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/slow\", RUN+=\"$T/probe\""
	# python blocks SIGCHLD, then execs strace, which execs udev with that mask
	# (LeakSanitizer cannot run under ptrace: make check-sanitize)
	run python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGCHLD])
os.execvp(sys.argv[1], sys.argv[1:])' strace -qq -e trace=poll -o "$T/trace" \
		env ASAN_OPTIONS=detect_leaks=0 ACTION=add DEVPATH=$TTYS SUBSYSTEM=tty SEQNUM=1 "$BIN/udev" tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/ttyS0" ]
	# the wait for the slow program: a poll of the SIGCHLD pipe, ended by
	# the signal, not by its time limit (= 0 every second)
	grep -q '^--- SIGCHLD' "$T/trace"
	! grep -qE '^poll\(\[\{fd=[0-9]+, events=POLLIN\}\], 1, [0-9]+\) = 0 \(Timeout\)' "$T/trace" || false
	# the programs it runs still start with nothing blocked
	[ "$(sig SigBlk)" = 0000000000000000 ]
}

@test "exec: the program leads its own process group" {
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/probe\""
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	read -r pid pgrp < "$T/pgrp"
	[ "$pid" = "$pgrp" ]
}

@test "exec: the event's environment is the program's whole environment" {
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/probe\""
	run env -i PATH=/usr/bin:/bin SYSFS_PATH="$SYSFS_PATH" UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" \
		UDEV_NO_SLEEP=1 NOT_OF_THE_EVENT=x bash -c "$(declare -f ev); UDEV_RUN=(${UDEV_RUN[*]}); unset NOT_OF_THE_EVENT; ev add $TTYS tty MARK=m"
	[ "$status" -eq 0 ]
	grep -qx 'ACTION=add' "$T/env"
	grep -qx 'MARK=m' "$T/env"
	grep -qx "DEVPATH=$TTYS" "$T/env"
	! grep -q NOT_OF_THE_EVENT "$T/env"
}

@test "exec: a bare program name is searched in the event's PATH" {
	mkdir -p "$T/bin"
	printf '#!/bin/sh\necho found\n' > "$T/bin/here-only"
	chmod +x "$T/bin/here-only"
	rules 'KERNEL=="ttyS0", PROGRAM=="here-only", RESULT=="found", NAME="path"'
	run ev add $TTYS tty PATH="/nonexistent:$T/bin:/usr/bin:/bin"
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 path" ]
}

@test "exec: a program that is not there is an error, and the event goes on" {
	rules "KERNEL==\"ttyS0\", PROGRAM==\"$T/missing\", NAME=\"no\"
KERNEL==\"ttyS0\", RUN+=\"$T/probe\""
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[[ "$output" == *"could not run '$T/missing'"* ]]
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
	[ -s "$T/env" ]
}

@test "exec: a script without #! runs under /bin/sh, with its arguments" {
	printf 'echo "$0 $*" > %s/noshebang.out\n' "$T" > "$T/noshebang"
	chmod +x "$T/noshebang"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/noshebang 'a b' c\""
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cat "$T/noshebang.out")" = "$T/noshebang a b c" ]
}
