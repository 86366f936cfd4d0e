#!/usr/bin/env bats
# SPDX-License-Identifier: GPL-2.0-only
# Every program has a man page that renders without a single groff warning
# and documents options, environment, files, exit codes, signals and examples.

load lib

ALL_PROGRAMS="udevsend udevd udev udevinfo udevtest udevstart udevcontrol udevsettle hotplug
	udevtrigger udevmonitor firmware"

setup() {
	common_setup
	command -v groff >/dev/null || sh "$TOP/tools/install-deps.sh" check
}

@test "docs: every program of the suite has a man page in section 8" {
	local p
	for p in $ALL_PROGRAMS $(make -s -C "$TOP" print-programs); do
		[ -f "$TOP/docs/$p.8" ] || { echo "missing docs/$p.8"; return 1; }
		grep -q "^\.TH ${p^^} 8 " "$TOP/docs/$p.8"
	done
}

@test "docs: every man page renders with groff -ww without warnings" {
	local f
	for f in "$TOP"/docs/*.8; do
		groff -ww -man -Tutf8 "$f" > "$T/out" 2> "$T/err"
		if [ -s "$T/err" ]; then echo "$f:"; cat "$T/err"; return 1; fi
		[ "$(wc -l < "$T/out")" -gt 20 ]
	done
}

@test "docs: every man page has the sections a user looks for" {
	local f s
	for f in "$TOP"/docs/*.8; do
		for s in NAME SYNOPSIS DESCRIPTION OPTIONS ENVIRONMENT FILES "EXIT STATUS" \
			SIGNALS EXAMPLES "SEE ALSO"; do
			grep -q "^\.SH \"\?$s\"\?\$" "$f" || { echo "$f: no $s"; return 1; }
		done
	done
}

@test "docs: man -l renders udev(8) with its rules and udev.conf reference" {
	command -v man >/dev/null || skip "man-db not installed (groff test covers rendering)"
	MANWIDTH=80 man -l "$TOP/docs/udev.8" > "$T/out" 2> "$T/err"
	[ ! -s "$T/err" ]
	grep -q "udev_root" "$T/out"
	grep -q "SYMLINK" "$T/out"
	grep -q "ignore_remove" "$T/out"
}

@test "docs: the pages cross-reference only pages that exist" {
	local ref
	for ref in $(cat "$TOP"/docs/*.8 | grep -o '^\.BR [a-z]* (8)' | awk '{print $2}' | sort -u); do
		[ -f "$TOP/docs/$ref.8" ] || { echo "dangling reference $ref(8)"; return 1; }
	done
}

# usage_tokens PROG: the options and commands a program's own usage message names.
# The options and commands a program's --help names.
usage_tokens() {
	local out
	out=$(timeout 10 "$BIN/$1" --help </dev/null 2>&1)
	grep -oE -- '(^|[ [(|,])--?[a-zA-Z][a-z_-]*|[a-z]+_[a-z_]+' <<< "$out" |
		sed 's/^[ [(|,]//' | sort -u
}

@test "docs: every option and command a program's usage names is in its man page" {
	local p tok esc n=0
	for p in udevsend udevd udevcontrol udevsettle udev udevstart udevinfo udevtest hotplug \
		udevtrigger udevmonitor; do
		[ -x "$BIN/$p" ] || continue
		for tok in $(usage_tokens "$p") --help --version; do
			esc=${tok//-/\\-}
			grep -qF -- "$esc" "$TOP/docs/$p.8" ||
				{ echo "docs/$p.8 does not mention $tok"; return 1; }
			n=$((n + 1))
		done
	done
	[ "$n" -gt 0 ] || skip "no program with a usage message built yet"
}

# Files the build or the benchmarks write, which documents may name.
GENERATED_NAMES=" storm.md "

@test "docs: no document names a file that is not in the repository" {
	local f name bad=0
	for f in "$TOP"/README.md "$TOP"/RELEASE-NOTES "$TOP"/docs/*.md "$TOP"/docs/perf-log/*.md \
		"$TOP"/docs/*.8; do
		for name in $(grep -oE '[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(md|c|h|sh|bats|py|txt)\b' "$f" |
			sort -u); do
			case $name in build/*|*/build/*|.*) continue ;; esac
			[[ "$GENERATED_NAMES" == *" $name "* ]] && continue
			[ -e "$TOP/$name" ] || [ -e "$TOP/docs/$name" ] ||
				[ -n "$(cd "$TOP" && git ls-files "*/$name" "$name" 2>/dev/null | head -1)" ] ||
				{ echo "${f#"$TOP"/} names $name, which is not in the repository"; bad=1; }
		done
	done
	[ "$bad" -eq 0 ]
}

