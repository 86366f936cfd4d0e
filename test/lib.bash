# SPDX-License-Identifier: GPL-2.0-only
# Shared set-up for every bats file: a private temporary directory and socket
# name per test, BIN pointing at the build under test, a private network
# namespace when a test wants one, and the udevd of a test (start_udevd).
# udevd-lib.bash (fake-udev behind udevd, send_event) and udev-lib.bash (the
# real udev, send) load this file; each helper is defined in one place.

: "${BIN:=$(cd "${BASH_SOURCE[0]%/*}/.." && pwd)/build/glibc}"
export BIN
# The make arguments that build the variant under test, for tests that run
# make themselves (make check passes them; otherwise BIN's name tells).
if [ -z "${MAKE_VARIANT+set}" ]; then
	case ${BIN%/} in
	*/klibc) MAKE_VARIANT="USE_KLIBC=true" ;;
	*/klibc-helper) MAKE_VARIANT="USE_KLIBC=true PROFILE=helper" ;;
	*/diet) MAKE_VARIANT="USE_DIETLIBC=true" ;;
	*/musl) MAKE_VARIANT="CC=musl-gcc STATIC=true" ;;
	*) MAKE_VARIANT="" ;;
	esac
fi
export MAKE_VARIANT
# The firmware profile of the build under test (Makefile, PROFILE=;
# docs/embedded.md): its name and the features it left out ($BIN/profile).
PROFILE_NAME=default PROFILE_LEFT_OUT=
[ -f "$BIN/profile" ] && read -r PROFILE_NAME PROFILE_LEFT_OUT <"$BIN/profile"

# needs FEATURE...: a test of a feature the build under test left out is
# skipped, with the profile's name as the reason
needs() {
	local f
	for f in "$@"; do
		case " $PROFILE_LEFT_OUT " in
		*" $f "*) skip "the $PROFILE_NAME profile leaves out $f" ;;
		esac
	done
}

# left_out FEATURE: the build under test left FEATURE out
left_out() { case " $PROFILE_LEFT_OUT " in *" $1 "*) return 0 ;; esac; return 1; }
# the checkout this file is in, wherever the test file is (test/stress/ too);
# bats loads this file by its absolute path: no process to find it (a test
# loads it once or twice, and make check runs a thousand tests a pass)
case ${BASH_SOURCE[0]%/*} in
*/test) TOP=${BASH_SOURCE[0]%/test/*} ;;
*) TOP= ;;
esac
case $TOP in
/*/./* | /*/../* | */. | */.. | */ | '' | [!/]*) TOP=$(cd "${BASH_SOURCE[0]%/*}/.." && pwd) ;;
esac
export TOP

common_setup() {
	T=$BATS_TEST_TMPDIR
	export T
	# abstract socket name unique to this test run, never the real "udevd"
	UDEVD_SOCKET="udevd-test-$$-${BATS_TEST_NUMBER}-$RANDOM"
	export UDEVD_SOCKET
	# udevd's name lock (udevd(8)) in the test's own folder, not /dev
	UDEVD_LOCK_DIR=$T
	export UDEVD_LOCK_DIR
	# no broadcast of the tests' made-up events to the machine's libudev
	# clients, no /run/udev/control made (udevd(8)); udevd-libudev.bats
	# turns it on in namespaces of its own
	export UDEVD_BROADCAST=0
}

# ptrace_ok PROGRAM: skips the test when PROGRAM is of a sanitizer build:
# LeakSanitizer does not run under ptrace (strace)
ptrace_ok() {
	! grep -aq __asan_init "$1" || skip "LeakSanitizer does not run under ptrace"
}

# default_build_only: a test whose private builds check the Makefile and
# make install, not the programs of the build under test, runs in the default
# build's suite only (the firmware and sanitizer passes of .ci/run skip it).
default_build_only() {
	[ "${VARIANT:-glibc}" = glibc ] || skip "runs in the default build's suite only (its own builds)"
}

# db_text RECORD...: the text of each database record, as cat prints files:
# udev keeps a short record as a symbolic link's target, a longer one in a
# file (docs/udev.8, FILES); a name that is neither fails, as with cat
db_text() {
	local f
	for f in "$@"; do
		if [ -L "$f" ]; then
			printf '%s\n' "$(readlink "$f")"
		else
			cat "$f" || return
		fi
	done
}

# db_there RECORD: the record is there, a file or a symbolic link
db_there() {
	[ -L "$1" ] || [ -e "$1" ]
}

