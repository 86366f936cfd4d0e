#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs or removes the etc/ tree without ever overwriting a file the user edited:
# when a different file is already there, the new one goes beside it as NAME.dist.
# Usage: install-etc.sh install|uninstall SRCDIR ETCDIR [SYSCONFDIR [SBINDIR [LIBUDEVDIR]]]
# With a SYSCONFDIR other than /etc, the quoted "/etc/..." paths of the files
# (udev.conf's udev_rules, ...) name SYSCONFDIR instead; likewise the rules'
# "/sbin/PROGRAM" of our own programs name SBINDIR, and "/lib/udev/" LIBUDEVDIR.
set -e

mode=$1 src=$2 dst=$3 sysconfdir=${4:-/etc} sbindir=${5:-/sbin} libudevdir=${6:-/lib/udev}
case $mode in
install|uninstall) ;;
*) echo "usage: install-etc.sh install|uninstall SRCDIR ETCDIR [SYSCONFDIR [SBINDIR [LIBUDEVDIR]]]" >&2
   exit 1 ;;
esac
[ -d "$src" ] || exit 0
if [ "$sysconfdir" != /etc ] || [ "$sbindir" != /sbin ] || [ "$libudevdir" != /lib/udev ]; then
	stage=$(mktemp -d)
	trap 'rm -rf "$stage"' EXIT
	cp -a "$src/." "$stage/"
	find "$stage" -type f -exec sed -i -e "s|\"/etc/|\"$sysconfdir/|g" \
		-e "s#\"/sbin/\\(hotplug\\|udevsend\\|vol_id\\|disk_id\\)\\b#\"$sbindir/\\1#g" \
		-e "s|\"/lib/udev/|\"$libudevdir/|g" {} +
	# udev.conf's udev_rules names /etc after /lib/udev
	[ ! -f "$stage/udev/udev.conf" ] ||
		sed -i -e "/^udev_rules=/s| /etc/| $sysconfdir/|" "$stage/udev/udev.conf"
	src=$stage
fi

files() {
	(cd "$src" && find . -type f ! -name '*~' ! -name '.*' | sort)
}

install_one() {
	perm=644
	[ -x "$src/$1" ] && perm=755
	if [ ! -e "$dst/$1" ]; then
		echo "  INSTALL $dst/$1"
		install -D -m "$perm" "$src/$1" "$dst/$1"
	elif ! cmp -s "$src/$1" "$dst/$1"; then
		echo "  INSTALL $dst/$1.dist (keeping your edited $1)"
		install -D -m "$perm" "$src/$1" "$dst/$1.dist"
	fi
}

uninstall_one() {
	rm -f "$dst/$1.dist"
	[ -e "$dst/$1" ] || return 0
	if cmp -s "$src/$1" "$dst/$1"; then
		rm -f "$dst/$1"
	else
		echo "  KEEP    $dst/$1 (edited)"
	fi
}

files | while read -r f; do
	f=${f#./}
	"${mode}_one" "$f"
done
if [ "$mode" = uninstall ]; then
	(cd "$src" && find . -mindepth 1 -depth -type d) | while read -r d; do
		rmdir "$dst/${d#./}" 2>/dev/null || :
	done
fi
exit 0
