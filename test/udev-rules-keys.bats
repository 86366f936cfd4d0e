#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Every token type of the rules' one table (udev/rules/tokens.c) against the
# step of udev that handles it: each match key with == and != on a value that
# holds and on one that cannot, each assign key by its effect. The types are
# read from the table itself: a type without a case here fails the test.

load udev-lib

setup() {
	udev_setup
	printf 'IMPORTED=file\n' > "$T/vars"
}

MOUSE=/class/input/mouse0
HDA=/block/hda
SDA=/block/sda
SDA1=/block/sda/sda1

# "TK_TYPE KEY STEP_STEP FLAGS" for each entry of the table
table_types() {
	sed -n 's/^\t\[\(TK_[A-Z_]*\)\] *= { "\([A-Z_]*\)", \(STEP_[A-Z]*\), \(.*\) },$/\1 \2 \3 \4/p' \
		"$TOP/udev/rules/tokens.c"
}

# match_case TYPE: sets dev (device, subsystem), key (as written), hit (a
# value the device has), miss (one it cannot have), pre (keys the rule needs
# before it) and chain (1: a parent-chain key, for which != on the hit value
# may hold at another level of the chain); 1 for a type without a case
match_case() {
	dev=("$MOUSE" input) pre="" chain=0
	case $1 in
	TK_ACTION) key=ACTION hit=add miss=remove ;;
	TK_DEVPATH) key=DEVPATH hit=$MOUSE miss=/class/input/mouse1 ;;
	TK_KERNEL) key=KERNEL hit=mouse0 miss=mouse1 ;;
	TK_SUBSYSTEM) key=SUBSYSTEM hit=input miss=block ;;
	TK_BUS) key=BUS hit=usb miss=scsi chain=1 ;;
	TK_ID) key=ID hit=1-2.3:1.0 miss=9-9 chain=1 ;;
	TK_PLACE) key=PLACE hit=2.3 miss=7.7 chain=1 ;;
	TK_DRIVER) key=DRIVER hit=usbhid miss=nodriver chain=1 ;;
	TK_SYSFS) key='SYSFS{product}' hit='Optical USB Mouse' miss='No Such Mouse' chain=1 ;;
	TK_MODALIAS) key=MODALIAS hit=ide:m-disk miss='pci:*' dev=("$HDA" block) ;;
	# the miss waits its 3 s for == and again for !=
	TK_WAIT_FOR_SYSFS) key=WAIT_FOR_SYSFS hit=dev miss=no-such-file ;;
	TK_TEST) key=TEST hit=dev miss=no-such-file ;;
	TK_ENV_MATCH) key='ENV{KEYS_TEST}' hit=from-the-kernel miss=other ;;
	TK_ATTR) key='ATTR{dev}' hit=13:32 miss=13:33 ;;
	# a udev 100 file (KERNELS): the NAME no rule has set yet is ""
	TK_NAME_MATCH) key=NAME hit='' miss=x pre='KERNELS=="mouse0", ' ;;
	TK_PROGRAM) key=PROGRAM hit=/bin/true miss=/bin/false ;;
	TK_RESULT) key=RESULT hit=hello miss=goodbye pre='PROGRAM=="/bin/echo hello", ' ;;
	*) return 1 ;;
	esac
}

# assign_case TYPE: sets a (check_add's layout, device, subsystem, rules and
# expected /dev) and first (a device added before, for IMPORT{parent});
# 1 for a type without a case ($env{...} in single quotes is udev's)
# shellcheck disable=SC2016
assign_case() {
	local m='c 0600 0:0 mouse0'
	first=() layout=legacy
	case $1 in
	TK_IMPORT_PROGRAM) a=("$MOUSE" input 'IMPORT{program}="/bin/echo IMPORTED=prog", SYMLINK+="i-$env{IMPORTED}"' "l i-prog -> mouse0; $m") ;;
	# the probe in udev: the mouse's USB ids, as disk_id reads them
	TK_IMPORT_BUILTIN) a=("$MOUSE" input 'IMPORT{builtin}="disk_id --export %p", SYMLINK+="i-$env{ID_SERIAL_SHORT}"' "l i-LGT0001 -> mouse0; $m") ;;
	TK_IMPORT_FILE) a=("$MOUSE" input "IMPORT{file}=\"$T/vars\", SYMLINK+=\"i-\$env{IMPORTED}\"" "l i-file -> mouse0; $m") ;;
	TK_IMPORT_PARENT)
		first=("$SDA" block)
		a=("$SDA1" block 'KERNEL=="sda", ENV{ID_P}="par"
KERNEL=="sda1", IMPORT{parent}="ID_*", SYMLINK+="got-$env{ID_P}"' 'l got-par -> sda1; b 0600 0:0 sda; b 0600 0:0 sda1') ;;
	TK_NAME) a=("$MOUSE" input 'KERNEL=="mouse0", NAME="named"' 'c 0600 0:0 named') ;;
	TK_SYMLINK) a=("$MOUSE" input 'SYMLINK+="linked"' "l linked -> mouse0; $m") ;;
	TK_OWNER) a=("$MOUSE" input 'OWNER="7"' 'c 0600 7:0 mouse0') ;;
	TK_GROUP) a=("$MOUSE" input 'GROUP="7"' 'c 0600 0:7 mouse0') ;;
	TK_MODE) a=("$MOUSE" input 'MODE="0640"' 'c 0640 0:0 mouse0') ;;
	TK_OPTIONS) a=("$MOUSE" input 'OPTIONS="last_rule"
SYMLINK+="after"' "$m") ;;
	TK_RUN) a=("$MOUSE" input "RUN+=\"/bin/ln -s mouse0 $T/dev/ran\"" "$m; l ran -> mouse0") ;;
	TK_ENV_ASSIGN) a=("$MOUSE" input 'ENV{SET}="e", SYMLINK+="env-$env{SET}"' "l env-e -> mouse0; $m") ;;
	# written into a copy of the tree, read back by the next rule
	TK_ATTR_ASSIGN) layout=writable a=("$MOUSE" input 'ATTR{wtest}="new"
SYMLINK+="w-$attr{wtest}"' "$m; l w-new -> mouse0") ;;
	TK_GOTO | TK_LABEL) a=("$MOUSE" input 'KERNEL=="mouse0", GOTO="end"
SYMLINK+="skipped"
LABEL="end"
SYMLINK+="after"' "l after -> mouse0; $m") ;;
	*) return 1 ;;
	esac
}

