#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# What packagers and cross-compilers rely on in the Makefile: the packager's
# flags reach the compiler after ours, no object is reused with another
# toolchain or other flags, headers included from another folder rebuild
# what includes them, the hardening of the default build, a benchmark
# helper that cannot stop the build, and make check's dependency step on a
# machine without dpkg or without root. Builds go to a private O=$T/b.

load lib

setup() {
	common_setup
	B=$T/b
}

# These are about the default toolchain (gcc, glibc), whichever variant the
# suite runs against: make check's variables (in MAKEFLAGS and, as make
# exports command-line variables, in the environment) are not passed on.
make() {
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u USE_KLIBC -u USE_DIETLIBC -u STATIC \
		-u CC -u CROSS_COMPILE -u SANITIZE -u O -u PROFILE -u WITHOUT make "$@"
}

# mkb ARGS...: make in the source tree, output kept in $T/make.out
mkb() {
	make -C "$TOP" O="$B" "$@" >"$T/make.out" 2>&1 || { cat "$T/make.out"; return 1; }
}

@test "build: CFLAGS, CPPFLAGS and LDFLAGS from the command line come after ours" {
	mkb V=1 CPPFLAGS=-D_FORTIFY_SOURCE=2 CFLAGS=-O1 LDFLAGS="-Wl,-Map=$T/map" "$B/udevsettle"
	cat "$T/make.out"
	# the code's own flags are kept, the packager's come last and win
	grep -E -- "-Ilib .*-D_FORTIFY_SOURCE=2 -Os .* -O1 -c -o $B/obj/lib/str.o" "$T/make.out"
	[ -s "$T/map" ]
	# and from the environment, as dpkg-buildflags exports them
	CPPFLAGS=-DBUILD_TEST_ENV=1 mkb V=1 "$B/obj/lib/str.o"
	grep -q -- "-Ilib .*-DBUILD_TEST_ENV=1 .*str.o" "$T/make.out"
}

@test "build: other flags or another toolchain never reuse an object" {
	mkb "$B/udevsettle"
	mkb "$B/udevsettle"
	! grep -q "CC " "$T/make.out" || false
	# STATIC=true after a dynamic build: everything again, and static
	mkb STATIC=true "$B/udevsettle"
	grep -q "CC .*lib/str.o" "$T/make.out"
	# static: no program interpreter (readelf: binutils comes with gcc)
	! readelf -lW "$B/udevsettle" | grep -q INTERP || false
	mkb STATIC=true CFLAGS=-O2 "$B/udevsettle"
	grep -q "CC .*lib/str.o" "$T/make.out"
	grep -q "CFLAGS=.* -O2" "$B/flags"
	# without O=, the toolchain names the folder
	[ "$(make -s -C "$TOP" print-outdir)" = build/glibc ]
	[ "$(make -s -C "$TOP" STATIC=true print-outdir)" = build/glibc-static ]
	[ "$(make -s -C "$TOP" CC=clang print-outdir)" = build/glibc-clang ]
	[ "$(make -s -C "$TOP" CC=gcc print-outdir)" = build/glibc ]
	[ "$(make -s -C "$TOP" CROSS_COMPILE=arm-linux-gnueabihf- STATIC=true print-outdir)" = \
		build/arm-linux-gnueabihf-glibc-static ]
	[ "$(make -s -C "$TOP" CROSS_COMPILE=arm-linux-gnueabihf- USE_DIETLIBC=true print-outdir)" = \
		build/arm-linux-gnueabihf-diet ]
	[ "$(make -s -C "$TOP" CC=musl-gcc print-outdir)" = build/musl-dynamic ]
}

