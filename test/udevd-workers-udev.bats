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
	# event 1's UDEV_LOG=debug does not stay: the programs get udev.conf's level
	grep -qx 'UDEV_LOG=7' "$T/pool/1.env"
	grep -qx 'UDEV_LOG=3' "$T/pool/2.env"
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
	[ -c "$T/dev/tts/0" ]
	[ -c "$T/dev2/tts/0" ]
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
# (and the calls in TRACE_MORE, ",read" say); with KERNEL_HELPER set, the
# worker sees it as the kernel's helper (kernel_helper_ns)
traced_pool() {
	command -v strace >/dev/null || skip "no strace"
	quiet_etc
	etc_rules "$1"
	[ -z "${2:-}" ] || echo "$2" >"$T/etc/permissions"
	local ns=()
	if [ -n "${KERNEL_HELPER:-}" ]; then
		kernel_helper_ns "$KERNEL_HELPER"
		ns=(unshare -m "$T/inns")
	fi
	pool_of_one "${ns[@]}" strace -f -qq -y -e trace=open,openat,execve${TRACE_MORE:-} -o "$T/trace.log"
}
# opened PATH: how often udev opened PATH (klibc calls open, the others openat)
opened() { grep -cE "open(at)?\(.*\"$1\"" "$T/trace.log" || :; }
# add_remove SEQNUM [VAR=value...]: an add and a remove, the listing between in $got
add_remove() {
	run send "${@:2}" ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=$1 tty
	[ "$status" -eq 0 ]
	got=$(listing | paste -sd ';')
	run send "${@:2}" ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=$(($1 + 1)) tty
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
	[ "$(opened /etc/passwd)" -le 1 ]
	[ "$(opened /etc/group)" -le 1 ]
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
	# events from udevsend start hotplug only where the kernel starts udevsend
	KERNEL_HELPER=/sbin/udevsend traced_pool "KERNEL==\"ttyS0\", NAME=\"aa\", RUN+=\"$T/hp\""
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
	[ "$(wc -l <"$T/execs")" -eq 1 ]
	[ "$(cat "$T/hp.log")" = add ]
	rm "$T/etc/hotplug.d/default/50-log.hotplug"
	send "${hp[@]}" ACTION=remove DEVPATH=/class/tty/ttyS0 SEQNUM=4 tty
	[ "$(wc -l <"$T/execs")" -eq 1 ]
	[ "$(workers_started)" -eq 1 ]
}

# inotify_reads PATTERN: the worker's reads of its inotify descriptor that match
inotify_reads() { grep -E 'read\([0-9]+<anon_inode:inotify>' "$T/trace.log" | grep -cE "$1" || :; }

# beside DIR: what other programs do to other files in DIR (DHCP's
# resolv.conf, adjtime, an editor saving another file)
beside() {
	echo nameserver 192.0.2.1 >"$1/resolv.conf"
	echo 0.0 0 0.0 >>"$1/adjtime"
	echo x >"$1/.other.swp" && mv "$1/.other.swp" "$1/other"
	chmod 0600 "$1/other"
	rm "$1/resolv.conf"
	mkdir "$1/new.d"
}

@test "pool: files written beside udev.conf, passwd and group do not make the worker read udev.conf, the rules or passwd again" {
	mkdir "$T/ids"
	printf 'root:x:0:0::/:/bin/sh\nsomeone:x:2345:2345::/:/bin/false\n' >"$T/ids/passwd"
	printf 'root:x:0:\nsomegroup:x:3456:\n' >"$T/ids/group"
	local ids=(UDEV_PASSWD_FILE="$T/ids/passwd" UDEV_GROUP_FILE="$T/ids/group")
	TRACE_MORE=,read traced_pool 'KERNEL=="ttyS0", NAME="aa", OWNER="someone", GROUP="somegroup"'
	add_remove 1 "${ids[@]}"; [ "$got" = "c 0600 2345:3456 aa" ]
	[ "$(opened "$UDEV_CONFIG_FILE")" -eq 1 ]
	[ "$(opened "$T/ids/passwd")" -eq 1 ]
	[ "$(opened "$T/ids/group")" -eq 1 ]
	beside "$T/etc"
	add_remove 3 "${ids[@]}"; [ "$got" = "c 0600 2345:3456 aa" ]
	beside "$T/ids"
	add_remove 5 "${ids[@]}"; [ "$got" = "c 0600 2345:3456 aa" ]
	[ "$(opened "$UDEV_CONFIG_FILE")" -eq 1 ]
	[ "$(opened "$T/etc/rules.d/50-test.rules")" -eq 1 ]
	[ "$(opened "$T/ids/passwd")" -eq 1 ]
	[ "$(opened "$T/ids/group")" -eq 1 ]
	# events 2 to 6 polled the watch; it was read only after each beside:
	# once with the changes, once more to empty the queue
	[ "$(inotify_reads 'EAGAIN')" -eq 2 ]
	[ "$(inotify_reads '= [0-9]+$')" -eq 2 ]
	# a file written inside rules.d still counts: the directory is watched itself
	echo '# not a rule' >"$T/etc/rules.d/README"
	add_remove 7 "${ids[@]}"
	[ "$(opened "$T/etc/rules.d/50-test.rules")" -eq 2 ]
	[ "$(workers_started)" -eq 1 ]
}

# rename_over FILE TEXT: FILE replaced as editors save it
rename_over() { printf '%s\n' "$2" >"$1.new" && mv "$1.new" "$1"; }

