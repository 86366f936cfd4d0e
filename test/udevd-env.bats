#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udev gets the event's exact environment and argv[1] = SUBSYSTEM, through
# udevd and through udevsend's direct fallback alike.

load lib
load udevd-lib

setup() {
	udevd_setup
	mkdir "$T/env"
	# 60 variables: spaces, '=', quotes, globs, an empty value, a long one
	VARS=(SEQNUM=10 ACTION=add DEVPATH=/devices/virtual/block/loop0 "FAKE_UDEV_ENVDIR=$T/env"
	      "FAKE_UDEV_LOG=$FAKE_UDEV_LOG" "UDEVD_SOCKET=$UDEVD_SOCKET" "UDEV_BIN=$UDEV_BIN"
	      "UDEVD_BIN=$UDEVD_BIN" "SPACES=a b  c " "EQUALS=x=y==z" 'QUOTES="it'"'"'s"'
	      'GLOB=*?[a]' EMPTY= "LONG=$(printf 'L%.0s' $(seq 1 1500))" 'DOLLAR=$HOME;`x`')
	for i in $(seq 1 45); do
		VARS+=("VAR_$i=value $i with = sign")
	done
}
teardown() { udevd_teardown; }

# the environment fake-udev got, one entry per line, sorted
got_env() { tr '\0' '\n' <"$T/env/10.env" | sort; }
want_env() { printf '%s\n' "${VARS[@]}" "SUBSYSTEM=block" | sort; }

@test "udevd passes the event's environment intact, argv[1] is SUBSYSTEM" {
	start_udevd
	run env -i "${VARS[@]}" "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	[ "${#VARS[@]}" -eq 60 ]
	[ "$(got_env)" = "$(want_env)" ]
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
	[ "$(got_env)" = "$(want_env)" ]
	rm "$T/env/10.env"
	run env -i "${VARS[@]/#SEQNUM=10/SEQNUM=11}" SUBSYSTEM=usb "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	tr '\0' '\n' <"$T/env/11.env" | grep -qx SUBSYSTEM=usb
	! tr '\0' '\n' <"$T/env/11.env" | grep -qx SUBSYSTEM=block || false
	run env -i "${VARS[@]/#SEQNUM=10/SEQNUM=12}" "$BIN/udevsend" block
	[ "$status" -eq 0 ]
	tr '\0' '\n' <"$T/env/12.env" | grep -qx SUBSYSTEM=block
}