@test "build: a header included from another folder rebuilds the fuzz harness and hotplug that include it" {
	mkb "$B/obj/test/fuzz/fuzz-rules.o" "$B/obj/hotplug/hotplug.o"
	mkb "$B/obj/test/fuzz/fuzz-rules.o" "$B/obj/hotplug/hotplug.o"
	! grep -q "CC " "$T/make.out" || false
	# as if udev/rules/rules.h (lib/multicall.h) had changed (make -W)
	mkb -W udev/rules/rules.h "$B/obj/test/fuzz/fuzz-rules.o" "$B/obj/hotplug/hotplug.o"
	grep -q "CC .*fuzz-rules.o" "$T/make.out"
	! grep -q "CC .*hotplug.o" "$T/make.out" || false
	mkb -W lib/multicall.h "$B/obj/hotplug/hotplug.o"
	grep -q "CC .*hotplug.o" "$T/make.out"
}
@test "build: make alone builds every program of each variant (README's make USE_DIETLIBC=true)" {
	local v
	# a dry run into an empty folder: every program would be linked
	for v in "" USE_KLIBC=true USE_DIETLIBC=true CC=musl-gcc; do
		make -n -C "$TOP" O="$B" $v >"$T/make.out" 2>&1
		grep -q -- "-o $B/udevd " "$T/make.out" || { echo "make $v: no udevd"; cat "$T/make.out"; return 1; }
		grep -q -- "-o $B/udevsend" "$T/make.out" || { echo "make $v: no udevsend"; return 1; }
		grep -q -- "-o $B/udev " "$T/make.out" || { echo "make $v: no udev"; return 1; }
		# the tools are links to the two multi-call binaries
		grep -q -- "ln -sfn udev $B/vol_id" "$T/make.out" || { echo "make $v: no vol_id"; return 1; }
		grep -q -- "ln -sfn udevd $B/udevmonitor" "$T/make.out" || { echo "make $v: no udevmonitor"; return 1; }
	done
}
@test "build: the default dynamic build has stack protector, FORTIFY, full RELRO and BIND_NOW" {
	command -v readelf >/dev/null || skip "no readelf"
	mkb "$B/udevd" "$B/udev" "$B/udevsend"
	local p
	# the per-event helpers: static with a small libc when one is present
	# (see the next test), else hardened like the others
	[ "$(make -s -C "$TOP" print-helper-libc)" = system ] && p=udevsend
	for p in udevd udev $p; do
		readelf -lW "$B/$p" | grep -q GNU_RELRO
		readelf -dW "$B/$p" | grep -Eq "BIND_NOW|FLAGS_1.*NOW"
		readelf -sW "$B/$p" | grep -q __stack_chk_fail
	done
	# FORTIFY: the checked variants of the string and print functions
	readelf -sW "$B/udev" | grep -Eq "__(snprintf|memcpy|strcpy|read|vsnprintf)_chk"
	# a packager's own level replaces ours rather than clashing with it
	mkb V=1 CPPFLAGS=-D_FORTIFY_SOURCE=3 "$B/obj/lib/str.o"
	! grep -q "_FORTIFY_SOURCE=2" "$T/make.out"
}

@test "build: the default build links udevsend and hotplug statically with the smallest libc present" {
	local libc
	libc=$(make -s -C "$TOP" print-helper-libc)
	[ "$libc" != system ] || skip "no dietlibc, klibc or musl-gcc here"
	mkb V=1 CFLAGS=-O1 LDFLAGS="-Wl,-Map=$T/map" "$B/udevsend" "$B/hotplug" "$B/udevsettle"
	# said in make's output and in the build, and made by that variant's make
	grep -q "HELPER  $B/udevsend: static, " "$T/make.out"
	grep -q "HELPER  $B/hotplug: static, " "$T/make.out"
	grep -q "^static, " "$B/helper-libc"
	for p in udevsend hotplug; do
		! readelf -lW "$B/$p" | grep -q INTERP || false
		cmp "$B/$p" "$B/helper-$libc/$p"
	done
	# the packager's flags reach the helpers' build too, and the other programs
	grep -q "CFLAGS=.* -O1" "$B/helper-$libc/flags"
	[ -s "$T/map" ]
	readelf -lW "$B/udevsettle" | grep -q INTERP
	# HELPER_LIBC=system: linked like every other program
	mkb HELPER_LIBC=system "$B/udevsend"
	readelf -lW "$B/udevsend" | grep -q INTERP
	# a helper build that fails (a dietlibc whose compiler fails): said,
	# and linked with the system libc
	mkdir "$T/bin"
	printf '#!/bin/sh\nexit 1\n' >"$T/bin/diet"
	chmod 755 "$T/bin/diet"
	rm -f "$B/udevsend"
	PATH=$T/bin:$PATH mkb "$B/udevsend"
	grep -q "HELPER  $B/udevsend: system libc (the static dietlibc build failed" "$T/make.out"
	readelf -lW "$B/udevsend" | grep -q INTERP
	grep -q "^system libc" "$B/helper-libc"
}

