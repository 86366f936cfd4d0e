#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The firmware loader and the module rule of etc/udev/rules.d/80-drivers.rules,
# with a fake sysfs firmware device (its `loading` and `data` are plain files:
# `loading` records what was written, "10" for a load, "-1" for an abort):
# through udev directly and through udevsend -> udevd -> udev -> RUN.

load udev-lib
load udevd-lib

setup() {
	udev_setup
	# a world-readable tree of its own: one test runs the loader as nobody
	W=$(mktemp -d /tmp/firmware-test.XXXXXX)
	chmod 755 "$W"
	mkdir -p "$W/sys" "$W/fw/$(uname -r)" "$W/fw2"
	export SYSFS_PATH=$W/sys
	echo "udev_firmware=\"$W/fw/%v $W/fw $W/nonexistent $W/fw2\"" >>"$T/udev.conf"
	chmod 644 "$T/udev.conf"
	cp "$T/udev.conf" "$W/udev.conf"
	# the shipped rules, with this build's loader and a stand-in modprobe
	sed -e "s|/lib/udev/firmware|$BIN/firmware|" -e "s|-/sbin/modprobe|-$W/modprobe|" \
		"$TOP/etc/udev/rules.d/80-drivers.rules" >"$T/rules.d/80-drivers.rules"
	grep -q "$BIN/firmware" "$T/rules.d/80-drivers.rules"
	grep -q "RUN+=\"-$W/modprobe -b" "$T/rules.d/80-drivers.rules"
	printf '#!/bin/sh\nfor a; do printf "[%%s]" "$a"; done >>"%s/modprobe.log"\necho >>"%s/modprobe.log"\n' \
		"$W" "$W" >"$W/modprobe"
	chmod 755 "$W/modprobe"
	DEV=/devices/pci0000:00/0000:00:0c.0/firmware/0000:00:0c.0
}

teardown() {
	udevd_teardown
	[ -z "${W:-}" ] || rm -rf "$W"
}

# fake_device [DEVPATH]: a firmware device whose files anyone may write
fake_device() {
	local d=$W/sys${1:-$DEV}
	mkdir -p "$d"
	: >"$d/loading"
	: >"$d/data"
	chmod 666 "$d/loading" "$d/data"
}

loading() { cat "$W/sys$DEV/loading"; }

# fw_event FIRMWARE [VAR=value...]: the kernel's add event, to udev directly
fw_event() {
	local name=$1
	shift
	ev add "$DEV" firmware FIRMWARE="$name" TIMEOUT=60 ASYNC=0 "$@"
}

@test "firmware: found: 1 to loading, the file's bytes into data, then 0" {
	fake_device
	head -c 70000 /dev/urandom >"$W/fw/wifi.bin"
	run fw_event wifi.bin
	echo "$output"
	[ "$status" -eq 0 ]
	[ "$(loading)" = 10 ]
	cmp "$W/fw/wifi.bin" "$W/sys$DEV/data"
}

@test "firmware: subdirectories; the kernel release's directory comes first, then in order" {
	fake_device
	mkdir -p "$W/fw/$(uname -r)/vendor" "$W/fw/vendor" "$W/fw2/vendor"
	echo release >"$W/fw/$(uname -r)/vendor/a.bin"
	echo plain >"$W/fw/vendor/a.bin"
	echo later >"$W/fw2/vendor/b.bin"
	run fw_event vendor/a.bin
	[ "$status" -eq 0 ]
	[ "$(cat "$W/sys$DEV/data")" = release ]
	fake_device
	run fw_event vendor/b.bin
	[ "$status" -eq 0 ]
	[ "$(cat "$W/sys$DEV/data")" = later ]
	[ "$(loading)" = 10 ]
}

@test "firmware: missing: -1 at once, and the log names the file and the directories" {
	fake_device
	t0=$(date +%s%N)
	run fw_event nosuch.bin
	t1=$(date +%s%N)
	echo "$output"
	[ "$status" -eq 9 ]   # udev: a RUN program failed
	[ "$(loading)" = -1 ]
	[ ! -s "$W/sys$DEV/data" ]
	[ $(((t1 - t0) / 1000000)) -lt 2000 ]
	grep -q "no readable firmware 'nosuch.bin' for $DEV in $W/fw/%v $W/fw " <<<"$output"
}

