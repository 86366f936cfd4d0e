#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs the bats suite (TAP), passes its output through, and ends with the
# plain summary line "N passed, N failed, N skipped" that CI reads.
# Usage: run-bats.sh FILE_OR_DIR... [--pass VAR=value FILE_OR_DIR...]...
# Each "--pass VAR=value" starts another bats run of the files after it with
# VAR set (udevd's fork mode runs the event-path tests a second time); the
# summary counts every pass.
# Each test has BATS_TEST_TIMEOUT seconds (default 600; make check's
# TEST_TIMEOUT): bats fails a test that outlives it ("not ok N NAME # timeout
# after 600s") and test/lib.bash's watchdog kills what it still waits for,
# so a hang is a failure naming its test, never a run that does not end.
# After each pass, a process whose executable is under $BIN (the build under
# test; never another checkout's, which may be testing at the same time)
# was left by a test that did not stop what it started: it is listed and
# killed, and counts as a failed test.
# RUN_BATS_JOBS=N (default 1) runs N bats side by side when there are two
# files or more, each taking the next file of any pass (the largest first)
# until none is left; each file's output is printed whole when it ends,
# under a line naming it. Every job but the first tests a copy of BIN (same
# name, in a folder of this run's beside it, removed at the end), so that a
# job's leftovers are its own; the copy sits at BIN's depth, in a folder
# whose etc/ is the checkout's (a tool that finds the rules from udev's own
# path, bench/worker-cpu, finds them). When every job has ended, anything
# still running from BIN or a copy is a leftover too. A file with the line
# "# run-bats: alone" asserts something of the whole machine (the host's
# /dev unchanged over its run, where another file's loop devices come and
# go): it runs after the jobs, with nothing beside it.
set -uo pipefail
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-600}

pass=0 fail=0 skip=0
bin=$(realpath -m "${BIN:-$(dirname "$0")/../build/glibc}")
jobs=${RUN_BATS_JOBS:-1}
case $jobs in [1-9] | [1-9][0-9]) ;; *) echo "run-bats: RUN_BATS_JOBS=$jobs: not a number of jobs" >&2; exit 2 ;; esac

# ours BIN: the pids whose executable is under BIN (one find: a readlink per
# process of a busy machine takes seconds)
ours() {
	find /proc/[0-9]*/exe -maxdepth 0 -lname "$1/*" 2>/dev/null | cut -d/ -f3
}

# leftovers BIN: after a pass, what its tests left running (a second for the
# last one's to end); lists them with the socket name of their test, which
# holds its number (test/lib.bash), kills them, and returns 1
leftovers() {
	local b=$1 p i left sock
	for ((i = 0; i < 10; i++)); do
		left=$(ours "$b")
		[ -n "$left" ] || return 0
		sleep 0.1
	done
	echo "# processes of $b still running after the tests (killed):"
	for p in $left; do
		sock=$(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep '^UDEVD_SOCKET=')
		echo "#   $p $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)${sock:+ ($sock)}"
	done
	# shellcheck disable=SC2086
	kill -KILL $left 2>/dev/null
	return 1
}

# run_pass ENV FILE...: one bats run against $bin (BIN); adds to the counts
run_pass() {
	local envset=$1 plan=0 p0=$pass f0=$fail s0=$skip line left=
	shift
	[ -n "$envset" ] && echo "# pass with $envset"
	while IFS= read -r line; do
		printf '%s\n' "$line"
		case "$line" in
		1..*) plan=${line#1..} ;;
		"ok "*"# skip"*) skip=$((skip + 1)) ;;
		"ok "*) pass=$((pass + 1)) ;;
		"not ok "*) fail=$((fail + 1)) ;;
		esac
		# the last test has ended (its teardown too): a process left
		# holding bats's output would keep bats, and this loop, waiting
		[ -z "$left" ] && [ "$plan" -gt 0 ] &&
			[ $((pass - p0 + fail - f0 + skip - s0)) -ge "$plan" ] && { leftovers "$bin"; left=$?; }
	done < <(env $envset BIN="$bin" bats --tap "$@" 2>&1)
	wait $! 2>/dev/null
	# a run that stopped before its plan counts the missing tests as failed
	local ran=$((pass - p0 + fail - f0 + skip - s0))
	[ "$ran" -lt "$plan" ] && fail=$((fail + plan - ran))
	[ -n "$left" ] || { leftovers "$bin"; left=$?; }
	[ "$left" = 0 ] || fail=$((fail + 1))
	return 0
}

