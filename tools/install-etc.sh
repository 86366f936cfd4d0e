#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs or removes the etc/ tree, keeping what is the user's. A manifest
# (MANIFEST, as dpkg's conffiles: the checksum of every file as installed, and
# every folder install made) tells an untouched file from an edited one: on an
# upgrade an untouched file is replaced, an edited one kept with the new one
# beside it as NAME.dist; a file no longer shipped goes when untouched.
# Uninstall removes the files still as installed and only the folders install
# made. Without a manifest (an install before it existed) a file equal to the
# shipped one counts as untouched, any other as edited.
# Usage: install-etc.sh install|uninstall SRCDIR ETCDIR [SYSCONFDIR [SBINDIR [LIBUDEVDIR]]]
#        install-etc.sh mkdirs DIR...   (make the folders, note the ones made)
#        install-etc.sh rmdirs DIR...   (remove the noted folders left empty;
#                                        without a manifest: DIR... when empty)
# Environment: MANIFEST (the manifest file; none: nothing is noted), DESTDIR
# (stripped from the paths noted, so that the manifest names the final ones),
# ETC_SKIP (files of SRCDIR, relative to it, that are not installed).
# With a SYSCONFDIR other than /etc, the quoted "/etc/..." paths of the files
# (udev.conf's udev_rules, ...) name SYSCONFDIR instead; likewise the rules'
# "/sbin/PROGRAM" of our own programs name SBINDIR, and "/lib/udev/" LIBUDEVDIR.
set -e

usage() {
	echo "usage: install-etc.sh install|uninstall SRCDIR ETCDIR [SYSCONFDIR [SBINDIR [LIBUDEVDIR]]]" >&2
	echo "       install-etc.sh mkdirs|rmdirs DIR..." >&2
	exit 1
}

mode=${1:-}
MANIFEST=${MANIFEST:-}
DESTDIR=${DESTDIR:-}
case $mode in
install|uninstall|mkdirs|rmdirs) shift ;;
*) usage ;;
esac

# sum FILE: its checksum
sum() { md5sum <"$1" | cut -d' ' -f1; }

# recorded PATH: the checksum the manifest holds for PATH, empty when none
recorded() {
	[ -n "$MANIFEST" ] && [ -f "$MANIFEST" ] || return 0
	awk -v p="$1" '$1 == "file" && $3 == p { s = $2 } END { if (s) print s }' "$MANIFEST"
}

# note LINE: adds LINE to the manifest (once); while mkdirs makes folders,
# to $notes (the manifest's own folder may be one of them)
note() {
	[ -n "$MANIFEST" ] || return 0
	if [ -n "${notes:-}" ]; then
		echo "$1" >>"$notes"
		return 0
	fi
	[ -f "$MANIFEST" ] && grep -qxF "$1" "$MANIFEST" && return 0
	mkdir -p "${MANIFEST%/*}"
	echo "$1" >>"$MANIFEST"
}

# forget PATH: drops the manifest's file line of PATH
forget() {
	[ -n "$MANIFEST" ] && [ -f "$MANIFEST" ] || return 0
	awk -v p="$1" '!($1 == "file" && $3 == p)' "$MANIFEST" >"$MANIFEST.new"
	mv -f "$MANIFEST.new" "$MANIFEST"
}

# mkdir_noted DIR: makes DIR and its missing parents, noting each one made
mkdir_noted() {
	[ -d "$1" ] && return 0
	mkdir_noted "$(dirname "$1")"
	mkdir "$1"
	[ "$1" = "$DESTDIR" ] || note "dir ${1#"$DESTDIR"}"
}

if [ "$mode" = mkdirs ]; then
	notes=$(mktemp)
	trap 'rm -f "$notes"' EXIT
	for d in "$@"; do mkdir_noted "$d"; done
	[ -z "$MANIFEST" ] || mkdir_noted "${MANIFEST%/*}"
	saved=$notes
	notes=
	while read -r l; do note "$l"; done <"$saved"
	exit 0