@test "firmware: unreadable (mode 000, loader run as nobody): -1, logged with the reason" {
	command -v setpriv >/dev/null || skip "needs setpriv (util-linux)"
	[ "$(id -u)" = 0 ] || skip "needs root to switch to nobody"
	fake_device
	echo secret >"$W/fw/locked.bin"
	chmod 000 "$W/fw/locked.bin"
	run setpriv --reuid=nobody --regid=nogroup --clear-groups \
		env -i UDEV_CONFIG_FILE="$W/udev.conf" SYSFS_PATH="$W/sys" ACTION=add \
		DEVPATH="$DEV" FIRMWARE=locked.bin "$BIN/firmware"
	echo "$output"
	[ "$status" -eq 3 ]
	[ "$(loading)" = -1 ]
	[ ! -s "$W/sys$DEV/data" ]
	grep -q "cannot read firmware $W/fw/locked.bin: Permission denied" <<<"$output"
	grep -q "no readable firmware 'locked.bin'" <<<"$output"
}

@test "firmware: a directory where the file should be: -1, logged" {
	fake_device
	mkdir "$W/fw/dir.bin"
	run fw_event dir.bin
	echo "$output"
	[ "$status" -eq 9 ]
	[ "$(loading)" = -1 ]
	grep -q "cannot read firmware $W/fw/dir.bin: Is a directory" <<<"$output"
}

@test "firmware: names that would leave the firmware directories are refused" {
	echo secret >"$W/secret.bin"
	mkdir -p "$W/fw/sub"
	ln -s "$W/secret.bin" "$W/fw2/admin-link.bin"
	local name
	for name in ../secret.bin sub/../../secret.bin "$W/secret.bin" /secret.bin \
		./secret.bin sub//x.bin .. $'a\nb' $'a\tb'; do
		fake_device
		run fw_event "$name"
		echo "$name: $output"
		[ "$status" -eq 9 ]
		[ "$(loading)" = -1 ]
		[ ! -s "$W/sys$DEV/data" ]
		grep -q "refusing firmware name" <<<"$output"
	done
	# an empty name (the kernel sends none) matches no rule; the loader refuses it
	fake_device
	run env ACTION=add DEVPATH="$DEV" FIRMWARE= "$BIN/firmware"
	[ "$status" -eq 2 ]
	[ "$(loading)" = -1 ]
	# a symlink the administrator put into a firmware directory is followed
	fake_device
	run fw_event admin-link.bin
	[ "$status" -eq 0 ]
	[ "$(cat "$W/sys$DEV/data")" = secret ]
}

@test "firmware: a device without loading (gone, timed out) ends with exit 4, logged" {
	echo x >"$W/fw/a.bin"
	mkdir -p "$W/sys$DEV"
	run env ACTION=add DEVPATH="$DEV" FIRMWARE=a.bin "$BIN/firmware"
	echo "$output"
	[ "$status" -eq 4 ]
	grep -q "cannot open $W/sys$DEV/loading: No such file or directory" <<<"$output"
	run env ACTION=add DEVPATH="/devices/../../etc" FIRMWARE=a.bin "$BIN/firmware"
	[ "$status" -eq 1 ]
	run env ACTION=add FIRMWARE=a.bin "$BIN/firmware"
	[ "$status" -eq 1 ]
	grep -q usage <<<"$output"
}

@test "firmware: remove and other actions leave the device alone" {
	fake_device
	echo x >"$W/fw/a.bin"
	run ev remove "$DEV" firmware FIRMWARE=a.bin
	[ "$status" -eq 0 ]
	run env ACTION=change DEVPATH="$DEV" FIRMWARE=a.bin "$BIN/firmware"
	[ "$status" -eq 0 ]
	[ -z "$(loading)" ]
	[ ! -s "$W/sys$DEV/data" ]
}

