#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# IMPORT{builtin}: vol_id and disk_id run inside udev (a pool worker, or
# udev per event) with the programs' own code: their keys imported exactly
# as IMPORT{program} imports the programs' output; an unknown built-in is a
# bad rule naming its file and line; a probe that hangs ends its process at
# the exec timeout, and udevd acks the event 19 as for a crashed udev.
# (The shipped storage rules through the built-ins: udev-storage.bats.)

load storage-lib

setup() {
	udev_setup
	UDEVD_PID=
}

teardown() {
	stop_udevd
	return 0
}

# db_env: the E: lines of ttyS0's record, sorted
db_env() { db_text "$T/db/class@tty@ttyS0" | grep '^E:' | LC_ALL=C sort; }

@test "builtin: an unknown built-in is a bad rule, named with its file and line; the other rules load" {
	printf '%s\n' 'KERNEL=="ttyS0", NAME="good"' \
		'KERNEL=="ttyS0", IMPORT{builtin}="blkid --export $tempnode", NAME="bad"' \
		'KERNEL=="ttyS0", IMPORT{builtin}="", SYMLINK+="empty"' \
		'KERNEL=="ttyS0", IMPORT{builtin}="vol_id_x /dev/null", SYMLINK+="prefix"' \
		>"$T/rules.d/50-test.rules"
	run ev add /class/tty/ttyS0 tty
	[ "$status" -eq 3 ]   # UDEV_EXIT_RULES: a rule could not be read
	[[ "$output" == *"50-test.rules:2: unknown built-in 'blkid'"* ]] || { echo "$output"; return 1; }
	[[ "$output" == *"50-test.rules:3: unknown built-in ''"* ]]
	[[ "$output" == *"50-test.rules:4: unknown built-in 'vol_id_x'"* ]]
	[ "$(listing)" = "c 0600 0:0 good" ]
}

