#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The proof on a real kernel: builds (or reuses) the kernel of build-kernel.sh, an
# initramfs with busybox, the statically built suite and scsi_debug, boots it in qemu
# once per scenario and checks the RESULT lines the guest prints on its serial console.
#
# Usage: run.sh [SCENARIO...]   default: count hotplug udevsend autostart firmware compare
#                               devtmpfs extras netpersist
#   count      the kernel's events, logged by a static helper (the reference list)
#   hotplug    /proc/sys/kernel/hotplug = /sbin/hotplug, hotplug.d checks after udev's
#   udevsend   /proc/sys/kernel/hotplug = /sbin/udevsend, hotplug.d checks after udev's
#              (udev runs the scripts: the shipped rule, as udev 050 did)
#   autostart  udevd started by the first event and killed in the middle of the storm
#   firmware   test_firmware requests a file through the sysfs fallback, via
#              /sbin/hotplug and via udevd --netlink (no storm; guest/firmware.sh)
#   compare    COMPARE_LUNS through /sbin/hotplug and through udevd --netlink, one boot
#              each: the same /dev, database and hotplug.d and dev.d script runs
#   storage    /dev/disk/by-* links of a scsi_debug disk formatted in the guest (also run
#              at the end of the udevsend boot)
#   extras     scsi_id's ids of scsi_debug disks (guest/extras), and with EXTRAS_117 the
#              same output and exit codes as udev 117's scsi_id, ata_id, cdrom_id, edd_id
#   time       timing boots for TIME_HELPERS x TIME_LUNS, writes PERF_DOC
#   devtmpfs   /dev a devtmpfs, udevd --netlink: DEVTMPFS_LUNS disks' nodes keep the
#              kernel's inodes through the storm, with the rules' group and mode
#   netpersist two boots, two e1000 cards whose addresses the second swaps: the names
#              70-persistent-net.rules gave at the first (kept on a virtio disk) hold
# Environment: EXTRAS_117 (a folder with udev 117's scsi_id, ata_id, cdrom_id and edd_id
#   built static, for the extras scenario; without it that comparison is skipped), LUNS (512), COMPARE_LUNS (16), DEVTMPFS_LUNS (64), TIME_LUNS ("512 1024"), TIME_HELPERS
#   ("noop hotplug udevsend mdev netlink-none netlink-mdev netlink-udevd
#   netlink-udevd-floor": the helpers, then the daemons that take the events by
#   netlink, as guest/init names them; the floor: udevd with a worker that does nothing;
#   NAME+norules: NAME's boot with no rules installed, and perf-doc.sh's summary), BOOT_TIMEOUT (seconds per boot, 1500), KPROOF_BUDGET (seconds
#   for all boots together, 4200: CI has 90 minutes), SUITE_MAKE (make flags
#   of the static build, "STATIC=true O=build/glibc-static"; with PROFILE=helper, as in
#   SUITE_MAKE="USE_KLIBC=true PROFILE=helper", the default scenarios are the helper
#   path's: count hotplug udevsend autostart), KPROOF_OUT (build/kernel), PERF_DOC
#   (docs/performance.md: its kernel timing section), QEMU_MEM (2G), KERNEL_CACHE (see build-kernel.sh),
#   TIME_PROBE (1: the netlink-udevd timing boot also prints, after each insmod storm, its
#   processes' user and system time and what the worker's kinds of system calls cost in
#   the guest, guest/sysprobe.c: PROBE lines on the console), TIME_RULES (the timing
#   boots keep only these installed rules files, e.g. "50-udev.rules 80-drivers.rules",
#   or "none": what each costs; the table then goes to PERF_DOC only when it is given),
#   TIME_UDEVD (options of the udevd the hotplug, udevsend and netlink-udevd timing boots
#   start, e.g. "--ack-when-done": every helper waits for udev's code, the behaviour before
#   2026-12; "--gather=0": every event wakes udevd, as before 2026-12-07's fifth session),
#   TIME_RUNS (1: each of TIME_HELPERS boots this many times, in rounds, one boot of each
#   helper per round; perf-doc.sh then adds the table of every run and the worst).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
LUNS=${LUNS:-512}
TIME_LUNS=${TIME_LUNS:-512 1024}
TIME_HELPERS=${TIME_HELPERS:-noop hotplug udevsend mdev netlink-none netlink-mdev netlink-udevd netlink-udevd-floor}
TIME_RUNS=${TIME_RUNS:-1}
COMPARE_LUNS=${COMPARE_LUNS:-16}
DEVTMPFS_LUNS=${DEVTMPFS_LUNS:-64}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-1500}
KPROOF_BUDGET=${KPROOF_BUDGET:-4200}
# its own output directory: a static glibc build would otherwise share build/glibc
# with the dynamic one, and make, seeing up-to-date objects, installed dynamic binaries
SUITE_MAKE=${SUITE_MAKE:-STATIC=true O=build/glibc-static}
# 2 GiB: the kernel's threads-max is memory / 128 KiB (7,958 with 1 GiB). With a
# real kernel's timers the 512-LUN storm leaves ~3,500 events waiting at once, and
# through /sbin/hotplug each is two processes: with 1 GiB forks failed and the
# guest made no progress in 12 minutes (docs/performance.md).
QEMU_MEM=${QEMU_MEM:-2G}
out=${KPROOF_OUT:-$top/build/kernel}
# the guest's devices beyond its disks of scsi_debug (netpersist: cards and a disk)
qemu_devices=(-nic none)
doc=${PERF_DOC:-$top/docs/performance.md}
failures=0