@test "pool: a rename over udev.conf, over a rules file, over passwd and group, a missing file created, or the folder of passwd moved, takes effect at the next event" {
	mkdir "$T/ids"
	echo 'root:x:0:0::/:/bin/sh' >"$T/ids/passwd"
	echo 'root:x:0:' >"$T/ids/group"
	local ids=(UDEV_PASSWD_FILE="$T/ids/passwd" UDEV_GROUP_FILE="$T/ids/group")
	traced_pool 'KERNEL=="ttyS0", NAME="aa", OWNER="late", GROUP="lategroup"'
	add_remove 1 "${ids[@]}"; [ "$got" = "c 0600 0:0 aa" ]
	# a new user and group, named by the rule already
	rename_over "$T/ids/passwd" "$(printf 'root:x:0:0::/:/bin/sh\nlate:x:2345:2345::/:/bin/false')"
	add_remove 3 "${ids[@]}"; [ "$got" = "c 0600 2345:0 aa" ]
	rename_over "$T/ids/group" "$(printf 'root:x:0:\nlategroup:x:3456:')"
	add_remove 5 "${ids[@]}"; [ "$got" = "c 0600 2345:3456 aa" ]
	rename_over "$T/etc/rules.d/50-test.rules" 'KERNEL=="ttyS0", NAME="bb", OWNER="late", GROUP="lategroup"'
	add_remove 7 "${ids[@]}"; [ "$got" = "c 0600 2345:3456 bb" ]
	sed 's|default_mode="0600"|default_mode="0640"|' "$UDEV_CONFIG_FILE" >"$T/etc/new.conf"
	mv "$T/etc/new.conf" "$UDEV_CONFIG_FILE"
	add_remove 9 "${ids[@]}"; [ "$got" = "c 0640 2345:3456 bb" ]
	# the permissions file, missing so far, made by a rename
	rename_over "$T/etc/permissions" 'bb:root:root:0604'
	add_remove 11 "${ids[@]}"; [ "$got" = "c 0604 2345:3456 bb" ]
	# the folder of passwd and group moved away, and made again
	mv "$T/ids" "$T/ids.old" && mkdir "$T/ids"
	printf 'root:x:0:0::/:/bin/sh\nlate:x:2400:2400::/:/bin/false\n' >"$T/ids/passwd"
	cp "$T/ids.old/group" "$T/ids/group"
	add_remove 13 "${ids[@]}"; [ "$got" = "c 0604 2400:3456 bb" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: with the rules in udev.conf's own folder, a rules file added there takes effect at the next event" {
	traced_pool 'KERNEL=="ttyS0", NAME="aa"'
	sed -i "s|^udev_rules=.*|udev_rules=\"$T/etc\"|" "$UDEV_CONFIG_FILE"
	echo 'KERNEL=="ttyS0", NAME="aa"' >"$T/etc/50-test.rules"
	add_remove 1; [ "$got" = "c 0600 0:0 aa" ]
	echo 'KERNEL=="ttyS0", SYMLINK+="extra"' >"$T/etc/10-more.rules"
	add_remove 3; [ "$got" = "c 0600 0:0 aa;l extra -> aa" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: a symlinked udev.conf and rules file: edits to their targets and the links retargeted take effect at the next event" {
	traced_pool 'KERNEL=="ttyS0", NAME="aa"'
	mkdir "$T/real"
	mv "$UDEV_CONFIG_FILE" "$T/real/udev.conf"
	ln -s "$T/real/udev.conf" "$UDEV_CONFIG_FILE"
	mv "$T/etc/rules.d/50-test.rules" "$T/real/50-test.rules"
	ln -s "$T/real/50-test.rules" "$T/etc/rules.d/50-test.rules"
	add_remove 1; [ "$got" = "c 0600 0:0 aa" ]
	rename_over "$T/real/50-test.rules" 'KERNEL=="ttyS0", NAME="bb"'
	add_remove 3; [ "$got" = "c 0600 0:0 bb" ]
	printf 'KERNEL=="ttyS0", NAME="cc"\n' >"$T/real/50-test.rules"
	add_remove 5; [ "$got" = "c 0600 0:0 cc" ]
	sed 's|default_mode="0600"|default_mode="0640"|' "$T/real/udev.conf" >"$T/real/new.conf"
	mv "$T/real/new.conf" "$T/real/udev.conf"
	add_remove 7; [ "$got" = "c 0640 0:0 cc" ]
	sed 's|default_mode="0640"|default_mode="0604"|' "$T/real/udev.conf" >"$T/real/other.conf"
	ln -sf "$T/real/other.conf" "$UDEV_CONFIG_FILE"
	add_remove 9; [ "$got" = "c 0604 0:0 cc" ]
	[ "$(workers_started)" -eq 1 ]
}

@test "pool: a dev.d script made executable, or not, between two events runs, or not, at the second" {
	traced_pool 'KERNEL=="ttyS0", NAME="aa"'
	printf '#!/bin/sh\necho "$SEQNUM" >>%s/devd.log\n' "$T" >"$T/etc/dev.d/default/log.dev"
	add_remove 1
	[ ! -e "$T/devd.log" ]
	chmod +x "$T/etc/dev.d/default/log.dev"
	add_remove 3
	[ "$(paste -sd ' ' "$T/devd.log")" = "3 4" ]
	chmod -x "$T/etc/dev.d/default/log.dev"
	add_remove 5
	[ "$(paste -sd ' ' "$T/devd.log")" = "3 4" ]
	[ "$(workers_started)" -eq 1 ]
}
