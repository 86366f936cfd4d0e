#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Hostile names: sysfs attribute values and PROGRAM output with "../",
# absolute paths, control characters, shell metacharacters and very long
# strings. Nodes and symlinks stay inside udev_root, no shell ever sees the
# strings, and the log says what was replaced (on one line per message).

load udev-lib

setup() {
	udev_setup
	export SYSFS_PATH=$T/sys
	mkdir -p "$T/sys/class/tty/ttyH0"
	echo 4:70 >"$T/sys/class/tty/ttyH0/dev"
}

# attr VALUE: the device's "model" attribute (printf %s: exact bytes)
attr() { printf '%s' "$1" >"$T/sys/class/tty/ttyH0/model"; }
add() { run ev add /class/tty/ttyH0 tty; echo "$output"; }

# inside_root: every node and link below $T (outside dev and sys) is absent,
# and every symlink under $T/dev resolves inside $T/dev
inside_root() {
	local stray l tgt
	stray=$(find "$T" \( -path "$T/dev" -o -path "$T/sys" -o -path "$T/db" \) -prune -o \
		\( -type c -o -type b -o -type l \) -print)
	[ -z "$stray" ] || { echo "outside udev_root: $stray" >&2; return 1; }
	while IFS= read -r -d '' l; do
		tgt=$(readlink -m "$l")
		[[ "$tgt" == "$T/dev/"* ]] || { echo "$l -> $tgt leaves udev_root" >&2; return 1; }
	done < <(find "$T/dev" -type l -print0)
}

@test "names: an attribute of ../../ cannot put the node outside udev_root" {
	attr "../../../escaped"
	rules 'KERNEL=="ttyH0", NAME="%s{model}", SYMLINK="../../link-%s{model}"'
	add
	[ "$status" -eq 0 ]
	inside_root
	[ ! -e "$T/escaped" ]
	[ ! -e "$T/../escaped" ]
	[ -c "$T/dev/__/__/__/escaped" ]
	[[ "$output" == *"NAME '../../../escaped' of /class/tty/ttyH0 made safe as '__/__/__/escaped'"* ]]
	[[ "$output" == *"SYMLINK '../../link-../../../escaped'"*"made safe"* ]]
}

@test "names: an absolute path from an attribute is made relative to udev_root" {
	attr "$T/abs/node"
	rules 'KERNEL=="ttyH0", NAME="%s{model}", SYMLINK="$sysfs{model}-link"'
	add
	[ "$status" -eq 0 ]
	inside_root
	[ ! -e "$T/abs/node" ]
	[ -c "$T/dev/${T#/}/abs/node" ]
	[ -L "$T/dev/${T#/}/abs/node-link" ]
	[[ "$output" == *"made safe as '${T#/}/abs/node'"* ]]
}

@test "names: control characters are replaced, and the log stays one line per message" {
	attr $'bad\nname\tx\x7fy\x01z'
	rules 'KERNEL=="ttyH0", NAME="%s{model}"'
	add
	[ "$status" -eq 0 ]
	inside_root
	[ -c "$T/dev/bad_name_x_y_z" ]
	# the raw newline of the attribute never reaches the log as a line break
	line=$(grep -F "made safe as 'bad_name_x_y_z'" <<<"$output")
	[ -n "$line" ]
	[[ "$line" == *"NAME 'bad\\x0aname\\x09x\\x7fy\\x02z' of"* ]]
	! grep -q '^name' <<<"$output"
}

@test "names: PROGRAM output with shell metacharacters is never interpreted" {
	cat >"$T/prog" <<-EOF
	#!/bin/sh
	printf '%s\n' '\$(touch $T/pwned1);touch\$IFS$T/pwned2|\`touch $T/pwned3\`&&../x'
	EOF
	cat >"$T/argv" <<-EOF
	#!/bin/sh
	for a in "\$@"; do printf '[%s]\n' "\$a"; done >"$T/argv.out"
	EOF
	chmod +x "$T/prog" "$T/argv"
	rules "KERNEL==\"ttyH0\", PROGRAM=\"$T/prog\", NAME=\"%c\", SYMLINK=\"l-%c\", RUN+=\"$T/argv %c x\""
	add
	[ "$status" -eq 0 ]
	inside_root
	[ ! -e "$T/pwned1" ]
	[ ! -e "$T/pwned2" ]
	[ ! -e "$T/pwned3" ]
	# the RUN program got the output as literal argument words, no shell ran
	wait_for test -s "$T/argv.out"
	# (with ; ( ) made '_' as udev 064 did)
	grep -qF "[\$_touch]" "$T/argv.out"
	grep -qF "[$T/pwned1__touch\$IFS$T/pwned2|\`touch]" "$T/argv.out"
	[ "$(tail -n1 "$T/argv.out")" = "[x]" ]
	# the node's name holds the other characters themselves, one component per '/'
	out="\$_touch $T/pwned1__touch\$IFS$T/pwned2|\`touch $T/pwned3\`&&../x"
	[ -c "$T/dev/$out" ]
}

@test "names: very long attribute values are cut to the name limits, not overflowed" {
	attr "$(head -c 5000 /dev/zero | tr '\0' 'a')"
	rules 'KERNEL=="ttyH0", NAME="n-%s{model}", SYMLINK="d/%s{model} e/%s{model}"'
	add
	inside_root
	# the node name is cut below 256 bytes, so the node exists or udev says why
	n=$(find "$T/dev" -type c | head -n1)
	if [ -n "$n" ]; then
		name=${n#$T/dev/}
		[ "${#name}" -le 255 ]
	else
		[ "$status" -ne 0 ]
	fi
}

@test "names: a name that sanitizes to nothing makes no node outside udev_root" {
	attr "/"
	rules 'KERNEL=="ttyH0", NAME="%s{model}"'
	add
	inside_root
	[ -z "$(find "$T/dev" -maxdepth 0 -type c)" ]
	! [ -c "$T/dev" ]
}

@test "names: a last name component of 250 characters is made (the temporary name stays short)" {
	long=$(head -c 250 /dev/zero | tr '\0' n)
	rules "KERNEL==\"ttyH0\", NAME=\"d/$long\", SYMLINK=\"l/$long\""
	add
	[ "$status" -eq 0 ]
	[ -c "$T/dev/d/$long" ]
	[ -L "$T/dev/l/$long" ]
	[ -z "$(find "$T/dev" -name '*udev-tmp*')" ]
}
