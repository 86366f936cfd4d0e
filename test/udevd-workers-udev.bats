#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The real udev as a pool worker (udev --worker behind udevd --workers=pool):
# each event sees only its own environment, exactly as in fork mode, and
# edited rules take effect at the next event handled by the same worker.

load udev-lib

setup() {
	udev_setup
	UDEVD_PID=
	mkdir -p "$T/out"
}

teardown() {
	stop_udevd
	return 0
}

workers_started() { grep -c 'worker [0-9]* started' "$T/udevd.log"; }

# a RUN program that records what it sees: environment, cwd, umask, fds
dump_rule() {
	cat >"$T/dump" <<-EOF
	#!/bin/bash
	d=$T/out/\$SEQNUM
	env | grep -v '^_=' | sort >"\$d.env"
	fds=(/proc/\$\$/fd/*)
	{ pwd; umask; echo "\${fds[@]##*/}"; } >"\$d.proc"
	EOF
	chmod +x "$T/dump"
	rules "KERNEL==\"ttyS0\", RUN+=\"$T/dump\""
}

# events: the same four events in either mode
events() {
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 FOO=1 UDEV_LOG=debug tty
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 BAR='x y' tty
	send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
}

@test "pool: each event sees its own environment, cwd, umask and fds, as in fork mode" {
	dump_rule
	start_udevd --workers=pool --max-childs=1
	events
	[ "$(workers_started)" -eq 1 ]
	stop_udevd
	mv "$T/out" "$T/pool" && mkdir "$T/out"
	start_udevd --workers=fork
	events
	stop_udevd
	mv "$T/out" "$T/fork"
	for s in 1 2 3 4; do
		diff "$T/fork/$s.env" "$T/pool/$s.env"
		diff "$T/fork/$s.proc" "$T/pool/$s.proc"
	done
	grep -qx FOO=1 "$T/pool/1.env"
	! grep -q '^FOO=' "$T/pool/2.env" "$T/pool/3.env" || false
	! grep -q '^UDEV_LOG=' "$T/pool/2.env" || false
	grep -qx 'BAR=x y' "$T/pool/3.env"
	grep -qx "$PWD" "$T/pool/3.proc"
	grep -qx "$(umask)" "$T/pool/3.proc"
}