log() { echo "kernel-proof: $*" >&2; }
die() { log "error: $*"; exit 1; }

# The C compiler of the suite's variant, for the guest tools (same libc as the suite).
tools_cc() {
	case " $SUITE_MAKE " in
	*" USE_DIETLIBC=true "*) echo "diet gcc" ;;
	*" USE_KLIBC=true "*) echo "klcc" ;;
	*) echo "gcc" ;;
	esac
}

build_suite() {
	local stage=$1
	log "building the suite: make $SUITE_MAKE"
	echo "$SUITE_MAKE" >"$out/suite-make"
	# shellcheck disable=SC2086
	make -s -C "$top" $SUITE_MAKE all >&2
	# shellcheck disable=SC2086
	make -s -C "$top" $SUITE_MAKE install DESTDIR="$stage" >&2
}

build_tools() {
	local dir=$1 cc f
	cc=$(tools_cc)
	mkdir -p "$dir"
	for f in noop evlog; do
		# shellcheck disable=SC2086
		$cc -static -Os -Wall -Wextra -o "$dir/$f" "$here/guest/$f.c"
	done
	# the timer of every storm, whatever the suite's libc (klibc has no
	# clock_gettime): a measurer, not a contender
	gcc -static -Os -Wall -Wextra -o "$dir/helperwait" "$here/guest/helperwait.c"
	# what the worker's kinds of system calls cost in the guest (TIME_PROBE=1)
	gcc -static -O2 -Wall -Wextra -o "$dir/sysprobe" "$here/guest/sysprobe.c"
	# the pool worker that does nothing (netlink-udevd-floor)
	# shellcheck disable=SC2086
	$cc -static -Os -Wall -Wextra -I"$top/lib" -o "$dir/noop-worker" "$top/bench/noop-worker.c"
	strip "$dir"/noop "$dir"/evlog "$dir"/helperwait "$dir"/noop-worker "$dir"/sysprobe
	ln -s evlog "$dir/count"
	ln -s evlog "$dir/udevrun"
}

# The firmware scenario's script and file: the file where only the suite looks
# (the kernel's own loader reads /lib/firmware), of a size that ends mid-page.
stage_firmware() {
	local stage=$1
	install -m 644 "$here/guest/firmware.sh" "$stage/lib/kproof/firmware.sh"
	mkdir -p "$stage/usr/lib/hotplug/firmware/kproof"
	head -c 70001 /dev/urandom >"$stage/usr/lib/hotplug/firmware/kproof/test-fw.bin"
}

# gen_init_cpio list of the staging tree; busybox links only where the suite has none
cpio_list() {
	local stage=$1 kind path mode target
	echo "dir /dev 755 0 0"
	echo "nod /dev/console 600 0 0 c 5 1"
	(cd "$stage" && find . -mindepth 1 -printf '%y %P %m %l\n' | sort -k2) |
		while read -r kind path mode target; do
			case $kind in
			d) echo "dir /$path $mode 0 0" ;;
			f) echo "file /$path $stage/$path $mode 0 0" ;;
			l) echo "slink /$path $target 777 0 0" ;;
			esac
		done
	/bin/busybox --list-full | while read -r path; do
		[ -e "$stage/$path" ] || [ -L "$stage/$path" ] || echo "slink /$path /bin/busybox 777 0 0"
	done
}

