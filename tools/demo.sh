#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make demo: replays an "add" for every device node of this machine's /sys through
# the real event path (concurrent hotplug -> udevsend -> udevd -> udev), inside a
# private namespace with a temporary /dev, database and script trees.
#
# Outside the sandbox: install build deps, build, snapshot the host's /dev.
# Inside (unshare --net --mount --pid): set up the trees, start udevd, spawn one
# hotplug per event at once (as the kernel does at boot), wait, stop, report.
# Environment: BIN (binaries, default build/glibc), DEMO_KEEP=1 keeps the work dir,
# DEMO_VERBOSE=1 lists every node.
set -u -o pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
NEEDED="hotplug udevsend udevd udev"

say() { printf '%s\n' "$*"; }
die() { printf 'demo: %s\n' "$*" >&2; exit 1; }

# ---- outside the sandbox ---------------------------------------------------

host_dev_digest() {
	find /dev -xdev -printf '%p %y %m %U:%G %D\n' 2>/dev/null | sort | md5sum
}

build() {
	[ "$(id -u)" = 0 ] || die "run as root: the demo needs namespaces and mknod"
	sh "$TOP/tools/install-deps.sh" demo || die "could not install the build dependencies"
	make -s -C "$TOP" all || die "build failed"
}

check_programs() {
	local p missing=""

	for p in $NEEDED; do
		[ -x "$BIN/$p" ] || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	say "demo: not built yet:$missing (in $BIN)"
	say "      udevsend/udevd come with the event path, udev with the device manager;"
	say "      the demo replays events once every program of the path exists."
	exit 1
}

outside() {
	local before after w rc

	build
	BIN=${BIN:-$TOP/build/glibc}
	check_programs
	w=$(mktemp -d /tmp/udev-demo.XXXXXX) || die "mktemp failed"
	# interrupted: the pid namespace takes every process with it; remove the tree
	trap 'rm -rf "$w"; exit 130' INT TERM
	before=$(host_dev_digest)
	unshare --net --mount --pid --fork --mount-proc \
		bash "$TOP/tools/demo.sh" --inside "$w" "$BIN"
	rc=$?
	after=$(host_dev_digest)
	if [ "$before" = "$after" ]; then
		say "host /dev:     untouched (same listing before and after)"
	else
		say "host /dev:     CHANGED during the demo (another program, or a bug)"
		rc=1
	fi
	if [ "${DEMO_KEEP:-0}" = 1 ]; then
		say "work dir kept: $w"
	else
		rm -rf "$w"
	fi
	return $rc
}

# ---- inside the sandbox: set-up ---------------------------------------------

# A guard: inside our mount namespace the host's /dev is read-only, so even a
# bug that wrote to the real udev_root could not change it.
protect_host_dev() {
	mount --rbind /dev /dev 2>/dev/null &&
		mount -o remount,bind,ro /dev 2>/dev/null ||
		say "note: could not make /dev read-only in the sandbox, relying on udev_root"
}

write_conf() {
	cat > "$W/udev.conf" <<-EOF
	# udev.conf of the demo: every path in the work directory
	udev_root="$ROOT"
	udev_db="$DB"
	udev_rules="$W/rules.d"
	udev_permissions="$W/permissions.d"
	udev_devd="$W/dev.d"
	udev_log="err"
	default_mode="0600"
	EOF
	mkdir -p "$W/rules.d" "$W/permissions.d"
	cat > "$W/rules.d/50-demo.rules" <<-'EOF'
	# rules of the demo: kernel names, a few groups of nodes in directories,
	# and links, in both the 2004 and the operator syntax
	KERNEL="null", MODE="0666", SYMLINK="demo/null"
	KERNEL=="zero", MODE="0666"
	SUBSYSTEM=="block", SYMLINK+="disk/by-kernel/%k"
	SUBSYSTEM=="input", KERNEL=="event*", NAME="input/%k"
	SUBSYSTEM=="input", KERNEL=="mouse*", NAME="input/%k"
	SUBSYSTEM=="input", KERNEL=="mice", NAME="input/%k"
	SUBSYSTEM=="sound", NAME="snd/%k"
	KERNEL=="tty[0-9]*", MODE="0620"
	KERNEL=="ttyS[0-9]*", SYMLINK+="serial/%k"
	EOF
	printf 'ttyS*:root:root:0660\n' > "$W/permissions.d/50-demo.permissions"
}

