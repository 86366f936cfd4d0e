#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# make install / make uninstall into a temporary DESTDIR: the legacy layout, the
# udevsend link, the man pages, and edited configuration never overwritten.

load lib

setup() {
	common_setup
	D=$T/root
}

# make for the variant under test ($MAKE_VARIANT, from lib.bash), so that what
# is installed is what the suite tests
mk() {
	# shellcheck disable=SC2086
	make -s -C "$TOP" $MAKE_VARIANT "$@" >"$T/make.out" 2>&1 ||
		{ cat "$T/make.out"; return 1; }
}

# A stand-in etc/ tree, so the *.dist logic is tested whatever etc/ holds today.
mk_etc() {
	mkdir -p "$T/etc/udev/rules.d" "$T/etc/udev/permissions.d"
	printf 'udev_root="/dev/"\n' > "$T/etc/udev/udev.conf"
	printf 'KERNEL=="mem", MODE="0640"\n' > "$T/etc/udev/rules.d/50-udev.rules"
	printf 'ttyS*:root:dialout:0660\n' > "$T/etc/udev/permissions.d/50-udev.permissions"
	mkdir -p "$T/etc/dev.d/default"
	printf '#!/bin/sh\nlogger "$DEVNAME"\n' > "$T/etc/dev.d/default/log.dev"
	chmod 755 "$T/etc/dev.d/default/log.dev"
	# editor leftovers are not part of the tree
	touch "$T/etc/udev/udev.conf~"
}

@test "install: programs in /sbin and /usr/bin, link, dev.d, man pages, etc/" {
	mk install DESTDIR="$D"
	local p programs
	programs=$(make -s -C "$TOP" print-programs)
	[[ " $programs " == *" hotplug "* ]]
	for p in $programs; do
		case $p in
		udevinfo|udevtest|udevmonitor) [ -x "$D/usr/bin/$p" ] ;;
		firmware) [ -x "$D/lib/udev/$p" ]; [ -f "$D/lib/udev/$p" ] ;;
		udev-extras|usb_id|path_id|scsi_id|ata_id|cdrom_id|edd_id|collect|write_net_rules|write_cd_rules)
			[ -x "$D/lib/udev/$p" ]; [ -f "$D/lib/udev/$p" ] ;;
		*) [ -x "$D/sbin/$p" ]; [ -f "$D/sbin/$p" ] ;;
		esac
		cmp "$BIN/$p" "$D/sbin/$p" 2>/dev/null || cmp "$BIN/$p" "$D/usr/bin/$p" 2>/dev/null ||
			cmp "$BIN/$p" "$D/lib/udev/$p"
	done
	# nothing installed that was not built
	for p in "$D"/sbin/* "$D"/usr/bin/* "$D"/lib/udev/*; do
		[ -e "$p" ] || continue
		[[ " $programs " == *" ${p##*/} "* ]]
	done
	[ "$(readlink "$D/etc/hotplug.d/default/10-udev.hotplug")" = /sbin/udevsend ]
	[ "$(readlink "$D/usr/bin/udevinfo")" = ../../sbin/udev ]
	# udev 100-117's extras: one program, a link per name beside it
	for p in usb_id path_id scsi_id ata_id cdrom_id edd_id collect write_net_rules write_cd_rules; do
		[ "$(readlink "$D/lib/udev/$p")" = udev-extras ]
	done
	# udev 117's rule generators' rules
	[ -f "$D/etc/udev/rules.d/75-persistent-net-generator.rules" ]
	[ -f "$D/etc/udev/rules.d/75-cd-aliases-generator.rules" ]
	links_resolve "$D"
	# the documents the man pages cite are installed with them
	for p in $(grep -ohE '[a-z-]+\.md' "$TOP"/docs/*.8 | sort -u); do
		[ -f "$D/usr/share/doc/udev-legacy/$p" ] || { echo "$p not installed"; return 1; }
	done
	[ -d "$D/etc/dev.d/default" ]
	for p in "$TOP"/docs/*.8; do
		[ -e "$p" ] || continue
		cmp "$p" "$D/usr/share/man/man8/${p##*/}"
	done
	if [ -d "$TOP/etc" ]; then
		(cd "$TOP/etc" && find . -type f ! -name '*~' ! -name '.*') | while read -r f; do
			cmp "$TOP/etc/$f" "$D/etc/$f"
		done
	fi
}

@test "install: the performance log that performance.md links to is installed beside it" {
	mk install DESTDIR="$D"
	local doc=$D/usr/share/doc/udev-legacy l
	for l in $(grep -oE '\]\(perf-log/[^)]+\.md\)' "$doc/performance.md" | sed 's/^](//; s/)$//'); do
		[ -f "$doc/$l" ] || { echo "installed performance.md links to $l, not installed"; return 1; }
	done
	[ -f "$doc/perf-log/README.md" ]
	mk uninstall DESTDIR="$D"
	[ ! -e "$D/usr/share/doc" ]
}

