#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel timing section of docs/performance.md from the TIME lines of run.sh's
# timing boots: insmod/rmmod wall time until every helper exited, and the ratio to
# noop. Prints it, or with DOC replaces the part of DOC between the two marker lines
# (appends it, with the markers, when DOC has none); the rest of DOC stays as it is.
# HELPERS named netlink-DAEMON (the netlink timing boots: no helper, DAEMON takes the
# events by netlink) get their own table, with netlink-none as the floor. A helper
# named X+norules is X's boot with no rules installed (run.sh); with them, the
# section starts with the summary of issue 50: each path against its yardstick,
# busybox mdev, ours with no rules and with the shipped rules.
# Usage: perf-doc.sh OUTDIR "HELPERS" "LUNS" [DOC]
set -euo pipefail

out=$1
luns=$3
all_helpers=$2
doc=${4:-}
helpers="" daemons=""
for h in $2; do
	case $h in
	netlink-*) daemons="$daemons $h" ;;
	*) helpers="$helpers $h" ;;
	esac
done
begin='<!-- begin: kernel timing, written by make bench-kernel (test/kernel/perf-doc.sh) -->'
end='<!-- end: kernel timing -->'

# FIELD of the TIME line of HELPER, LUNS, OP in the timing boot's console, or "-"
field() { # HELPER LUNS OP FIELD
	sed -n "s/^TIME .* helper=${1%+norules} luns=$2 op=$3 .*$4=\([0-9]*\).*/\1/p" \
		"$out/time-$1.console" 2>/dev/null | head -n 1 | grep . || echo -
}

ms() { field "$1" "$2" "$3" done_ms; }

# the consoles of every run of HELPER (TIME_RUNS: time-H.console, time-H.rK.console)
consoles() { # HELPER
	local f
	for f in "$out/time-$1.console" "$out/time-$1".r[0-9]*.console; do
		[ ! -e "$f" ] || echo "$f"
	done
}

# FIELD of each run of HELPER, in run order, on one line ("-": not in that run)
fields() { # HELPER LUNS OP FIELD
	local f v line=""
	for f in $(consoles "$1"); do
		v=$(sed -n "s/^TIME .* helper=${1%+norules} luns=$2 op=$3 .*[ ]$4=\([0-9]*\).*/\1/p" "$f" |
			head -n 1 | grep .) || v=-
		line="$line $v"
	done
	echo "${line# }"
}

# A row per configuration and storm of every run (TIME_RUNS): the settle time of
# each run and the worst; the worst of the runs' ratios to the yardstick's boot of
# the same round; the most helpers alive at once; the lowest MemAvailable; the
# guest's busy CPU (both CPUs, all processes) per uevent, the most of the runs
runs_table() {
	local n=${luns%% *} h y op
	echo "| configuration | storm | settle per run (s) | worst (s) | worst ratio to its yardstick, same round | helpers alive at once (most) | lowest MemAvailable (MiB) | guest CPU per uevent (ms, most) |"
	echo "|---|---|---|---:|---:|---:|---:|---:|"
	for h in $helpers $daemons; do
		case $h in netlink-*) y=netlink-none ;; *) y=noop ;; esac
		for op in insmod rmmod; do
			awk -v name="$(describe "$h")" -v op="$op" -v self="$([ "$h" = "$y" ] && echo 1)" \
			    -v t="$(fields "$h" "$n" "$op" done_ms)" -v y="$(fields "$y" "$n" "$op" done_ms)" \
			    -v p="$(fields "$h" "$n" "$op" peak)" -v m="$(fields "$h" "$n" "$op" mem_min_kb)" \
			    -v c="$(fields "$h" "$n" "$op" cpu_busy_ms)" -v e="$(events "$n" "$op")" 'BEGIN {
				k = split(t, T, " "); split(y, Y, " "); split(p, P, " "); split(m, M, " "); split(c, C, " ")
				runs = ""; worst = -1; ratio = -1; peak = -1; mem = -1; cpu = -1
				for (i = 1; i <= k; i++) {
					runs = runs (i > 1 ? ", " : "") (T[i] == "-" ? "failed" : sprintf("%.2f", T[i] / 1000))
					if (T[i] != "-" && T[i] + 0 > worst) worst = T[i] + 0
					if (T[i] != "-" && Y[i] != "-" && Y[i] + 0 > 0 && T[i] / Y[i] > ratio) ratio = T[i] / Y[i]
					if (P[i] != "-" && P[i] + 0 > peak) peak = P[i] + 0
					if (M[i] != "-" && (mem < 0 || M[i] + 0 < mem)) mem = M[i] + 0
					if (C[i] != "-" && e + 0 > 0 && C[i] / e > cpu) cpu = C[i] / e
				}
				printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", name, op, runs,
					worst < 0 ? "-" : sprintf("%.2f", worst / 1000),
					self ? "1.00×" : ratio < 0 ? "-" : sprintf("%.2f×", ratio),
					peak < 0 ? "-" : peak, mem < 0 ? "-" : sprintf("%.1f", mem / 1024),
					cpu < 0 ? "-" : sprintf("%.2f", cpu)
			}'
		done
	done
}

