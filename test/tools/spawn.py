#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Starts N udevsend processes at once (as the kernel does in a storm), one
# device each (SEQNUM FIRST.., DEVPATH /devices/virtual/spawn/sI), then waits
# for all. Prints "rc=COUNT ..." and "max SECONDS". The environment (socket
# name, UDEV_BIN, ...) is passed on. Usage: spawn.py BIN N [FIRST]
import os, subprocess, sys, time
from collections import Counter

binary, n = sys.argv[1], int(sys.argv[2])
first = int(sys.argv[3]) if len(sys.argv) > 3 else 1
base = {k: v for k, v in os.environ.items()
        if k in ('PATH', 'UDEVD_SOCKET', 'UDEVD_LOCK_DIR', 'UDEV_BIN', 'UDEVD_BIN', 'FAKE_UDEV_LOG',
                 'UDEVSEND_ACK_TIMEOUT')}
procs = []
t0 = time.monotonic()
for i in range(first, first + n):
    env = dict(base, ACTION='add', SEQNUM=str(i), SUBSYSTEM='spawn',
               DEVPATH='/devices/virtual/spawn/s%d' % i)
    procs.append(subprocess.Popen([binary, 'spawn'], env=env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
codes = Counter()
for p in procs:
    codes[p.wait()] += 1
print(' '.join('rc%d=%d' % (k, v) for k, v in sorted(codes.items())))
print('max %.0f' % (time.monotonic() - t0))