build_initramfs() {
	local stage=$out/root
	rm -rf "$stage"
	mkdir -p "$stage"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,run,tmp,root,lib/kproof}
	build_suite "$stage"
	build_tools "$stage/lib/kproof"
	cp "$kdir/scsi_debug.ko" "$stage/lib/kproof/"
	stage_firmware "$stage"
	install -m 755 "$here/guest/init" "$stage/init"
	install -m 644 "$here/guest/storage" "$stage/lib/kproof/storage"
	install -m 644 "$here/guest/compare" "$stage/lib/kproof/compare"
	install -m 644 "$here/guest/extras" "$stage/lib/kproof/extras"
	install -m 644 "$here/guest/netpersist" "$stage/lib/kproof/netpersist"
	if [ -n "${EXTRAS_117:-}" ]; then
		mkdir -p "$stage/lib/kproof/ref117"
		install -m 755 "$EXTRAS_117"/{scsi_id,ata_id,cdrom_id,edd_id} "$stage/lib/kproof/ref117/"
	fi
	install -m 755 /bin/busybox "$stage/bin/busybox"
	# the users and groups the shipped rules name, as a firmware image has them
	echo "root:x:0:0:root:/root:/bin/sh" >"$stage/etc/passwd"
	printf '%s\n' root:x:0: tty:x:5: disk:x:6: lp:x:7: kmem:x:15: dialout:x:20: \
		cdrom:x:24: floppy:x:25: audio:x:29: video:x:44: >"$stage/etc/group"
	cpio_list "$stage" >"$out/initramfs.list"
	"$kdir/gen_init_cpio" "$out/initramfs.list" | gzip -9 >"$out/initramfs.cpio.gz"
	log "initramfs: $(du -h "$out/initramfs.cpio.gz" | cut -f1)"
}

# Boots once; the console goes to $out/NAME.console. Appends a RESULT line when the
# guest did not reach its end marker (timeout, crash, panic).
boot() { # NAME KERNEL-ARGS...
	local name=$1 t0 rc=0 limit
	shift
	t0=$(date +%s)
	limit=$((deadline - t0))
	[ "$limit" -lt "$BOOT_TIMEOUT" ] || limit=$BOOT_TIMEOUT
	[ "$limit" -gt 0 ] || limit=1
	log "boot $name: $* (timeout ${limit}s)"
	timeout "$limit" qemu-system-x86_64 -accel tcg -smp 2 -m "$QEMU_MEM" \
		-nographic -no-reboot "${qemu_devices[@]}" -kernel "$kdir/bzImage" -initrd "$out/initramfs.cpio.gz" \
		-append "console=ttyS0 loglevel=3 panic=-1 $*" \
		</dev/null 2>&1 | stdbuf -oL tr -d '\r' >"$out/$name.console" || rc=$?
	log "boot $name: $(($(date +%s) - t0)) s"
	grep -q '^KPROOF-END' "$out/$name.console" ||
		echo "RESULT scenario=$name check=boot fail no end marker (qemu rc $rc):" \
			"$(grep -v '^[A-Za-z0-9+/=]*$' "$out/$name.console" | tail -n 3 | tr '\n' ' ')" \
			>>"$out/$name.console"
}

# The event list NAME dumped by the guest, decoded: "ACTION SUBSYSTEM DEVPATH" lines
events_of() { # BOOT LISTNAME
	sed -n "/^BEGIN-EVENTS $2\$/,/^END-EVENTS $2\$/p" "$out/$1.console" |
		sed '1d;$d' | base64 -d | gunzip
}

# sd and sg names (and the bdi named by the disk's numbers) left out of event
# lines: sd probes asynchronously, so two boots can give two disks each other's
# names; the SCSI address before the name says which device it is.
unnamed() {
	sed -E 's#/block/sd[a-z]+#/block/sd#; s#/sd[a-z]+([0-9]+)$#/sd\1#
		s#/scsi_generic/sg[0-9]+$#/scsi_generic/sg#; s#/virtual/bdi/[0-9]+:[0-9]+$#/virtual/bdi/M:m#'
}