# Counted, not timed, per uevent of the storm (the most of the runs): context
# switches, processes created, page faults, all over the guest; the daemon's
# CPU (udevd with its workers, or mdev -d), and of it udevd's own
counted_table() {
	local n=${luns%% *} h op
	echo "| configuration | storm | context switches per uevent | processes per uevent | page faults per uevent | daemon CPU per uevent (ms) | of it udevd's own (ms) |"
	echo "|---|---|---:|---:|---:|---:|---:|"
	for h in $helpers $daemons; do
		for op in insmod rmmod; do
			awk -v name="$(describe "$h")" -v op="$op" -v e="$(events "$n" "$op")" \
			    -v c="$(fields "$h" "$n" "$op" ctxt)" -v p="$(fields "$h" "$n" "$op" procs)" \
			    -v f="$(fields "$h" "$n" "$op" pgfault)" -v d="$(fields "$h" "$n" "$op" daemon_cpu_ms)" \
			    -v u="$(fields "$h" "$n" "$op" udevd_cpu_ms)" 'function most(v,   k, i, A, m) {
				k = split(v, A, " "); m = -1
				for (i = 1; i <= k; i++) if (A[i] != "-" && A[i] / e > m) m = A[i] / e
				return m
			}
			function cell(m, fmt) { return m < 0 ? "-" : sprintf(fmt, m) }
			BEGIN {
				if (e + 0 <= 0) exit
				printf "| %s | %s | %s | %s | %s | %s | %s |\n", name, op, cell(most(c), "%.1f"),
					cell(most(p), "%.2f"), cell(most(f), "%.0f"), cell(most(d), "%.2f"), cell(most(u), "%.2f")
			}'
		done
	done
}