# hotplug.d: udev's link first, then a checker that runs after it (legacy order:
# default/[0-9]* then SUBSYSTEM/ then the rest of default/). Scripts use shell
# built-ins only, so that what they cost stays small next to the event path.
write_hotplug_d() {
	mkdir -p "$W/hotplug.d/default"
	ln -s "$BIN/udevsend" "$W/hotplug.d/default/10-udev.hotplug"
	cat > "$W/hotplug.d/default/nodecheck.hotplug" <<-'EOF'
	#!/bin/sh
	# demo: runs after 10-udev.hotplug; logs whether udev's node is there yet
	[ "$ACTION" = add ] || exit 0
	f=; IFS=/; set -f
	for p in $DEVPATH; do [ -n "$p" ] && f="$f@$p"; done
	rec= txt=
	for c in "$DEMO_DB/$f" "$DEMO_DB/${f#@}"; do
		# a short record is a symbolic link's target (udev(8), FILES)
		if [ -L "$c" ]; then rec=$c; txt=$(readlink "$c"); break; fi
		if [ -f "$c" ]; then rec=$c; break; fi
	done
	[ -n "$rec" ] || rec=$(grep -l "^P:$DEVPATH\$" "$DEMO_DB"/* 2>/dev/null)
	name=
	if [ -n "$txt" ]; then
		IFS='
'
		for line in $txt; do
			case $line in N:*) name=${line#N:}; break ;; esac
		done
	elif [ -n "$rec" ]; then
		while read -r line; do
			case $line in N:*) name=${line#N:}; break ;; esac
		done < "$rec"
	fi
	if [ -z "$rec" ]; then st=NO-RECORD
	elif [ -n "$name" ] && [ -e "$DEMO_ROOT/$name" ]; then st=found
	else st=MISSING; fi
	echo "hotplug.d $SEQNUM $SUBSYSTEM ${name:-?} $st" >> "$DEMO_LOG"
	EOF
	chmod 755 "$W/hotplug.d/default/nodecheck.hotplug"
}

write_dev_d() {
	mkdir -p "$W/dev.d/default"
	cat > "$W/dev.d/default/50-nodecheck.dev" <<-'EOF'
	#!/bin/sh
	# demo: udev runs this once the node exists; log what it finds
	[ "$ACTION" = add ] || exit 0
	n=$DEVNAME
	case $n in /*) ;; *) n=$DEMO_ROOT/$n ;; esac
	if [ -e "$n" ]; then st=found; else st=MISSING; fi
	echo "dev.d $SEQNUM $SUBSYSTEM ${n#"$DEMO_ROOT"/} $st" >> "$DEMO_LOG"
	EOF
	chmod 755 "$W/dev.d/default/50-nodecheck.dev"
}

setup_trees() {
	ROOT=$W/dev
	DB=$ROOT/.udevdb
	LOG=$W/scripts.log
	mkdir -p "$ROOT" "$DB"
	: > "$LOG"
	: > "$W/helpers.log"
	write_conf
	write_hotplug_d
	write_dev_d
}

# ---- inside: the devices of this machine ------------------------------------

# Every device node the kernel knows: /sys/dev/{char,block} on kernels since
# 2.6.27; on older ones, the class and block directories with a "dev" file.
device_dirs() {
	local d

	if [ -d /sys/dev/char ]; then
		for d in /sys/dev/char/* /sys/dev/block/*; do
			[ -e "$d" ] && readlink -f "$d"
		done
	else
		for d in /sys/class/*/* /sys/block/* /sys/block/*/*; do
			[ -f "$d/dev" ] && readlink -f "$d"
		done
	fi
}

# Builds ev_<i> (the event's environment, as the kernel would give it) and sub[i].
collect_events() {
	local dir devpath subsystem line seq

	seq=$(( $(cat /sys/kernel/uevent_seqnum 2>/dev/null || echo 0) + 1 ))
	N=0
	NCHAR=0
	NBLOCK=0
	while read -r dir; do
		[ -r "$dir/uevent" ] || continue
		devpath=${dir#/sys}
		subsystem=$(readlink "$dir/subsystem" 2>/dev/null)
		subsystem=${subsystem##*/}
		[ -n "$subsystem" ] || continue
		declare -g -a "ev_$N"
		local -n ev=ev_$N
		ev=(HOME=/ PATH=/sbin:/bin:/usr/sbin:/usr/bin ACTION=add
		    "DEVPATH=$devpath" "SUBSYSTEM=$subsystem" "SEQNUM=$((seq + N))")
		while IFS= read -r line; do
			case $line in *=*) ev+=("$line") ;; esac
		done < "$dir/uevent"
		ev+=("${DEMO_ENV[@]}")
		unset -n ev
		sub[N]=$subsystem
		if [ "$subsystem" = block ]; then NBLOCK=$((NBLOCK + 1)); else NCHAR=$((NCHAR + 1)); fi
		N=$((N + 1))
	done < <(device_dirs | sort -u)
	FIRST_SEQ=$seq
}

# ---- inside: the daemon -----------------------------------------------------

socket_listening() {
	grep -q " @$UDEVD_SOCKET\$" /proc/net/unix
}

start_udevd() {
	local i

	"$BIN/udevd" </dev/null >/dev/null 2>"$W/udevd.log" &
	UDEVD_PID=$!
	for ((i = 0; i < 100; i++)); do
		socket_listening && return 0
		kill -0 "$UDEVD_PID" 2>/dev/null || break
		sleep 0.05
	done
	say "note: udevd did not come up in the foreground (see below); udevsend will start it"
	sed 's/^/  udevd: /' "$W/udevd.log"
	UDEVD_PID=
}

# Every process of ours still alive in this pid namespace, but us.
our_processes() {
	local p exe

	for p in /proc/[0-9]*; do
		exe=$(readlink "$p/exe" 2>/dev/null) || continue
		case $exe in "$BIN"/*) echo "${p#/proc/}" ;; esac
	done
}

stop_all() {
	local i pids

	[ -n "$UDEVD_PID" ] && kill -TERM "$UDEVD_PID" 2>/dev/null
	pids=$(our_processes)
	[ -n "$pids" ] && kill -TERM $pids 2>/dev/null
	for ((i = 0; i < 100; i++)); do
		[ -z "$(our_processes)" ] && break
		sleep 0.05
	done
	pids=$(our_processes)
	[ -n "$pids" ] && kill -KILL $pids 2>/dev/null
	[ -n "$UDEVD_PID" ] && wait "$UDEVD_PID" 2>/dev/null
	LEFT=$(our_processes | wc -l)
}

# ---- inside: the storm -------------------------------------------------------

# CPU time of every waited-for child (helpers, udevd and its udev runs), in ms,
# into CPU_NOW. "times" must run in this shell, not in a $(...) subshell.
children_cpu_ms() {
	times > "$W/times"
	CPU_NOW=$(awk 'NR == 2 { split($0, t, /[ ms]+/);
		print int((t[1] * 60 + t[2] + t[3] * 60 + t[4]) * 1000) }' "$W/times")
}

# Spawns one hotplug per event without waiting, as the kernel does, then waits.
replay() {
	local i pids=()

	T0=$EPOCHREALTIME
	for ((i = 0; i < N; i++)); do
		local -n ev=ev_$i
		env -i "${ev[@]}" "$BIN/hotplug" "${sub[i]}" \
			</dev/null >/dev/null 2>>"$W/helpers.log" &
		pids+=($!)
		unset -n ev
	done
	for i in "${pids[@]}"; do
		wait "$i"
	done
	T1=$EPOCHREALTIME
	if [ -x "$BIN/udevsettle" ]; then
		"$BIN/udevsettle" --timeout=30 2>>"$W/helpers.log" || say "note: udevsettle timed out"
	fi
	T2=$EPOCHREALTIME
	SETTLED_BY=
	[ -x "$BIN/udevsettle" ] && SETTLED_BY=", $(fmt_s $(( $(usec "$T2") - $(usec "$T0") ))) s with udevsettle"
}

# ---- inside: the report ------------------------------------------------------

usec() { local s=${1/./}; echo $((10#$s)); }
fmt_s() { printf '%d.%03d' $(($1 / 1000000)) $(($1 / 1000 % 1000)); }

print_nodes() {
	local list

	list=$(cd "$ROOT" && {
		find . -path ./.udevdb -prune -o \( -type b -o -type c \) -printf '%y %M %U:%G %P\n'
		find . -path ./.udevdb -prune -o -type l -printf '%y %M %U:%G %P -> %l\n'
	} | sort -k4)
	NODES_C=$(grep -c '^c' <<< "$list")
	NODES_B=$(grep -c '^b' <<< "$list")
	LINKS=$(grep -c '^l' <<< "$list")
	say "nodes:         $((NODES_C + NODES_B)) created ($NODES_C char, $NODES_B block), $LINKS symlinks"
	if [ "${DEMO_VERBOSE:-0}" = 1 ]; then
		sed 's/^[bcl] /  /' <<< "$list"
	else
		{ grep '^[bc]' <<< "$list" | head -n 8; grep '^l' <<< "$list" | head -n 4; } |
			sed 's/^[bcl] /  /'
		say "  ... (DEMO_VERBOSE=1 lists them all)"
	fi
}

print_failures() {
	local f

	f=$(grep -c 'exited with\|killed by\|cannot run' "$W/helpers.log")
	FAILURES=$f
	say "failures:      $f event(s) whose udevsend/udev reported an error"
	[ "$f" -gt 0 ] && grep 'exited with\|killed by\|cannot run' "$W/helpers.log" |
		head -n 10 | sed 's/^/  /'
	return 0
}

print_scripts() {
	local hf df hm dm

	hf=$(grep -c '^hotplug.d .* found$' "$LOG")
	df=$(grep -c '^dev.d .* found$' "$LOG")
	hm=$(grep -c '^hotplug.d ' "$LOG")
	dm=$(grep -c '^dev.d ' "$LOG")
	say "scripts:       hotplug.d nodecheck.hotplug found its node for $hf of $N events ($hm ran)"
	say "               dev.d 50-nodecheck.dev found its node for $df of $N events ($dm ran)"
	say "  from their log:"
	{ grep '^hotplug.d' "$LOG" | head -n 3; grep '^dev.d' "$LOG" | head -n 3; } | sed 's/^/    /'
	grep -v ' found$' "$LOG" | head -n 10 | sed 's/^/  not found: /'
	SCRIPTS_OK=$(( hf == N && df == N ))
}

report() {
	local settle

	settle=$(( $(usec "$T1") - $(usec "$T0") ))
	say ""
	say "events:        $N add events ($NCHAR char, $NBLOCK block), SEQNUM $FIRST_SEQ..$((FIRST_SEQ + N - 1))"
	say "settled in:    $(fmt_s $settle) s (until every helper returned)$SETTLED_BY"
	[ "$N" -gt 0 ] && printf 'cost:          %d.%02d ms of settle time and %d.%02d ms of CPU per event\n%s\n' \
		$((settle / N / 1000)) $((settle / N / 10 % 100)) \
		$((CPU_MS * 100 / N / 100)) $((CPU_MS * 100 / N % 100)) \
		"               (CPU of hotplug, udevsend, udevd, udev, both scripts, the fork per helper)"
	print_nodes
	print_failures
	print_scripts
	say "processes:     $LEFT of ours left running after the stop"
}

inside() {
	W=$1
	BIN=$2
	UDEVD_SOCKET="udevd-demo-$$-$RANDOM"
	UDEVD_LOCK_DIR=$W   # udevd's name lock: here, not in the host's /dev
	export UDEVD_SOCKET UDEVD_LOCK_DIR
	protect_host_dev
	setup_trees
	DEMO_ENV=("UDEVD_SOCKET=$UDEVD_SOCKET" "UDEVD_LOCK_DIR=$W" "HOTPLUG_DIR=$W/hotplug.d"
		"UDEV_BIN=$BIN/udev" "UDEVD_BIN=$BIN/udevd" "UDEV_CONFIG_FILE=$W/udev.conf"
		"SYSFS_PATH=/sys" "DEMO_LOG=$LOG" "DEMO_ROOT=$ROOT" "DEMO_DB=$DB")
	export UDEV_BIN=$BIN/udev UDEVD_BIN=$BIN/udevd UDEV_CONFIG_FILE=$W/udev.conf SYSFS_PATH=/sys
	collect_events
	say "udev-legacy demo: replaying $N \"add\" events of this machine's /sys"
	say "  sandbox:     unshare --net --mount --pid; udev_root=$ROOT"
	say "  path:        $N concurrent hotplug -> default/10-udev.hotplug (udevsend)"
	say "               -> udevd (socket @$UDEVD_SOCKET) -> udev -> dev.d; then nodecheck.hotplug"
	start_udevd
	local cpu0
	children_cpu_ms
	cpu0=$CPU_NOW
	replay
	stop_all
	children_cpu_ms
	CPU_MS=$((CPU_NOW - cpu0))
	report
	[ "$FAILURES" = 0 ] && [ "$SCRIPTS_OK" = 1 ] && [ "$LEFT" = 0 ] && [ "$N" -gt 0 ]
}

if [ "${1:-}" = --inside ]; then
	inside "$2" "$3"
else
	outside
fi
