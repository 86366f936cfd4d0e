#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# make size-report: the sizes docs/ gives, from one dated run. Builds the
# klibc suite (the default and the helper profile), the dietlibc one and
# the default build, reads each one's make size, and prints a Markdown
# table of the stripped bytes, dated and with the version it measured;
# with DOC=FILE it replaces the part of FILE between the size-report
# markers instead (docs/embedded.md). test/docs.bats fails when the
# version of that table is older than the code's by more than a release.
# Usage: size-report.sh   (from the top of the tree; MAKE= names make)
set -euo pipefail
cd "$(dirname "$0")/.."
make=${MAKE:-make}
# mk ARGS...: a make of its own (not the one that runs this script's)
mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS "$make" -s "$@"; }
begin='<!-- size-report: begin (make size-report writes this part; do not edit it) -->'
end='<!-- size-report: end -->'

# COLUMNS: a name for each build, and its make arguments
names=(klibc klibc-helper diet glibc)
declare -A args=(
	[klibc]="USE_KLIBC=true"
	[klibc-helper]="USE_KLIBC=true PROFILE=helper"
	[diet]="USE_DIETLIBC=true"
	[glibc]=""
)
declare -A bytes goal helper_libc

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for n in "${names[@]}"; do
	echo "size-report: make ${args[$n]} all size" >&2
	# shellcheck disable=SC2086
	mk ${args[$n]} all >&2
	# shellcheck disable=SC2086
	mk ${args[$n]} size >"$tmp" 2>&1
	# the programs' lines (until the goals), then the goals' "path" line
	while read -r prog b _; do
		case $b in ''|*[!0-9]*) continue ;; esac
		bytes[$n:$prog]=$b
	done < <(sed -n '/^size: .* build, stripped bytes/,/^size: /p' "$tmp")
	g=$(sed -n 's/^ *udevsend+hotplug+udevd+udev *[0-9]* *\([0-9]*\) .*/\1/p' "$tmp")
	goal[$n]=$g
	helper_libc[$n]=$(sed -n 's/^  (udevsend and hotplug: \(.*\))$/\1/p' "$tmp")
done

# n BYTES: 12,345 (or – when there is none)
num() {
	if [ -n "${1:-}" ]; then echo "$1" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta'; else echo "–"; fi
}
# cell BUILD PROGRAM...: the sum of those programs in that build
cell() {
	local b=$1 s=0 p any=
	shift
	for p in "$@"; do
		[ -n "${bytes[$b:$p]:-}" ] && { s=$((s + ${bytes[$b:$p]})); any=1; }
	done
	[ -n "$any" ] && num "$s" || echo "–"
}
row() {   # row LABEL PROGRAM...
	local label=$1
	shift
	printf '| %s | %s | %s | %s | %s |\n' "$label" "$(cell klibc "$@")" \
		"$(cell klibc-helper "$@")" "$(cell diet "$@")" "$(cell glibc "$@")"
}

version=$(mk print-version)
{
	echo "$begin"
	echo "Stripped bytes of udev-legacy $version, from \`make size-report\` on $(date -u +%F)"
	echo "($(uname -m), $(gcc --version | head -n 1); the budgets and goals are"
	echo "tools/size.sh's). A multi-call binary's other programs are links to it"
	echo "(0 bytes); \"–\": not built in that build."
	echo
	echo "| program | klibc | klibc, helper profile | dietlibc | default build (glibc) |"
	echo "|---|---:|---:|---:|---:|"
	row udevsend udevsend
	row "hotplug (with udevsend's code)" hotplug
	row "udevd (+ its clients)" udevd
	row "udev (+ its tools)" udev
	row "udev-extras (/lib/udev)" udev-extras
	row "**the helper path: udevsend, hotplug, udevd, udev**" udevsend hotplug udevd udev
	printf '| its goal | %s | %s | %s | – |\n' "$(num "${goal[klibc]}")" \
		"$(num "${goal[klibc-helper]}")" "$(num "${goal[diet]}")"
	row "suite (each binary once)" udevsend hotplug udevd udev udev-extras
	echo
	echo "The default build's udevsend and hotplug: ${helper_libc[glibc]:-its own libc}."
	echo "The dietlibc column's goal is the default profile's, 1.5 times klibc's."
	echo
	echo "| profile | leaves out | the helper path, klibc | its goal |"
	echo "|---|---|---:|---:|"
	for p in default helper; do
		left=$(mk PROFILE="$p" print-left-out)
		left=${left:-nothing}
		b=klibc
		[ "$p" = default ] || b=klibc-$p
		printf '| %s | %s | %s | %s |\n' "$p" "${left// /, }" \
			"$(cell "$b" udevsend hotplug udevd udev)" "$(num "${goal[$b]}")"
	done
	echo "$end"
} >"$tmp.out"

if [ -n "${DOC:-}" ]; then
	if ! grep -qxF "$begin" "$DOC" || ! grep -qxF "$end" "$DOC"; then
		echo "size-report: $DOC has no size-report markers" >&2
		exit 1
	fi
	awk -v b="$begin" -v e="$end" -v f="$tmp.out" '
		$0 == b { while ((getline l < f) > 0) print l; skip = 1; next }
		$0 == e { skip = 0; next }
		!skip' "$DOC" >"$DOC.new"
	mv "$DOC.new" "$DOC"
	echo "size-report: written to $DOC" >&2
else
	cat "$tmp.out"
fi
rm -f "$tmp.out"
