# SPDX-License-Identifier: GPL-2.0-only
# The firmware scenario of the qemu proof, sourced by /init (kproof=firmware):
# the kernel's test_firmware requests a file through the sysfs fallback (forced),
# the suite's rules run /lib/udev/firmware, and the driver must receive the file's
# bytes; a missing file must fail at once, not after the kernel's timeout. Once
# through /sbin/hotplug (udevsend -> udevd -> udev -> RUN), once through udevd
# --netlink, and a request pending from before udevd by udevtrigger. The file
# lives where only the suite looks (run.sh puts it there).

FW_DIR=/usr/lib/hotplug/firmware
FW_NAME=kproof/test-fw.bin
FW_TRIGGER=/sys/devices/virtual/misc/test_firmware/trigger_request

# hundredths of a second since boot
fw_now() { tr -d . </proc/uptime | cut -d' ' -f1; }

# fw_request NAME: asks test_firmware for NAME; prints "rc=R cs=HUNDREDTHS"
fw_request() {
	t0=$(fw_now)
	printf '%s' "$1" >$FW_TRIGGER 2>/dev/null
	r=$?
	echo "rc=$r cs=$(($(fw_now) - t0))"
}

# fw_checks MODE: a file that exists, then one that does not
fw_checks() {
	m=$1
	out=$(fw_request $FW_NAME)
	cat $K/test_firmware >$K/received 2>/dev/null
	case $out in rc=0\ *) cmp -s $K/received $FW_DIR/$FW_NAME ;; *) false ;; esac
	pass_if "$m-found" $? "$out bytes received=$(wc -c <$K/received)" \
		"file=$(wc -c <$FW_DIR/$FW_NAME)"
	out=$(fw_request kproof/missing-$m.bin)
	cs=${out#*cs=}
	case $out in rc=0\ *) false ;; *) [ "$cs" -lt 1000 ] ;; esac
	pass_if "$m-missing-fails-at-once" $? "$out (the timeout is" \
		"$(cat /sys/class/firmware/timeout) s)"
	sleep 1   # syslogd writes what is still in /dev/log
	grep -q "no readable firmware 'kproof/missing-$m.bin'" $K/messages
	pass_if "$m-missing-logged" $? "$(grep -o "firmware.*missing-$m.bin.*" $K/messages | head -n 1)"
}

scenario_firmware() {
	syslogd -O $K/messages -l 7
	# the loader logs each file it loads at info level
	sed -i 's/^udev_log=.*/udev_log="info"/' /etc/udev/udev.conf
	echo 1 >/proc/sys/kernel/firmware_config/force_sysfs_fallback
	[ -e $FW_TRIGGER ] && [ "$(cat /proc/sys/kernel/firmware_config/force_sysfs_fallback)" = 1 ]
	pass_if fallback-forced $? "test_firmware: $(ls -d /sys/devices/virtual/misc/test_firmware 2>&1)"
	mknod $K/test_firmware c $(tr : ' ' </sys/devices/virtual/misc/test_firmware/dev)

	echo /sbin/hotplug >/proc/sys/kernel/hotplug
	udevd --daemon
	fw_checks hotplug
	grep -q "loaded $FW_DIR/$FW_NAME into /devices/virtual/misc/test_firmware" $K/messages
	pass_if hotplug-loaded-by-the-suite $? "$(grep -o 'firmware.*loaded .*' $K/messages | head -n 1)"
	kill "$(pidof udevd)"
	usleep 500000
	! pidof udevd >/dev/null
	pass_if udevd-stopped $? "$(pidof udevd)"

	echo >/proc/sys/kernel/hotplug
	udevd --daemon --netlink
	n0=$(grep -c "loaded $FW_DIR/$FW_NAME" $K/messages)
	fw_checks netlink
	[ "$(grep -c "loaded $FW_DIR/$FW_NAME" $K/messages)" -gt "$n0" ]
	pass_if netlink-loaded-by-the-suite $? "loads logged: $n0 before, $(grep -c "loaded $FW_DIR/$FW_NAME" $K/messages) after"
	fw_trigger
	dmesg | grep -E 'test_firmware|firmware' | head -n 12 | sed 's/^/KMSG /'
}

# A request made while nothing listened (its event lost): udevtrigger replays
# the pending firmware device's add, and the waiting driver gets its file.
fw_trigger() {
	kill "$(pidof udevd)"
	usleep 500000
	fw_request $FW_NAME >$K/trigger.out &
	req=$!
	i=0
	while [ ! -e /sys/class/firmware/test_firmware/loading ] && [ $i -lt 100 ]; do
		usleep 100000
		i=$((i + 1))
	done
	udevd --daemon --netlink
	udevtrigger --subsystem-match=firmware --settle
	wait $req
	cat $K/test_firmware >$K/received 2>/dev/null
	grep -q '^rc=0 ' $K/trigger.out && cmp -s $K/received $FW_DIR/$FW_NAME
	pass_if udevtrigger-answers-pending $? "$(cat $K/trigger.out)" \
		"bytes received=$(wc -c <$K/received)"
}
