#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# The messages of lib/msg.h that a traced udevd received and sent, read from
# `strace -xx -s 48 -e trace=recvmsg,sendto` output (udevd-acks.bats): one
# line each, "recv|send TYPE FLAGS SEQNUM RESULT", RESULT "ok" or the errno
# name (EAGAIN: not sent; ECONNREFUSED: its receiver is gone). Lines that are
# no message of ours (netlink, a worker's socket) are left out.
# Usage: strace-msgs.py TRACE_FILE
import re, struct, sys

MAGIC = b'udev-legacy/1'
CALL = re.compile(r'^(?:\d+ +)?(recvmsg|sendto)\(')
STRING = re.compile(r'"((?:\\x[0-9a-f]{2})+)"')
RESULT = re.compile(r'= (-?\d+)(?: ([A-Z]+))?')

for line in open(sys.argv[1], errors='replace'):
    m = CALL.match(line)
    if not m:
        continue
    # the first string that is a message (recvmsg names its sender first)
    for hexes in STRING.findall(line):
        data = bytes(int(x, 16) for x in re.findall(r'\\x([0-9a-f]{2})', hexes))
        if len(data) >= 32 and data.startswith(MAGIC):
            break
    else:
        continue
    mtype, flags, seqnum = struct.unpack_from('<IIQ', data, 16)
    r = RESULT.search(line[line.rindex(' = '):])
    res = 'ok' if r and int(r.group(1)) >= 0 else (r.group(2) if r and r.group(2) else '?')
    print('%s %d %d %d %s' % ('recv' if m.group(1) == 'recvmsg' else 'send', mtype, flags,
                              seqnum, res))
