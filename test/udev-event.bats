#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# udev per event: add/remove round trips with database checks, the other
# kernel actions, permission precedence, udev.conf, exit codes.

load udev-lib

setup() { udev_setup; }

TTYS=/class/tty/ttyS0
SDA=/block/sda
SDA1=/block/sda/sda1
EV3=/devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/0003:046D:C52B.0001/input/input5/event3

# ---- round trips --------------------------------------------------------
@test "add writes the legacy database record" {
	rules 'KERNEL=="ttyS0", NAME="tts/0", SYMLINK="modem serial/a"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(db_text "$T/db/class@tty@ttyS0")" = "P:/class/tty/ttyS0
N:tts/0
S:modem
S:serial/a
M:4:64
U:tty" ]
	# no temp file left; the links index names the record under each link
	[ "$(ls -A "$T/db")" = ".links
class@tty@ttyS0" ]
	[ "$(cd "$T/db/.links" && ls -A */)" = 'modem/:
class@tty@ttyS0

serial\x2fa/:
class@tty@ttyS0' ]
}
@test "add then remove leaves nothing behind" {
	rules 'KERNEL=="ttyS0", NAME="tts/0", SYMLINK="modem serial/by-id/a"'
	ev add $TTYS tty
	[ "$(listing | wc -l)" -eq 3 ]
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ -z "$(ls -A "$T/dev")" ]
	! db_there "$T/db/class@tty@ttyS0" || false
}
@test "remove uses the record, not today's rules or sysfs" {
	mkdir -p "$T/sys/class/tty"
	cp -r "$TOP/test/sysfs-legacy/class/tty/tty1" "$T/sys/class/tty/"
	export SYSFS_PATH="$T/sys"
	rules 'KERNEL=="tty1", NAME="vc/1", SYMLINK="console1"'
	ev add /class/tty/tty1 tty
	[ -c "$T/dev/vc/1" ]
	rm -rf "$T/sys/class/tty/tty1"
	rules 'KERNEL=="tty1", NAME="other"'
	run ev remove /class/tty/tty1 tty
	[ "$status" -eq 0 ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "remove keeps directories that are not empty" {
	mkdir -p "$T/dev/tts"
	touch "$T/dev/tts/keep"
	rules 'KERNEL=="ttyS0", NAME="tts/0"'
	ev add $TTYS tty
	ev remove $TTYS tty
	[ -e "$T/dev/tts/keep" ]
	[ ! -e "$T/dev/tts/0" ]
}
@test "remove deletes all 15 partition nodes" {
	rules 'KERNEL=="sda", OPTIONS="all_partitions"'
	ev add $SDA block
	[ "$(listing | wc -l)" -eq 16 ]
	run ev remove $SDA block
	[ "$status" -eq 0 ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "remove without a record falls back to the kernel name" {
	mknod "$T/dev/ttyS0" c 4 64
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ ! -e "$T/dev/ttyS0" ]
}
@test "remove without a record spares a node of another number" {
	modern
	mkdir -p "$T/dev/input"
	mknod "$T/dev/input/event3" c 13 99
	run ev remove $EV3 input
	[ "$status" -eq 0 ]
	[ -c "$T/dev/input/event3" ]
}
@test "NAME{ignore_remove} keeps the node on remove" {
	rules 'KERNEL=="ttyS0", NAME{ignore_remove}="keep"'
	ev add $TTYS tty
	db_text "$T/db/class@tty@ttyS0" | grep -q '^R:1$'
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/keep" ]
	! db_there "$T/db/class@tty@ttyS0" || false
}
@test "OPTIONS ignore_remove keeps the node on remove" {
	rules 'KERNEL=="ttyS0", OPTIONS+="ignore_remove"'
	ev add $TTYS tty
	ev remove $TTYS tty
	[ -c "$T/dev/ttyS0" ]
}
@test "modern round trip: MAJOR/MINOR/DEVNAME from the kernel" {
	modern
	rules 'SUBSYSTEM=="input", SYMLINK="input/by-id/logi"'
	run ev add $EV3 input
	[ "$status" -eq 0 ]
	[ "$(listing | paste -sd ';')" = "l input/by-id/logi -> ../event3;c 0600 0:0 input/event3" ]
	db_text "$T/db/devices@pci0000:00@0000:00:14.0@usb1@1-1@1-1:1.0@0003:046D:C52B.0001@input@input5@event3" | grep -q '^M:13:67$'
	ev remove $EV3 input
	[ -z "$(ls -A "$T/dev")" ]
}
@test "today's kernel: no sysfs needed when MAJOR/MINOR are given" {
	export SYSFS_PATH="$T/empty"
	mkdir -p "$SYSFS_PATH"
	run env ACTION=add DEVPATH=/devices/virtual/misc/fuse SUBSYSTEM=misc MAJOR=10 MINOR=229 DEVNAME=fuse "$BIN/udev" misc
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 fuse" ]
}
@test "an existing node is replaced, never left missing" {
	echo junk > "$T/dev/ttyS0"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/ttyS0" ]
	[ -z "$(find "$T/dev" -name '*udev-tmp*')" ]
}
@test "re-add replaces the record" {
	rules 'KERNEL=="ttyS0", SYMLINK="a"'
	ev add $TTYS tty
	rules 'KERNEL=="ttyS0", SYMLINK="b"'
	ev add $TTYS tty
	db_text "$T/db/class@tty@ttyS0" | grep -q '^S:b$'
	! db_text "$T/db/class@tty@ttyS0" | grep -q '^S:a$'
}

# ---- the other actions ---------------------------------------------------
@test "move: the record follows DEVPATH_OLD" {
	rules 'KERNEL=="ttyS0", NAME="modem"'
	ev add $TTYS tty
	run ev move /class/tty/ttyS9 tty DEVPATH_OLD=$TTYS
	[ "$status" -eq 0 ]
	! db_there "$T/db/class@tty@ttyS0" || false
	db_text "$T/db/class@tty@ttyS9" | grep -q '^P:/class/tty/ttyS9$'
	ev remove /class/tty/ttyS9 tty
	[ -z "$(ls -A "$T/dev")" ]
}
@test "change: rules and RUN run, no node is made" {
	rules "RUN+=\"/bin/sh -c 'echo \$\$ACTION >> $T/log'\""
	run ev change $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(cat "$T/log")" = "change" ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "online offline bind unbind: RUN only, no node" {
	rules "ACTION!=\"add|remove\", RUN+=\"/bin/sh -c 'echo \$\$ACTION >> $T/log'\""
	for a in online offline bind unbind; do ev $a $TTYS tty; done
	[ "$(paste -sd, "$T/log")" = "online,offline,bind,unbind" ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "change keeps an existing node and its record" {
	ev add $TTYS tty
	ev change $TTYS tty
	[ -c "$T/dev/ttyS0" ]
	db_there "$T/db/class@tty@ttyS0"
}
@test "remove rules can RUN with the record's name" {
	rules "KERNEL==\"ttyS0\", NAME=\"modem\"
ACTION==\"remove\", RUN+=\"/bin/sh -c 'echo \$\$DEVNAME >> $T/log'\""
	ev add $TTYS tty
	ev remove $TTYS tty
	[ "$(cat "$T/log")" = "$T/dev/modem" ]
}
@test "ENV set by rules is kept in the record and seen on remove" {
	rules "ACTION==\"add\", ENV{MYKEY}=\"kept\"
ACTION==\"remove\", ENV{MYKEY}==\"kept\", RUN+=\"/bin/sh -c 'echo ok >> $T/log'\""
	ev add $TTYS tty
	db_text "$T/db/class@tty@ttyS0" | grep -q '^E:MYKEY=kept$'
	ev remove $TTYS tty
	[ "$(cat "$T/log")" = "ok" ]
}
@test "the record keeps what the rules added or changed, not what the kernel gave (table)" {
	needs rules050   # rows of ENV{}= alone: files of the 2004 syntax
	# rules | the event's own variables | the record's E: lines
	local rows=(
		'ENV{FOO}="b"|FOO=a|E:FOO=b'
		'ENV{FOO}="a"|FOO=a|'
		'ENV{NEWKEY}="x"||E:NEWKEY=x'
		'KERNEL=="ttyS0"|FOO=a|'
		'KERNEL=="ttyS0"|FOO=a\tb|'
		'ENV{FOO}="b"|FOO=a\tb|E:FOO=b'
		'ENV{FOO}="b", ENV{FOO}="a"|FOO=a|'
		'ENV{FOO}=""|FOO=a|'
		'ENV{FOO}="c", ENV{BAR}="d"|FOO=a BAR=d|E:FOO=c'
		'ENV{UDEV_LOG}="3"|UDEV_LOG=3|'
	) row r vars want kenv got
	for row in "${rows[@]}"; do
		IFS='|' read -r r vars want <<<"$row"
		rules "$r"
		kenv=()
		for v in $vars; do kenv+=("$(printf '%b' "$v")"); done
		ev add $TTYS tty "${kenv[@]}"
		got=$(db_text "$T/db/class@tty@ttyS0" | grep '^E:' || true)
		[ "$got" = "$want" ] || { echo "rules '$r', env '$vars': got '$got', want '$want'"; false; }
		ev remove $TTYS tty
	done
}
@test "a device without dev file: rules and RUN, no node" {
	rules "KERNEL==\"host0\", RUN+=\"/bin/sh -c 'echo \$\$DEVPATH >> $T/log'\""
	run ev add /class/scsi_host/host0 scsi_host
	[ "$status" -eq 0 ]
	[ "$(cat "$T/log")" = "/class/scsi_host/host0" ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "a device without a node has a record only when there is something to remember (table)" {
	# rules | the record's lines after the add ("none": no record)
	local rows=(
		'|none'
		'KERNEL=="host0", RUN+="/bin/true"|none'
		'KERNEL=="host0", ENV{KEEP}="1"|E:KEEP=1'
		'KERNEL=="host0", OPTIONS+="ignore_remove"|R:1'
		'KERNEL=="host0", IMPORT{program}="/bin/echo ID_X=y"|E:ID_X=y'
	) row r want got f=$T/db/class@scsi_host@host0
	for row in "${rows[@]}"; do
		IFS='|' read -r r want <<<"$row"
		rules "$r"
		mkdir -p "$T/db"
		# a record an earlier add left (other rules then) goes or is replaced
		printf 'P:/class/scsi_host/host0\nN:\nE:OLD=1\n' >"$f"
		run ev add /class/scsi_host/host0 scsi_host
		[ "$status" -eq 0 ]
		if [ "$want" = none ]; then
			! db_there "$f" || { echo "rules '$r': a record"; db_text "$f"; false; }
		else
			got=$(db_text "$f" | grep -E '^(E|R):' || true)
			[ "$got" = "$want" ] || { echo "rules '$r': got '$got', want '$want'"; false; }
		fi
		ev remove /class/scsi_host/host0 scsi_host
		! db_there "$f" || false
	done
	# a network interface likewise
	rules ''
	run ev add /class/net/eth0 net INTERFACE=eth0
	[ "$status" -eq 0 ]
	! db_there "$T/db/class@net@eth0" || false
}

# ---- permissions precedence ----------------------------------------------
@test "udev.permissions line applies" {
	echo 'ttyS*:daemon:tty:0660' > "$T/permissions"
	check_add legacy $TTYS tty '' 'c 0660 1:5 ttyS0'
}
@test "udev.permissions: first match wins" {
	printf '# comment\nttyS0:4:4:0604\nttyS*:daemon:tty:0660\n' > "$T/permissions"
	check_add legacy $TTYS tty '' 'c 0604 4:4 ttyS0'
}
@test "rule OWNER/GROUP/MODE win over udev.permissions" {
	echo 'ttyS*:daemon:tty:0660' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="7"' 'c 0660 7:5 ttyS0'
	rm "$T/dev/ttyS0"
	check_add legacy $TTYS tty 'KERNEL=="ttyS0", MODE="0644", GROUP="9"' 'c 0644 1:9 ttyS0'
}
@test "udev.permissions matches the final name" {
	echo 'tts/*:daemon::0640' > "$T/permissions"
	check_add legacy $TTYS tty 'KERNEL=="ttyS0", NAME="tts/0"' 'c 0640 1:0 tts/0'
}
@test "default_* fill what nothing else set" {
	cat >> "$T/udev.conf" <<-EOF
	default_mode="0604"
	default_owner="daemon"
	default_group="8"
	EOF
	echo 'ttyS0:::0640' > "$T/permissions"
	check_add legacy $TTYS tty '' 'c 0640 1:8 ttyS0'
	check_add legacy /class/mem/null mem '' 'c 0604 1:8 null; c 0640 1:8 ttyS0'
}
@test "udev_permissions as a directory of *.permissions in name order" {
	sed -i "s|^udev_permissions=.*|udev_permissions=\"$T/perms.d\"|" "$T/udev.conf"
	mkdir "$T/perms.d"
	echo 'ttyS0:3:3:0603' > "$T/perms.d/20-b.permissions"
	echo 'ttyS0:2:2:0602' > "$T/perms.d/10-a.permissions"
	echo 'ttyS0:1:1:0601' > "$T/perms.d/00-x.permissions.old"
	check_add legacy $TTYS tty '' 'c 0602 2:2 ttyS0'
}

# ---- udev.conf -------------------------------------------------------------
@test "udev.conf: keys case-insensitive, blanks, comments" {
	cat > "$T/udev.conf" <<-EOF
	# comment
	   UDEV_ROOT= "$T/other"   # moved
	Udev_Db="$T/db"
	udev_rules="$T/rules.d"   
	udev_devd="$T/dev.d"
	DEFAULT_MODE="0640"
	EOF
	mkdir "$T/other"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(stat -c %a "$T/other/ttyS0")" = 640 ]
}
@test "udev.conf: unknown key is a warning only" {
	echo 'no_such_key="1"' >> "$T/udev.conf"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[[ "$output" == *"unknown key 'no_such_key'"* ]]
	[ -c "$T/dev/ttyS0" ]
}
@test "udev.conf: bad value gives exit 2, the event is still done" {
	echo 'default_mode="rw-rw"' >> "$T/udev.conf"
	run ev add $TTYS tty
	[ "$status" -eq 2 ]
	[[ "$output" == *"udev.conf:"*"bad value"* ]]
	[ -c "$T/dev/ttyS0" ]
}
@test "udev.conf: missing file named by UDEV_CONFIG_FILE gives exit 2, nothing done" {
	export UDEV_CONFIG_FILE="$T/nonexistent.conf"
	run ev add $TTYS tty
	[ "$status" -eq 2 ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "udev.conf: udev_log=debug logs" {
	echo 'udev_log="debug"' >> "$T/udev.conf"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[[ "$output" == *"debug:"* ]]
}

# ---- malformed rules and exit codes -----------------------------------------
@test "bad rules: file and line named, rule skipped, others work, exit 3" {
	rules 'KERNEL=="ttyS0", NAME="good"
KERNEL=="ttyS0", FOO="bar"
KERNEL=="ttyS0", SYMLINK="s1"
KERNEL=="ttyS0", SYMLINK="s2
KERNEL=="ttyS0", SYMLINK="s3" junk
KERNEL=="ttyS0", MODE="0999"
SYSFS=="x", SYMLINK="s5"
KERNEL=="ttyS0", ENV="x"
KERNEL=="ttyS0", GOTO="nowhere"
KERNEL=="ttyS0", SYMLINK+="s6"'
	run ev add $TTYS tty
	[ "$status" -eq 3 ]
	for l in 2 4 5 6 7 8 9; do
		[[ "$output" == *"50-test.rules:$l:"* ]] || { echo "line $l not reported"; return 1; }
	done
	[ "$(listing | paste -sd ';')" = "c 0600 0:0 good;l s1 -> good;l s6 -> good" ]
}
@test "binary garbage in a rules file does not kill udev" {
	head -c 4096 /dev/urandom > "$T/rules.d/00-garbage.rules"
	echo 'KERNEL=="ttyS0", NAME="still"' > "$T/rules.d/99-ok.rules"
	run ev add $TTYS tty
	[ "$status" -eq 3 ] || [ "$status" -eq 0 ]
	[ -c "$T/dev/still" ]
}
@test "missing rules directory: no rules, default node made" {
	rm -rf "$T/rules.d"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ -c "$T/dev/ttyS0" ]
}
@test "unreadable rules: exit 3, default node made" {
	rm -rf "$T/rules.d"
	mkdir -p "$T/rules.d/50-test.rules"
	run ev add $TTYS tty
	[ "$status" -eq 3 ]
	[[ "$output" == *"50-test.rules"* ]]
	[ -c "$T/dev/ttyS0" ]
}
@test "remove spares a symlink another device has taken over" {
	rules 'KERNEL=="ttyS0|tty1", SYMLINK="shared"'
	ev add $TTYS tty
	ev add /class/tty/tty1 tty
	[ "$(readlink "$T/dev/shared")" = "tty1" ]
	ev remove $TTYS tty
	[ "$(readlink "$T/dev/shared")" = "tty1" ]
	ev remove /class/tty/tty1 tty
	[ ! -e "$T/dev/shared" ] && [ ! -L "$T/dev/shared" ]
}
@test "remove spares a node another device has taken over" {
	rules 'KERNEL=="ttyS0|tty1", NAME="same"'
	ev add $TTYS tty
	ev add /class/tty/tty1 tty
	[ "$(stat -c %t:%T "$T/dev/same")" = "4:1" ]
	ev remove $TTYS tty
	[ "$(stat -c %t:%T "$T/dev/same")" = "4:1" ]
}
@test "exit 1 without DEVPATH or SUBSYSTEM" {
	run env ACTION=add SUBSYSTEM=tty "$BIN/udev" tty
	[ "$status" -eq 1 ]
	run env -u SUBSYSTEM ACTION=add DEVPATH=$TTYS "$BIN/udev"
	[ "$status" -eq 1 ]
	run env ACTION=add DEVPATH=/class/../../etc "$BIN/udev" tty
	[ "$status" -eq 1 ]
}
@test "exit 4 for add without sysfs data" {
	run ev add /class/tty/nosuch tty
	[ "$status" -eq 4 ]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "exit 4 when the legacy dev file never appears (bounded wait skipped)" {
	mkdir -p "$T/sys/class/tty/late"
	export SYSFS_PATH="$T/sys"
	run ev add /class/tty/late tty
	[ "$status" -eq 4 ]
}
@test "legacy: waits for a dev file written late" {
	unset UDEV_NO_SLEEP
	mkdir -p "$T/sys/class/tty/late"
	export SYSFS_PATH="$T/sys"
	( sleep 1; echo 4:70 > "$T/sys/class/tty/late/dev" ) &
	writer=$!
	run ev add /class/tty/late tty
	wait "$writer"
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 late" ]
}
@test "exit 5 when the node cannot be made" {
	rm -rf "$T/dev"
	echo file > "$T/dev"
	run ev add $TTYS tty
	[ "$status" -eq 5 ]
}
@test "exit 6 when a symlink cannot be made" {
	mkdir -p "$T/dev/taken"
	touch "$T/dev/taken/x"
	rules 'KERNEL=="ttyS0", SYMLINK="taken"'
	run ev add $TTYS tty
	[ "$status" -eq 6 ]
	[ -c "$T/dev/ttyS0" ]
}
@test "an unknown group is root, with a log line, and the event succeeds (064)" {
	rules 'KERNEL=="ttyS0", GROUP="no-such-group-x"'
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[[ "$output" == *"unknown group 'no-such-group-x' for ttyS0, using root"* ]]
	[ "$(listing)" = "c 0600 0:0 ttyS0" ]
}
@test "exit 8 when the database cannot be written" {
	sed -i "s|^udev_db=.*|udev_db=\"$T/dbfile\"|" "$T/udev.conf"
	echo file > "$T/dbfile"
	run ev add $TTYS tty
	[ "$status" -eq 8 ]
	[ -c "$T/dev/ttyS0" ]
}
@test "exit 11 when a node cannot be removed" {
	rules 'KERNEL=="ttyS0", NAME="n"'
	ev add $TTYS tty
	rm "$T/dev/n"
	mkdir -p "$T/dev/n/sub"
	run ev remove $TTYS tty
	[ "$status" -eq 11 ]
}
@test "passwd and group files are read directly" {
	printf 'someone:x:2345:2345::/:/bin/false\n' > "$T/passwd"
	printf 'somegroup:x:3456:\n' > "$T/group"
	export UDEV_PASSWD_FILE="$T/passwd" UDEV_GROUP_FILE="$T/group"
	check_add legacy $TTYS tty 'KERNEL=="ttyS0", OWNER="someone", GROUP="somegroup"' 'c 0600 2345:3456 ttyS0'
}
@test "a node or symlink in the way is replaced through a name beside it, renamed into place; the record is written in place" {
	command -v strace >/dev/null || skip "no strace"
	rules 'KERNEL=="ttyS0", SYMLINK="modem fax"'
	echo old > "$T/dev/ttyS0"
	ln -s old "$T/dev/modem"
	run strace -f -e trace=mknod,mknodat,symlink,symlinkat,rename,renameat,renameat2 \
		-o "$T/trace" env ASAN_OPTIONS=detect_leaks=0 ACTION=add DEVPATH=$TTYS SUBSYSTEM=tty "$BIN/udev" tty
	[ "$status" -eq 0 ]
	# under udev_root, relative to the directory's descriptor (walk.c)
	grep -E 'mknodat\([0-9]+, "ttyS0\.udev-tmp-[0-9]+"' "$T/trace"
	grep -E 'renameat2?\([0-9]+, "ttyS0\.udev-tmp-[0-9]+", [0-9]+, "ttyS0"' "$T/trace"
	grep -E 'symlinkat\("ttyS0", [0-9]+, "modem\.udev-tmp-[0-9]+"' "$T/trace"
	grep -E 'renameat2?\([0-9]+, "modem\.udev-tmp-[0-9]+", [0-9]+, "modem"' "$T/trace"
	# a symlink that is not there yet is made at its name: whole or not at all
	grep -E 'symlinkat\("ttyS0", [0-9]+, "fax"\) += 0' "$T/trace"
	! grep -E '"fax\.udev-tmp-' "$T/trace" || false
	[ "$(readlink "$T/dev/modem")" = ttyS0 ]
	[ "$(readlink "$T/dev/fax")" = ttyS0 ]
	# the record (short: a symbolic link) made at its name, no temporary one renamed
	grep -E 'symlink(at)?\("P:/class/tty/ttyS0\\nN:ttyS0\\n.*"'"$T"'/db/class@tty@ttyS0"\) += 0' "$T/trace"
	! grep -E 'rename(at2?)?\(.*"'"$T"'/db/' "$T/trace" || false
	db_text "$T/db/class@tty@ttyS0" | grep -qx 'N:ttyS0'
	! grep -E 'mknod(at)?\(.*"([^"]*/)?ttyS0"' "$T/trace"
}
@test "a node whose name is free is made in place, owner and mode set before udev ends; a short record is a symbolic link made at its name, replaced whole" {
	command -v strace >/dev/null || skip "no strace"
	rules 'KERNEL=="ttyS0", OWNER="65534", MODE="0640"'
	run strace -f -e trace=mknod,mknodat,rename,renameat,renameat2,openat,open,fchownat,chown,fchmodat,chmod,symlink,symlinkat \
		-o "$T/trace" env ASAN_OPTIONS=detect_leaks=0 ACTION=add DEVPATH=$TTYS SUBSYSTEM=tty "$BIN/udev" tty
	[ "$status" -eq 0 ]
	grep -E 'mknodat\([0-9]+, "ttyS0", S_IFCHR' "$T/trace"
	! grep -E 'udev-tmp|rename' "$T/trace" || false
	[ "$(stat -c '%F %a %u:%g' "$T/dev/ttyS0")" = "character special file 640 65534:0" ]
	# the record's text is the link's target: one call, no file opened, no page of tmpfs
	grep -E 'symlink(at)?\("P:/class/tty/ttyS0\\nN:ttyS0\\n.*"'"$T"'/db/class@tty@ttyS0"\) += 0' "$T/trace"
	! grep -E 'open(at)?\(.*"'"$T"'/db/class@tty@ttyS0", O_WRONLY' "$T/trace" || false
	[ -L "$T/db/class@tty@ttyS0" ]
	[ "$(readlink "$T/db/class@tty@ttyS0")" = "P:/class/tty/ttyS0
N:ttyS0
M:4:64
U:tty" ]
	# rewritten: a link beside it renamed over, never missing for a reader
	run strace -f -e trace=symlink,symlinkat,rename,renameat,renameat2,unlink,unlinkat \
		-o "$T/trace" env ASAN_OPTIONS=detect_leaks=0 ACTION=change DEVPATH=$TTYS SUBSYSTEM=tty "$BIN/udev" tty
	[ "$status" -eq 0 ]
	cat "$T/trace"
	grep -E 'symlink(at)?\("P:/class/tty/ttyS0\\n.*"'"$T"'/db/\.tmp-[0-9]+"\) += 0' "$T/trace"
	grep -E 'rename(at2?)?\(.*"'"$T"'/db/\.tmp-[0-9]+", .*"'"$T"'/db/class@tty@ttyS0"\) += 0' "$T/trace"
	! grep -E 'unlink(at)?\(.*"'"$T"'/db/class@tty@ttyS0"' "$T/trace" || false
	[ -z "$(find "$T/db" -name '.tmp*')" ]
	db_text "$T/db/class@tty@ttyS0" | grep -qx 'N:ttyS0'
}

@test "a record longer than a short link's target is a file, written in place: it keeps its inode when rewritten" {
	command -v strace >/dev/null || skip "no strace"
	rules 'KERNEL=="ttyS0", ENV{ID_A_LONG_NAME}="a value long enough to make the record longer than the target of a short link", ENV{ID_B}="b"'
	run strace -f -e trace=open,openat,symlink,symlinkat,rename,renameat,renameat2 \
		-o "$T/trace" env ASAN_OPTIONS=detect_leaks=0 ACTION=add DEVPATH=$TTYS SUBSYSTEM=tty "$BIN/udev" tty
	[ "$status" -eq 0 ]
	cat "$T/trace"
	grep -E 'open(at)?\(.*"'"$T"'/db/class@tty@ttyS0", O_WRONLY\|O_CREAT\|O_TRUNC' "$T/trace"
	! grep -E 'symlink(at)?\(.*"'"$T"'/db/' "$T/trace" || false
	[ -f "$T/db/class@tty@ttyS0" ]
	[ "$(wc -c <"$T/db/class@tty@ttyS0")" -gt 127 ]
	local ino
	ino=$(stat -c %i "$T/db/class@tty@ttyS0")
	run ev change $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(stat -c %i "$T/db/class@tty@ttyS0")" = "$ino" ]
	# the rules change: the short record of the next add replaces the file whole
	rules ''
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ -L "$T/db/class@tty@ttyS0" ]
	! db_text "$T/db/class@tty@ttyS0" | grep -q '^E:' || false
	[ -z "$(find "$T/db" -name '.tmp*')" ]
}

@test "udev 100's record, a symbolic link to the node's name, is read (remove takes that node) and replaced by ours" {
	mkdir -p "$T/db"
	mknod "$T/dev/modem" c 4 64
	ln -s modem "$T/db/class@tty@ttyS0"
	run ev remove $TTYS tty
	[ "$status" -eq 0 ]
	[ ! -e "$T/dev/modem" ]
	! db_there "$T/db/class@tty@ttyS0" || false
	# an add over one: the record is ours after it, the old name not written through
	ln -s ttyS0 "$T/db/class@tty@ttyS0"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(readlink "$T/db/class@tty@ttyS0" | head -1)" = P:/class/tty/ttyS0 ]
	! db_there "$T/db/ttyS0" || false
	db_text "$T/db/class@tty@ttyS0" | grep -qx 'N:ttyS0'
}
@test "an over-long rule line is reported and skipped as a whole" {
	long=$(head -c 6000 /dev/zero | tr '\0' x)
	rules "KERNEL==\"ttyS0\", SYMLINK+=\"a$long\", NAME=\"wrong\"
KERNEL==\"ttyS0\", NAME=\"right\""
	run ev add $TTYS tty
	[ "$status" -eq 3 ]
	[[ "$output" == *"50-test.rules:1: line too long"* ]]
	[ "$(listing)" = "c 0600 0:0 right" ]
}
@test "CRLF line ends are accepted" {
	printf 'KERNEL=="ttyS0", \\\r\n NAME="crlf"\r\n' > "$T/rules.d/50-test.rules"
	run ev add $TTYS tty
	[ "$status" -eq 0 ]
	[ "$(listing)" = "c 0600 0:0 crlf" ]
}