# nap SECS: sleep SECS (a fraction too) without starting a process: a read
# that times out on a fifo nobody writes to (made once per bats run, opened
# read-write so that the open does not wait for a writer). Where there is
# none (outside bats, or once bats has removed its folder), sleep(1) does it.
# A polling loop naps between its turns: an external sleep per turn was a
# third of the processes some tests started.
nap() {
	local fifo=${BATS_RUN_TMPDIR:-/nonexistent}/nap.fifo rc=0
	[ -p "$fifo" ] || mkfifo "$fifo" 2>/dev/null || :
	{ read -rt "$1" <>"$fifo"; } 2>/dev/null || rc=$?
	# 142 (> 128): the time ran out, as it should; anything else: no nap
	[ "$rc" -gt 128 ] || sleep "$1"
}

# wait_for CMD...: retry CMD for up to WAIT_TIMEOUT seconds (default 10)
wait_for() {
	local i n=$(( ${WAIT_TIMEOUT:-10} * 20 ))
	for ((i = 0; i < n; i++)); do
		"$@" && return 0
		nap 0.05
	done
	return 1
}

# netns_start: a private network namespace held by a sleeping process
# (NS_PID, NS_NET): its abstract socket names and netlink listeners are the
# test's own. in_ns runs a command in it; kill NS_PID at teardown.
netns_start() {
	unshare -n true 2>/dev/null || skip "unshare -n does not work here"
	unshare -n sleep 3600 </dev/null >/dev/null 2>&1 3>&- &
	NS_PID=$!
	wait_for test -e "/proc/$NS_PID/ns/net"
	# until unshare has exec'd sleep, /proc/PID/ns/net is still ours
	wait_for ns_ready
	NS_NET=$(readlink "/proc/$NS_PID/ns/net")
}
# (-ef: the same namespace is the same inode of nsfs; no readlink per turn)
ns_ready() { [ -e "/proc/$NS_PID/ns/net" ] && ! [ "/proc/$NS_PID/ns/net" -ef /proc/self/ns/net ]; }

# in_ns CMD...: runs CMD in the test's network namespace
in_ns() { nsenter --net="/proc/$NS_PID/ns/net" "$@"; }

# udevd_in: the command prefix that runs a program in the test's namespace
# (after netns_start), or nothing
udevd_in() { [ -n "${NS_PID:-}" ] && echo nsenter --net="/proc/$NS_PID/ns/net"; }

# no_vdso: NO_VDSO is a command that runs a program of this machine with no
# vDSO, as a kernel booted with vdso=0 does (qemu-user as Debian 12 has it,
# 7.2, gives its programs no AT_SYSINFO_EHDR: checked), or the test is skipped
no_vdso() {
	local q
	q=qemu-$(uname -m)-static
	command -v "$q" >/dev/null || skip "no $q (qemu-user-static)"
	# the types of the aux vector qemu gives; AT_SYSINFO_EHDR is 33
	! "$q" /bin/cat /proc/self/auxv | od -An -tu8 -w16 | awk '{ print $1 }' | grep -qx 33 ||
		skip "$q maps a vDSO"
	! grep -aq __asan_init "$BIN/udevd" || skip "ASan does not run under qemu-user"
	NO_VDSO=$q
}

# socket_listed: the test's socket name is bound (in the test's namespace:
# /proc/PID/net is the network namespace of PID); read by bash, no process
socket_listed() {
	local unix
	unix=$(<"/proc/${NS_PID:-self}/net/unix")
	[[ $unix$'\n' == *" @$UDEVD_SOCKET"$'\n'* ]]
}

# start_udevd [OPTIONS...]: udevd --debug in the background (in the test's
# namespace, if any) running UDEV_BIN (fake-udev after udevd_setup, the real
# udev after udev_setup), logging to $T/udevd.log; UDEVD_PID is its pid.
# Returns once the socket is bound and the start-up window has passed.
# UDEVD_RUNNER: a command that runs udevd (qemu-user: no_vdso below).
start_udevd() {
	# nsenter (and qemu-user) exec udevd itself: $! is udevd's pid
	$(udevd_in) ${UDEVD_RUNNER:-} "$BIN/udevd" --debug "$@" </dev/null >>"$T/udevd.log" 2>&1 3>&- &
	UDEVD_PID=$!
	wait_for socket_listed
	nap 0.3
}

# workers_started: how many pool workers the test's udevd started (its log)
workers_started() { grep -c 'worker [0-9]* started' "$T/udevd.log"; }

# stop_udevd: SIGTERM to the test's udevd, SIGKILL if it does not end
stop_udevd() {
	[ -z "${UDEVD_PID:-}" ] && return 0
	kill "$UDEVD_PID" 2>/dev/null
	wait_for eval '! kill -0 "$UDEVD_PID" 2>/dev/null' || kill -KILL "$UDEVD_PID" 2>/dev/null
	UDEVD_PID=
}

