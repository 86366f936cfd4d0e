#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udev gets the event's exact environment and argv[1] = SUBSYSTEM, through
# udevd and through udevsend's direct fallback alike; udevd adds
# UDEVD_EVENT=1, as udev 064's did.

load lib
load udevd-lib

setup() {
	udevd_setup
	mkdir "$T/env"
	# 60 variables: spaces, '=', quotes, globs, an empty value, a long one
	VARS=(SEQNUM=10 ACTION=add DEVPATH=/devices/virtual/block/loop0 "FAKE_UDEV_ENVDIR=$T/env"
	      "FAKE_UDEV_LOG=$FAKE_UDEV_LOG" "UDEVD_SOCKET=$UDEVD_SOCKET" "UDEVD_LOCK_DIR=$UDEVD_LOCK_DIR" "UDEV_BIN=$UDEV_BIN"
	      "UDEVD_BIN=$UDEVD_BIN" "SPACES=a b  c " "EQUALS=x=y==z" 'QUOTES="it'"'"'s"'
	      'GLOB=*?[a]' EMPTY= "LONG=$(printf 'L%.0s' $(seq 1 1500))" 'DOLLAR=$HOME;`x`')
	for i in $(seq 1 44); do
		VARS+=("VAR_$i=value $i with = sign")
	done
}
teardown() { udevd_teardown; }

# the environment fake-udev got, one entry per line, sorted
got_env() { tr '\0' '\n' <"$T/env/10.env" | sort; }
# want_env [EXTRA...]: the event's own, and EXTRA (udevd's UDEVD_EVENT=1)
want_env() { printf '%s\n' "${VARS[@]}" "SUBSYSTEM=block" "$@" | sort; }

@test "udevd passes the event's environment intact, argv[1] is SUBSYSTEM" {
	start_udevd
	run env -i "${VARS[@]}" "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	[ "${#VARS[@]}" -eq 60 ]
	[ "$(got_env)" = "$(want_env UDEVD_EVENT=1)" ]
	# fork mode: argv[1] of the udev process; pool mode: the worker's argv
	if [ "$(udevd_mode)" = fork ]; then
		[ "$(tr '\0' ' ' <"$T/env/10.argv")" = "$UDEV_BIN block " ]
	else
		[ "$(tr '\0' ' ' <"$T/env/10.argv")" = "$UDEV_BIN --worker " ]
		grep -q "^start 10 .* block\$" "$FAKE_UDEV_LOG"
	fi
}

@test "the direct fallback passes the same environment" {
	run env -i "${VARS[@]}" "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	[ "$(got_env)" = "$(want_env)" ]
	[ "$(tr '\0' ' ' <"$T/env/10.argv")" = "$UDEV_BIN block " ]
}

@test "SUBSYSTEM comes from the environment; argv[1] only when it has none (udevsend 050/064)" {
	start_udevd
	run env -i "${VARS[@]}" SUBSYSTEM=block "$BIN/udevsend"
	[ "$status" -eq 0 ]
	[ "$(got_env)" = "$(want_env UDEVD_EVENT=1)" ]
	rm "$T/env/10.env"
	run env -i "${VARS[@]/#SEQNUM=10/SEQNUM=11}" SUBSYSTEM=usb "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	tr '\0' '\n' <"$T/env/11.env" | grep -qx SUBSYSTEM=usb
	! tr '\0' '\n' <"$T/env/11.env" | grep -qx SUBSYSTEM=block || false
	run env -i "${VARS[@]/#SEQNUM=10/SEQNUM=12}" "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	tr '\0' '\n' <"$T/env/12.env" | grep -qx SUBSYSTEM=block
}

@test "064: UDEVD_EVENT=1 reaches udev's rules and programs through udevd, not through the direct fallback" {
	export UDEV_BIN=$BIN/udev
	mkdir -p "$T/dev" "$T/rules.d" "$T/sys/devices/virtual/mem/u1" "$T/sys/devices/virtual/mem/u2"
	printf 'udev_root="%s/dev"\nudev_db="%s/db"\nudev_rules="%s/rules.d"\n' "$T" "$T" "$T" > "$T/udev.conf"
	# the rule of udev 064's Gentoo and Debian rules, with a program of ours
	printf 'ENV{UDEVD_EVENT}=="1", RUN+="/bin/sh -c '"'"'echo $$SEQNUM $$UDEVD_EVENT >> %s/got'"'"'"\n' "$T" > "$T/rules.d/50.rules"
	printf 'ENV{UDEVD_EVENT}!="?*", RUN+="/bin/sh -c '"'"'echo $$SEQNUM none >> %s/got'"'"'"\n' "$T" >> "$T/rules.d/50.rules"
	start_udevd
	run env -i UDEV_CONFIG_FILE="$T/udev.conf" SYSFS_PATH="$SYSFS_PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		ACTION=add DEVPATH=/devices/virtual/mem/u1 SEQNUM=20 "$BIN/udevsend" mem
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(cat "$T/got")" = "20 1" ]
	udevd_teardown
	# no udevd: udevsend runs udev itself, as 064's did (no UDEVD_EVENT)
	run env -i UDEV_CONFIG_FILE="$T/udev.conf" SYSFS_PATH="$SYSFS_PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVD_BIN=/nonexistent \
		UDEV_BIN="$BIN/udev" ACTION=add DEVPATH=/devices/virtual/mem/u2 SEQNUM=21 "$BIN/udevsend" mem
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(paste -sd, "$T/got")" = "20 1,21 none" ]
}
@test "064: udevsend run under an event udevd runs (UDEVD_EVENT set) sends nothing and exits 0" {
	start_udevd
	run env -i UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" UDEVD_EVENT=1 ACTION=add DEVPATH=/devices/virtual/mem/u3 \
		SEQNUM=30 FAKE_UDEV_LOG="$FAKE_UDEV_LOG" "$BIN/udevsend" mem
	[ "$status" -eq 0 ]
	! grep -q "^start 30 " "$FAKE_UDEV_LOG" || false
}
