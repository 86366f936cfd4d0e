# SPDX-License-Identifier: GPL-2.0-only
# Shared set-up for the udev bats files: a private udev.conf whose every
# path points into $T, the fake sysfs trees, and helpers that run udev the
# way udevd does and list the resulting /dev as normalised lines.

load "${BASH_SOURCE[0]%/*}/lib"   # beside this file, wherever the test is

udev_setup() {
	common_setup
	mkdir -p "$T/dev" "$T/rules.d" "$T/dev.d"
	printf '%s\n' "# written by the test" "udev_root=\"$T/dev\"" "udev_db=\"$T/db\"" \
		"udev_rules=\"$T/rules.d\"" "udev_permissions=\"$T/permissions\"" \
		"udev_devd=\"$T/dev.d\"" "udev_libexec=\"$T/lib-udev\"" 'default_mode="0600"' \
		>"$T/udev.conf"
	# the udev behind start_udevd, and the one udevsend runs without a udevd
	export UDEV_CONFIG_FILE="$T/udev.conf" UDEV_NO_SLEEP=1 UDEV_BIN="$BIN/udev"
	# the extras a firmware build's udev runs as programs (EXTRAS_BUILTIN=false)
	export UDEV_EXTRAS_DIR="$BIN"
	export SYSFS_PATH="$TOP/test/sysfs-legacy"
	unset UDEV_LOG
}

legacy() { export SYSFS_PATH="$TOP/test/sysfs-legacy"; }
modern() { export SYSFS_PATH="$TOP/test/sysfs-modern"; }

# rules TEXT: the only rule file
rules() { printf '%s\n' "$1" > "$T/rules.d/50-test.rules"; }

# How ev runs udev: as a process per event (udevd's fork mode), or with
# UDEV_VIA_WORKER=1 (make check's second pass) through `udev --worker` as
# udevd's pool does, after a warm-up event in the same worker.
if [ -n "${UDEV_VIA_WORKER:-}" ]; then
	UDEV_RUN=(python3 "$TOP/test/tools/udev-via-worker.py" "$BIN/udev")
else
	UDEV_RUN=("$BIN/udev")
fi

# ev ACTION DEVPATH SUBSYSTEM [VAR=value...]: runs udev like udevd would.
# On the modern tree the kernel's MAJOR/MINOR/DEVNAME come from uevent.
# EV_TIMEOUT=SECS: udev is killed after SECS seconds (exit 124, timeout's).
ev() {
	local action=$1 devpath=$2 subsystem=$3 kenv=()
	shift 3
	if [ -f "$SYSFS_PATH$devpath/uevent" ]; then
		mapfile -t kenv < "$SYSFS_PATH$devpath/uevent"
	fi
	${EV_TIMEOUT:+timeout -k 2 "$EV_TIMEOUT"} env ACTION="$action" DEVPATH="$devpath" \
		SUBSYSTEM="$subsystem" SEQNUM=1 "${kenv[@]}" "$@" "${UDEV_RUN[@]}" "$subsystem"
}

