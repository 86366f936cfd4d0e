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
set -uo pipefail
export BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-600}

pass=0 fail=0 skip=0
bin=$(realpath -m "${BIN:-$(dirname "$0")/../build/glibc}")

# ours: the pids whose executable is under $bin (one find: a readlink per
# process of a busy machine takes seconds)
ours() {
	find /proc/[0-9]*/exe -maxdepth 0 -lname "$bin/*" 2>/dev/null | cut -d/ -f3
}

# leftovers: after a pass, what its tests left running (a second for the
# last one's to end); lists them with the socket name of their test, which
# holds its number (test/lib.bash), kills them, and returns 1
leftovers() {
	local p i left sock
	for ((i = 0; i < 10; i++)); do
		left=$(ours)
		[ -n "$left" ] || return 0
		sleep 0.1
	done
	echo "# processes of $bin still running after the tests (killed):"
	for p in $left; do
		sock=$(tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep '^UDEVD_SOCKET=')
		echo "#   $p $(tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null)${sock:+ ($sock)}"
	done
	# shellcheck disable=SC2086
	kill -KILL $left 2>/dev/null
	return 1
}

# run_pass ENV FILE...: one bats run; adds to the counts
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
			[ $((pass - p0 + fail - f0 + skip - s0)) -ge "$plan" ] && { leftovers; left=$?; }
	done < <(env $envset bats --tap "$@" 2>&1)
	wait $! 2>/dev/null
	# a run that stopped before its plan counts the missing tests as failed
	local ran=$((pass - p0 + fail - f0 + skip - s0))
	[ "$ran" -lt "$plan" ] && fail=$((fail + plan - ran))
	[ -n "$left" ] || { leftovers; left=$?; }
	[ "$left" = 0 ] || fail=$((fail + 1))
	return 0
}

envset= files=()
while [ $# -gt 0 ]; do
	if [ "$1" = --pass ]; then
		[ ${#files[@]} -gt 0 ] && run_pass "$envset" "${files[@]}"
		envset=$2 files=()
		shift 2
		continue
	fi
	files+=("$1")
	shift
done
[ ${#files[@]} -gt 0 ] && run_pass "$envset" "${files[@]}"
echo "bats: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ $((pass + skip)) -gt 0 ]
