#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Side-by-side check against an old udev: runs every device of a fake sysfs
# tree through REFERENCE (a udev 0.5x-100 binary you built yourself, outside
# this tree) and through ours with the same rules file, and prints each
# device whose nodes, modes, owners, groups or links differ.
# Usage: legacy-compare.sh REFERENCE OURS SYSFS RULES [PERMISSIONS]
#   REFERENCE  e.g. /tmp/udev064/udev   OURS  e.g. build/glibc/udev
#   DEFAULT_MODE=0600 writes default_mode (what udev 050's udev.conf had).
# RUN keys are removed from the rules (nothing is run on this machine) and
# network interfaces are left out (they would be renamed for real).
# Exit: 0 when no device differs, 1 when some do, 2 on a usage error.
set -u

[ $# -ge 4 ] || { sed -n '3,12p' "$0" >&2; exit 2; }
ref=$1 ours=$2 sys=$3 rules=$4 perms=${5:-/dev/null}
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
sed -E 's/,?[[:space:]]*RUN[+:]?="[^"]*"//g' "$rules" > "$work/rules"

# listing DIR (tools/dev-listing.sh)
# shellcheck source=tools/dev-listing.sh
. "$(dirname "$0")/dev-listing.sh"

# run BINARY DEVPATH SUBSYSTEM: the /dev that BINARY makes for one add event
run() {
	local t="$work/run"
	rm -rf "$t" && mkdir -p "$t/dev" "$t/rules.d" || exit 2
	cp "$work/rules" "$t/rules.d/50.rules"
	{
		echo "udev_root=\"$t/dev/\""
		echo "udev_db=\"$t/dev/.udevdb\""
		echo "udev_rules=\"$t/rules.d\""
		echo "udev_permissions=\"$perms\""
		echo "udev_devd=\"$t/dev.d\""
		[ -n "${DEFAULT_MODE:-}" ] && echo "default_mode=\"$DEFAULT_MODE\""
	} > "$t/udev.conf"
	env -i PATH=/usr/bin:/bin UDEV_TEST=1 UDEV_NO_DEVD=1 UDEV_RUN=0 UDEV_NO_SLEEP=1 \
		SYSFS_PATH="$sys" UDEV_CONFIG_FILE="$t/udev.conf" ACTION=add \
		DEVPATH="$2" SUBSYSTEM="$3" SEQNUM=1 "$1" "$3" >/dev/null 2>&1
	listing "$t/dev" | paste -sd ';'
}

n=0 d=0
while read -r dp; do
	dp=${dp#"$sys"}
	dp=${dp%/dev}
	case $dp in /block/*) sub=block ;; *) sub=$(echo "$dp" | cut -d/ -f3) ;; esac
	a=$(run "$ref" "$dp" "$sub")
	b=$(run "$ours" "$dp" "$sub")
	n=$((n + 1))
	if [ "$a" != "$b" ]; then
		d=$((d + 1))
		printf '%s\n  reference: %s\n  ours:      %s\n' "$dp" "$a" "$b"
	fi
done < <(find "$sys/class" "$sys/block" -name dev 2>/dev/null | grep -v '/class/net/' | LC_ALL=C sort)
echo "$d of $n devices differ"
[ "$d" -eq 0 ]
