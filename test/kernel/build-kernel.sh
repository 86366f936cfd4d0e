#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Builds the small kernel of the qemu proof from Debian's linux-source-6.1: tinyconfig
# plus config.fragment, verified, cached outside the tree, keyed by fragment + version.
# Prints the directory holding bzImage, scsi_debug.ko, config and gen_init_cpio.
#
# Environment: KERNEL_CACHE (default /var/cache/udev-legacy-kernel), KERNEL_JOBS (2).
# build-kernel.sh --verify CONFIG only checks CONFIG against the fragment.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
cache=${KERNEL_CACHE:-/var/cache/udev-legacy-kernel}
jobs=${KERNEL_JOBS:-2}
pkg=linux-source-6.1
tarball=/usr/src/$pkg.tar.xz
fragment=$here/config.fragment
# Bump when this script changes what it builds or what it copies out.
recipe=1

log() { echo "build-kernel: $*" >&2; }
die() { log "error: $*"; exit 1; }

# Every "CONFIG_X=v" line must be in .config as is; every "# CONFIG_X is not set"
# symbol must not be set to anything.
verify_config() {
	local config=$1 line sym bad=""
	while IFS= read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qxF -- "$line" "$config" || bad="$bad
  want '$line', have '$(grep -E "^(# )?${line%%=*}[= ]" "$config" || echo absent)'" ;;
		"# CONFIG_"*" is not set")
			sym=${line#\# }; sym=${sym%% *}
			! grep -q "^$sym=" "$config" || bad="$bad
  want '$line', have '$(grep "^$sym=" "$config")'" ;;
		esac
	done <"$fragment"
	[ -z "$bad" ] || die "config options that did not take:$bad"
}

if [ "${1:-}" = --verify ]; then
	verify_config "$2"
	exit 0
fi

sh "$top/tools/install-deps.sh" kernel >&2
version=$(dpkg-query -W -f='${Version}' "$pkg")
key=$({ echo "$pkg $version recipe $recipe"; cat "$fragment"; } | sha256sum | cut -c1-16)
out=$cache/kernel-$key
src=$cache/src-$version/$pkg
build=$cache/build-$key

mkdir -p "$cache"
exec 9>"$cache/lock"
flock 9

if [ -f "$out/done" ]; then
	log "cached: $out (fragment and $pkg $version unchanged)"
	echo "$out"
	exit 0
fi

unpack_source() {
	[ -f "$src/.unpacked" ] && return 0
	log "unpacking $tarball into $(dirname "$src")"
	rm -rf "$(dirname "$src")"
	mkdir -p "$(dirname "$src")"
	tar -xf "$tarball" -C "$(dirname "$src")"
	touch "$src/.unpacked"
}

configure() {
	rm -rf "$build"
	mkdir -p "$build"
	make -s -C "$src" O="$build" ARCH=x86_64 tinyconfig >&2
	"$src/scripts/kconfig/merge_config.sh" -m -O "$build" "$build/.config" "$fragment" \
		>"$build/merge_config.log"
	make -s -C "$src" O="$build" ARCH=x86_64 olddefconfig >&2
	verify_config "$build/.config"
}

compile() {
	log "building bzImage and modules with -j$jobs (nice)"
	nice make -s -C "$src" O="$build" ARCH=x86_64 -j"$jobs" bzImage modules >&2
}

collect() {
	rm -rf "$out.tmp"
	mkdir -p "$out.tmp"
	cp "$build/arch/x86/boot/bzImage" "$build/.config" "$out.tmp/"
	cp "$build/drivers/scsi/scsi_debug.ko" "$build/usr/gen_init_cpio" "$out.tmp/"
	make -s -C "$src" O="$build" kernelrelease >"$out.tmp/release"
	[ -z "$(modinfo -F depends "$out.tmp/scsi_debug.ko")" ] ||
		die "scsi_debug.ko depends on other modules: $(modinfo -F depends "$out.tmp/scsi_debug.ko")"
	echo "$1" >"$out.tmp/build-seconds"
	touch "$out.tmp/done"
	rm -rf "$out"
	mv "$out.tmp" "$out"
}

start=$(date +%s)
unpack_source
configure
compile
collect $(($(date +%s) - start))
log "built in $(cat "$out/build-seconds") s: $out"
rm -rf "$build"
echo "$out"
