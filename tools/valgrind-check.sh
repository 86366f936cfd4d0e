#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs bats files with udevd and udev under valgrind memcheck: BIN is replaced
# by a directory whose udevd and udev are wrappers that exec valgrind on the
# real programs (the other programs are links). Every valgrind run writes a
# log to VALGRIND_LOG; the check fails when any of them reports an invalid
# access, a use of uninitialised memory, or a definite or indirect leak.
# Usage: BIN=build/glibc VALGRIND_LOG=DIR valgrind-check.sh FILE.bats...
set -uo pipefail
: "${BIN:?}" "${VALGRIND_LOG:?}"
real=$BIN
wrap=$VALGRIND_LOG/bin
rm -rf "$VALGRIND_LOG"
mkdir -p "$wrap" "$VALGRIND_LOG/logs"

for p in "$real"/*; do
	[ -f "$p" ] && [ -x "$p" ] && ln -sf "$p" "$wrap/$(basename "$p")"
done
for p in udevd udev; do
	rm -f "$wrap/$p"
	cat >"$wrap/$p" <<-EOF
	#!/bin/sh
	exec valgrind --quiet --tool=memcheck --leak-check=full \\
		--show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \\
		--child-silent-after-fork=yes --track-fds=no \\
		--log-file=$VALGRIND_LOG/logs/$p.%p.log "$real/$p" "\$@"
	EOF
	chmod +x "$wrap/$p"
done

# REAL_BIN: the programs themselves, for a test that reads a binary
BIN=$wrap REAL_BIN=$real tools/run-bats.sh "$@"
bats_rc=$?

# a log with any content is a report: --quiet leaves clean runs empty
runs=$(find "$VALGRIND_LOG/logs" -name '*.log' | wc -l)
bad=$(find "$VALGRIND_LOG/logs" -name '*.log' -size +0 | sort)
echo "valgrind: $runs runs of udevd and udev, $(echo "$bad" | grep -c .) with reports"
for f in $bad; do
	echo "==== $f"
	head -n 40 "$f"
done
[ -z "$bad" ] && [ "$bats_rc" -eq 0 ]