@test "install: man pages for every program are installed" {
	mk install DESTDIR="$D"
	for p in udevsend udevd udev udevinfo udevtest udevstart udevcontrol udevsettle hotplug \
		udevtrigger udevmonitor firmware; do
		[ -f "$D/usr/share/man/man8/$p.8" ]
	done
}

# mko ARGS...: make with a private build folder ($T/b): the install variables
# are compiled in, so another prefix is another build
mko() {
	# shellcheck disable=SC2086
	make -s -j2 -C "$TOP" $MAKE_VARIANT O="$T/b" "$@" >"$T/make.out" 2>&1 ||
		{ cat "$T/make.out"; return 1; }
}

# links_resolve ROOT: every symbolic link under ROOT reaches a file inside ROOT
links_resolve() {
	local l t
	while read -r l; do
		t=$(readlink "$l")
		case $t in /*) t=$1$t ;; *) t=${l%/*}/$t ;; esac
		[ -e "$t" ] || { echo "dangling: $l -> $(readlink "$l")"; return 1; }
	done < <(find "$1" -type l)
}

@test "install: prefix moves the whole tree, the link target and the compiled-in paths" {
	default_build_only
	command -v strace >/dev/null || skip "no strace"
	mko install DESTDIR="$D" prefix=/opt/ul
	[ -x "$D/opt/ul/sbin/hotplug" ]
	[ -x "$D/opt/ul/bin/udevinfo" ]
	[ -d "$D/opt/ul/share/man/man8" ]
	[ -f "$D/opt/ul/etc/udev/udev.conf" ]
	[ "$(readlink "$D/opt/ul/etc/hotplug.d/default/10-udev.hotplug")" = /opt/ul/sbin/udevsend ]
	[ ! -e "$D/sbin" ]
	[ ! -e "$D/etc" ]
	[ ! -e "$D/usr" ]
	links_resolve "$D"
	# udev.conf names the rules where they were installed
	grep -q '^udev_rules="/opt/ul/lib/udev/rules.d /opt/ul/etc/udev/rules.d"' "$D/opt/ul/etc/udev/udev.conf"
	# the programs look where they were installed (udev 0.5x compiled them in)
	run env -u UDEV_CONFIG_FILE strace -f -e trace=%file "$D/opt/ul/bin/udevinfo" -r
	[[ "$output" == *'"/opt/ul/etc/udev/udev.conf"'* ]]
	run env -i ACTION=add DEVPATH=/class/tty/ttyS0 SUBSYSTEM=tty UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVSEND_ACK_TIMEOUT=1 strace -f -e trace=%file "$D/opt/ul/sbin/udevsend" tty
	[[ "$output" == *'execve("/opt/ul/sbin/udevd"'* ]]
	[[ "$output" == *'execve("/opt/ul/sbin/udev"'* ]]
	run env -u HOTPLUG_DIR ACTION=add strace -e trace=%file "$D/opt/ul/sbin/hotplug" tty
	[[ "$output" == *'"/opt/ul/etc/hotplug.d/default"'* ]]
}

@test "install: prefix=/usr gives /usr/sbin, /usr/bin, /etc and /usr/share, never /usr/usr" {
	default_build_only
	mko install DESTDIR="$D" prefix=/usr
	[ -x "$D/usr/sbin/udevd" ]
	[ -x "$D/usr/bin/udevmonitor" ]
	[ -f "$D/etc/udev/udev.conf" ]
	[ -f "$D/usr/share/man/man8/udev.8" ]
	[ -f "$D/usr/share/doc/udev-legacy/writing-rules.md" ]
	[ ! -e "$D/usr/usr" ]
	[ ! -e "$D/sbin" ]
	[ "$(readlink "$D/usr/bin/udevinfo")" = ../sbin/udev ]
	links_resolve "$D"
	grep -qa /usr/sbin/udevd "$D/usr/sbin/udevsend"
	# the programs the shipped rules run are named where they were installed
	local prog
	for prog in $(grep -ohE '(RUN[+]?|IMPORT[{]program[}])="-?/[^" ]+' "$D"/etc/udev/rules.d/*.rules |
		sed 's/.*="-\{0,1\}//' | grep -v modprobe | sort -u); do
		[ -x "$D$prog" ] || { echo "a shipped rule runs $prog, not installed"; return 1; }
	done
	mko uninstall DESTDIR="$D" prefix=/usr
	[ -z "$(find "$D" -mindepth 1)" ] || { find "$D"; return 1; }
}

@test "install: a foreign /sbin/hotplug is kept as hotplug.orig, and uninstall restores it" {
	mkdir -p "$D/sbin"
	printf '#!/bin/sh\n# linux-hotplug multiplexer\n' >"$D/sbin/hotplug"
	chmod 755 "$D/sbin/hotplug"
	cp "$D/sbin/hotplug" "$T/foreign"
	mk install DESTDIR="$D"
	grep -q "KEEP .*/sbin/hotplug as .*/sbin/hotplug.orig" "$T/make.out"
	cmp "$T/foreign" "$D/sbin/hotplug.orig"
	cmp "$BIN/hotplug" "$D/sbin/hotplug"
	# a second install does not take ours for a foreign one
	mk install DESTDIR="$D"
	cmp "$T/foreign" "$D/sbin/hotplug.orig"
	! grep -q KEEP "$T/make.out" || false
	mk uninstall DESTDIR="$D"
	grep -q "RESTORE .*/sbin/hotplug" "$T/make.out"
	cmp "$T/foreign" "$D/sbin/hotplug"
	[ ! -e "$D/sbin/hotplug.orig" ]
	[ "$(find "$D" -mindepth 1 | sort)" = "$(printf '%s\n' "$D/sbin" "$D/sbin/hotplug")" ]
}

