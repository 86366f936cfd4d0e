#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Side by side with a real udev 100 or 117 and its stock rules: runs the add
# event of each device of a sysfs tree (test/tools/sysfs-stock.sh makes
# one) through the real udev and its extras, then through ours with the same
# rules, and prints, per side, each event's exit code and database record
# (node, links, variables), then the /dev each side made and the rules the
# generators wrote. Both run in a network namespace of their own (no card
# is renamed, no listener hears the events).
# Usage: stock-compare.sh ROOT OURS SYSFS [DEVPATH:SUBSYSTEM[:VAR=value]...]
#   ROOT   a private install of the real release, built outside this tree:
#          ROOT/sbin/udev (117: test-udev), ROOT/lib/udev/ the extras (its
#          paths patched to ROOT/lib/udev/), ROOT/etc/udev/rules.d the rules
#   OURS   our build folder (build/glibc)
# VAR=value: one more variable in that event (ID_CDROM=1: what cdrom_id
# would have said of a real drive). Without devices, those of the
# side-by-side test (test/udev-stock-side.bats).
# Exit: 0 when both sides agree, 1 when they differ, 2 on a usage error.
# shellcheck disable=SC2317 # listing, event and side run in the unshare'd shell
set -u
[ $# -ge 3 ] || { sed -n '3,16p' "$0" >&2; exit 2; }
root=$(realpath -e "$1") && ours=$(realpath -e "$2") && sys=$(realpath -e "$3") || exit 2
# ROOT's dev/ and generated rules are replaced: never those of the machine
if [ "$root" = / ] || [ ! -x "$root/sbin/udev" ] || [ ! -d "$root/lib/udev" ]; then
	echo "stock-compare.sh: $root is no private root of a release" >&2
	exit 2
fi
shift 3
devs=("$@")
[ ${#devs[@]} -gt 0 ] || devs=(/block/sda:block /block/sda/sda1:block /block/sdb:block
	/block/hdc:block:ID_CDROM=1 /class/tty/ttyUSB0:tty /class/input/input1/event1:input
	/class/input/input1/mouse1:input /class/net/eth0:net /class/net/eth1:net)
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT

# listing DIR (tools/dev-listing.sh)
# shellcheck source=tools/dev-listing.sh
. "$(dirname "$0")/dev-listing.sh"

# event UDEV CONF DEVPATH SUBSYSTEM [VAR=value]: one add event, as a 2.6.18
# kernel sent it
event() {
	local mm=() d
	if [ -f "$sys$3/dev" ]; then
		d=$(cat "$sys$3/dev")
		mm=(MAJOR="${d%:*}" MINOR="${d#*:}")
	fi
	[ "$4" != net ] || mm=(INTERFACE="${3##*/}")
	env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin UDEV_NO_SLEEP=1 UDEV_NO_DEVD=1 \
		LD_LIBRARY_PATH="$root/lib" SYSFS_PATH="$sys" UDEV_CONFIG_FILE="$2" \
		ACTION=add DEVPATH="$3" SUBSYSTEM="$4" SEQNUM=1 "${mm[@]}" ${5:+"$5"} "$1" "$4" >/dev/null 2>&1
}

# side NAME UDEV CONF DEV DB RULES: every event, then the records and /dev
side() {
	local x rc rec d sub var
	for x in "${devs[@]}"; do
		d=${x%%:*} sub=${x#*:} var=
		[ "${sub#*:}" = "$sub" ] || { var=${sub#*:}; sub=${sub%%:*}; }
		event "$2" "$3" "$d" "$sub" "$var"
		rc=$?
		# 100 and ours name a record class@tty@ttyS0, 117 \\x2fclass\\x2ftty\\x2fttyS0
		rec="$5/$(echo "${d#/}" | tr / @)"
		[ -e "$rec" ] || [ -L "$rec" ] || rec="$5/${d//\//\\x2f}"
		echo "$d:$sub rc=$rc"
		# 117 keeps a record of a name alone as a link to the name
		if [ -L "$rec" ]; then
			echo "  N:$(readlink "$rec")"
		elif [ -f "$rec" ]; then
			grep -E '^(N|S|E):' "$rec" | LC_ALL=C sort | sed 's/^/  /'
		fi
	done
	echo "-- /dev"
	listing "$4"
	echo "-- generated rules"
	cat "$6"/70-* 2>/dev/null | grep -v '^#' | grep . || true
}

# the real release, in a copy of its root whose /dev and generated rules
# are fresh (its paths are ROOT's: the copy's files are removed after)
rm -rf "${root:?}/dev" && mkdir -p "$root/dev/.udev"
rm -f "$root"/etc/udev/rules.d/70-*
printf 'udev_root="%s"\nudev_rules="%s"\nudev_log="err"\n' "$root/dev" "$root/etc/udev/rules.d" \
	> "$work/real.conf"
unshare -n bash -c "$(declare -f listing event side); $(declare -p devs sys root)
	side real '$root/sbin/udev' '$work/real.conf' '$root/dev' '$root/dev/.udev/db' '$root/etc/udev/rules.d'" \
	> "$work/real.out"

mkdir -p "$work/ours/dev" "$work/ours/rules.d"
cp "$root"/etc/udev/rules.d/*.rules "$work/ours/rules.d/"
rm -f "$work"/ours/rules.d/70-*
printf 'udev_root="%s"\nudev_db="%s"\nudev_rules="%s"\nudev_libexec="%s"\nudev_log="err"\n' \
	"$work/ours/dev" "$work/ours/db" "$work/ours/rules.d" "$ours" > "$work/ours.conf"
unshare -n bash -c "$(declare -f listing event side); $(declare -p devs sys root)
	side ours '$ours/udev' '$work/ours.conf' '$work/ours/dev' '$work/ours/db' '$work/ours/rules.d'" \
	> "$work/ours.out"
[ -n "${KEEP:-}" ] || rm -rf "${root:?}/dev" "$root"/etc/udev/rules.d/70-*
[ -z "${KEEP:-}" ] || cp -a "$work" "$KEEP"

if diff -u --label "real $root" --label "ours $ours" "$work/real.out" "$work/ours.out"; then
	cat "$work/ours.out"
	echo "both sides agree on ${#devs[@]} events"
	exit 0
fi
exit 1