# The events udev handled must be the events the kernel sent in the counting boot.
compare_with_count() { # BOOT exact|atleast
	local want=$out/count.events.unnamed got=$out/$1.events d
	if [ ! -s "$out/count.events" ]; then
		echo "RESULT scenario=$1 check=same-as-counting-boot fail no counting boot list"
		return
	fi
	unnamed <"$out/count.events" >"$want"
	{ events_of "$1" udev 2>/dev/null || :; } | unnamed >"$got"
	[ "$2" = atleast ] && sort -u -o "$got" "$got"
	[ "$2" = atleast ] && sort -u -o "$want" "$want"
	d=$(diff "$want" "$got" | grep '^[<>]' | head -n 3 | tr '\n' ' ' || :)
	if [ -z "$d" ]; then
		echo "RESULT scenario=$1 check=same-as-counting-boot pass $(wc -l <"$got") events"
	else
		echo "RESULT scenario=$1 check=same-as-counting-boot fail kernel sent" \
			"$(wc -l <"$want"), udev handled $(wc -l <"$got"); first differences: $d"
	fi
}

# The compare boots' states after insmod (add) and rmmod (remove) must be the same:
# /dev, the database and which scripts ran (name, argv[1], node, event) exactly; and
# every variable a script saw through /sbin/hotplug, it must see with the same value
# through udevd --netlink (more variables there, e.g. udev's ID_*, are named, not failed).
compare_routes() {
	local op a b d
	for op in add remove; do
		a=$out/compare-hotplug.$op b=$out/compare-netlink.$op
		events_of compare-hotplug "$op" >"$a" 2>/dev/null || :
		events_of compare-netlink "$op" >"$b" 2>/dev/null || :
		if [ ! -s "$a" ] || [ ! -s "$b" ]; then
			echo "RESULT scenario=compare check=same-$op fail a boot dumped no state"
			continue
		fi
		d=$(diff <(grep -v '^ENV ' "$a") <(grep -v '^ENV ' "$b") | grep '^[<>]' || :)
		if [ -z "$d" ]; then
			echo "RESULT scenario=compare check=same-$op pass" \
				"$(grep -c '^DEV ' "$a") /dev entries, $(grep -c '^DB ' "$a") db lines," \
				"$(grep -c '^SCRIPT ' "$a") script runs"
		else
			echo "RESULT scenario=compare check=same-$op fail hotplug (<) and netlink (>)" \
				"differ in $(echo "$d" | wc -l) lines; first: $(echo "$d" | head -n 4 | tr '\n' ' ')"
		fi
		compare_env "$op" "$a" "$b"
	done
}

compare_env() { # OP HOTPLUG-STATE NETLINK-STATE
	local lost more first
	lost=$(comm -23 <(grep '^ENV ' "$2" | sort) <(grep '^ENV ' "$3" | sort))
	more=$(comm -13 <(grep '^ENV ' "$2" | sed 's/=.*//' | sort -u) \
		<(grep '^ENV ' "$3" | sed 's/=.*//' | sort -u) | awk '{ print $NF }' | sort -u | tr '\n' ' ')
	if [ -z "$lost" ]; then
		echo "RESULT scenario=compare check=same-script-env-$op pass" \
			"$(grep -c '^ENV ' "$2") variables; only through netlink: ${more:-none}"
	else
		first=$(echo "$lost" | head -n 1 | awk '{ v = $5; sub(/=.*/, "", v); print $1, $2, $3, $4, v "=" }')
		echo "RESULT scenario=compare check=same-script-env-$op fail" \
			"$(echo "$lost" | wc -l) variables seen through /sbin/hotplug are not the same" \
			"through netlink; first: $(echo "$lost" | head -n 1)" \
			"netlink has: $(grep -F "$first" "$3" | head -n 1 || echo nothing)"
	fi
}

# Two boots with two e1000 cards whose MAC addresses the second boot swaps, and a
# virtio disk that keeps 70-persistent-net.rules between them (guest/netpersist).
# Universally administered addresses: the generator writes no rule for a locally
# administered one (qemu's own 52:54:00 prefix).
netpersist_boots() {
	local img=$out/netpersist.img a=00:1b:21:0a:00:01 b=00:1b:21:0a:00:02 k first second
	rm -f "$img"
	truncate -s 1M "$img"
	for k in 1 2; do
		first=$a second=$b
		[ "$k" = 1 ] || first=$b second=$a
		qemu_devices=(-netdev hubport,hubid=0,id=n1 -device "e1000,netdev=n1,mac=$first"
			-netdev hubport,hubid=0,id=n2 -device "e1000,netdev=n2,mac=$second"
			-drive "file=$img,format=raw,if=virtio")
		boot "netpersist-$k" kproof=netpersist kproof.boot="$k" kproof.macs="$a,$b"
		report "netpersist-$k"
	done
	qemu_devices=(-nic none)
}

