#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# What CI's steps would take on the slow kind of CI machine, computed from
# this machine's measures (.ci/run's summary, docs/perf-log/ci.md). There a
# process start costs SLOW_START_MS (4.5 ms, measured 2026-12-02); a step
# that took S seconds here and started F processes takes about
#     S + F x (SLOW_START_MS - HERE_START_MS) / 1000
# seconds there, HERE_START_MS being this machine's cost (start-cost below:
# on the slow kind itself the estimate is the time measured).
# Usage:
#   ci-estimate.sh start-cost           ms per process start here: the CPU
#                                       time (user and system) of bash
#                                       starting /bin/true, the median of 5
#                                       rounds of 200 (CPU time, not wall:
#                                       a busy machine's wait is not in it)
#   ci-estimate.sh forks                the machine's process count so far
#                                       (/proc/stat), for a difference
#   ci-estimate.sh measure NAME CMD...  runs CMD; prints "SECONDS FORKS NAME"
#                                       (the forks of CMD and its descendants
#                                       with perf, else machine-wide), CMD's
#                                       status its own
#   ci-estimate.sh files FILE...        each bats FILE run alone by
#                                       tools/run-bats.sh (BIN, VARIANT as
#                                       for make check), measured: a
#                                       "SECONDS FORKS FILE" line each (where
#                                       a suite's processes go); the TAP
#                                       output to CI_FILES_LOG
#                                       (build/ci-files.log)
#   ci-estimate.sh table HERE_MS        reads "SECONDS FORKS NAME" lines and
#                                       prints the Markdown table, one row a
#                                       step, with the slow kind's estimate
#                                       and the totals; a line "= SECONDS
#                                       NAME" is a step measured on the slow
#                                       kind itself (no row here)
set -euo pipefail
SLOW_START_MS=${SLOW_START_MS:-4.5}

start_cost() {
	local r i t all=() TIMEFORMAT='%3U %3S'
	for ((r = 0; r < 5; r++)); do
		t=$( { time for ((i = 0; i < 200; i++)); do /bin/true; done; } 2>&1)
		all+=("$(awk -v u="${t% *}" -v s="${t#* }" 'BEGIN { print (u + s) * 1000 / 200 }')")
	done
	printf '%s\n' "${all[@]}" | sort -g | awk 'NR == 3 { printf "%.3f\n", $1 }'
}

forks() { awk '$1 == "processes" { print $2 }' /proc/stat; }

# measure NAME CMD...: perf, attached to a shell of ours, counts the forks of
# CMD's own tree (other work on the machine is not in it; attached, not
# CMD's parent: perf stat -- CMD would start CMD with a signal blocked);
# without perf, the machine's count
measure() {
	local name=$1 t0 t1 f0 f1 rc=0 out pp=
	shift
	out=$(mktemp)
	if perf stat -x, -e sched:sched_process_fork -o "$out" -- true 2>/dev/null; then
		perf stat -x, -e sched:sched_process_fork -o "$out" -p $$ 2>/dev/null &
		pp=$!
		sleep 0.5   # perf attached
	fi
	f0=$(forks)
	t0=$EPOCHREALTIME
	"$@" || rc=$?
	if [ -n "$pp" ]; then
		kill -INT "$pp"
		wait "$pp" || :
		f1=$(awk -F, '/sched_process_fork/ { print $1 }' "$out")
	fi
	t1=$EPOCHREALTIME
	case ${f1:-} in [0-9]*) ;; *) f1=$(($(forks) - f0)) ;; esac
	rm -f "$out"
	awk -v a="$t0" -v b="$t1" -v f="$f1" -v n="$name" 'BEGIN { printf "%.0f %s %s\n", b - a, f, n }'
	return "$rc"
}

# files FILE...: measure each bats file alone; a failing file goes on
files() {
	local f log=${CI_FILES_LOG:-build/ci-files.log}
	mkdir -p "$(dirname "$log")"
	: >"$log"
	for f in "$@"; do
		# shellcheck disable=SC2016 # the inner shell's arguments
		measure "${f##*/}" bash -c 'exec "$0" "$1" >>"$2" 2>&1' \
			"$(dirname "$0")/run-bats.sh" "$f" "$log" || :
	done
}

# slow SECONDS FORKS HERE_MS: the slow kind's seconds (never below SECONDS)
slow() {
	awk -v s="$1" -v f="$2" -v here="$3" -v there="$SLOW_START_MS" \
		'BEGIN { d = there - here; if (d < 0) d = 0; printf "%.0f\n", s + f * d / 1000 }'
}

table() {
	local here=$1 s f name sum_s=0 sum_f=0 sum_e=0 e
	echo "| step | seconds here | processes started | slow kind (s) |"
	echo "|---|---:|---:|---:|"
	while read -r s f name; do
		[ -n "$s" ] || continue
		if [ "$s" = "=" ]; then   # "= SLOW_SECONDS NAME": measured there
			printf '| %s | - | - | %s |\n' "$name" "$f"
			sum_e=$((sum_e + f))
			continue
		fi
		e=$(slow "$s" "$f" "$here")
		printf '| %s | %s | %s | %s |\n' "$name" "$s" "$f" "$e"
		sum_s=$((sum_s + s)) sum_f=$((sum_f + f)) sum_e=$((sum_e + e))
	done
	printf '| **total** | %s | %s | **%s** |\n' "$sum_s" "$sum_f" "$sum_e"
}

case ${1:-} in
start-cost) start_cost ;;
forks) forks ;;
measure) shift; measure "$@" ;;
files) shift; files "$@" ;;
slow) shift; slow "$@" ;;
table) table "$2" ;;
*) sed -n '/^# Usage/,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
esac