# the runs' section, when a helper booted more than once
runs_section() {
	local h k=1
	for h in $helpers $daemons; do
		[ "$(consoles "$h" | wc -l)" -le "$k" ] || k=$(consoles "$h" | wc -l)
	done
	[ "$k" -gt 1 ] || return 0
	cat <<EOF

### Every run, ${luns%% *} LUNs ($k rounds, each configuration once a round)

A user's boot is one run: the worst counts, not the median. Settle: as in the
tables below (helpers: every helper gone, and for ours udevd's queue empty and
every node right; netlink: settled and every node right). The ratio is each
run's time over the yardstick's boot of the same round (no-op helper, or nothing
listening). Helpers alive: sampled every 5 ms (or twice a scan's time) from the
start of the storm to its end. MemAvailable: the lowest seen in that time.
CPU: the guest's busy time, both CPUs, every process (the kernel's own work
too), over the kernel's uevents of the storm.

$(runs_table)

Counted, not timed (a loaded host moves times, not these): per uevent of the
storm, the most of the runs, over the whole guest (the kernel's work too):
context switches and processes created (/proc/stat), page faults
(/proc/vmstat); and the CPU of the daemon (udevd with its workers and what
they ran, or \`mdev -d\`), of it udevd's own ("-": a boot made before these
counts, or no daemon).

$(counted_table)
EOF
}

peak() { field "$1" "$2" "$3" peak; }

# the kernel's uevents of a storm, from the first boot that counted them
events() { # LUNS OP
	local h e
	for h in noop netlink-none $helpers $daemons; do
		e=$(field "$h" "$1" "$2" events)
		[ "$e" = - ] || { echo "$e"; return; }
	done
	echo -
}

cell() { # HELPER LUNS OP [FLOOR]
	local t base
	t=$(ms "$1" "$2" "$3")
	base=$(ms "${4:-noop}" "$2" "$3")
	if [ "$t" = - ]; then
		echo "failed"
	elif [ "$base" = - ] || [ "$base" = 0 ]; then
		awk -v t="$t" 'BEGIN { printf "%.1f s", t / 1000 }'
	else
		awk -v t="$t" -v b="$base" 'BEGIN { printf "%.1f s (%.2f×)", t / 1000, t / b }'
	fi
}

describe() {
	case $1 in
	*+norules) echo "$(describe "${1%+norules}"), no rules installed" ;;
	noop) echo "static no-op helper (floor)" ;;
	hotplug) echo "suite: /sbin/hotplug → udevsend → udevd → udev" ;;
	udevsend) echo "suite: /sbin/udevsend → udevd → udev" ;;
	mdev) echo "busybox mdev as the helper" ;;
	netlink-none) echo "nothing listening (floor)" ;;
	netlink-mdev) echo "busybox \`mdev -d\`" ;;
	netlink-udevd) echo "\`udevd --netlink\` (installed udev.conf and rules)" ;;
	netlink-udevd-floor) echo "\`udevd --netlink\`, a worker that does nothing (no nodes)" ;;
	*) echo "$1" ;;
	esac
}

header() {
	local n op line="| helper |" sep="|---|"
	for n in $luns; do
		for op in insmod rmmod; do
			line="$line $op, $n LUNs |"
			sep="$sep---|"
		done
	done
	echo "$line"
	echo "$sep"
}

table() { # "HELPERS" FLOOR
	local h n op line
	header
	for h in $1; do
		line="| $(describe "$h") |"
		for n in $luns; do
			for op in insmod rmmod; do
				line="$line $(cell "$h" "$n" "$op" "$2") |"
			done
		done
		echo "$line"
	done
}

# insmod's (rmmod's) own time, in seconds, of each netlink daemon
cmd_table() {
	local h n op line
	header | sed 's/^| helper |/| daemon |/'
	for h in $daemons; do
		line="| $(describe "$h") |"
		for n in $luns; do
			for op in insmod rmmod; do
				line="$line $(field "$h" "$n" "$op" cmd_ms |
					awk '$1 == "-" { print "-"; next } { printf "%.1f s", $1 / 1000 }') |"
			done
		done
		echo "$line"
	done
}

# CPU time of both CPUs together during each storm: all that was busy, and
# of it the daemon's (udevd with its workers and the programs they ran, or
# mdev; the TIME lines' cpu_busy_ms and daemon_cpu_ms, from /proc/stat and
# /proc/PID/stat), for udevd split into its own, its live workers', the
# programs they ran and the workers that ended during the storm
cpu_table() {
	local h n op line busy own ev split f
	header | sed 's/^| helper |/| daemon |/'
	for h in $daemons; do
		line="| $(describe "$h") |"
		for n in $luns; do
			for op in insmod rmmod; do
				busy=$(field "$h" "$n" "$op" cpu_busy_ms)
				own=$(field "$h" "$n" "$op" daemon_cpu_ms)
				ev=$(events "$n" "$op")
				split=""
				case $h in netlink-udevd*)
					for f in udevd workers programs reaped; do
						split="$split $(field "$h" "$n" "$op" "${f}_cpu_ms")"
					done ;;
				esac
				line="$line $(awk -v b="$busy" -v d="$own" -v e="$ev" -v h="$h" -v s="$split" 'BEGIN {
					if (b == "-") { print "-"; exit }
					printf "%.1f s", b / 1000
					if (h == "netlink-none" || d == "-" || e + 0 <= 0)
						exit
					printf " (daemon %.1f s, %.2f ms per event", d / 1000, d / e
					if (split(s, p, " ") == 4 && p[1] != "-")
						printf ": udevd %.1f, workers %.1f, their programs %.1f, ended workers %.1f s", \
							p[1] / 1000, p[2] / 1000, p[3] / 1000, p[4] / 1000
					printf ")"
				}') |"
			done
		done
		echo "$line"
	done
}

netlink_section() {
	[ -n "$daemons" ] || return 0
	cat <<EOF

### Without a hotplug helper: the events by netlink

The same storms with /proc/sys/kernel/hotplug empty, as on most kernels built
today (no CONFIG_UEVENT_HELPER): the daemon takes the kernel's uevents from its
netlink socket. Each cell is the wall time from the start of insmod (rmmod)
until the daemon has settled and the sd and sg nodes in /dev are exactly those
of sysfs (helperwait -s udevsettle -n: \`udevsettle\` for udevd, which returns
when its queue is empty; mdev has no queue to ask, so only the nodes are
polled, every 5 ms); with nothing listening, until insmod (rmmod) returned.
After each storm the guest checks every node (and, for udevd, every database
record) and fails the boot when one is wrong. The floor of udevd's side,
\`udevd --netlink\` with \`bench/noop-worker\` as udev (a pool worker that
answers each event at once and makes nothing), settles when udevsettle
returns; it makes no nodes, so none are checked. In brackets: the ratio to
nothing listening.

$(table "$daemons" netlink-none | sed 's/^| helper |/| daemon |/')

insmod's (rmmod's) own run time, the kernel's work, while each daemon worked:

$(cmd_table)

CPU time used during each storm, both CPUs together (from /proc/stat), and of
it the daemon's: \`mdev -d\`'s, or udevd's with its workers and the programs
they ran (/proc/PID/stat, reaped children included), also per uevent of the
storm, and udevd's split into its own time, its live workers', the programs
those ran and the workers that ended during the storm ("-": a boot made
before these counts; no split: a boot made before it):

$(cpu_table)
EOF
}

peaks() {
	local h n op line="| helper |"
	for n in $luns; do line="$line insmod, $n LUNs | rmmod, $n LUNs |"; done
	echo "$line"
	echo "|---|$(for n in $luns; do printf -- '---|---|'; done)"
	for h in $helpers; do
		line="| $h |"
		for n in $luns; do
			for op in insmod rmmod; do line="$line $(peak "$h" "$n" "$op") |"; done
		done
		echo "$line"
	done
}

# the summary: a row per path, yardstick, mdev, ours without and with rules
summary() {
	local n=${luns%% *} row y m o s op
	case " $2 " in *"+norules "*) ;; *) return 0 ;; esac
	echo
	echo "### Summary, $n LUNs: ours against the yardstick and busybox mdev"
	echo
	echo "Wall times of the boots below; in brackets the ratio to the path's yardstick, and"
	echo "for ours with the shipped rules also to ours with no rules (the rules' own cost)."
	echo "Single boots of one kind vary by 15-30% from run to run under emulation: to compare"
	echo "two trees, alternate their boots of one kind (perf-log/kernel.md does so)."
	echo
	echo "| path | yardstick | busybox mdev | ours, no rules | ours, shipped rules |"
	echo "|---|---:|---:|---:|---:|"
	for row in "helper (/sbin/hotplug)|noop|mdev|hotplug|insmod" \
		   "helper, udevsend direct|noop|-|udevsend|insmod" \
		   "netlink (no helper)|netlink-none|netlink-mdev|netlink-udevd|insmod" \
		   "rmmod, netlink|netlink-none|netlink-mdev|netlink-udevd|rmmod"; do
		IFS='|' read -r row y m o op <<<"$row"
		case " $2 " in *" $o "*) ;; *) continue ;; esac
		s=$(awk -v t="$(ms "$o" "$n" "$op")" -v r="$(ms "$o+norules" "$n" "$op")" 'BEGIN {
			if (t == "-" || r == "-" || r == 0) exit
			printf ", %.2f× no rules", t / r }')
		echo "| $row | $(ms "$y" "$n" "$op" | awk '$1 == "-" { print "-"; next } { printf "%.2f s", $1 / 1000 }') |" \
		     "$([ "$m" = - ] && echo - || cell "$m" "$n" "$op" "$y") |" \
		     "$(cell "$o+norules" "$n" "$op" "$y") | $(cell "$o" "$n" "$op" "$y" | sed "s/)\$/$s)/") |"
	done
}

section() {
	cat <<EOF
## On a real kernel (qemu): the 2004 storage storm

The 2004 storage storm, replayed on a real Linux kernel: \`insmod scsi_debug
num_tgts=N/16 max_luns=16 delay=0\` registers N SCSI disks at once and the kernel
execs its hotplug helper (/proc/sys/kernel/hotplug) for every uevent, concurrently,
without waiting; \`rmmod scsi_debug\` removes them all again. Each cell is the wall
time from the start of insmod (or rmmod) until every helper the kernel started has
exited (measured inside the guest by test/kernel/guest/helperwait.c: no process whose
parent is kthreadd left for 0.5 s), and in brackets its ratio to the static no-op
helper of the same storm. A helper of this suite exits only after udevd acked its
event, that is after udev made the node, so "every helper exited" means every event
was handled.

**Absolute times are under software emulation** (qemu-system-x86_64 -accel tcg
-smp 2, no KVM, on a 2-core machine) and are many times slower
than real hardware; **the ratios to the no-op helper are what compare**, with each
other and with the 2004 yardstick at the top of this page.

Generated by \`TIME_LUNS="$luns" TIME_HELPERS="$all_helpers"${TIME_RUNS:+ TIME_RUNS=$TIME_RUNS}${QEMU_MEM:+ QEMU_MEM=$QEMU_MEM}$([ ! -s "$out/suite-make" ] || echo " SUITE_MAKE=\"$(cat "$out/suite-make")\"") make bench-kernel\`
(test/kernel/run.sh time, then test/kernel/perf-doc.sh) on $(date -u +%Y-%m-%d); kernel: Debian's linux-source-6.1,
tinyconfig + test/kernel/config.fragment (timers, allocator and -O2 of a real
kernel: HZ=1000, high-resolution timers, tickless idle, SLUB); suite built with \`make $(cat "$out/suite-make" 2>/dev/null || echo "STATIC=true")\`.
$(summary "$luns" "$helpers $daemons")
$(runs_section)

$(table "$helpers" noop)

Most helper processes still alive at once after insmod (rmmod) had returned, that is
the backlog the storm left (sampled from then on every 5 ms, or every two scans'
time when a scan of /proc is slower):

$(peaks)

Uevents per storm (the kernel's seqnum count; each one a helper exec):
$(for n in $luns; do echo "$n LUNs: insmod $(events "$n" insmod), rmmod $(events "$n" rmmod);"; done)
$(netlink_section)
EOF
}

if [ -z "$doc" ]; then
	section
elif grep -qxF "$begin" "$doc" && grep -qxF "$end" "$doc"; then
	section >"$doc.section"
	awk -v b="$begin" -v e="$end" -v f="$doc.section" '
		$0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
		$0 == e { skip = 0 }
		!skip { print }' "$doc" >"$doc.tmp"
	rm -f "$doc.section"
	mv "$doc.tmp" "$doc"
else
	{ echo; echo "$begin"; section; echo "$end"; } >>"$doc"
fi
