#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The threat model of docs/hardening.md, item 18: a node udev gives to a user
# in a sticky folder of root's (/dev/shm) is never changed by name once that
# user may own it, on each of the three paths to a node: made at its name,
# made beside it and renamed over it, and the kernel's node kept (devtmpfs).
# The attacker is nobody (test/tools/node-swap.py), who swaps the node for a
# symlink to a root-only file the moment it is hers. strace holds each chown
# of udev for 0.3 s (a real delay, as a loaded machine gives), so that the
# swap lands between udev's calls in every run rather than now and then.
# With fs.protected_symlinks=1 the kernel itself refuses root the swapped
# symlink, so only a machine where it is 0 shows the attack on old code.

load udev-lib

TTY0=/devices/virtual/tty/tty0

setup() {
	udev_setup
	modern
	[ "$(id -u)" = 0 ] || skip "needs root (mknod, chown)"
	command -v strace >/dev/null || skip "needs strace"
	ptrace_ok "$BIN/udev"
	SWAP_PID=
	mkdir -p "$T/dev/shm" "$T/outside" "$T/out"
	chmod 1777 "$T/dev/shm" "$T/out"
	d=$T
	while d=${d%/*}; [ -n "$d" ]; do chmod o+x "$d" 2>/dev/null || true; done
	echo precious >"$T/outside/secret"
	chmod 0600 "$T/outside/secret"
	rules 'KERNEL=="tty0", NAME="shm/n", OWNER="nobody", MODE="0666"'
}

teardown() {
	[ -z "$SWAP_PID" ] || kill "$SWAP_PID" 2>/dev/null || true
}

# swapper: nobody watches $T/dev/shm for a node of hers (SWAP_PID)
swapper() {
	python3 "$TOP/test/tools/node-swap.py" "$T/dev/shm" "$T/outside/secret" "$T/out/ready" \
		>"$T/out/swapped" 2>&1 &
	SWAP_PID=$!
	wait_for test -e "$T/out/ready"
}

# slow_ev ACTION: ev, with each fchownat/lchown of udev held for 0.3 s
slow_ev() {
	UDEV_RUN=(strace -f -qq -o /dev/null -e trace=fchownat,lchown,chown
		-e inject=fchownat,lchown,chown:delay_exit=300000 "${UDEV_RUN[@]}")
	ev "$1" $TTY0 tty
}

# attacked: nobody swapped a node of hers, and root's file is as it was
attacked() {
	wait "$SWAP_PID" || { cat "$T/out/swapped"; return 1; }
	SWAP_PID=
	echo "nobody swapped: $(cat "$T/out/swapped")"
	ls -la "$T/dev/shm" "$T/outside"
	[ "$(stat -c '%a %U' "$T/outside/secret")" = "600 root" ]
	[ "$(cat "$T/outside/secret")" = precious ]
}

@test "trust 18: a node made at its name in a sticky folder: nobody's swap for a symlink changes no file of root's" {
	swapper
	run slow_ev add
	echo "udev: $status $output"
	[ "$status" -eq 0 ]
	attacked
	[ "$(cat "$T/out/swapped")" = n ]
}

@test "trust 18: a node made beside the name and renamed over it: the symlink nobody swapped in neither changes root's file nor takes the name" {
	# something else has the name (a node of another number): the node is
	# made beside it and renamed over it
	mknod -m 0600 "$T/dev/shm/n" c 4 1
	swapper
	run slow_ev add
	echo "udev: $status $output"
	[ "$status" -eq 0 ]
	attacked
	# the name was never nobody's before the node was in place: nothing
	# she swapped reached it, and the node there is the device's
	[ "$(cat "$T/out/swapped")" = n ] || [ "$(stat -c '%F %t:%T' "$T/dev/shm/n")" = "character special file 4:0" ]
}

@test "trust 18: the kernel's node kept in a sticky folder (devtmpfs): nobody's swap for a symlink changes no file of root's" {
	mknod -m 0600 "$T/dev/shm/n" c 4 0   # as devtmpfs has it before the event
	ino=$(stat -c %i "$T/dev/shm/n")
	swapper
	run slow_ev add
	echo "udev: $status $output"
	[ "$status" -eq 0 ]
	attacked
	[ "$(cat "$T/out/swapped")" = n ]
	[ "$(stat -c '%i %a %U' "$T/dev/shm/.swapped-n")" = "$ino 666 nobody" ]
}

@test "trust 18: a kept node an earlier event gave away gets its new mode without a change by name" {
	mknod -m 0600 "$T/dev/shm/n" c 4 0
	chown nobody "$T/dev/shm/n"    # an earlier event's owner, the rules' mode since changed
	ino=$(stat -c %i "$T/dev/shm/n")
	run slow_ev add
	echo "udev: $status $output"
	[ "$status" -eq 0 ]
	[ "$(stat -c '%i %a %U' "$T/dev/shm/n")" = "$ino 666 nobody" ]
	# nobody swaps it before the next event (a replayed add): the symlink
	# is replaced, not followed
	swapper
	attacked
	run slow_ev add
	echo "udev: $status $output"
	[ "$status" -eq 0 ]
	[ "$(stat -c '%a %U' "$T/outside/secret")" = "600 root" ]
	[ "$(stat -c '%F %t:%T %a %U' "$T/dev/shm/n")" = "character special file 4:0 666 nobody" ]
}