@test "builtin: vol_id's keys imported as IMPORT{program} imports the program's, hostile label and all" {
	need mkfs.ext4
	# a label with a quote, a backslash, a newline with a key after it, and spaces
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -L $'a"b\\c\nID_X=1 z' \
		-U 11111111-0000-4000-8000-0000000000e1 "$T/fs.img" 8M
	rules "KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id --export $T/fs.img\", SYMLINK+=\"l/\$env{ID_FS_LABEL_ENC}\""
	ev add /class/tty/ttyS0 tty
	db_env >"$T/builtin.env"
	listing >"$T/builtin.dev"
	ev remove /class/tty/ttyS0 tty
	[ -z "$(listing)" ]
	rules "KERNEL==\"ttyS0\", IMPORT{program}=\"$BIN/vol_id --export $T/fs.img\", SYMLINK+=\"l/\$env{ID_FS_LABEL_ENC}\""
	ev add /class/tty/ttyS0 tty
	db_env >"$T/program.env"
	listing >"$T/program.dev"
	diff "$T/program.env" "$T/builtin.env"
	diff "$T/program.dev" "$T/builtin.dev"
	grep -qx 'E:ID_FS_TYPE=ext4' "$T/builtin.env"
	grep -qx 'E:ID_FS_UUID=11111111-0000-4000-8000-0000000000e1' "$T/builtin.env"
	! grep -q '^E:ID_X=' "$T/builtin.env" || false
	[ "$(cat "$T/builtin.dev")" = 'l l/a\x22b\x5cc\x0aID_X=1\x20z -> ../ttyS0
c 0600 0:0 ttyS0' ]
}

@test "builtin: the value is substituted and split as IMPORT{program}'s; a failing probe fails the IMPORT (!= holds)" {
	need mkfs.vfat
	mkimg "$T/v.img" vfat VFATL 0A0B0C0D
	ln -s v.img "$T/ttyS0.img"
	rules "KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id --export '$T/%k.img'\", ENV{A}=\"\$env{ID_FS_LABEL}\"
KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id --export $T/none.img\", ENV{B}=\"imported\"
KERNEL==\"ttyS0\", IMPORT{builtin}!=\"vol_id --export $T/none.img\", ENV{C}=\"not\"
KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id --bogus $T/v.img\", ENV{D}=\"imported\"
KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id -t $T/v.img\", ENV{E}=\"ran\""
	run ev add /class/tty/ttyS0 tty
	[ "$status" -eq 0 ]
	[ "$(db_env | paste -sd ' ')" = "E:A=VFATL E:C=not E:E=ran E:ID_FS_LABEL=VFATL E:ID_FS_LABEL_ENC=VFATL E:ID_FS_TYPE=vfat E:ID_FS_USAGE=filesystem E:ID_FS_UUID=0A0B-0C0D E:ID_FS_UUID_ENC=0A0B-0C0D E:ID_FS_VERSION=FAT12" ] ||
		{ db_env; return 1; }
	[[ "$output" == *"usage: vol_id"* ]]
}

@test "builtin: a probe that hangs ends its pool worker at udevd's exec timeout: acked 19, the next event is handled" {
	mkfifo "$T/dead"   # open() without a writer blocks: like a dead device
	# the temporary node made for the event before the probe (%N) goes with it
	rules "KERNEL==\"ttyS0\", ENV{TMPNODE}=\"\$tempnode\"
KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id --export $T/dead\""
	start_udevd --workers=pool --exec-timeout=1s
	SECONDS=0
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty
	[ "$status" -eq 19 ]
	[ "$SECONDS" -le 6 ]
	# the probe's own --timeout (vol_id 5 s) is no exit of the worker's own:
	# udevd's exec timeout ended it (SIGTERM)
	grep -q "seqnum 1 /class/tty/ttyS0: udev pid [0-9]* outlived the exec timeout, SIGTERM" "$T/udevd.log"
	# nothing but udevd's record of the failed add (.udev/failed)
	[ -z "$(ls -A "$T/dev" | grep -vx .udev)" ]
	rules 'KERNEL=="ttyS0", NAME="later"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/later" ]
	[ "$(workers_started)" -eq 2 ]
}

@test "builtin: a probe that hangs past UDEV_EXEC_TIMEOUT ends the process that runs it: a worker (acked 19), udev per event" {
	mkfifo "$T/dead"
	rules "KERNEL==\"ttyS0\", ENV{TMPNODE}=\"\$tempnode\"
KERNEL==\"ttyS0\", IMPORT{builtin}=\"disk_id --export --volume=$T/dead --timeout=100 /class/tty/ttyS0\""
	start_udevd --workers=pool --exec-timeout=60s
	SECONDS=0
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 UDEV_EXEC_TIMEOUT=1 tty
	[ "$status" -eq 19 ]
	[ "$SECONDS" -le 4 ]
	grep -q "killed by signal 14" "$T/udevd.log" || { cat "$T/udevd.log"; return 1; }
	! grep -q "outlived the exec timeout" "$T/udevd.log" || false
	# nothing but udevd's record of the failed add (.udev/failed)
	[ -z "$(ls -A "$T/dev" | grep -vx .udev)" ]
	stop_udevd
	# udev per event, no udevd: SIGALRM ends it (128 + 14)
	SECONDS=0
	run ev add /class/tty/ttyS0 tty UDEV_EXEC_TIMEOUT=1
	[ "$status" -eq 142 ]
	[ "$SECONDS" -le 4 ]
	# nothing but udevd's record of the failed add (.udev/failed)
	[ -z "$(ls -A "$T/dev" | grep -vx .udev)" ]
}

@test "builtin: a probe that crashes takes its pool worker with it: acked 19, the next event is handled" {
	mkfifo "$T/dead"
	rules "KERNEL==\"ttyS0\", IMPORT{builtin}=\"vol_id --export $T/dead\""
	start_udevd --workers=pool --exec-timeout=60s
	(rc=0; send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=1 tty || rc=$?; echo "$rc" >"$T/rc") \
		</dev/null >/dev/null 2>&1 3>&- &
	# the worker is inside the probe (blocked on the dead device): a fault there
	wait_for grep -q 'worker [0-9]* started' "$T/udevd.log"
	pid=$(sed -n 's/.*worker \([0-9]*\) started.*/\1/p' "$T/udevd.log" | head -n 1)
	wait_for grep -qx wait_for_partner "/proc/$pid/wchan"   # the FIFO's open()
	kill -SEGV "$pid"
	wait_for test -s "$T/rc"
	[ "$(cat "$T/rc")" -eq 19 ]
	if grep -aq __asan_init "$BIN/udev"; then
		# ASan catches the SIGSEGV, reports it and exits (check-sanitize)
		grep -q "udev worker for seqnum 1 (/class/tty/ttyS0) exited with [1-9][0-9]* mid-event" "$T/udevd.log"
	else
		grep -q "udev for seqnum 1 (/class/tty/ttyS0) killed by signal 11" "$T/udevd.log"
	fi
	rules 'KERNEL=="ttyS0", NAME="later"'
	run send ACTION=add DEVPATH=/class/tty/ttyS0 SEQNUM=2 tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/later" ]
	[ "$(workers_started)" -eq 2 ]
}
