#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# What udev's pool worker does once, not per event (issue 18: the daemon
# side's CPU per event): the descriptor reset lists no /proc/self/fd and
# opens no /dev/null where close_range(2) exists, getpid is asked once, the
# database folder is made once, by the first write that finds it missing
# (its parents too), with or without symlinks to index. And what it no
# longer does per event (issue 16: the kernel storm's CPU): no cwd or umask
# reset, no read of an unchanged change watch, no chown of a node mknod made
# right, no second walk to a symlink it removes, no read of its own record
# as a claimant of its symlinks, no look at the driver link of an event
# without MODALIAS (80-drivers.rules: its ENV match comes first).

load udev-lib

setup() {
	command -v strace >/dev/null || skip "no strace"
	udev_setup
	UDEVD_PID= MOUNTED=
	sed -i "s|^udev_db=.*|udev_db=\"$T/var/db\"|" "$T/udev.conf"
}

# traced_pool: udevd with one pool worker, its calls in trace.log
traced_pool() { pool_of_one strace -qq -e trace=open,openat,mkdir,getpid -o "$T/trace.log"; }

teardown() {
	stop_udevd
	[ -z "${MOUNTED:-}" ] || umount -l "$MOUNTED" || true
	return 0
}

# calls PATTERN: how many lines of the worker's trace match
calls() { grep -cE "$1" "$T/trace.log" || :; }

