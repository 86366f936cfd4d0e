#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# /etc/dev.d scripts: order, environment, time bound, UDEV_NO_DEVD, and
# RUN programs after them.

load udev-lib

TTYS=/class/tty/ttyS0

# script DIR NAME TAG: a dev.d script that logs "TAG argv1 DEVNAME ACTION state"
script() {
	mkdir -p "$T/dev.d/$1"
	cat > "$T/dev.d/$1/$2" <<-EOF
	#!/bin/sh
	if [ -e "\$DEVNAME" ]; then s=present; else s=gone; fi
	echo "$3 \$1 \$DEVNAME \$ACTION \$s" >> "$T/log"
	EOF
	chmod +x "$T/dev.d/$1/$2"
}

setup() {
	udev_setup
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	script tts 10-lead.dev lead
	script tts/0 10-name.dev name
	script tty 20-second.dev sub2
	script tty 10-first.dev sub1
	script default 50-default.dev default
}

@test "dev.d order: leading dirs, name, subsystem, default, in name order" {
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "lead,name,sub1,sub2,default" ]
}
@test "dev.d gets the subsystem as argv[1] and DEVNAME, after the node exists" {
	ev add $TTYS tty
	[ "$(sed -n 1p "$T/log")" = "lead tty $T/dev/tts/0 add present" ]
}
@test "dev.d on remove: after the node is gone" {
	ev add $TTYS tty
	: > "$T/log"
	ev remove $TTYS tty
	[ "$(sed -n 1p "$T/log")" = "lead tty $T/dev/tts/0 remove gone" ]
	[ "$(wc -l < "$T/log")" -eq 5 ]
}
@test "dev.d skips files not named *.dev and not executable" {
	echo '#!/bin/sh' > "$T/dev.d/default/x.sh"; chmod +x "$T/dev.d/default/x.sh"
	printf '#!/bin/sh\necho noexec >> %s/log\n' "$T" > "$T/dev.d/default/60-noexec.dev"
	ev add $TTYS tty
	! grep -q noexec "$T/log"
	[ "$(wc -l < "$T/log")" -eq 5 ]
}
@test "UDEV_NO_DEVD skips dev.d" {
	run ev add $TTYS tty UDEV_NO_DEVD=1
	[ "$status" -eq 0 ]
	[ ! -e "$T/log" ]
	[ -c "$T/dev/tts/0" ]
}
@test "each dev.d script is bounded in time" {
	printf '#!/bin/sh\nsleep 60\n' > "$T/dev.d/tty/15-hang.dev"
	chmod +x "$T/dev.d/tty/15-hang.dev"
	SECONDS=0
	run ev add $TTYS tty UDEV_EXEC_TIMEOUT=1
	[ "$status" -eq 0 ]
	[ "$SECONDS" -lt 20 ]
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "lead,name,sub1,sub2,default" ]
}
@test "RUN programs run after dev.d" {
	rules "KERNEL==\"ttyS0\", NAME=\"tts/0\", RUN+=\"/bin/sh -c 'echo run >> $T/log'\""
	ev add $TTYS tty
	[ "$(cut -d' ' -f1 "$T/log" | paste -sd,)" = "lead,name,sub1,sub2,default,run" ]
}
@test "dev.d for change uses the record's name" {
	ev add $TTYS tty
	: > "$T/log"
	ev change $TTYS tty
	[ "$(sed -n 2p "$T/log")" = "name tty $T/dev/tts/0 change present" ]
}
@test "an ignored device runs no dev.d" {
	rules 'KERNEL=="ttyS0", OPTIONS="ignore_device"'
	ev add $TTYS tty
	[ ! -e "$T/log" ]
}
