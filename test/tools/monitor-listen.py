#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# A listener of udev 100-117's RUN+="socket:NAME" (the udevmonitor and HAL
# of 2006-2008), written for the tests: binds the abstract datagram socket
# NAME, writes OUT.ready once bound, then for each datagram one line
# "datagram BYTES" and its NUL-separated strings, one a line, into OUT;
# ends after COUNT datagrams or SECS seconds without one.
# usage: monitor-listen.py NAME OUT COUNT SECS
import socket
import sys

name, out, count, secs = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind("\0" + name)
s.settimeout(secs)
open(out + ".ready", "w").close()
with open(out, "w") as f:
    for _ in range(count):
        try:
            data = s.recv(65536)
        except socket.timeout:
            break
        f.write("datagram %d\n" % len(data))
        # every string ends with a NUL: the last split part is empty
        parts = data.split(b"\0")
        if parts and parts[-1] == b"":
            parts.pop()
        else:
            f.write("unterminated\n")
        for p in parts:
            f.write(p.decode("utf-8", "backslashreplace") + "\n")
        f.flush()