# listing: one line per entry below $T/dev, sorted:
#   "c 0600 0:0 name", "b 0660 0:6 disk/sda", "l link -> target"
# (not udevd's and the rule generators' state in .udev/: failed events, locks)
# A regular file that is not empty lists as "regular 0000 MODE name" (the
# form stat's "regular file" took in the listing of old). One find, the rest
# bash: a table row lists its /dev once or twice, and a dozen processes a
# listing were most of a row's.
listing() {
	list_dev
	[ ${#LISTED[@]} -eq 0 ] || printf '%s\n' "${LISTED[@]}"
}

# listed: the listing on one line, "; " between entries (the rows' form)
listed() {
	local l
	list_dev
	local IFS=';'
	l="${LISTED[*]}"
	echo "${l//;/; }"
}

# list_dev: the listing's lines in the array LISTED
list_dev() {
	local -a rec=() keys=()
	local i lo hi mid line ty LC_ALL=C
	LISTED=()
	# each entry: path, type, mode, uid:gid, size, link target
	mapfile -d '' rec < <(cd "$T/dev" && exec find . -mindepth 1 ! -type d ! -path './.udev/*' \
		-printf '%P\0%y\0%m\0%U:%G\0%s\0%l\0')
	for ((i = 0; i + 5 < ${#rec[@]}; i += 6)); do
		ty=${rec[i + 1]} line=
		case $ty in
		l) line="l ${rec[i]} -> ${rec[i + 5]}" ;;
		f) [ "${rec[i + 4]}" = 0 ] || line="regular 0000 ${rec[i + 2]} ${rec[i]}" ;;
		p) ty=fifo ;;
		s) ty=socket ;;
		esac
		[ -n "$line" ] || printf -v line '%s %04d %s %s' "$ty" "${rec[i + 2]}" "${rec[i + 3]}" "${rec[i]}"
		# in the order of LC_ALL=C sort (bytes): binary insertion by path
		lo=0 hi=${#keys[@]}
		while [ "$lo" -lt "$hi" ]; do
			mid=$(((lo + hi) / 2))
			if [[ ${keys[mid]} < ${rec[i]} ]]; then lo=$((mid + 1)); else hi=$mid; fi
		done
		keys=("${keys[@]:0:lo}" "${rec[i]}" "${keys[@]:lo}")
		LISTED=("${LISTED[@]:0:lo}" "$line" "${LISTED[@]:lo}")
	done
}

# check_add LAYOUT DEVPATH SUBSYSTEM RULES EXPECTED: the table row helper.
# EXPECTED is the listing with "; " between lines ("" for an empty /dev).
check_add() {
	"$1"
	rules "$4"
	run ev add "$2" "$3"
	[ "$status" -eq 0 ] || { echo "udev exit $status: $output"; return 1; }
	local got
	got=$(listed)
	[ "$got" = "$5" ] || { echo "expected: $5"; echo "got:      $got"; echo "$output"; return 1; }
}

# check_logged LAYOUT DEVPATH SUBSYSTEM RULES STATUS TEXT EXPECTED: as
# check_add, for an event that exits STATUS with TEXT in its output.
check_logged() {
	"$1"
	rules "$4"
	run ev add "$2" "$3"
	[ "$status" -eq "$5" ] || { echo "udev exit $status, not $5: $output"; return 1; }
	[[ "$output" == *"$6"* ]] || { echo "no '$6' in: $output"; return 1; }
	[ "$(listed)" = "$7" ] || { echo "got: $(listing)"; return 1; }
}

# kernel_helper_ns HELPER: $T/inns runs its arguments in the mount namespace
# it is started in (unshare -m), where /proc/sys/kernel/hotplug, a tmpfs file
# there, says HELPER: the hotplug gate reads what the kernel would start
kernel_helper_ns() {
	printf '#!/bin/sh\nmount -t tmpfs none /proc/sys/kernel || exit 99\n' >"$T/inns"
	printf 'printf "%%s\\n" %q >/proc/sys/kernel/hotplug || exit 99\nexec "$@"\n' "$1" >>"$T/inns"
	chmod +x "$T/inns"
}

# pool_of_one WRAPPER...: udevd with one pool worker, udev started as
# WRAPPER... udev (a strace that traces it): its process is the child of the
# wrapper's, which is udevd's
pool_of_one() {
	{ printf '#!/bin/sh\nexec'; printf ' %q' "$@" "$BIN/udev"; printf ' "$@"\n'; } >"$T/wrapped-udev"
	chmod +x "$T/wrapped-udev"
	UDEV_BIN=$T/wrapped-udev start_udevd --workers=pool --max-childs=1 --idle-timeout=60s
}

# send VAR=value... SUBSYSTEM: udevsend (in the test's namespace, if any)
# with a kernel-sized environment plus the test's udev.conf, sysfs, UDEV_BIN
# and UDEVD_BIN (default: none, so that udevsend runs udev itself).
send() {
	local sub=${*: -1}
	$(udevd_in) env -i PATH="$PATH" UDEVD_SOCKET="$UDEVD_SOCKET" UDEVD_LOCK_DIR="$UDEVD_LOCK_DIR" \
		UDEVD_BIN="${UDEVD_BIN:-$T/no-udevd}" UDEV_BIN="${UDEV_BIN:-$BIN/udev}" \
		UDEV_CONFIG_FILE="$UDEV_CONFIG_FILE" SYSFS_PATH="$SYSFS_PATH" UDEV_NO_SLEEP=1 \
		SUBSYSTEM="$sub" "${@:1:$#-1}" "$BIN/udevsend" "$sub"
}