@test "firmware: without udev_firmware the default directories are searched" {
	fake_device
	sed -i '/^udev_firmware=/d' "$T/udev.conf"
	run fw_event "no-such-firmware-$$-$RANDOM.bin"
	echo "$output"
	[ "$(loading)" = -1 ]
	grep -q " in /lib/firmware/%v /lib/firmware /usr/local/lib/firmware /usr/lib/hotplug/firmware\$" \
		<<<"$output"
}

@test "firmware: through udevsend -> udevd -> udev -> RUN: loaded when udevsend returns" {
	[ -x "$BIN/udevd" ] && [ -x "$BIN/udevsend" ] || skip "no udevd/udevsend in $BIN"
	local sys=$SYSFS_PATH
	udevd_setup
	# udevd_setup points SYSFS_PATH at an empty tree; the device is in ours
	UDEV_BIN=$BIN/udev SYSFS_PATH=$sys
	export UDEV_BIN SYSFS_PATH
	start_udevd
	fake_device
	head -c 5000 /dev/urandom >"$W/fw2/card.bin"
	SEND_SUBSYSTEM=firmware run send_event SEQNUM=1 DEVPATH="$DEV" FIRMWARE=card.bin \
		UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH"
	[ "$status" -eq 0 ]
	[ "$(loading)" = 10 ]
	cmp "$W/fw2/card.bin" "$W/sys$DEV/data"
	# a missing file: udevsend returns at once with udev's "RUN failed"
	fake_device
	SECONDS=0
	SEND_SUBSYSTEM=firmware run send_event SEQNUM=2 DEVPATH="$DEV" FIRMWARE=missing.bin \
		UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH"
	[ "$status" -eq 9 ]
	[ "$SECONDS" -le 2 ]
	[ "$(loading)" = -1 ]
	grep -q "no readable firmware 'missing.bin'" "$T/udevd.log"
}

@test "modalias: the shipped rule runs modprobe -b with the modalias as one argument" {
	local d=/devices/pci0000:00/0000:00:1f.3
	mkdir -p "$W/sys$d"
	run ev add "$d" pci MODALIAS=pci:v00008086d00001234sv00000000sd00000000bc04sc03i00
	[ "$status" -eq 0 ]
	run ev add "$d" pci MODALIAS="of:Nfoo T<NULL>Cvendor,foo bar"
	[ "$status" -eq 0 ]
	# not run: no modalias, an empty one, remove, one that passes for an option,
	# one with a quote
	run ev add "$d" pci
	run ev add "$d" pci MODALIAS=
	run ev remove "$d" pci MODALIAS=pci:v00008086d00001234
	run ev add "$d" pci MODALIAS="-r"
	run ev add "$d" pci MODALIAS="x' -r 'y"
	diff - "$W/modprobe.log" <<-'EOF'
	[-b][pci:v00008086d00001234sv00000000sd00000000bc04sc03i00]
	[-b][of:Nfoo T<NULL>Cvendor,foo bar]
	EOF
}

@test "modalias: modprobe only for a device that has no driver when its event is handled" {
	# a SCSI disk below a target that no driver binds (as sysfs has it since
	# 2.6.2x: every level with its uevent file), and a sibling not bound yet
	local t=/devices/pseudo_0/adapter0/host0/target0:0:0 drv=$W/sys/bus/scsi/drivers/sd
	mkdir -p "$W/sys$t/0:0:0:0" "$W/sys$t/0:0:0:1" "$drv"
	for d in "" /0:0:0:0 /0:0:0:1; do echo DEVTYPE=x >"$W/sys$t$d/uevent"; done
	ln -s ../../../../../../bus/scsi/drivers/sd "$W/sys$t/0:0:0:0/driver"
	[ -d "$W/sys$t/0:0:0:0/driver" ]
	run ev add "$t/0:0:0:0" scsi MODALIAS=scsi:t-0x00
	[ "$status" -eq 0 ]
	[ ! -e "$W/modprobe.log" ]
	run ev add "$t/0:0:0:1" scsi MODALIAS=scsi:t-0x05
	[ "$status" -eq 0 ]
	# bound between the kernel's event and udev's handling of it: no modprobe
	ln -s ../../../../../../bus/scsi/drivers/sd "$W/sys$t/0:0:0:1/driver"
	run ev add "$t/0:0:0:1" scsi MODALIAS=scsi:t-0x05
	[ "$status" -eq 0 ]
	diff - "$W/modprobe.log" <<-'EOF'
	[-b][scsi:t-0x05]
	EOF
}

