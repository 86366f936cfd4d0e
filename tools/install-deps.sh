#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# Installs the Debian packages a target needs, only when one is missing.
# Usage: install-deps.sh GROUP...   (groups: build check static bench kernel demo fuzz lint valgrind cross ci)
# Without dpkg, or not as root, it names what is missing and exits 0.
set -e

# dietlibc: the default build links the per-event helpers (udevsend, hotplug)
# statically with it (Makefile HELPER_LIBC); without it they go over their budget
pkgs_build="gcc make libc6-dev dietlibc-dev"
pkgs_check="$pkgs_build bats util-linux iproute2 groff-base python3 procps strace"
# busybox: a private syslogd (hotplug.bats) and mdev as a contender (bench.bats)
pkgs_check="$pkgs_check busybox-static"
# qemu-user: the helpers run without a vDSO, as under a kernel booted vdso=0 (hotplug.bats)
pkgs_check="$pkgs_check qemu-user-static"
# file system tools: images for vol_id and the persistent storage rules (vol_id.bats, udev-storage.bats)
pkgs_check="$pkgs_check e2fsprogs dosfstools btrfs-progs xfsprogs genisoimage squashfs-tools cryptsetup-bin"
# the other formats of vol_id-formats.bats, each made by its own tool (lvm2: pvcreate on a loop device)
pkgs_check="$pkgs_check ntfs-3g exfatprogs f2fs-tools udftools reiserfsprogs jfsutils ocfs2-tools"
pkgs_check="$pkgs_check nilfs-tools erofs-utils mtd-utils genromfs bcache-tools hfsutils lvm2"
# partition tables: sfdisk (fdisk) and sgdisk (gdisk) (vol_id-part.bats, udev-storage.bats)
pkgs_check="$pkgs_check fdisk gdisk"
# a real libudev client: pyudev over the system's libudev1 (udevd-libudev.bats)
pkgs_check="$pkgs_check python3-pyudev libudev1"
pkgs_static="$pkgs_build libklibc-dev dietlibc-dev musl-tools"
pkgs_bench="$pkgs_build busybox-static gnuplot-nox"
pkgs_kernel="$pkgs_static linux-source-6.1 qemu-system-x86 busybox-static bc bison flex libelf-dev libssl-dev cpio xz-utils kmod"
pkgs_demo="$pkgs_build util-linux"
pkgs_fuzz="$pkgs_build clang libclang-rt-14-dev"
pkgs_lint="cppcheck clang-tidy"
pkgs_valgrind="$pkgs_check valgrind"
# a cross build for 32-bit ARM, run under qemu-user (make check-cross)
pkgs_cross="$pkgs_build gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user-static"
# perf counts the processes of each step of .ci/run (tools/ci-estimate.sh)
pkgs_ci="linux-perf"

# The commands a group's packages give, for a machine without dpkg: there the
# missing ones are named and the caller goes on with what it has.
cmds_build="gcc make"
cmds_check="$cmds_build bats unshare setpriv ip groff python3 ps strace busybox qemu-x86_64-static"
cmds_static="klcc diet musl-gcc"
cmds_bench="busybox gnuplot"
cmds_kernel="qemu-system-x86_64 busybox bc bison flex cpio xz"
cmds_demo="unshare"
cmds_fuzz="clang"
cmds_lint="cppcheck clang-tidy"
cmds_valgrind="valgrind"
cmds_cross="arm-linux-gnueabihf-gcc qemu-arm-static"
cmds_ci="perf"

want="" want_cmds=""
for group in "$@"; do
	eval "want=\"\$want \$pkgs_$group\" want_cmds=\"\$want_cmds \$cmds_$group\""
done

# warn_missing WHAT LIST: says what is missing; the caller runs what it can
warn_missing() {
	echo "install-deps: $1:$2; the targets that need them will fail or skip" >&2
}

if ! command -v dpkg-query >/dev/null 2>&1; then
	missing=""
	for c in $want_cmds; do
		command -v "$c" >/dev/null 2>&1 || missing="$missing $c"
	done
	[ -n "$missing" ] && warn_missing "no dpkg here, and these commands are missing" "$missing"
	exit 0
fi

missing=""
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	warn_missing "missing Debian packages (run as root to install them)" "$missing"
	exit 0
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