@test "pool: SYSFS_PATH and UDEV_CONFIG_FILE come from each event" {
	start_udevd --workers=pool --max-childs=1
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	cp -r "$SYSFS_PATH" "$T/sys2"
	rm -r "$T/sys2/class/tty/ttyS0"
	sed "s|$T/dev|$T/dev2|" "$T/udev.conf" >"$T/udev2.conf"
	mkdir "$T/dev2"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 SYSFS_PATH="$T/sys2" tty
	[ "$status" -eq 4 ]
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 UDEV_CONFIG_FILE="$T/udev2.conf" tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/tts/0" ] && [ -c "$T/dev2/tts/0" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: a rule edited between events takes effect at the next event" {
	start_udevd --workers=pool --max-childs=1 --idle-timeout=60s
	rules 'KERNEL=="ttyS0", NAME="aa"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 aa" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	# same size, rewritten in place
	rules 'KERNEL=="ttyS0", NAME="bb"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ "$(listing)" = "c 0600 0:0 bb" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
	# a new file in the rules directory
	echo 'KERNEL=="ttyS0", SYMLINK+="extra"' >"$T/rules.d/10-more.rules"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=5 tty
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 bb;l extra -> bb" ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=6 tty
	# a bad rule is reported by the next event (exit 3), as in fork mode
	echo 'KERNEL=="ttyS0", NOSUCHKEY="x"' >"$T/rules.d/20-bad.rules"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=7 tty
	[ "$status" -eq 3 ]
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=8 tty
	[ "$status" -eq 3 ]
	rm "$T/rules.d/20-bad.rules"
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=9 tty
	[ "$status" -eq 0 ]
	[ "$(workers_started)" -eq 1 ]
}

# quiet_etc: udev.conf, rules, permissions and dev.d in $T/etc, where nothing
# else writes (the worker watches them: a change there makes it read them
# again).
quiet_etc() {
	mkdir -p "$T/etc/rules.d" "$T/etc/dev.d/default"
	sed -e "s|$T/rules.d|$T/etc/rules.d|" -e "s|$T/dev.d|$T/etc/dev.d|" \
		-e "s|$T/permissions|$T/etc/permissions|" "$T/udev.conf" >"$T/etc/udev.conf"
	export UDEV_CONFIG_FILE=$T/etc/udev.conf
}
etc_rules() { printf '%s\n' "$1" >"$T/etc/rules.d/50-test.rules"; }
# traced_pool RULES [PERMISSIONS]: the quiet files, and udevd with one worker
# under strace: $T/trace.log lists every file it opens and every program it runs
traced_pool() {
	command -v strace >/dev/null || skip "no strace"
	quiet_etc
	etc_rules "$1"
	[ -z "${2:-}" ] || echo "$2" >"$T/etc/permissions"
	pool_of_one strace -f -qq -e trace=open,openat,execve -o "$T/trace.log"
}
# opened PATH: how often udev opened PATH (klibc calls open, the others openat)
opened() { grep -cE "open(at)?\(.*\"$1\"" "$T/trace.log" || :; }
add_remove() {
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$1 tty
	[ "$status" -eq 0 ]
	got=$(listing | paste -sd ';')
	run send ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$(($1 + 1)) tty
	[ "$status" -eq 0 ]
}

@test "pool: udev.conf and the rules are read once while unchanged; a rules file edited, added, removed takes effect at the next event" {
	traced_pool 'KERNEL=="ttyS0", NAME="aa"'
	add_remove 1; [ "$got" = "c 0600 0:0 aa" ]
	add_remove 3; [ "$got" = "c 0600 0:0 aa" ]
	add_remove 5; [ "$got" = "c 0600 0:0 aa" ]
	# six events, one worker: udev.conf and the rules file read once
	[ "$(opened "$UDEV_CONFIG_FILE")" -eq 1 ]
	[ "$(opened "$T/etc/rules.d/50-test.rules")" -eq 1 ]
	[ "$(opened /etc/passwd)" -le 1 ] && [ "$(opened /etc/group)" -le 1 ]
	# edited in place, same size
	etc_rules 'KERNEL=="ttyS0", NAME="bb"'
	add_remove 7; [ "$got" = "c 0600 0:0 bb" ]
	[ "$(opened "$UDEV_CONFIG_FILE")" -eq 2 ]
	# a file added
	echo 'KERNEL=="ttyS0", SYMLINK+="extra"' >"$T/etc/rules.d/10-more.rules"
	add_remove 9; [ "$got" = "c 0600 0:0 bb;l extra -> bb" ]
	# and removed
	rm "$T/etc/rules.d/10-more.rules"
	add_remove 11; [ "$got" = "c 0600 0:0 bb" ]
	# udev.conf replaced by a rename, as editors save it
	sed 's|default_mode="0600"|default_mode="0640"|' "$UDEV_CONFIG_FILE" >"$T/etc/new.conf"
	mv "$T/etc/new.conf" "$UDEV_CONFIG_FILE"
	add_remove 13; [ "$got" = "c 0640 0:0 bb" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: a dev.d script added or removed between two events runs, or not, at the second; dev.d is listed once while unchanged" {
	traced_pool 'KERNEL=="ttyS0", NAME="aa"'
	add_remove 1
	local listed=$(opened "$T/etc/dev.d/default")
	add_remove 3
	add_remove 5
	[ "$(opened "$T/etc/dev.d/default")" -eq "$listed" ]
	printf '#!/bin/sh\necho "$SEQNUM $ACTION" >>%s/devd.log\n' "$T" >"$T/etc/dev.d/default/log.dev"
	chmod +x "$T/etc/dev.d/default/log.dev"
	add_remove 7
	[ "$(cat "$T/devd.log")" = "$(printf '7 add\n8 remove')" ]
	rm "$T/etc/dev.d/default/log.dev"
	add_remove 9
	[ "$(wc -l <"$T/devd.log")" -eq 2 ]
	# a directory for the subsystem, made between two events
	mkdir "$T/etc/dev.d/tty"
	printf '#!/bin/sh\necho "tty $SEQNUM" >>%s/devd.log\n' "$T" >"$T/etc/dev.d/tty/t.dev"
	chmod +x "$T/etc/dev.d/tty/t.dev"
	add_remove 11
	[ "$(tail -n 2 "$T/devd.log" | paste -sd ';')" = "tty 11;tty 12" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: udev.permissions is read once while unchanged; an edit takes effect at the next event" {
	traced_pool 'KERNEL=="ttyS0", NAME="aa"' 'aa:root:root:0644'
	add_remove 1; [ "$got" = "c 0644 0:0 aa" ]
	add_remove 3; [ "$got" = "c 0644 0:0 aa" ]
	[ "$(opened "$T/etc/permissions")" -eq 1 ]
	echo 'aa:root:root:0604' >"$T/etc/permissions"
	add_remove 5; [ "$got" = "c 0604 0:0 aa" ]
	rm "$T/etc/permissions"
	add_remove 7; [ "$got" = "c 0600 0:0 aa" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: a hotplug.d script added between two events makes the next start hotplug; hotplug.d listed once while unchanged" {
	mkdir -p "$T/etc/hotplug.d/default"
	printf '#!/bin/sh\necho started >>%s/execs\nexec %s "$@"\n' "$T" "$BIN/hotplug" >"$T/hp"
	chmod +x "$T/hp"
	traced_pool "KERNEL==\"ttyS0\", NAME=\"aa\", RUN+=\"$T/hp\""
	# hotplug runs under the worker's strace: LeakSanitizer cannot (check-sanitize)
	local hp=(HOTPLUG_DIR="$T/etc/hotplug.d" HOTPLUG_BIN="$T/hp" ASAN_OPTIONS=detect_leaks=0)
	send "${hp[@]}" ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	local listed=$(opened "$T/etc/hotplug.d/default")
	send "${hp[@]}" ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	[ "$(opened "$T/etc/hotplug.d/default")" -eq "$listed" ]
	[ ! -e "$T/execs" ]
	printf '#!/bin/sh\necho "$ACTION" >>%s/hp.log\n' "$T" >"$T/etc/hotplug.d/default/50-log.hotplug"
	chmod +x "$T/etc/hotplug.d/default/50-log.hotplug"
	send "${hp[@]}" ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=3 tty
	[ "$(wc -l <"$T/execs")" -eq 1 ] && [ "$(cat "$T/hp.log")" = add ]
	rm "$T/etc/hotplug.d/default/50-log.hotplug"
	send "${hp[@]}" ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
	[ "$(wc -l <"$T/execs")" -eq 1 ]
	[ "$(workers_started)" -eq 1 ]
}