@test "build: STATIC=true's per-event helpers are linked with the smallest libc present too; vol_id and disk_id are udev" {
	local libc p
	libc=$(make -s -C "$TOP" print-helper-libc)
	[ "$libc" != system ] || skip "no dietlibc, klibc or musl-gcc here"
	[ "$(make -s -C "$TOP" STATIC=true print-helper-libc)" = "$libc" ]
	mkb STATIC=true "$B/vol_id" "$B/disk_id" "$B/udevsend" "$B/hotplug" "$B/udevd"
	for p in udevsend hotplug; do
		grep -q "HELPER  $B/$p: static, " "$T/make.out"
		cmp "$B/$p" "$B/helper-$libc/$p"
	done
	# the other programs stay static glibc: the helper's libc has no glibc marks
	grep -q "GLIBC_" "$B/udevd"
	! grep -q "GLIBC_" "$B/udevsend" || false
	# the probes run inside the device manager's binary (one binary per role)
	for p in vol_id disk_id; do
		[ "$(readlink "$B/$p")" = udev ]
	done
}

@test "build: the no-libc benchmark helper is not part of all, and skips without a stub" {
	make -C "$TOP" -n O="$B" all >"$T/n.out" 2>&1
	! grep -q noop-nolibc "$T/n.out" || false
	# an architecture without an exit_group stub: a message, no failure
	mkb HOSTCC="gcc -U__x86_64__ -U__i386__ -U__aarch64__ -U__arm__ -U__riscv" \
		"$B/bench/noop-nolibc"
	grep -q "SKIP .*noop-nolibc: no exit_group stub" "$T/make.out"
	[ ! -e "$B/bench/noop-nolibc" ]
	mkb "$B/bench/noop-nolibc"
	"$B/bench/noop-nolibc"
}

@test "build: USE_KLIBC=true with USE_DIETLIBC=true is an error, not a silent pick" {
	run make -C "$TOP" -n O="$B" USE_KLIBC=true USE_DIETLIBC=true all
	[ "$status" -ne 0 ]
	[[ "$output" == *"USE_KLIBC=true and USE_DIETLIBC=true: one libc per build"* ]]
	[ ! -e "$B" ]
}

@test "build: make all builds no benchmark program (make bench-bins and make check do)" {
	mkb all
	[ ! -e "$B/bench" ] || { ls -l "$B/bench"; return 1; }
	! grep -q "HOSTCC" "$T/make.out" || false
	# what the tests use is built by make check (bench-bins) and make bench
	make -C "$TOP" -n O="$B" check-suite >"$T/n.out" 2>&1
	grep -q "bench/fakesys" "$T/n.out"
	grep -q "bench/storm" "$T/n.out"
	mkb bench-bins
	[ -x "$B/bench/storm" ] && [ -x "$B/bench/fakesys" ] && [ -x "$B/bench/noop" ]
}

# A PATH with every command of this machine but dpkg-query.
path_without_dpkg() {
	local d
	mkdir -p "$T/path"
	for d in /usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin; do
		[ -d "$d" ] || continue
		for f in "$d"/*; do
			[ -e "$T/path/${f##*/}" ] || ln -s "$f" "$T/path/${f##*/}"
		done
	done
	rm -f "$T/path/dpkg-query" "$T/path/gnuplot"
}

@test "deps: without dpkg or without root, make check's dependency step names what is missing" {
	path_without_dpkg
	run env PATH="$T/path" sh "$TOP/tools/install-deps.sh" bench
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"no dpkg"*"missing: gnuplot;"* ]]
	# not root: the missing package is named, nothing fails
	command -v setpriv >/dev/null || skip "no setpriv"
	sed 's/^pkgs_check="\$pkgs_build /&udev-legacy-no-such-package /' \
		"$TOP/tools/install-deps.sh" >"$T/deps.sh"
	run setpriv --reuid=nobody --regid=nogroup --clear-groups sh -s check <"$T/deps.sh"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"missing Debian packages (run as root"*"udev-legacy-no-such-package"* ]]
}