# an assign key's flags: A (TF_ASSIGN) among the words
is_assign() { [[ " $1 " == *" A "* || $1 == *TF_ASSIGN* ]]; }

# the legacy tree copied where ATTR{} may write, wtest="old" on mouse0
writable() {
	[ -d "$T/sys" ] || cp -a "$TOP/test/sysfs-legacy" "$T/sys"
	echo old > "$T/sys$MOUSE/wtest"
	export SYSFS_PATH="$T/sys"
}

fresh_dev() { rm -rf "${T:?}/dev" "${T:?}/db" && mkdir "$T/dev"; }

# no parse error, no type its step has no case for
clean_log() {
	[[ $output != *"skipping the rule"* && $output != *"not handled"* ]] ||
		{ echo "$1: $output"; return 1; }
}

@test "the table has one line per token type, every one with a case here" {
	local types n type k step flags
	types=$(table_types)
	n=$(sed -n '/^enum token_type {/,/^};/p' "$TOP/udev/rules/tokens.h" | grep -cP '^\tTK_[A-Z_]*,')
	[ "$(printf '%s\n' "$types" | wc -l)" -eq "$n" ] || { echo "read $types, $n types"; return 1; }
	while read -r type k step flags; do
		if is_assign "$flags"; then
			assign_case "$type" || { echo "no assign case for $type"; return 1; }
		else
			[ "$step" != STEP_ASSIGN ] && match_case "$type" || { echo "no match case for $type"; return 1; }
			[ "$key" = "$k" ] || [[ $key == "$k{"* ]] || { echo "$type: case $key, table $k"; return 1; }
		fi
	done <<<"$types"
}

@test "every match key: == holds only on its value, != only off it" {
	local type k step flags got want failed=""
	while read -r type k step flags; do
		! is_assign "$flags" || continue
		match_case "$type" || { failed+=" $type"; continue; }
		fresh_dev
		rules "$pre$key==\"$hit\", SYMLINK+=\"eq-hit\"
$pre$key!=\"$hit\", SYMLINK+=\"ne-hit\"
$pre$key==\"$miss\", SYMLINK+=\"eq-miss\"
$pre$key!=\"$miss\", SYMLINK+=\"ne-miss\""
		run ev add "${dev[@]}" KEYS_TEST=from-the-kernel
		[ "$status" -eq 0 ] && clean_log "$type" || { failed+=" $type"; continue; }
		got=$(find "$T/dev" -type l -printf '%f\n' | LC_ALL=C sort | paste -sd ' ')
		want="eq-hit ne-miss"
		# != on a chain key holds where another level lacks the value
		[ "$chain" = 0 ] || got=${got/ ne-hit/}
		[ "$got" = "$want" ] || { echo "$type: $got, not $want"; failed+=" $type"; }
	done <<<"$(table_types)"
	[ -z "$failed" ] || { echo "failed:$failed"; return 1; }
}

@test "every assign key has its effect" {
	local type k step flags failed=""
	while read -r type k step flags; do
		is_assign "$flags" || continue
		assign_case "$type" || { failed+=" $type"; continue; }
		fresh_dev
		if [ "${#first[@]}" -gt 0 ]; then
			rules "${a[2]}"
			run ev add "${first[@]}"
		fi
		check_add "$layout" "${a[@]}" && clean_log "$type" || failed+=" $type"
	done <<<"$(table_types)"
	[ -z "$failed" ] || { echo "failed:$failed"; return 1; }
}

@test "an assign key takes == and != as udev 064 did: += on SYMLINK (NAME== compares, as in udev 100)" {
	rules 'KERNEL=="mouse0", NAME="x"
KERNEL=="mouse0", NAME=="x", SYMLINK!="y"
KERNEL=="mouse0", SYMLINK+="ok"'
	run ev add $MOUSE input
	[ "$status" -eq 0 ]
	[ -z "$output" ]
	[ -L "$T/dev/y" ]
	[ -L "$T/dev/ok" ]
	[ -c "$T/dev/x" ]
}
