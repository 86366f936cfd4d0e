#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# NAME on network interfaces renames them (SIOCSIFNAME), tested with dummy
# interfaces in a private network namespace (unshare -n).

load udev-lib

setup() {
	udev_setup
	unshare -n true 2>/dev/null || skip "unshare -n not available"
	unshare -n sh -c 'ip link add d0 type dummy 2>/dev/null ||
		ip link add d0 type bridge 2>/dev/null ||
		ip link add d0 type veth peer name peer0 2>/dev/null' ||
		skip "no dummy, bridge or veth interfaces in this kernel"
}

# in_netns RULES DEVPATH: creates d0 in a new namespace, runs udev add,
# prints udev's exit code and the interface names left.
in_netns() {
	rules "$1"
	unshare -n sh -c '
		# dummy as in the brief; kernels built without it get a bridge
		ip link add d0 type dummy 2>/dev/null ||
			ip link add d0 type bridge 2>/dev/null ||
			ip link add d0 type veth peer name peer0 || exit 99
		env ACTION=add DEVPATH="$1" SUBSYSTEM=net INTERFACE=d0 "$BIN/udev" net
		echo "rc=$?"
		ip -o link show | awk -F": " "{ print \$2 }" | grep -v "^lo$" | grep -v "^peer0" | sort
	' sh "$2"
}

@test "net: NAME renames a dummy interface (legacy sysfs)" {
	run in_netns 'KERNEL=="d0", NAME="lan0"' /class/net/d0
	[[ "$output" == *"rc=0"* ]]
	[[ "$output" == *"lan0"* ]]
	[[ "$output" != *"d0"$'\n'* && "$output" != *$'\n'"d0" ]]
	[ -z "$(ls -A "$T/dev")" ]
}
@test "net: SYSFS{address} match renames (modern sysfs)" {
	modern
	run in_netns 'SUBSYSTEM=="net", SYSFS{address}=="02:00:00:00:00:d0", NAME="wan7"' /devices/virtual/net/d0
	[[ "$output" == *"rc=0"* ]]
	[[ "$output" == *"wan7"* ]]
}
@test "net: no NAME keeps the kernel name" {
	run in_netns 'KERNEL=="eth*", NAME="x"' /class/net/d0
	[[ "$output" == *"rc=0"* ]]
	[[ "$output" == *"d0"* ]]
}
@test "net: dev.d and RUN see the new INTERFACE" {
	mkdir -p "$T/dev.d/net"
	printf '#!/bin/sh\necho "$INTERFACE $DEVPATH" > %s/log\n' "$T" > "$T/dev.d/net/a.dev"
	chmod +x "$T/dev.d/net/a.dev"
	run in_netns 'KERNEL=="d0", NAME="lan1"' /class/net/d0
	[[ "$output" == *"rc=0"* ]]
	[ "$(cat "$T/log")" = "lan1 /class/net/lan1" ]
}
@test "050/064: dev.d runs for a renamed interface only: its name, net, default, DEVNAME the name" {
	for d in lan1 net default d0; do
		mkdir -p "$T/dev.d/$d"
		printf '#!/bin/sh\necho "%s $1 $DEVNAME" >> %s/log\n' "$d" "$T" > "$T/dev.d/$d/a.dev"
		chmod +x "$T/dev.d/$d/a.dev"
	done
	run in_netns 'KERNEL=="d0", NAME="lan1"' /class/net/d0
	[[ "$output" == *"rc=0"* ]]
	[ "$(paste -sd, "$T/log")" = "lan1 net lan1,net net lan1,default net lan1" ]
	rm "$T/log"
	run in_netns 'KERNEL=="d0", RUN+="/bin/touch '"$T"'/ran"' /class/net/d0
	[[ "$output" == *"rc=0"* ]]
	[ -e "$T/ran" ]
	[ ! -e "$T/log" ]
}
@test "net: after a rename the record keeps no DEVPATH or INTERFACE; a later move and remove see the kernel's names" {
	cp -a "$TOP/test/sysfs-legacy" "$T/sys"
	export SYSFS_PATH="$T/sys"
	rules 'KERNEL=="d0", NAME="lan1"
SUBSYSTEM=="net", RUN+="/bin/sh -c '"'echo \$\$ACTION \$\$DEVPATH \$\$INTERFACE >> $T/log'"'"'
	run unshare -n sh -c '
		ip link add d0 type dummy 2>/dev/null || ip link add d0 type bridge 2>/dev/null ||
			ip link add d0 type veth peer name peer0 || exit 99
		env ACTION=add DEVPATH=/class/net/d0 INTERFACE=d0 SUBSYSTEM=net "$BIN/udev" net || exit 1
		mv "$T/sys/class/net/d0" "$T/sys/class/net/wan0"
		ip link set lan1 name wan0 || exit 98
		env ACTION=move DEVPATH=/class/net/wan0 DEVPATH_OLD=/class/net/lan1 INTERFACE=wan0 \
			SUBSYSTEM=net "$BIN/udev" net || exit 2
		ip link del wan0
		rm -r "$T/sys/class/net/wan0"
		env ACTION=remove DEVPATH=/class/net/wan0 INTERFACE=wan0 SUBSYSTEM=net "$BIN/udev" net || exit 3'
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	got=$(paste -sd, "$T/log")
	[ "$got" = "add /class/net/lan1 lan1,move /class/net/wan0 wan0,remove /class/net/wan0 wan0" ] ||
		{ echo "got: $got"; return 1; }
	! db_there "$T/db/class@net@wan0" || false
	! db_there "$T/db/class@net@lan1" || false
}
@test "net: a record written with the names of an earlier rename does not override the event's" {
	mkdir -p "$T/db"
	printf 'P:/class/net/wan0\nN:\nU:net\nE:DEVPATH=/class/net/lan1\nE:INTERFACE=lan1\nE:ID_KEPT=yes\n' > "$T/db/class@net@wan0"
	rules "SUBSYSTEM==\"net\", RUN+=\"/bin/sh -c 'echo \$\$DEVPATH \$\$INTERFACE \$\$ID_KEPT > $T/log'\""
	run env ACTION=remove DEVPATH=/class/net/wan0 INTERFACE=wan0 SUBSYSTEM=net "$BIN/udev" net
	[ "$status" -eq 0 ] || { echo "$output"; return 1; }
	[ "$(cat "$T/log")" = "/class/net/wan0 wan0 yes" ] || { echo "got: $(cat "$T/log")"; return 1; }
}
@test "net: a failed rename gives exit 10" {
	rules 'KERNEL=="d0", NAME="lan0"'
	run unshare -n env ACTION=add DEVPATH=/class/net/d0 SUBSYSTEM=net "$BIN/udev" net
	[ "$status" -eq 10 ]
}