report() { # BOOT
	local r
	r=$(grep '^RESULT ' "$out/$1.console" || :)
	[ -n "$r" ] || r="RESULT scenario=$1 check=results fail the guest printed no result"
	echo "$r" | tee -a "$out/results"
	failures=$((failures + $(echo "$r" | grep -c '^RESULT [^ ]* [^ ]* fail' || :)))
}

# TIME_RULES: each an installed rules file (or none), else the run stops
check_time_rules() {
	local f dir=$out/root/etc/udev/rules.d
	for f in ${TIME_RULES:-}; do
		[ "$f" = none ] || [ -f "$dir/$f" ] ||
			die "TIME_RULES: $f is not an installed rules file ($(cd "$dir" && echo *))"
	done
}

run_scenario() { # NAME
	case $1 in
	count)
		boot count kproof=count kproof.luns="$LUNS"
		events_of count kernel >"$out/count.events" 2>/dev/null || : >"$out/count.events"
		grep '^COUNT ' "$out/count.console" >&2 || : ;;
	storage)
		boot storage kproof=storage ;;
	extras)
		boot extras kproof=extras ;;
	compare)
		boot compare-hotplug kproof=compare kproof.route=hotplug kproof.luns="$COMPARE_LUNS"
		report compare-hotplug
		boot compare-netlink kproof=compare kproof.route=netlink kproof.luns="$COMPARE_LUNS"
		compare_routes >>"$out/compare-netlink.console"
		report compare-netlink
		return ;;
	hotplug | udevsend | autostart)
		boot "$1" kproof="$1" kproof.luns="$LUNS"
		if [ "$1" = autostart ]; then
			compare_with_count "$1" atleast >>"$out/$1.console"
		else
			compare_with_count "$1" exact >>"$out/$1.console"
		fi ;;
	firmware)
		boot firmware kproof=firmware ;;
	devtmpfs)
		boot devtmpfs kproof=devtmpfs kproof.luns="$DEVTMPFS_LUNS" ;;
	netpersist)
		netpersist_boots
		return ;;
	time)
		check_time_rules
		local run=1 name
		while [ "$run" -le "$TIME_RUNS" ]; do
			for h in $TIME_HELPERS; do
				# HELPER+norules: that helper's boot with no rules installed
				local rules=${TIME_RULES:-}
				[ "$h" = "${h%+norules}" ] || rules=none
				# run K > 1 of a helper: time-HELPER.rK (perf-doc.sh reads them all)
				name=time-$h
				[ "$run" = 1 ] || name=$name.r$run
				boot "$name" kproof=time kproof.helper="${h%+norules}" kproof.luns="${TIME_LUNS// /,}" \
					${TIME_PROBE:+kproof.probe=1} ${rules:+kproof.rules="${rules// /,}"} \
					${TIME_UDEVD:+kproof.udevd="${TIME_UDEVD// /,}"}
				report "$name"
			done
			run=$((run + 1))
		done
		if [ -n "${TIME_RULES:-}" ] && [ -z "${PERF_DOC:-}" ]; then
			log "TIME_RULES: not the shipped rules, no timing table written (give PERF_DOC)"
			return
		fi
		mkdir -p "$(dirname "$doc")"
		bash "$here/perf-doc.sh" "$out" "$TIME_HELPERS" "$TIME_LUNS" "$doc"
		log "timing table written to $doc"
		return ;;
	*) die "unknown scenario '$1'" ;;
	esac
	report "$1"
}

main() {
	local scenarios=("$@") s
	if [ ${#scenarios[@]} -eq 0 ]; then
		case " $SUITE_MAKE " in
		# the helper profile (docs/embedded.md) has no udevd --netlink,
		# firmware loader or probes: the kernel's helper path only
		*" PROFILE=helper "*) scenarios=(count hotplug udevsend autostart) ;;
		*) scenarios=(count hotplug udevsend autostart firmware compare devtmpfs extras netpersist) ;;
		esac
	fi
	deadline=$(($(date +%s) + KPROOF_BUDGET))
	kdir=$(bash "$here/build-kernel.sh")
	mkdir -p "$out"
	: >"$out/results"
	build_initramfs
	for s in "${scenarios[@]}"; do
		run_scenario "$s"
	done
	log "$(grep -c ' pass' "$out/results" || :) checks passed, $failures failed" \
		"(consoles in $out)"
	echo "$(grep -c ' pass' "$out/results" || :) passed, $failures failed"
	[ "$failures" = 0 ]
}

main "$@"