fi
if [ "$mode" = rmdirs ]; then
	if [ -n "$MANIFEST" ] && [ -f "$MANIFEST" ]; then
		dirs=$(awk '$1 == "dir" { print substr($0, 5) }' "$MANIFEST" | sort -r)
		rm -f "$MANIFEST"
		echo "$dirs" | while read -r d; do
			[ -n "$d" ] && rmdir "$DESTDIR$d" 2>/dev/null || :
		done
	else
		for d in "$@"; do
			while [ "$d" != "$DESTDIR" ] && [ "$d" != / ] && rmdir "$d" 2>/dev/null; do
				d=${d%/*}
			done
		done
	fi
	exit 0
fi

[ $# -ge 2 ] || usage
src=$1 dst=$2 sysconfdir=${3:-/etc} sbindir=${4:-/sbin} libudevdir=${5:-/lib/udev}
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

# the files of src, but those ETC_SKIP names (a profile's, relative to src:
# rules of features it left out; Makefile, PROFILE)
files() {
	(cd "$src" && find . -type f ! -name '*~' ! -name '.*' | sort) | while read -r f; do
		case " ${ETC_SKIP:-} " in
		*" ${f#./} "*) ;;
		*) echo "$f" ;;
		esac
	done
}

# put SRC DEST: installs SRC as DEST (mode of SRC), noting the folders made
put() {
	perm=644
	[ -x "$1" ] && perm=755
	mkdir_noted "$(dirname "$2")"
	install -m "$perm" "$1" "$2"
}

install_one() {
	key=${dst#"$DESTDIR"}/$1 rec=$(recorded "${dst#"$DESTDIR"}/$1")
	if [ ! -e "$dst/$1" ]; then
		echo "  INSTALL $dst/$1"
		put "$src/$1" "$dst/$1"
	elif cmp -s "$src/$1" "$dst/$1"; then
		:
	elif [ -n "$rec" ] && [ "$(sum "$dst/$1")" = "$rec" ]; then
		echo "  UPGRADE $dst/$1 (untouched since installed)"
		put "$src/$1" "$dst/$1"
	else
		echo "  INSTALL $dst/$1.dist (keeping your edited $1)"
		put "$src/$1" "$dst/$1.dist"
		return 0
	fi
	# the new one is there: an older .dist beside it is stale
	rm -f "$dst/$1.dist"
	forget "$key"
	note "file $(sum "$dst/$1") $key"
}

# gone KEY: a noted file (KEY, its final path) that is not shipped any more
gone() {
	f=$DESTDIR$1
	rm -f "$f.dist"
	forget "$1"
	[ -e "$f" ] || return 0
	if [ "$(sum "$f")" = "$2" ]; then
		echo "  REMOVE  $f (no longer shipped, untouched)"
		rm -f "$f"
	else
		echo "  KEEP    $f (no longer shipped, edited)"
	fi
}

uninstall_one() {
	key=${dst#"$DESTDIR"}/$1 rec=$(recorded "${dst#"$DESTDIR"}/$1")
	rm -f "$dst/$1.dist"
	forget "$key"
	[ -e "$dst/$1" ] || return 0
	if { [ -n "$rec" ] && [ "$(sum "$dst/$1")" = "$rec" ]; } ||
	   { [ -z "$rec" ] && cmp -s "$src/$1" "$dst/$1"; }; then
		rm -f "$dst/$1"
	else
		echo "  KEEP    $dst/$1 (edited)"
	fi
}

files | while read -r f; do
	f=${f#./}
	"${mode}_one" "$f"
done
# noted files under ETCDIR that this tree does not ship (any more)
if [ -n "$MANIFEST" ] && [ -f "$MANIFEST" ]; then
	awk -v d="${dst#"$DESTDIR"}/" '$1 == "file" && index($3, d) == 1 { print $2, $3 }' \
		"$MANIFEST" | while read -r s k; do
		[ -e "$src/${k#"${dst#"$DESTDIR"}/"}" ] || gone "$k" "$s"
	done
fi
if [ "$mode" = uninstall ] && [ -z "$MANIFEST" ]; then
	(cd "$src" && find . -mindepth 1 -depth -type d) | while read -r d; do
		rmdir "$dst/${d#./}" 2>/dev/null || :
	done
fi
exit 0