# RUN_BATS_JOBS: the queue is every (pass, file) in TODO ("ENV<tab>FILE"),
# the largest files first (a job that takes the longest last would end the
# run alone; queue puts each file's size before it, sort_queue orders by it
# and takes it away); NEXT, under flock, the index of the next one to take.
todo=() alone=()
queue() {
	local envset=$1 f
	shift
	for f in "$@"; do
		if grep -qx '# run-bats: alone' "$f" 2>/dev/null; then
			alone+=("$envset	$f")
		else
			todo+=("$(stat -L -c %s "$f" 2>/dev/null || echo 0) $envset	$f")
		fi
	done
}

sort_queue() {
	[ ${#todo[@]} -gt 0 ] || return 0
	mapfile -t todo < <(printf '%s\n' "${todo[@]}" | sort -s -k1,1nr | cut -d' ' -f2-)
}

# run_queued ENTRY: run_pass of an entry "ENV<tab>FILE" (of todo or alone)
run_queued() { run_pass "${1%%	*}" "${1#*	}"; }

# run_entry I: run_pass of the queue's entry I
run_entry() { run_queued "${todo[$1]}"; }

# job_bin K: sets jbin to the build job K tests (the first job: BIN itself)
job_bin() {
	jbin=$bin
	[ "$1" -eq 1 ] || jbin=$jobdir/$1/build/${bin##*/}
}

# job K: takes files until none is left; each one's output, then its counts
# ("pass fail skip"), are printed whole under the lock
job() {
	local k=$1 i out jbin
	job_bin "$k"
	bin=$jbin
	while :; do
		# shellcheck disable=SC2016 # the inner bash's $1 and $i
		i=$(flock "$jobdir/next" bash -c 'read -r i <"$1"; echo $((i + 1)) >"$1"; echo "$i"' _ "$jobdir/next")
		[ "$i" -lt ${#todo[@]} ] || return 0
		pass=0 fail=0 skip=0
		out=$jobdir/out.$i
		{
			echo "# ${todo[i]#*	}: job $k"
			run_entry "$i"
		} >"$out" 2>&1
		echo "$pass $fail $skip" >"$jobdir/count.$i"
		flock "$jobdir/next" cat "$out"
	done
}

run_jobs() {
	local k i p f s jbin top
	jobdir=$(mktemp -d "${bin%/*}/.run-bats.XXXXXX") || exit 2
	trap 'rm -rf "$jobdir"' EXIT
	chmod 755 "$jobdir" # the tests run our programs as nobody too
	top=${bin%/*} top=${top%/*}
	for ((k = 2; k <= jobs; k++)); do
		job_bin "$k"
		mkdir -m 755 "$jobdir/$k" "${jbin%/*}" && cp -a "$bin" "${jbin%/*}/" || exit 2
		[ ! -d "$top/etc" ] || ln -s "$top/etc" "$jobdir/$k/etc"
	done
	echo 0 >"$jobdir/next"
	for ((k = 1; k <= jobs; k++)); do
		job "$k" &
	done
	wait
	# a test's leftover that none of the jobs' checks saw (one started
	# from the first job's BIN by a test of another)
	for ((k = 1; k <= jobs; k++)); do
		job_bin "$k"
		leftovers "$jbin" || fail=$((fail + 1))
	done
	for ((i = 0; i < ${#todo[@]}; i++)); do
		if read -r p f s <"$jobdir/count.$i" 2>/dev/null; then
			pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
		else
			echo "# ${todo[i]#*	}: its job ended before it did (counted as failed)"
			fail=$((fail + 1))
		fi
	done
}

# pass_or_queue ENV FILE...: a pass now, or its files into the jobs' queue
pass_or_queue() {
	if [ "$jobs" -gt 1 ]; then
		queue "$@"
	else
		run_pass "$@"
	fi
}

# bats's own options (-f NAME) are for one run of the files: one job
for a in "$@"; do
	case $a in --pass) ;; -*) jobs=1 ;; esac
done
envset= files=()
while [ $# -gt 0 ]; do
	if [ "$1" = --pass ]; then
		[ ${#files[@]} -gt 0 ] && pass_or_queue "$envset" "${files[@]}"
		envset=$2 files=()
		shift 2
		continue
	fi
	files+=("$1")
	shift
done
[ ${#files[@]} -gt 0 ] && pass_or_queue "$envset" "${files[@]}"
sort_queue
# one file: no second job to run it beside
if [ ${#todo[@]} -eq 1 ]; then
	run_entry 0
elif [ ${#todo[@]} -gt 1 ]; then
	run_jobs
fi
for a in "${alone[@]}"; do
	echo "# ${a#*	}: alone"
	run_queued "$a"
done
echo "bats: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ $((pass + skip)) -gt 0 ]