@test "install: a second install keeps an edited udev.conf and adds *.dist" {
	mk_etc
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	cmp "$T/etc/udev/udev.conf" "$D/etc/udev/udev.conf"
	[ "$(stat -c %a "$D/etc/udev/udev.conf")" = 644 ]
	[ -f "$D/etc/udev/permissions.d/50-udev.permissions" ]
	[ "$(stat -c %a "$D/etc/dev.d/default/log.dev")" = 755 ]
	[ ! -e "$D/etc/udev/udev.conf~" ]
	printf 'udev_root="/mydev/"\n' > "$D/etc/udev/udev.conf"
	printf 'udev_root="/dev/"\nudev_log="info"\n' > "$T/etc/udev/udev.conf"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	[ "$(cat "$D/etc/udev/udev.conf")" = 'udev_root="/mydev/"' ]
	cmp "$T/etc/udev/udev.conf" "$D/etc/udev/udev.conf.dist"
	grep -q "keeping your edited udev/udev.conf" "$T/make.out"
	# an unchanged file is not doubled
	[ ! -e "$D/etc/udev/rules.d/50-udev.rules.dist" ]
	# an edited rules file is protected the same way
	echo 'KERNEL=="null", MODE="0666"' >> "$D/etc/udev/rules.d/50-udev.rules"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	grep -q null "$D/etc/udev/rules.d/50-udev.rules"
	cmp "$T/etc/udev/rules.d/50-udev.rules" "$D/etc/udev/rules.d/50-udev.rules.dist"
}

@test "install: the real etc/udev/udev.conf is never overwritten once edited" {
	[ -f "$TOP/etc/udev/udev.conf" ] || skip "etc/udev/udev.conf not in this tree yet"
	mk install DESTDIR="$D"
	echo '# edited' >> "$D/etc/udev/udev.conf"
	mk install DESTDIR="$D"
	[ "$(tail -n 1 "$D/etc/udev/udev.conf")" = '# edited' ]
	cmp "$TOP/etc/udev/udev.conf" "$D/etc/udev/udev.conf.dist"
}

@test "uninstall: removes what install made, keeps edited configuration" {
	mk_etc
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	echo '# mine' >> "$D/etc/udev/udev.conf"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	mk uninstall DESTDIR="$D" ETC_SRC="$T/etc"
	[ ! -e "$D/sbin/hotplug" ]
	[ ! -e "$D/lib/udev" ]
	[ ! -L "$D/etc/hotplug.d/default/10-udev.hotplug" ]
	[ ! -e "$D/etc/hotplug.d" ]
	[ ! -e "$D/etc/dev.d" ]
	[ ! -e "$D/etc/udev/rules.d" ]
	[ ! -e "$D/etc/udev/udev.conf.dist" ]
	[ ! -e "$D/usr/share/man" ]
	[ ! -e "$D/usr/share/doc" ]
	[ ! -e "$D/sbin" ]
	# the user's edit survives, and only the folders that hold it
	[ "$(find "$D" -mindepth 1 | sort)" = "$(printf '%s\n' "$D/etc" "$D/etc/udev" \
		"$D/etc/udev/udev.conf")" ]
	[ "$(tail -n 1 "$D/etc/udev/udev.conf")" = '# mine' ]
	grep -q "KEEP.*udev.conf (edited)" "$T/make.out"
}

