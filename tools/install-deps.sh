#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs the Debian packages a target needs, only when one is missing.
# Usage: install-deps.sh GROUP...   (groups: build check static bench kernel demo fuzz lint valgrind)
set -e

pkgs_build="gcc make libc6-dev"
pkgs_check="$pkgs_build bats util-linux iproute2 groff-base python3 procps strace"
# busybox: a private syslogd (hotplug.bats) and mdev as a contender (bench.bats)
pkgs_check="$pkgs_check busybox-static"
# file system tools: images for vol_id and the persistent storage rules (vol_id.bats, udev-storage.bats)
pkgs_check="$pkgs_check e2fsprogs dosfstools btrfs-progs xfsprogs genisoimage squashfs-tools cryptsetup-bin"
pkgs_static="$pkgs_build libklibc-dev dietlibc-dev musl-tools"
pkgs_bench="$pkgs_build busybox-static gnuplot-nox"
pkgs_kernel="$pkgs_static linux-source-6.1 qemu-system-x86 busybox-static bc bison flex libelf-dev libssl-dev cpio xz-utils kmod"
pkgs_demo="$pkgs_build util-linux"
pkgs_fuzz="$pkgs_build clang libclang-rt-14-dev"
pkgs_lint="cppcheck clang-tidy"
pkgs_valgrind="$pkgs_check valgrind"

want=""
for group in "$@"; do
	eval "want=\"\$want \$pkgs_$group\""
done

missing=""
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "install-deps: missing Debian packages:$missing (run as root to install)" >&2
	exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