@test "rules: TEST is about the device's own sysfs folder, now; TEST!= its absence" {
	local d=/devices/platform/serial8250 p=/devices/platform
	mkdir -p "$W/sys$d/sub"
	echo DEVTYPE=x >"$W/sys$p/uevent"
	rules "TEST==\"sub\", RUN+=\"$W/modprobe has-sub\"
TEST!=\"sub\", RUN+=\"$W/modprobe no-sub\"
TEST==\"driver\", RUN+=\"$W/modprobe has-driver\"
TEST!=\"driver\", RUN+=\"$W/modprobe no-driver\"
TEST=\"sub\", RUN+=\"$W/modprobe single-equals\""
	run ev add "$d" platform
	[ "$status" -eq 0 ]
	# the parent's driver is not the device's
	mkdir -p "$W/sys/bus/platform/drivers/x"
	ln -s ../../bus/platform/drivers/x "$W/sys$p/driver"
	run ev add "$d" platform
	diff - "$W/modprobe.log" <<-'EOF'
	[has-sub]
	[no-driver]
	[single-equals]
	[has-sub]
	[no-driver]
	[single-equals]
	EOF
}

@test "modalias: no module for the modalias (modprobe exits 1) is no failure of the event" {
	local d=/devices/pci0000:00/0000:00:1f.3
	mkdir -p "$W/sys$d"
	echo 'exit 1' >>"$W/modprobe"
	UDEV_LOG=info run ev add "$d" pci MODALIAS=pci:v0000FFFFd0000FFFF
	echo "$output"
	[ "$status" -eq 0 ]
	grep -q "RUN '$W/modprobe -b 'pci:v0000FFFFd0000FFFF'' returned 1, ignoring" <<<"$output"
	[ "$(wc -l <"$W/modprobe.log")" -eq 1 ]
	# without the '-' the same failure is udev's exit 9
	rules "RUN+=\"$W/modprobe -b x\""
	run ev add "$d" pci
	[ "$status" -eq 9 ]
}

@test "modalias: busybox modprobe loads the module of the modalias, or skips it blacklisted" {
	command -v busybox >/dev/null || sh "$TOP/tools/install-deps.sh" check
	[ "$(id -u)" = 0 ] || skip "needs root to chroot"
	local r m=$W/root/lib/modules/$(uname -r)
	mkdir -p "$W/root/bin" "$m/kernel" "$W/root/etc/modprobe.d"
	cp "$(command -v busybox)" "$W/root/bin/busybox"
	echo "not a module" >"$m/kernel/fakenic.ko"
	echo "kernel/fakenic.ko:" >"$m/modules.dep"
	echo "alias pci:v0000ABCDd*sv*sd*bc*sc*i* fakenic" >"$m/modules.alias"
	# the stand-in records its arguments, then busybox modprobe -v does the work
	printf 'chroot %s/root /bin/busybox modprobe -v "$@" >>%s/busybox.out 2>&1\n' "$W" "$W" \
		>>"$W/modprobe"
	mkdir -p "$W/sys/devices/pci0000:00/0000:00:03.0"
	run ev add /devices/pci0000:00/0000:00:03.0 pci \
		MODALIAS=pci:v0000ABCDd00000001sv00000000sd00000000bc02sc00i00
	cat "$W/busybox.out"
	# it resolved the alias and tried the module (the kernel refuses the garbage)
	grep -q "fakenic" "$W/busybox.out"
	echo "blacklist fakenic" >"$W/root/etc/modprobe.d/blacklist.conf"
	: >"$W/busybox.out"
	run ev add /devices/pci0000:00/0000:00:03.0 pci \
		MODALIAS=pci:v0000ABCDd00000001sv00000000sd00000000bc02sc00i00
	[ "$status" -eq 0 ]
	! grep -q "fakenic" "$W/busybox.out" || false
	[ "$(wc -l <"$W/modprobe.log")" -eq 2 ]
}