@test "docs: performance.md is one page of current tables; the dated runs are in perf-log/, linked" {
	local f l
	[ "$(wc -l <"$TOP/docs/performance.md")" -le 400 ]
	grep -q '^<!-- begin: kernel timing' "$TOP/docs/performance.md"
	grep -q '^<!-- end: kernel timing' "$TOP/docs/performance.md"
	grep -q '^### Running it yourself' "$TOP/docs/performance.md"
	# every perf-log file is listed in its README, every relative link resolves
	for f in "$TOP"/docs/perf-log/*.md; do
		[ "${f##*/}" = README.md ] || grep -q "](${f##*/})" "$TOP/docs/perf-log/README.md" ||
			{ echo "perf-log/README.md does not list ${f##*/}"; return 1; }
	done
	for f in "$TOP"/docs/performance.md "$TOP"/docs/perf-log/*.md; do
		for l in $(grep -oE '\]\([^)#:]+\.md\)' "$f" | sed 's/^](//; s/)$//'); do
			[ -e "$(dirname "$f")/$l" ] || { echo "${f#"$TOP"/}: broken link $l"; return 1; }
		done
	done
}

@test "docs: man pages name installed files, not the source tree's (docs/..., udev/...c)" {
	! grep -nE '(^|[ (])(docs|udev|udevd|lib|extras|tools|test|bench)/[A-Za-z0-9_.-]+\.(md|c|h|sh|py)' \
		"$TOP"/docs/*.8 || false
}

@test "docs: embedded.md's layout names every installed program and the groups the rules need" {
	local p g layout
	layout=$(sed -n '/^which gives the legacy layout/,/^$/p' "$TOP/docs/embedded.md")
	for p in $(make -s -C "$TOP" print-programs); do
		[[ "$layout" == *"$p"[,\}]* ]] || { echo "embedded.md's layout lacks $p"; return 1; }
	done
	for g in $(grep -ohE 'GROUP="[a-z_]+"' "$TOP"/etc/udev/rules.d/*.rules | cut -d'"' -f2 |
		sort -u); do
		grep -q "\`$g\`" "$TOP/docs/embedded.md" ||
			{ echo "embedded.md does not say the rules need group $g"; return 1; }
	done
}

@test "docs: RELEASE-NOTES: the top release is the Makefile's VERSION, every release is dated" {
	local v top
	v=$(make -s -C "$TOP" print-version)
	top=$(grep -m1 -E '^udev-legacy [0-9]+' "$TOP/RELEASE-NOTES")
	[[ "$top" == "udev-legacy $v "* ]] || { echo "top: '$top', Makefile: $v"; return 1; }
	! grep -E '^udev-legacy [0-9]+' "$TOP/RELEASE-NOTES" |
		grep -vE '\((20[0-9]{2}-[0-9]{2}-[0-9]{2}|not released yet)\)$' || false
	grep -q "^Upgrading from udev 0.5x" "$TOP/RELEASE-NOTES"
	# and the man pages name the same version
	! grep -L "^\.TH .*\"udev-legacy $v\"" "$TOP"/docs/*.8 | grep .
}

@test "docs: architecture.md's walk through the code names files that exist and functions they define" {
	local rows=0 row files f fn found
	while IFS= read -r row; do
		rows=$((rows + 1))
		files=$(grep -oE '[a-z_]+(/[a-z_]+)+\.[ch]' <<<"$row" | sort -u)
		[ -n "$files" ] || { echo "no file in: $row"; return 1; }
		for f in $files; do
			[ -f "$TOP/$f" ] || { echo "no $f: $row"; return 1; }
		done
		# every function named in backquotes is defined in a file of its row
		for fn in $(sed 's/(compiled as[^)]*)//' <<<"$row" | grep -oE '`[a-z_][a-z0-9_]*`' | tr -d '`'); do
			found=
			for f in $files; do
				grep -Eq "^([a-z].*[ *])?$fn\(|^(static )?(inline )?[a-z].*[ *]$fn\(" \
					"$TOP/$f" && found=1
			done
			[ -n "$found" ] || { echo "$fn is defined in none of $files"; return 1; }
		done
	done < <(sed -n '/^## Reading the code/,/^## /p' "$TOP/docs/architecture.md" |
		sed -n '/^| step | file | function |/,/^$/p' | grep '^| ' | tail -n +3)
	[ "$rows" -ge 25 ]
	# and the folders it lists are the folders of the source
	for f in $(sed -n '/^## Reading the code/,/^One event/p' "$TOP/docs/architecture.md" |
		grep -oE '^\| [a-z/]+/ ' | tr -d '| '); do
		[ -d "$TOP/$f" ] || { echo "no folder $f"; return 1; }
	done
	for f in "$TOP"/udev/*/ "$TOP"/udevd/*/; do
		f=${f#"$TOP"/}
		grep -q "^| $f " "$TOP/docs/architecture.md" || { echo "$f not in architecture.md"; return 1; }
	done
}

@test "docs: no internal issue numbers; a heading that counts its commands counts right; udevinfo's codes in conventions.md" {
	cd "$TOP"
	# ("issue 50" means nothing to a reader: say what was asked)
	! grep -nE '\b[Ii]ssues? #?[0-9]+' README.md docs/*.md docs/*.8 || false
	# README's "## N commands" lists N indented "make" lines under it
	local heading words n
	heading=$(grep -m1 -E '^## [A-Z][a-z]+ commands$' README.md)
	words=$(echo "$heading" | cut -d' ' -f2)
	n=$(sed -n "/^$heading\$/,/^## /p" README.md | grep -c '^    make ')
	case $words in Two) [ "$n" = 2 ] ;; Three) [ "$n" = 3 ] ;; Four) [ "$n" = 4 ] ;; *) false ;; esac
	# every exit code udevinfo's source uses is in conventions.md's table
	for c in $(grep -oE 'UDEVINFO_[A-Z_]+ = [0-9]+' udev/programs/udevinfo.c | grep -oE '[0-9]+$'); do
		grep -qE "^\| ([0-9, ]*\b)?$c\b" docs/conventions.md || { echo "udevinfo's $c not in conventions.md"; false; }
	done
}

@test "docs: README's klibc budgets are tools/size.sh's" {
	cd "$TOP"
	local p b kib
	for p in udevsend hotplug udevd udev; do
		b=$(sed -n "s/^[[:space:]]*$p) b=\([0-9]*\) ;;/\1/p" tools/size.sh)
		[ -n "$b" ]
		# KiB as README writes it: 60, or 8.25 (a quarter)
		kib=$(awk -v b="$b" 'BEGIN { printf "%g", b / 1024 }')
		tr '\n' ' ' <README.md | grep -qF "\`$p\` $kib KiB" ||
			{ echo "README does not give $p's budget as $kib KiB (tools/size.sh: $b)"; false; }
	done
	b=$(sed -n 's/^[[:space:]]*suite) b=\([0-9]*\) ;;/\1/p' tools/size.sh)
	tr '\n' ' ' <README.md | grep -qE "whole installed suite +$(( (b + 1023) / 1024 )) KiB"
}

@test "docs: README's first section gives two commands, make demo and make check" {
	local cmds
	cmds=$(awk '/^## /{ n++ } n == 1 && /^    make /{ print $2 }' "$TOP/README.md" | tr '\n' ' ')
	echo "$cmds"
	sed -n '/^## /{p;q}' "$TOP/README.md" | grep -qx '## Two commands'
	[ "$cmds" = "demo check " ]
}

@test "docs: the sizes are one dated make size-report, of this release or the one before" {
	cd "$TOP"
	local head doc code f
	[ "$(grep -c '^<!-- size-report: begin' docs/embedded.md)" = 1 ]
	[ "$(grep -c '^<!-- size-report: end' docs/embedded.md)" = 1 ]
	head=$(sed -n '/^<!-- size-report: begin/{n;p;}' docs/embedded.md)
	[[ "$head" =~ ^Stripped\ bytes\ of\ udev-legacy\ ([0-9]+),\ from\ \`make\ size-report\`\ on\ [0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] ||
		{ echo "the table does not say its version and date: $head"; false; }
	doc=$((10#${BASH_REMATCH[1]}))
	code=$((10#$(make -s print-version)))
	[ $((code - doc)) -le 1 ] ||
		{ echo "docs/embedded.md's sizes are of $doc, the code is $code: run make size-report"; false; }
	# its rows are the programs of make size, every column filled
	sed -n '/^<!-- size-report: begin/,/^<!-- size-report: end/p' docs/embedded.md >"$T/block"
	for f in udevsend hotplug udevd udev udev-extras "the helper path" default helper; do
		grep -q "^| \**$f" "$T/block" || { echo "no row for $f"; false; }
	done
	! grep -E '^\|' "$T/block" | grep -qE '\| *\|' || { echo "an empty cell"; false; }
	# nowhere else a program's measured size: README and the pages of
	# docs/ give budgets and goals; the dated history is perf-log/sizes.md
	for f in README.md docs/*.md; do
		awk '/^<!-- size-report: begin/ { s = 1 } /^<!-- size-report: end/ { s = 0; next } !s' "$f" |
			grep -nE '[0-9],[0-9]{3} bytes' && { echo "$f: a size outside make size-report's table"; false; }
	done
	true
}

@test "docs: performance.md opens with a summary of at most ten lines, before its first table" {
	cd "$TOP"
	# the lines between the title and the first heading or table
	sed -n '2,/^\(#\||\)/p' docs/performance.md | sed '$d' | grep -v '^$' >"$T/summary"
	n=$(wc -l <"$T/summary")
	[ "$n" -ge 5 ] && [ "$n" -le 10 ] || { echo "summary of $n lines"; cat "$T/summary"; false; }
	# no internal issue numbers in the docs a user reads
	! grep -nE '\b[Ii]ssues? [0-9]+' README.md docs/*.md docs/*.8 docs/perf-log/*.md
}

@test "docs: perf-log/ci.md, .ci/run's summary, is there, and CI_BUDGET's default lets the slow kind pass the gate after make check within CI's 5,400 s" {
	cd "$TOP"
	local doc=docs/perf-log/ci.md total check budget
	[ -f "$doc" ] || { echo "no $doc: save .ci/run's summary (CI_SUMMARY) there"; false; }
	# the total row's slow-kind seconds, and make check's (the row of the step
	# after which .ci/run decides whether the rest can fit)
	total=$(sed -n 's/^| \*\*total\*\* |.*| \*\*\([0-9]*\)\*\* |$/\1/p' "$doc")
	check=$(grep -F '(README: make check)' "$doc" | awk -F'|' '{ gsub(/ /, "", $5); print $5 }')
	[ -n "$total" ] || { echo "$doc: no total row"; false; }
	[ -n "$check" ] || { echo "$doc: no row for make check"; false; }
	budget=$(sed -n 's/^CI_BUDGET=\${CI_BUDGET:-\([0-9]*\)}.*/\1/p' .ci/run)
	[ -n "$budget" ] || { echo ".ci/run: no CI_BUDGET default"; false; }
	# CI stops the run at 5,400 s: the budget leaves it 150 s
	[ "$budget" -le 5250 ] || { echo "CI_BUDGET $budget: over CI's 5,400 s less 150"; false; }
	# and .ci/run's gate after make check (1.5 times its time and 240 s
	# still to come) passes on the slow kind by the document's estimate
	[ $((check + check * 3 / 2 + 240)) -le "$budget" ] ||
		{ echo "CI_BUDGET $budget: the gate fails on the slow kind (make check $check s there)"; false; }
}