# ---- the per-test watchdog -------------------------------------------------------
# make check runs bats with BATS_TEST_TIMEOUT (tools/run-bats.sh). bats 1.8
# then fails a test that outlives it ("# timeout after Ns"), but only kills
# the test's children: their children live on, and a test reading their
# output (`run` of a function, $(...), a pipe) waits for them, for ever if
# they hang; a test that ended leaves bats itself waiting on them. So a
# second before that bound every process below the test is noted, and
# WATCHDOG_GRACE (5) seconds after it those still running are killed, with
# whatever the test still has below it (again each second until it ends),
# and the test's output lists them: a hang is a failure naming its test.
# bats's countdown is a child of the test: a `wait` with no pid waits for
# it too, the whole timeout; tests wait for the pids they started
# (suite.bats checks).

# proc_start PID: when PID started (field 22 of its stat); empty when gone.
# started_at PID sets START to it instead (no subshell: the watchdog's turns)
proc_start() {
	started_at "$1"
	echo "$START"
}
started_at() {
	local s IFS=' '
	START=
	{ read -r s <"/proc/$1/stat"; } 2>/dev/null || return 0
	s=${s##*) }                     # after the name, which may hold ") "
	# shellcheck disable=SC2086
	set -- $s
	START=${20}
}

# descendants PID: "pid:start" of every process below PID
descendants() {
	local -A kids=()
	local f s p ppid todo=("$1") out=() IFS=' '
	for f in /proc/[0-9]*/stat; do
		{ read -r s <"$f"; } 2>/dev/null || continue
		p=${s%% *}
		s=${s##*) }
		ppid=${s#* }
		kids[${ppid%% *}]+=" $p"
	done
	while [ ${#todo[@]} -gt 0 ]; do
		p=${todo[0]}
		todo=("${todo[@]:1}")
		for f in ${kids[$p]:-}; do
			out+=("$f:$(proc_start "$f")")
			todo+=("$f")
		done
	done
	echo "${out[*]}"
}

# kill_noted PID:START...: SIGKILL to each that is still that process; lists
# them (ps) on stdout
kill_noted() {
	local e live=()
	for e in "$@"; do
		[ "$(proc_start "${e%%:*}")" != "${e#*:}" ] || live+=("${e%%:*}")
	done
	[ ${#live[@]} -gt 0 ] || return 0
	ps -o pid=,args= -p "$(IFS=,; echo "${live[*]}")"
	kill -KILL "${live[@]}"
}

# watchdog PID START SECS GRACE: the watch over the test PID (started at
# START) that bats gives SECS seconds
watchdog() {
	local pid=$1 start=$2 secs=$3 grace=$4 noted START
	local until=$((SECONDS + (secs > 1 ? secs - 1 : secs)))
	# a look each second, by bash alone (timeout and tail were two
	# processes a test)
	while [ "$SECONDS" -lt "$until" ]; do
		started_at "$pid"
		[ "$START" = "$start" ] || return 0     # the test ended in time
		nap 1
	done
	noted=$(descendants "$pid")
	sleep $((grace + 1))
	if [ "$(proc_start "$pid")" != "$start" ]; then
		# shellcheck disable=SC2086
		kill_noted $noted >/dev/null
		return 0
	fi
	{
		echo "watchdog: still running $((secs + grace)) s after it started; killing what it waits for:"
		# shellcheck disable=SC2086
		kill_noted $noted $(descendants "$pid")
	} >>"$BATS_OUT"
	while sleep 1 && [ "$(proc_start "$pid")" = "$start" ]; do
		# shellcheck disable=SC2046
		kill_noted $(descendants "$pid") >/dev/null
	done
}

# watchdog_start: the watchdog of this test, in the test's process (not
# bats's per-file one), once. It is nobody's child: bats's pkill -P leaves
# it, and a test's `wait` does not wait for it; it holds none of the test's
# descriptors. It costs a test two processes (its two forks), about 2 ms.
watchdog_start() {
	local pid=$BASHPID START
	[ -n "${BATS_TEST_TIMEOUT:-}" ] && declare -F bats_perform_test >/dev/null || return 0
	[ "${WATCHDOG_OF:-}" != "$pid" ] || return 0
	WATCHDOG_OF=$pid
	started_at "$pid"
	( (
		trap - EXIT ERR INT TERM DEBUG
		set +eET
		watchdog "$pid" "$START" "$BATS_TEST_TIMEOUT" "${WATCHDOG_GRACE:-5}"
	) </dev/null >/dev/null 2>&1 3>&- 4>&- & )
}
watchdog_start