@test "pool worker: per event no /proc/self/fd listing, no /dev/null, one getpid, the db folder made once" {
	rules 'KERNEL=="ttyS0", NAME="aa", SYMLINK+="bb"'
	traced_pool
	[ ! -e "$T/var" ]
	local s pids=
	for s in 1 3 5; do
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$s tty
		[ "$(listing | paste -sd ';')" = "c 0600 0:0 aa;l bb -> aa" ]
		db_there "$T/var/db/class@tty@ttyS0"
		[ -d "$T/var/db/.links" ]
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((s + 1)) tty
		[ -z "$(listing)" ]
		! db_there "$T/var/db/class@tty@ttyS0" || false
		[ -n "$pids" ] || pids=$(calls 'getpid\(')
	done
	# the worker's start lists its descriptors once; the events none
	[ "$(calls '"/proc/self/fd"')" -eq 1 ]
	[ "$(calls '"/dev/null"')" -le 1 ]
	# getpid asked by the first event, none by the next four (under
	# check-sanitize, ASan's start-up asks once more)
	[ "$pids" -le 2 ]
	[ "$(calls 'getpid\(')" -eq "$pids" ]
	# the folder and its parent made by the first add: mkdir once each
	[ "$(calls "mkdir\\(\"$T/var/db\"")" -le 2 ]
	[ "$(calls "mkdir\\(\"$T/var\"")" -eq 1 ]
}

@test "pool worker: a record without symlinks makes the missing database folder too" {
	rules 'KERNEL=="ttyS0", NAME="aa"'
	traced_pool
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	db_text "$T/var/db/class@tty@ttyS0" | grep -qx 'N:aa'
	rm -r "$T/var"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	db_text "$T/var/db/class@tty@ttyS0" | grep -qx 'N:aa'
}

@test "pool worker: a temporary name left by an earlier process of the same pid is replaced, node and symlink" {
	rules 'KERNEL=="ttyS0", NAME="aa", SYMLINK+="bb"'
	traced_pool
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	# the worker is the child of the strace udevd started
	local worker=$(pgrep -P "$(pgrep -P "$UDEVD_PID")")
	[ -n "$worker" ]
	echo left >"$T/dev/aa.udev-tmp-$worker"
	ln -s nowhere "$T/dev/bb.udev-tmp-$worker"
	# the link is there and the name aa a node of another number (one of
	# the device's own number would be kept in place, as devtmpfs's is):
	# both are replaced through the temporary names (a new symlink is made
	# at once, without one)
	local want
	want=$(stat -c %t:%T "$T/dev/aa")
	rm "$T/dev/aa"
	mknod -m 0600 "$T/dev/aa" c 1 3
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 aa;l bb -> aa" ]
	[ "$(stat -c %t:%T "$T/dev/aa")" = "$want" ]
}

# own_conf: udev.conf and what it names in $T/etc, which nothing else in the
# test writes (udevd.log and the trace stay in $T, whose changes the
# worker's change watch would otherwise see)
own_conf() {
	mkdir -p "$T/etc/rules.d" "$T/etc/dev.d"
	sed -e "s|^udev_rules=.*|udev_rules=\"$T/etc/rules.d\"|" \
	    -e "s|^udev_permissions=.*|udev_permissions=\"$T/etc/permissions\"|" \
	    -e "s|^udev_devd=.*|udev_devd=\"$T/etc/dev.d\"|" "$T/udev.conf" >"$T/etc/udev.conf"
	export UDEV_CONFIG_FILE="$T/etc/udev.conf"
	printf '%s\n' "$1" >"$T/etc/rules.d/50-test.rules"
}

# after_start PATTERN: the worker's calls that match, from its first event on
after_start() { awk '/^recvfrom\(/ { on = 1 } on' "$T/trace.log" | grep -cE "$1" || :; }

@test "pool worker: per event no cwd or umask reset, no read of an unchanged watch, no chown that mknod did" {
	own_conf 'KERNEL=="ttyS0", NAME="aa"
KERNEL=="ttyUSB0", NAME="uu", OWNER="65534", GROUP="65534"'
	pool_of_one strace -qq -e trace=recvfrom,fchdir,umask,read,poll,fchownat -o "$T/trace.log"
	local s
	for s in 1 3 5; do
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$s tty
		[ "$(listing)" = "c 0600 0:0 aa" ]
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((s + 1)) tty
		[ -z "$(listing)" ]
	done
	# six events received (a seventh recvfrom waits, unfinished)
	[ "$(after_start '^recvfrom\(.* = [1-9]')" -eq 6 ]
	[ "$(after_start '^(fchdir|umask)\(')" -eq 0 ]
	# the change watch is polled with fds 0-2, read only when it has news
	[ "$(after_start '^poll\(')" -eq 6 ]
	[ "$(after_start '^read\(.*EAGAIN')" -eq 0 ]
	# root:root in a directory of group 0: as mknod made it
	[ "$(after_start '^fchownat\(')" -eq 0 ]
	# another owner: chowned
	send ACTION=add DEVPATH=/class/tty/ttyUSB0 SEQNUM=7 tty
	[ "$(listing)" = "c 0600 65534:65534 uu" ]
	[ "$(after_start '^fchownat\(.*65534, 65534')" -eq 1 ]
	# an edited rule is seen at the next event: the watch is read then
	printf '%s\n' 'KERNEL=="ttyS0", NAME="bb"' >"$T/etc/rules.d/50-test.rules"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=8 tty
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 bb;c 0600 65534:65534 uu" ]
	[ "$(after_start '^poll\(.*revents=POLLIN')" -eq 1 ]
}

@test "pool worker: a root:root node in a setgid directory of another group is chowned to group 0" {
	own_conf 'KERNEL=="ttyS0", NAME="sub/aa"'
	mkdir -m 2755 "$T/dev/sub"
	chgrp 65534 "$T/dev/sub"
	pool_of_one
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$(listing)" = "c 0600 0:0 sub/aa" ]
	# and the next one, in the same worker
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ "$(listing)" = "c 0600 0:0 sub/aa" ]
}

# in_event N PATTERN: the worker's calls that match, in its Nth event
in_event() { awk -v n="$1" '/^recvfrom\(/ { e++ } e == n' "$T/trace.log" | grep -cE "$2" || :; }

@test "pool worker: udev_root opened by its first event only (each later one stats it), a remove walks to each symlink once (checked and removed with its empty folders), a new symlink or node is made without a temporary name, no record but its own is read" {
	own_conf 'KERNEL=="ttyS0", SYMLINK+="disk/by-id/x-%k disk/by-path/p-%k"'
	pool_of_one strace -qq -e trace=recvfrom,open,openat,readlinkat,symlinkat,renameat,renameat2,%%stat -o "$T/trace.log"
	local s
	for s in 1 3; do
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$s tty
		[ "$(listing | paste -sd ';')" = "l disk/by-id/x-ttyS0 -> ../../ttyS0;l disk/by-path/p-ttyS0 -> ../../ttyS0;c 0600 0:0 ttyS0" ]
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((s + 1)) tty
		[ -z "$(listing)" ]
		[ -z "$(ls -A "$T/dev")" ]
	done
	# the first add: udev_root opened once for the node and both symlinks
	# (open, or openat at AT_FDCWD: which one depends on the libc); the
	# second (event 3): not opened, but its path stat'ed once (stat,
	# newfstatat or statx, by the libc) to see that it leads to the
	# directory kept open; each symlink made by its name, and the node
	# too (nothing renamed into place)
	[ "$(in_event 1 "^open(at)?\\((AT_FDCWD, )?\"$T/dev\"")" -eq 1 ]
	[ "$(in_event 3 "^open(at)?\\((AT_FDCWD, )?\"$T/dev\"")" -eq 0 ]
	[ "$(in_event 3 "^(new)?f?stat(at|x|64)?\\((AT_FDCWD, )?\"$T/dev/?\"")" -eq 1 ]
	[ "$(in_event 3 '^symlinkat\(".*", [0-9]+, "(x|p)-ttyS0"\)')" -eq 2 ]
	[ "$(in_event 3 '^renameat2?\([0-9]+, "[^"]*\.udev-tmp-')" -eq 0 ]
	# the second remove (event 4): udev_root stat'ed once, not opened; each
	# symlink checked and removed (its emptied folders too) in one walk,
	# with one readlink, when no other device claims it
	[ "$(in_event 4 "^open(at)?\\((AT_FDCWD, )?\"$T/dev\"")" -eq 0 ]
	[ "$(in_event 4 "^(new)?f?stat(at|x|64)?\\((AT_FDCWD, )?\"$T/dev/?\"")" -eq 1 ]
	[ "$(in_event 4 '^readlinkat\([0-9]+, ')" -eq 2 ]
	# the record (a symbolic link: docs/udev.8) read once, by one call; not
	# again as a claimant of its own symlinks
	[ "$(in_event 4 "^(open|readlink)(at)?\\((AT_FDCWD, )?\"$T/var/db/class@tty@ttyS0\"")" -eq 1 ]
}

@test "pool worker: udev_root kept open between events is checked again by each: made anew, a symlink now, gone, made writable by others, mounted over" {
	own_conf 'KERNEL=="ttyS0", NAME="aa"'
	pool_of_one
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ -c "$T/dev/aa" ]
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	# made anew: the next node goes into the new one, not the one kept
	mv "$T/dev" "$T/dev.old"
	mkdir "$T/dev"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ -c "$T/dev/aa" ]
	[ -z "$(ls -A "$T/dev.old")" ]
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
	[ ! -e "$T/dev/aa" ]
	# a symlink to another folder: followed, as udev_root always is
	rmdir "$T/dev"
	mkdir "$T/real"
	ln -s real "$T/dev"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=5 tty
	[ -c "$T/real/aa" ]
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=6 tty
	[ ! -e "$T/real/aa" ]
	# gone: made again
	rm "$T/dev"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=7 tty
	[ -d "$T/dev" ]
	[ ! -L "$T/dev" ]
	[ -c "$T/dev/aa" ]
	[ -z "$(ls -A "$T/real")" ]
	[ -z "$(ls -A "$T/dev.old")" ]
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=8 tty
	# writable by others: refused, as a directory opened anew would be
	chmod 0777 "$T/dev"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=9 tty
	[ "$status" -ne 0 ]
	[ -z "$(ls -A "$T/dev")" ]
	grep -q "refusing $T/dev/aa: $T/dev is a directory others may write" "$T/udevd.log"
	chmod 0755 "$T/dev"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=10 tty
	[ -c "$T/dev/aa" ]
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=11 tty
	# a filesystem mounted over it, as a tmpfs on /dev at boot: the node
	# goes into the mounted one, not the folder below it
	mount -t tmpfs -o mode=0755 udev-test "$T/dev"
	MOUNTED=$T/dev
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=12 tty
	[ -c "$T/dev/aa" ]
	# one worker did all of it
	[ "$(workers_started)" -eq 1 ]
	# an idle worker holds udev_root until it ends (its idle timeout, 60 s
	# here); udevcontrol reload_rules ends it at once, and the tmpfs can go
	"$BIN/udevcontrol" reload_rules
	local i
	for i in $(seq 50); do
		umount "$T/dev" 2>/dev/null && break
		sleep 0.1
	done
	MOUNTED=
	[ -z "$(ls -A "$T/dev")" ]
}

@test "pool worker: a program's exit wakes the worker at once (SIGCHLD), no sleeps between looks; a hung one is still killed at the timeout" {
	printf '#!/bin/sh\nsleep 0.3\necho ID_SLOW=1\n' >"$T/slow"
	printf '#!/bin/sh\necho ran >>"%s"\nexec sleep 0.3\n' "$T/ran" >"$T/run-slow"
	cp "$(command -v sleep)" "$T/hang-sleep"
	chmod +x "$T/slow" "$T/run-slow"
	rules "KERNEL==\"ttyS0\", IMPORT{program}=\"$T/slow\", RUN+=\"$T/run-slow\", NAME=\"aa\"
KERNEL==\"ttyUSB0\", RUN+=\"$T/hang-sleep 30\", NAME=\"uu\""
	pool_of_one strace -qq -e trace=nanosleep,clock_nanosleep,poll,wait4,rt_sigaction -o "$T/trace.log"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$(listing)" = "c 0600 0:0 aa" ]
	db_text "$T/var/db/class@tty@ttyS0" | grep -qx "E:ID_SLOW=1"
	[ "$(cat "$T/ran")" = ran ]
	# the old waits slept 1, 2, 4... ms between looks (about nine sleeps
	# for a program of 0.3 s); now one poll each, ended by SIGCHLD
	[ "$(calls 'nanosleep\(')" -eq 0 ]
	[ "$(calls '^--- SIGCHLD')" -ge 2 ]
	[ "$(calls '^rt_sigaction\(SIGCHLD, \{sa_handler=0x')" -eq 1 ]
	# a program that does not end: the poll's deadline, then it is killed
	# (and the event's exit code says so: 9, a RUN program failed)
	run send ACTION=add DEVPATH=/class/tty/ttyUSB0 SEQNUM=2 UDEV_EXEC_TIMEOUT=1 tty
	[ "$status" -eq 9 ]
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 aa;c 0600 0:0 uu" ]
	! pgrep -f "$T/hang-sleep 30" || false
	[ "$(calls 'nanosleep\(')" -eq 0 ]
	[ "$(calls '^--- SIGCHLD')" -ge 3 ]
}

@test "pool worker: a program's output pipe is made close-on-exec in one call, the temporary node without a mkdir of udev_root or a getpid" {
	printf '#!/bin/sh\necho ID_TMP="$1"\n' >"$T/etc-prog"
	chmod +x "$T/etc-prog"
	own_conf "KERNEL==\"ttyS0\", IMPORT{program}=\"$T/etc-prog \$tempnode\", NAME=\"aa\""
	pool_of_one strace -qq -e trace=recvfrom,pipe,pipe2,fcntl,mkdir,mknod,mknodat,getpid -o "$T/trace.log"
	local s
	for s in 1 3 5; do
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$s tty
		[ "$(listing)" = "c 0600 0:0 aa" ]
		# the program got the temporary node, removed after the event
		db_text "$T/var/db/class@tty@ttyS0" | grep -qx "E:ID_TMP=$T/dev/.tmp-4-64-[0-9]*"
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((s + 1)) tty
		[ -z "$(listing)" ]
	done
	# the second and third add: the output's pipe one pipe2 with O_CLOEXEC
	# (and the exit's, when the program outlives its output), no fcntl; the
	# node made at once
	local e
	for e in 3 5; do
		[ "$(in_event $e '^pipe2\(\[[0-9]+, [0-9]+\], O_CLOEXEC\)')" -eq 1 ]
		[ "$(in_event $e '^pipe2\(')" -eq "$(in_event $e '^pipe2\(.*O_CLOEXEC')" ]
		[ "$(in_event $e '^(pipe|fcntl)\(')" -eq 0 ]
		[ "$(in_event $e "^mknod(at)?\\((AT_FDCWD, )?\"$T/dev/.tmp-4-64-")" -eq 1 ]
		[ "$(in_event $e '^(mkdir|getpid)\(')" -eq 0 ]
	done
	# a udev_root that is not there yet is made for the temporary node
	stop_udevd
	rm -r "$T/dev"
	pool_of_one
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=7 tty
	[ "$(listing)" = "c 0600 0:0 aa" ]
	db_text "$T/var/db/class@tty@ttyS0" | grep -qx "E:ID_TMP=$T/dev/.tmp-4-64-[0-9]*"
}

@test "pool worker: an ENV match is checked before a TEST written after it: an add without MODALIAS never looks at its driver link (80-drivers.rules)" {
	own_conf "ACTION==\"add\", ENV{MODALIAS}==\"?*\", TEST!=\"driver\", RUN+=\"/bin/touch $T/ran\""
	pool_of_one strace -qq -e trace=%file,recvfrom -o "$T/trace.log"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$(after_start '^recvfrom\(.* = [1-9]')" -eq 1 ]
	[ "$(after_start '/class/tty/ttyS0/driver"')" -eq 0 ]
	[ ! -e "$T/ran" ]
	# with a modalias the link is looked at, and the rule applies
	send ACTION=add DEVPATH=/class/tty/ttyS0 MODALIAS=pnp:dPNP0501 SEQNUM=2 tty
	[ "$(after_start '/class/tty/ttyS0/driver"')" -eq 1 ]
	[ -e "$T/ran" ]
}

@test "pool worker: no look for a record under its old name ('@', earlier versions) when udev_db held none at the worker's start; one held then is still read and removed" {
	own_conf 'KERNEL=="ttyS0", NAME="aa"'
	pool_of_one strace -qq -e trace=open,openat,readlink,readlinkat,unlink,unlinkat -o "$T/trace.log"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$(listing)" = "c 0600 0:0 aa" ]
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	[ -z "$(listing)" ]
	# no record left (.watch: udevd's watch list, docs/udevd.8)
	[ -z "$(ls -A "$T/var/db" | grep -vx '\.watch')" ]
	# the record looked for (the add) and read (the remove) by its name
	# only; before, each miss looked again for @class@tty@ttyS0 and each
	# remove unlinked it
	[ "$(calls "\"$T/var/db/class@tty@ttyS0\"")" -ge 2 ]
	[ "$(calls '/@class@tty@ttyS0"')" -eq 0 ]
	# a record an earlier version wrote, there when the worker starts
	stop_udevd
	printf 'P:/class/tty/ttyS0\nN:old\nS:oldlink\n' >"$T/var/db/@class@tty@ttyS0"
	mknod "$T/dev/old" c 4 64
	ln -s old "$T/dev/oldlink"
	pool_of_one
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ -z "$(listing)" ]
	[ -z "$(ls -A "$T/var/db" | grep -vx '\.watch')" ]
	# and one that an add replaces: written under the new name
	printf 'P:/class/tty/ttyS0\nN:old\n' >"$T/var/db/@class@tty@ttyS0"
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
	[ "$(ls -A "$T/var/db" | grep -vx '\.watch')" = "class@tty@ttyS0" ]
	db_text "$T/var/db/class@tty@ttyS0" | grep -qx 'N:aa'
}

# before_exec PID: the rt_sigaction calls of process PID before its execve
before_exec() { awk -v p="$1" '$1 == p { if (/execve\(/) exit; if (/rt_sigaction\(/) n++ } END { print n + 0 }' "$T/trace.log"; }

@test "pool worker: a program's process makes two signal calls at most before its exec (SIGCHLD's handler, an ignored SIGPIPE), not one for each signal; the worker no setpgid of its own" {
	printf '#!/bin/sh\nsleep 0.2\necho ID_X=1\n' >"$T/prog"
	chmod +x "$T/prog"
	own_conf "KERNEL==\"ttyS0\", IMPORT{program}=\"$T/prog\", NAME=\"aa\""
	pool_of_one strace -f -qq -e trace=rt_sigaction,setpgid,execve -o "$T/trace.log"
	local s pid worker
	for s in 1 3; do
		send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$s tty
		db_text "$T/var/db/class@tty@ttyS0" | grep -qx 'E:ID_X=1'
		send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$((s + 1)) tty
	done
	worker=$(awk '/execve\(.*"--worker"/ { print $1; exit }' "$T/trace.log")
	[ -n "$worker" ]
	# the two runs of the program, the second with SIGCHLD's handler set
	local pids
	pids=$(awk -v t="execve(\"$T/prog\"" 'index($0, t) { print $1 }' "$T/trace.log")
	[ "$(echo "$pids" | wc -l)" -eq 2 ]
	for pid in $pids; do
		[ "$pid" != "$worker" ]
		[ "$(before_exec "$pid")" -le 2 ]
		[ "$(awk -v p="$pid" '$1 == p && /^[0-9]+ +setpgid\(0, 0\) += 0/' "$T/trace.log" | wc -l)" -eq 1 ]
	done
	[ "$(awk -v p="$worker" '$1 == p && /setpgid\(/' "$T/trace.log" | wc -l)" -eq 0 ]
}
