#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""A minimal ZFS pool member image, from the on-disk format's description
(no zfs tool installs here): four 256 KiB vdev labels, 0 and 1 at the
start, 2 and 3 at the end rounded down to 256 KiB; each with the pool's
configuration as an XDR nvlist at 16 KiB and uberblocks in its ring at
128 KiB (1 KiB each).

mkzfs.py FILE SIZE_MIB NAME POOL_GUID GUID [options]
  --version N   the uberblocks' version (5000: feature flags)
  --ubs N       uberblocks in each label's ring (default 1)
  --labels L    which labels get uberblocks, e.g. 0123 (default) or 0
  --be          uberblocks in big-endian byte order
  --nested      a vdev_tree list with another guid before the top-level guid
  --name-in L=NAME  label L's pool name differs (which label is read)
"""
import argparse
import struct

LABEL = 256 * 1024


def xdr_str(s):
    b = s.encode()
    return struct.pack(">I", len(b)) + b + b"\0" * (-len(b) % 4)


def pair(name, typ, value):
    """One nvpair: encoded size, decoded size, name, type, count, value."""
    if typ == 8:
        data = struct.pack(">Q", value)
    elif typ == 9:
        data = xdr_str(value)
    else:  # 19: a nested nvlist, its pairs then the two-zero end
        data = struct.pack(">II", 0, 1) + value + struct.pack(">II", 0, 0)
    body = xdr_str(name) + struct.pack(">II", typ, 1) + data
    return struct.pack(">II", len(body) + 8, len(body) * 2) + body


def nvlist(a, name):
    pairs = pair("version", 8, 5000) + pair("name", 9, name) + pair("state", 8, 0)
    pairs += pair("txg", 8, 4) + pair("pool_guid", 8, a.pool_guid)
    if a.nested:
        pairs += pair("vdev_tree", 19, pair("type", 9, "disk") + pair("guid", 8, 12345))
    pairs += pair("top_guid", 8, a.guid) + pair("guid", 8, a.guid)
    # encoding 1 (XDR), big-endian host, then version 0 and flag 1 (unique names)
    return b"\1\0\0\0" + struct.pack(">II", 0, 1) + pairs + struct.pack(">II", 0, 0)


def uberblock(a, txg):
    fmt = ">QQQQQ" if a.be else "<QQQQQ"
    return struct.pack(fmt, 0x00BAB10C, a.version, txg, 0, 1700000000)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("file")
    p.add_argument("size", type=int)
    p.add_argument("name")
    p.add_argument("pool_guid", type=int)
    p.add_argument("guid", type=int)
    p.add_argument("--version", type=int, default=5000)
    p.add_argument("--ubs", type=int, default=1)
    p.add_argument("--labels", default="0123")
    p.add_argument("--be", action="store_true")
    p.add_argument("--nested", action="store_true")
    p.add_argument("--name-in", default="")
    a = p.parse_args()
    size = a.size << 20
    end = size & ~(LABEL - 1)
    places = [0, LABEL, end - 2 * LABEL, end - LABEL]
    other = dict(x.split("=", 1) for x in a.name_in.split(",") if x)
    with open(a.file, "wb") as f:
        f.truncate(size)
        for n, off in enumerate(places):
            f.seek(off + 16 * 1024)
            f.write(nvlist(a, other.get(str(n), a.name)))
            if str(n) not in a.labels:
                continue
            for i in range(a.ubs):
                f.seek(off + 128 * 1024 + i * 1024)
                f.write(uberblock(a, 4 + i))


main()
