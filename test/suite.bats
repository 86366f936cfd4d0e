#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# The suite itself: every assertion can fail. bats runs each test under
# `set -e`, which ignores the status of a command negated with ! and a
# failure in any but the last command of an && list: on a line of its own
# (but the test's last), `! grep -q secret log` checks nothing and
# `[ "$a" = 1 ] && [ "$b" = 2 ]` only b. test/tools/bats-chains.py finds such
# lines, and the checks of a function called as a condition (wait_for f,
# f || ...), where set -e is off altogether; the suite writes
# `! grep -q secret log || false`, one check per line, and `|| return 1`
# after each check but the last of such a function.

load lib

CHAINS="python3 $TOP/test/tools/bats-chains.py"

setup() { common_setup; }

@test "suite: no check that set -e cannot see fail (a negation, an && chain, a check in a condition's function)" {
	shopt -s nullglob
	run $CHAINS "$TOP"/test/*.bats "$TOP"/test/*/*.bats "$TOP"/test/*.bash
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "suite: the chain check finds such chains and leaves conditions alone" {
	cat >"$T/sample.bats" <<-'SAMPLE'
	helper() {
		[ -e a ] && [ -e b ]
		grep -q x f && ! grep -q y f
		[ -e c ] && [ -e d ]
	}

	AT_TEST "sample" {
		[ "$a" = 1 ] && [ "$b" = 2 ]
		case $p in
		x) [ -x "$p" ] && [ -f "$p" ] ;;
		esac
		[ -n "$pid" ] && kill "$pid"
		[ "$v" = - ] && v=
		[ -x f ] && [ -x g ] || skip "no f"
		grep -q a f && grep -q b f &&
			{ echo both; return 1; }
		while [ ! -S s ] && [ $i -lt 9 ]; do i=$((i+1)); done
		[[ $x == a && $y == b ]]
		! grep -q secret log
		! grep -q secret log || false
		run true
		[ "$status" -eq 0 ] && [ -z "$output" ]
	}
	pred() {
		! grep -q x f
	}
	cond() {
		[ -e a ]
		grep -q b f || return 1
		[ -e c ]
	}
	AT_TEST "waits" {
		wait_for cond
	}
	SAMPLE
	# (bats would take an @test in this file for one of its own)
	sed -i 's/^AT_TEST/@test/' "$T/sample.bats"
	run $CHAINS "$T/sample.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[ "$(cut -d: -f2 <<<"$output" | paste -sd ' ')" = "2 3 8 10 19 28" ]
}

@test "suite: no test waits for every child (under make check's timeout bats's countdown is one)" {
	run grep -nE '(^|[;&|{(]|then|do|else)[[:space:]]*wait[[:space:]]*($|[;)&|#])' \
		"$TOP"/test/*.bats "$TOP"/test/*/*.bats "$TOP"/test/*.bash
	echo "$output"
	[ "$status" -eq 1 ]
}

@test "suite: make check's runner fails a test that hangs on a grandchild, naming it, and goes on" {
	# a process that outlives its test is found by this argument alone
	mark=$((900 + RANDOM % 99)).$$
	cat >"$T/hang.bats" <<-EOF
	load "$TOP/test/lib"
	waits() { sleep $mark; true; }
	AT_TEST "a test that waits for ever" {
		run waits
	}
	AT_TEST "a pipe that waits for ever" {
		waits | cat
	}
	AT_TEST "the test after them" {
		true
	}
	EOF
	sed -i 's/^AT_TEST/@test/' "$T/hang.bats"
	t0=$SECONDS
	BATS_TEST_TIMEOUT=2 WATCHDOG_GRACE=1 run timeout 120 "$TOP/tools/run-bats.sh" "$T/hang.bats"
	echo "$output"
	[ "$status" -ne 124 ]
	[ "$status" -eq 1 ]
	# each: its 2 s, 4 s at most for the first one's watchdog, with room for load
	[ $((SECONDS - t0)) -lt 40 ]
	[[ "$output" == *"not ok 1 a test that waits for ever # timeout after 2s"* ]]
	[[ "$output" == *"watchdog: still running 3 s after it started; killing what it waits for:"* ]]
	[[ "$output" == *"sleep $mark"* ]]
	[[ "$output" == *"not ok 2 a pipe that waits for ever # timeout after 2s"* ]]
	[[ "$output" == *"ok 3 the test after them"* ]]
	[[ "$output" == *"bats: 1 passed, 2 failed, 0 skipped"* ]]
	# nothing of them is left behind
	! pgrep -f "sleep $mark" || false
}

@test "suite: make check's runner fails a run whose test leaves a process of the build running, and kills it" {
	# a build of its own (a copy of sleep): only processes whose executable
	# is under BIN count, never another checkout's testing at the same time.
	# The one left running keeps bats's descriptors (bats would wait for it)
	mkdir "$T/bin"
	cp "$(command -v sleep)" "$T/bin/sleep"
	mark=$((900 + RANDOM % 99)).$$
	cat >"$T/leak.bats" <<-EOF
	AT_TEST "a test that stops what it started" {
		"$T/bin/sleep" $mark 1 &
		p=\$!
		sleep 0.2
		kill \$p
		wait \$p || :
	}
	AT_TEST "a test that leaves it running" {
		"$T/bin/sleep" $mark 2 </dev/null >/dev/null 2>&1 3>&- &
	}
	EOF
	sed -i 's/^AT_TEST/@test/' "$T/leak.bats"
	BIN=$T/bin run timeout 120 "$TOP/tools/run-bats.sh" "$T/leak.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"ok 2 a test that leaves it running"* ]]
	[[ "$output" == *"processes of $T/bin still running after the tests (killed):"* ]]
	[[ "$output" == *"$T/bin/sleep $mark 2"* ]]
	[[ "$output" != *"sleep $mark 1"* ]]
	[[ "$output" == *"bats: 2 passed, 1 failed, 0 skipped"* ]]
	! pgrep -f "sleep $mark" || false
	# the same file without the leak passes
	sed -i '/leaves it running/,$d' "$T/leak.bats"
	BIN=$T/bin run timeout 120 "$TOP/tools/run-bats.sh" "$T/leak.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"bats: 1 passed, 0 failed, 0 skipped"* ]]
}

@test "suite: make check's runner runs a file marked '# run-bats: alone' after the jobs, with nothing beside it" {
	# a and b each run for a moment; e, the largest (taken first
	# otherwise), checks that both have ended and neither runs
	local B=$T/top/build/bin
	mkdir -p "$B" "$T/w"
	for f in a b; do
		cat >"$T/$f.bats" <<-EOF
		AT_TEST "$f runs a moment" {
			touch "$T/w/running-$f"
			sleep 1
			rm "$T/w/running-$f"
			touch "$T/w/done-$f"
		}
		EOF
	done
	{
		echo '# run-bats: alone'
		printf '# %s\n' {1..40}
		cat <<-EOF
		AT_TEST "e runs alone, after the others" {
			[ -e "$T/w/done-a" ]
			[ -e "$T/w/done-b" ]
			[ -z "\$(ls "$T/w" | grep running)" ]
		}
		EOF
	} >"$T/e.bats"
	sed -i 's/^AT_TEST/@test/' "$T/a.bats" "$T/b.bats" "$T/e.bats"
	BIN=$B RUN_BATS_JOBS=2 run timeout 60 "$TOP/tools/run-bats.sh" "$T/e.bats" "$T/a.bats" "$T/b.bats"
	echo "$output"
	[ "$status" -eq 0 ]
	[[ "$output" == *"# $T/e.bats: alone"* ]]
	[[ "$output" == *"ok 1 e runs alone, after the others"* ]]
	[[ "$output" == *"bats: 3 passed, 0 failed, 0 skipped"* ]]
	# without the mark it is taken first, beside a: the same check fails
	rm -f "$T/w/"*
	sed -i '1d' "$T/e.bats"
	BIN=$B RUN_BATS_JOBS=2 run timeout 60 "$TOP/tools/run-bats.sh" "$T/e.bats" "$T/a.bats" "$T/b.bats"
	echo "$output"
	[[ "$output" == *"not ok 1 e runs alone, after the others"* ]]
	[[ "$output" == *"bats: 2 passed, 1 failed, 0 skipped"* ]]
}

@test "suite: make check's runner with RUN_BATS_JOBS=2 runs two files at once, counts every file's tests, and a job's leak is its own" {
	# a.bats and b.bats each wait for the other to have started: they
	# pass only side by side, so one runs in the second job, against the
	# copy of the build, which must see the checkout's etc/ where the
	# build's does; c.bats leaves a process of its job's build (a copy of
	# sleep) running, d.bats one of the first job's whichever job runs it.
	# Each file's output comes whole.
	local B=$T/top/build/bin
	mkdir -p "$B" "$T/top/etc" "$T/w"
	touch "$T/top/etc/marker"
	cp "$(command -v sleep)" "$B/sleep"
	mark=$((900 + RANDOM % 99)).$$
	for f in a b; do
		other=$([ $f = a ] && echo b || echo a)
		cat >"$T/$f.bats" <<-EOF
		AT_TEST "$f meets the other file" {
			touch "$T/w/$f"
			for ((i = 0; i < \${RENDEZVOUS_TURNS:-600}; i++)); do
				[ -e "$T/w/$other" ] && break
				sleep 0.1
			done
			[ -e "$T/w/$other" ]
		}
		AT_TEST "$f's build finds the checkout's etc" {
			[ -e "\$BIN/../../etc/marker" ]
		}
		EOF
	done
	cat >"$T/c.bats" <<-EOF
	AT_TEST "c leaves a process of its job's build running" {
		"\$BIN/sleep" $mark 2 </dev/null >/dev/null 2>&1 3>&- &
	}
	EOF
	cat >"$T/d.bats" <<-EOF
	AT_TEST "d leaves a process of the first job's build running" {
		"$B/sleep" $mark 3 </dev/null >/dev/null 2>&1 3>&- &
	}
	EOF
	sed -i 's/^AT_TEST/@test/' "$T/a.bats" "$T/b.bats" "$T/c.bats" "$T/d.bats"
	BIN=$B RUN_BATS_JOBS=2 run timeout 120 "$TOP/tools/run-bats.sh" \
		"$T/a.bats" "$T/b.bats" "$T/c.bats" "$T/d.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"ok 1 a meets the other file"* ]]
	[[ "$output" == *"ok 1 b meets the other file"* ]]
	[[ "$output" == *"ok 2 a's build finds the checkout's etc"* ]]
	[[ "$output" == *"ok 2 b's build finds the checkout's etc"* ]]
	[[ "$output" == *"ok 1 c leaves a process of its job's build running"* ]]
	[[ "$output" == *"ok 1 d leaves a process of the first job's build running"* ]]
	[[ "$output" == *"/sleep $mark 2"* ]]
	[[ "$output" == *"$B/sleep $mark 3"* ]]
	# (one failure each, or one for both when d's is found at the end of
	# one of the first job's files, as a leftover of that job's build)
	[[ "$output" =~ "bats: 6 passed, "[12]" failed, 0 skipped" ]]
	# each file's lines together, under the line that names it
	grep -A 3 -x "# $T/a.bats: job [12]" <<<"$output" | grep -q "^ok 2 a's build finds"
	grep -A 3 -x "# $T/c.bats: job [12]" <<<"$output" | grep -q "processes of $T/top/.*bin still running"
	! pgrep -f "sleep $mark" || false
	# the copies of the build are gone
	[ -z "$(find "$T/top/build" -maxdepth 1 -name '.run-bats.*')" ]
	# one at a time, a and b cannot meet: the same files fail
	rm -f "$T/w/"*
	BIN=$B RUN_BATS_JOBS=1 RENDEZVOUS_TURNS=5 run timeout 120 "$TOP/tools/run-bats.sh" "$T/a.bats" "$T/b.bats"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ "$output" == *"not ok 1 a meets the other file"* ]]
	[[ "$output" == *"bats: 3 passed, 1 failed, 0 skipped"* ]]
}