@test "install: an upgrade replaces an untouched file, keeps an edited one, drops one no longer shipped" {
	mk_etc
	printf 'KERNEL=="old"\n' > "$T/etc/udev/rules.d/40-old.rules"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	[ -f "$D/usr/share/doc/udev-legacy/install-manifest" ]
	# the next release: 50-udev.rules gains a line, udev.conf changes too,
	# 40-old.rules is gone; the user edited udev.conf only
	echo 'KERNEL=="null", MODE="0666"' >> "$T/etc/udev/rules.d/50-udev.rules"
	printf 'udev_root="/dev/"\nudev_log="err"\n' > "$T/etc/udev/udev.conf"
	rm "$T/etc/udev/rules.d/40-old.rules"
	echo '# mine' >> "$D/etc/udev/udev.conf"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	cat "$T/make.out"
	cmp "$T/etc/udev/rules.d/50-udev.rules" "$D/etc/udev/rules.d/50-udev.rules"
	[ ! -e "$D/etc/udev/rules.d/50-udev.rules.dist" ]
	grep -q "UPGRADE.*50-udev.rules (untouched since installed)" "$T/make.out"
	[ "$(tail -n 1 "$D/etc/udev/udev.conf")" = '# mine' ]
	cmp "$T/etc/udev/udev.conf" "$D/etc/udev/udev.conf.dist"
	[ ! -e "$D/etc/udev/rules.d/40-old.rules" ]
	grep -q "REMOVE.*40-old.rules (no longer shipped, untouched)" "$T/make.out"
	# a third release: the untouched file is still recognised, the edit still kept
	echo 'KERNEL=="zero", MODE="0666"' >> "$T/etc/udev/rules.d/50-udev.rules"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	cmp "$T/etc/udev/rules.d/50-udev.rules" "$D/etc/udev/rules.d/50-udev.rules"
	[ "$(tail -n 1 "$D/etc/udev/udev.conf")" = '# mine' ]
	# uninstall after the upgrades removes every untouched file (the old
	# install-etc.sh left the upgraded 50-udev.rules as "edited"), keeps the edited one
	mk uninstall DESTDIR="$D" ETC_SRC="$T/etc"
	[ "$(find "$D" -mindepth 1 | sort)" = "$(printf '%s\n' "$D/etc" "$D/etc/udev" \
		"$D/etc/udev/udev.conf")" ]
}

@test "uninstall: removes only the folders install made" {
	mk_etc
	# the user's own, empty folders, there before the install
	mkdir -p "$D/etc/dev.d/default" "$D/usr/share/man/man8" "$D/etc/udev/rules.d"
	mk install DESTDIR="$D" ETC_SRC="$T/etc"
	mk uninstall DESTDIR="$D" ETC_SRC="$T/etc"
	[ "$(find "$D" -mindepth 1 | sort)" = "$(printf '%s\n' "$D/etc" "$D/etc/dev.d" \
		"$D/etc/dev.d/default" "$D/etc/udev" "$D/etc/udev/rules.d" "$D/usr" "$D/usr/share" \
		"$D/usr/share/man" "$D/usr/share/man/man8")" ]
}

@test "install-strip: the programs installed stripped, as make size counts them" {
	mk install-strip DESTDIR="$D"
	grep -q "INSTALL $D/sbin/udevd (stripped)" "$T/make.out"
	local p
	for p in "$D"/sbin/udevd "$D"/sbin/udev "$D"/sbin/udevsend "$D"/sbin/hotplug; do
		[ -z "$(readelf -S "$p" | grep -E '\.debug_|\.symtab')" ] || { echo "$p not stripped"; return 1; }
	done
	# the build keeps its debugging information
	readelf -S "$BIN/udevd" | grep -q '\.debug_info'
	# INSTALL_STRIP=1 is the same
	mk uninstall DESTDIR="$D"
	mk install DESTDIR="$D" INSTALL_STRIP=1
	[ -z "$(readelf -S "$D/sbin/udevd" | grep -E '\.debug_|\.symtab')" ]
}

# make without -s: what a packager sees
mk_loud() {
	# shellcheck disable=SC2086
	make --no-print-directory -C "$TOP" $MAKE_VARIANT "$@" >"$T/make.out" 2>&1 ||
		{ cat "$T/make.out"; return 1; }
}

@test "install, uninstall: one line per file in one style (TAG PATH), no raw command" {
	mk_loud install DESTDIR="$D"
	cat "$T/make.out"
	grep -q '^  INSTALL .*/man8/udevd.8$' "$T/make.out"
	grep -q '^  LN      .*/10-udev.hotplug -> /sbin/udevsend$' "$T/make.out"
	! grep -vE '^  [A-Z]+ +/' "$T/make.out" || false
	mk_loud uninstall DESTDIR="$D"
	cat "$T/make.out"
	grep -q '^  RM      .*/man8/udevd.8$' "$T/make.out"
	! grep -vE '^  [A-Z]+ +/' "$T/make.out" || false
}
