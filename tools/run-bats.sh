#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs the bats suite (TAP), passes its output through, and ends with the
# plain summary line "N passed, N failed, N skipped" that CI reads.
# Usage: run-bats.sh FILE_OR_DIR...
set -uo pipefail

pass=0 fail=0 skip=0 plan=0
while IFS= read -r line; do
	printf '%s\n' "$line"
	case "$line" in
	1..*) plan=${line#1..} ;;
	"ok "*"# skip"*) skip=$((skip + 1)) ;;
	"ok "*) pass=$((pass + 1)) ;;
	"not ok "*) fail=$((fail + 1)) ;;
	esac
done < <(bats --tap "$@" 2>&1)
wait $! 2>/dev/null
# a run that stopped before its plan counts the missing tests as failed
[ $((pass + fail + skip)) -lt "$plan" ] && fail=$((plan - pass - skip))
echo "bats: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ] && [ $((pass + skip)) -gt 0 ]
