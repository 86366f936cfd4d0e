#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
# A real libudev client for the broadcast and database tests: Debian's
# python3-pyudev over the system's libudev1, nothing of ours. Subcommands:
#   monitor [SUBSYSTEM]  a monitor on the "udev" source (filtered in the
#            kernel by SUBSYSTEM when given) prints "ready", then per event
#            "EVENT action seqnum devpath subsystem node KIND initialized=0|1"
#            (KIND: c, b or - as the node, or what a link leads to, is at the
#            moment the event arrives), "LINK path KIND" per DEVLINKS entry and "  KEY=value"
#            per property, sorted; exits after CLIENT_TIMEOUT seconds (default
#            5) without an event
#   kernel MASK  a plain netlink socket on the uevent groups MASK prints
#            "ready", then per message "KERNEL header" and "  KEY=value" lines
#   device DEVPATH  pyudev.Devices.from_path: "initialized=0|1", "node ..."
#            and the properties as "  KEY=value", sorted
#   forge    sends a well-formed libudev message (add of /devices/forged,
#            SEQNUM 999) to group 2 and prints "sent" or the error's name
#   enumerate SUBSYSTEM  the devices of SUBSYSTEM libudev's enumeration
#            finds initialized (udev_enumerate_add_match_is_initialized), by
#            DEVPATH
import os
import socket
import stat
import sys

import pyudev

TIMEOUT = float(os.environ.get("CLIENT_TIMEOUT", "5"))


def kind(path):
    try:
        st = os.stat(path)
    except (OSError, TypeError):
        return "-"
    return "c" if stat.S_ISCHR(st.st_mode) else "b" if stat.S_ISBLK(st.st_mode) else "?"


def props(dev):
    for k in sorted(dev.properties):
        print("  %s=%s" % (k, dev.properties[k]))


def monitor(args):
    mon = pyudev.Monitor.from_netlink(pyudev.Context(), source="udev")
    if args:
        mon.filter_by(args[0])
    mon.start()
    print("ready", flush=True)
    for dev in iter(lambda: mon.poll(timeout=TIMEOUT), None):
        node = dev.device_node
        print("EVENT %s %d %s %s %s %s initialized=%d" % (
            dev.action, dev.sequence_number, dev.device_path, dev.subsystem, node,
            kind(node), dev.is_initialized))
        for link in dev.device_links:
            print("LINK %s %s" % (link, kind(link)))
        props(dev)
        sys.stdout.flush()


def kernel(args):
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_DGRAM, 15)   # NETLINK_KOBJECT_UEVENT
    s.bind((0, int(args[0], 0)))
    s.settimeout(TIMEOUT)
    print("ready", flush=True)
    try:
        while True:
            parts = s.recv(65536).split(b"\0")
            print("KERNEL " + parts[0].decode(errors="replace"))
            for p in sorted(parts[1:]):
                if p:
                    print("  " + p.decode(errors="replace"))
            sys.stdout.flush()
    except socket.timeout:
        pass


def device(args):
    dev = pyudev.Devices.from_path(pyudev.Context(), args[0])
    print("initialized=%d" % dev.is_initialized)
    print("node %s" % dev.device_node)
    props(dev)


def forge(args):
    import errno
    import struct
    props = b"ACTION=add\0DEVPATH=/devices/forged\0SUBSYSTEM=tty\0SEQNUM=999\0DEVNAME=/dev/forged\0"
    head = b"libudev\0" + struct.pack(">I", 0xfeedcafe) + struct.pack("=III", 40, 40, len(props))
    head += struct.pack("=IIII", 0, 0, 0, 0)
    s = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 15)
    try:
        s.sendto(head + props, (0, 2))
        print("sent")
    except OSError as e:
        print(errno.errorcode.get(e.errno, str(e.errno)))


def enumerate_(args):
    for dev in pyudev.Context().list_devices(subsystem=args[0]).match_is_initialized():
        print(dev.device_path)


{"monitor": monitor, "kernel": kernel, "device": device, "enumerate": enumerate_,
 "forge": forge}[sys.argv[1]](sys.argv[2:])