@test "build: make help names the targets a person runs and the variables packagers set, each real" {
	make -s -C "$TOP" help >"$T/help" 2>&1 || { cat "$T/help"; false; }
	cat "$T/help"
	for t in all install install-strip uninstall check size demo clean; do
		grep -qE "^  $t( |\$)" "$T/help" || { echo "no $t"; false; }
	done
	# every target it names has a rule, every variable is the Makefile's
	sed -n '/^Targets:/,/^Variables:/p' "$T/help" | sed -n 's/^  \([a-z-]*\).*/\1/p' | while read -r t; do
		grep -qE "^$t:" "$TOP/Makefile" || { echo "no rule for $t"; exit 1; }
	done
	for v in DESTDIR prefix sbindir mandir docdir CFLAGS LDFLAGS USE_KLIBC USE_DIETLIBC STATIC CROSS_COMPILE HELPER_LIBC PROFILE WITHOUT V; do
		grep -qw "$v" "$T/help" || { echo "help does not name $v"; false; }
		grep -qE "\b$v\b" "$TOP/Makefile" || { echo "$v not in the Makefile"; false; }
	done
}

@test "build: PROFILE and WITHOUT name the folder, are recorded in the flags, and a change rebuilds" {
	[ "$(make -s -C "$TOP" USE_KLIBC=true PROFILE=helper print-outdir)" = build/klibc-helper ]
	[ "$(make -s -C "$TOP" WITHOUT="tools firmware" print-outdir)" = build/glibc-without-firmware-tools ]
	[ "$(make -s -C "$TOP" WITHOUT=firmware,tools print-outdir)" = build/glibc-without-firmware-tools ]
	[ "$(make -s -C "$TOP" PROFILE=helper WITHOUT=rules100 print-outdir)" = \
		build/glibc-helper-without-rules100 ]
	[ "$(make -s -C "$TOP" PROFILE=default print-outdir)" = build/glibc ]
	# the profile's list is the Makefile's, each feature a switch of lib/profile.h
	for f in $(make -s -C "$TOP" PROFILE=helper print-left-out); do
		grep -q "^#ifdef WITHOUT_${f^^} " "$TOP/lib/profile.h" || { echo "no switch for $f"; false; }
	done
	[ -z "$(make -s -C "$TOP" print-left-out)" ]
	# the flags record it: a change remakes every object (only the stamp made here)
	mkb WITHOUT=tools "$B/flags"
	grep -q "^PROFILE=without-tools WITHOUT=tools .*-DWITHOUT_TOOLS -DPROFILE=" "$B/flags"
	mkb WITHOUT=tools "$B/flags"
	! grep -q FLAGS "$T/make.out" || false
	mkb WITHOUT=tools,firmware "$B/flags"
	grep -q "FLAGS .*changed: all is rebuilt" "$T/make.out"
	grep -q -- "-DWITHOUT_FIRMWARE -DWITHOUT_TOOLS" "$B/flags"
}

@test "build: an unknown PROFILE or feature is an error naming the choices" {
	run make -C "$TOP" PROFILE=tiny print-outdir
	[ "$status" -ne 0 ]
	[[ "$output" == *"PROFILE=tiny: one of default helper"* ]]
	run make -C "$TOP" WITHOUT=tools,gui print-outdir
	[ "$status" -ne 0 ]
	[[ "$output" == *"no feature 'gui'; the features: netlink broadcast clients rules050 rules100 probes tools firmware"* ]]
}

@test "install: a profile's etc/ leaves out the rules of the features it left out" {
	mkdir -p "$T/src/udev/rules.d" "$T/dst"
	printf 'KERNEL=="x", MODE="0600"\n' >"$T/src/udev/rules.d/50-udev.rules"
	printf 'KERNEL=="sd*", IMPORT{builtin}="disk_id"\n' >"$T/src/udev/rules.d/60-persistent-storage.rules"
	skip=$(make -s -C "$TOP" PROFILE=helper -p print-outdir 2>/dev/null | sed -n 's/^ETC_SKIP := //p')
	[[ " $skip " == *" udev/rules.d/60-persistent-storage.rules "* ]]
	ETC_SKIP="$skip" sh "$TOP/tools/install-etc.sh" install "$T/src" "$T/dst"
	[ -f "$T/dst/udev/rules.d/50-udev.rules" ]
	[ ! -e "$T/dst/udev/rules.d/60-persistent-storage.rules" ]
	[ -z "$(make -s -C "$TOP" -p print-outdir 2>/dev/null | sed -n 's/^ETC_SKIP := //p')" ]
}
