#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# spawn-cost.sh (make bench-static): what one event costs the kernel side, per
# build variant, side by side in one run. Part 1 spawns each variant's udevsend
# one event at a time against one reference udevd whose udev is the static
# no-op floor, and reports wall and CPU time per event as ratios to spawning
# the floor itself. Part 2 measures each variant's udevd resident memory
# (VmRSS, VmHWM) idle and after a storm of events sent by its own udevsend.
#
# Usage: spawn-cost.sh [VARIANT_DIR...]   (default: build/{glibc,klibc,diet,musl})
# Environment: BENCH_SPAWN_N (events per round, 500), BENCH_ROUNDS (5, the
#   median is reported), BENCH_STORM_N (1000), BENCH_TOOLS (dir with
#   spawn-cost and noop-nolibc, build/glibc/bench), BENCH_REF (the reference
#   udevd's build dir, the first variant).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_SPAWN_N:-500}
rounds=${BENCH_ROUNDS:-5}
storm_n=${BENCH_STORM_N:-1000}
tools=${BENCH_TOOLS:-$top/build/glibc/bench}
drv=$tools/spawn-cost
floor=$tools/noop-nolibc

if [ $# -eq 0 ]; then
	for v in glibc klibc diet musl; do
		[ -x "$top/build/$v/udevsend" ] && set -- "$@" "$top/build/$v"
	done
fi
[ $# -gt 0 ] || { echo "spawn-cost: no build found (run make)" >&2; exit 1; }
for f in "$drv" "$floor"; do
	[ -x "$f" ] || { echo "spawn-cost: no $f (make bench-static builds it)" >&2; exit 1; }
done
ref=${BENCH_REF:-$1}

daemons=()
# udevd's name lock (udevd(8)): here, not in /dev
UDEVD_LOCK_DIR=$(mktemp -d /tmp/bench-spawn.XXXXXX)
export UDEVD_LOCK_DIR
cleanup() {
	local p
	for p in "${daemons[@]}"; do kill "$p" 2>/dev/null || :; done
	for p in "${daemons[@]}"; do wait "$p" 2>/dev/null || :; done
	rm -rf "$UDEVD_LOCK_DIR"
}
trap cleanup EXIT

# start_udevd DIR NAME: a udevd of that build on its own socket, running the
# floor for every event (fork mode: the floor cannot be a pool worker); sets
# UDEVD_PID
start_udevd() {
	UDEVD_SOCKET=$2 UDEV_BIN=$floor UDEVD_WORKERS=fork "$1/udevd" </dev/null >/dev/null 2>&1 &
	UDEVD_PID=$!
	daemons+=("$UDEVD_PID")
	local i
	for ((i = 0; i < 200; i++)); do
		grep -q " @$2\$" /proc/net/unix && return 0
		sleep 0.05
	done
	echo "spawn-cost: $1/udevd did not start" >&2
	exit 1
}

stop_udevd() {
	kill "$1" 2>/dev/null || :
	wait "$1" 2>/dev/null || :
}

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }

# ---- part 1: one event at a time ------------------------------------------
sock=bench-spawn-$$-ref
start_udevd "$ref" "$sock"
export UDEVD_SOCKET=$sock UDEV_BIN=$floor UDEVD_BIN=$ref/udevd
names=(floor)
progs=("$floor")
for d in "$@"; do
	v=${d##*/}
	if [ -x "$d/bench/noop" ]; then
		names+=("noop ($v libc)")
		progs+=("$d/bench/noop")
	fi
	names+=("udevsend ($v)")
	progs+=("$d/udevsend")
done
declare -A wall cpu
seq=1
for ((r = 0; r < rounds; r++)); do
	for i in "${!progs[@]}"; do
		out=$("$drv" -n "$n" -q "$seq" "${progs[i]}") ||
			{ echo "spawn-cost: ${names[i]}: $out" >&2; exit 1; }
		seq=$((seq + n))
		wall[$i]+="$(field wall_us <<<"$out") "
		cpu[$i]+="$(field cpu_us <<<"$out") "
	done
done
stop_udevd "$UDEVD_PID"

echo "spawn cost per event: $n events x $rounds rounds (median), against one"
echo "udevd (${ref##*/}) whose udev is the no-op floor; CPU is the helper's own"
echo
printf '| %-24s | %9s | %7s | %9s | %7s |\n' helper "wall µs" "× floor" "CPU µs" "× floor"
printf '|%s|%s|%s|%s|%s|\n' -------------------------- ----------- --------- ----------- ---------
fw=$(tr ' ' '\n' <<<"${wall[0]}" | grep . | median)
fc=$(tr ' ' '\n' <<<"${cpu[0]}" | grep . | median)
for i in "${!progs[@]}"; do
	w=$(tr ' ' '\n' <<<"${wall[$i]}" | grep . | median)
	c=$(tr ' ' '\n' <<<"${cpu[$i]}" | grep . | median)
	printf '| %-24s | %9.1f | %7.2f | %9.1f | %7.2f |\n' "${names[i]}" "$w" \
		"$(awk -v a="$w" -v b="$fw" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$c" \
		"$(awk -v a="$c" -v b="$fc" 'BEGIN { print (b > 0 ? a / b : 0) }')"
done

# ---- part 2: udevd memory, idle and after a storm -------------------------
status_kb() { awk -v k="$2:" '$1 == k { print $2 }' "/proc/$1/status"; }

echo
echo "udevd resident memory (kB): idle, and after a $storm_n-event storm sent"
echo "by the same build's udevsend (all spawned at once, each waiting for its ack)"
echo
printf '| %-8s | %9s | %9s | %10s | %10s | %8s |\n' build "idle RSS" "idle HWM" "storm RSS" \
	"storm HWM" failed
printf '|%s|%s|%s|%s|%s|%s|\n' ---------- ----------- ----------- ------------ ------------ ----------
for d in "$@"; do
	sock=bench-spawn-$$-${d##*/}
	start_udevd "$d" "$sock"
	sleep 0.5
	rss0=$(status_kb "$UDEVD_PID" VmRSS) hwm0=$(status_kb "$UDEVD_PID" VmHWM)
	out=$(UDEVD_SOCKET=$sock UDEVD_BIN=$d/udevd "$drv" -s -n "$storm_n" -q 1 "$d/udevsend" || :)
	rss1=$(status_kb "$UDEVD_PID" VmRSS) hwm1=$(status_kb "$UDEVD_PID" VmHWM)
	stop_udevd "$UDEVD_PID"
	printf '| %-8s | %9s | %9s | %10s | %10s | %8s |\n' "${d##*/}" "$rss0" "$hwm0" "$rss1" \
		"$hwm1" "$(field failed <<<"$out")"
done
