#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# fake-udev's worker mode (udevd --workers=pool runs `fake-udev --worker`):
# the same per-event behaviour and log lines as test/fake-udev, but in one
# long-lived process that speaks udevd's worker protocol (lib/msg.h) on fd 3:
# MSG_WORKER_HELLO first, then one MSG_EVENT record in, one MSG_ACK record
# out, EOF ends it. A crash or a
# hang happens in this process, as it would in a real udev worker.
#   start SEQNUM DEVPATH ACTION PID EPOCHTIME SUBSYSTEM
#   end   SEQNUM DEVPATH ACTION PID EPOCHTIME RC
# FAKE_UDEV_ENVDIR gets the event's environment as received (.env), this
# process's argv (.argv) and where its fds 0-2 point (.fds).
import os
import resource
import signal
import socket
import struct
import sys
import time

HDR = struct.Struct("<16sIIQIIiI")   # struct msg_hdr
MAGIC = b"udev-legacy/1"
MSG_EVENT, MSG_ACK, MSG_WORKER_HELLO = 1, 2, 13
WORKER_FD = 3


def log(env, fields):
    path = env.get("FAKE_UDEV_LOG", "/dev/null")
    with open(path, "a") as f:
        f.write(" ".join(str(x) for x in fields) + "\n")


def dump(env, block, name):
    d = env["FAKE_UDEV_ENVDIR"]
    with open(f"{d}/{name}.env", "wb") as f:
        f.write(block)
    with open(f"{d}/{name}.argv", "wb") as f:
        f.write(b"".join(a.encode() + b"\0" for a in sys.argv[1:]))
    with open(f"{d}/{name}.fds", "w") as f:
        for fd in (0, 1, 2):
            try:
                f.write(f"{fd} {os.readlink(f'/proc/self/fd/{fd}')}\n")
            except OSError:
                f.write(f"{fd} closed\n")


def handle(block):
    env = {}
    for kv in block.split(b"\0"):
        if b"=" in kv:
            k, v = kv.split(b"=", 1)
            env[k.decode()] = v.decode(errors="replace")
    seq = env.get("SEQNUM", "-")
    dev, act = env.get("DEVPATH", "-"), env.get("ACTION", "-")
    log(env, ["start", seq, dev, act, os.getpid(), f"{time.time():.6f}",
              env.get("SUBSYSTEM", "-")])
    if env.get("FAKE_UDEV_ENVDIR"):
        dump(env, block, seq if seq != "-" else os.getpid())
    if env.get("FAKE_UDEV_IGNORE_TERM") == "1":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if env.get("FAKE_UDEV_SLEEP"):
        time.sleep(float(env["FAKE_UDEV_SLEEP"]))
    if env.get("FAKE_UDEV_SPIN"):
        spin_end = time.time() + float(env["FAKE_UDEV_SPIN"])
        while time.time() < spin_end:
            pass
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if env.get("FAKE_UDEV_CRASH") == "1":
        os.kill(os.getpid(), signal.SIGSEGV)
    if env.get("FAKE_UDEV_STOP_PID"):
        try:
            os.kill(int(env["FAKE_UDEV_STOP_PID"]), signal.SIGSTOP)
        except OSError:
            pass
    rc = int(env.get("FAKE_UDEV_EXIT", "0"))
    log(env, ["end", seq, dev, act, os.getpid(), f"{time.time():.6f}", rc])
    return rc


def main():
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    sock = socket.socket(fileno=WORKER_FD)
    os.set_inheritable(WORKER_FD, False)
    sock.send(HDR.pack(MAGIC, MSG_WORKER_HELLO, 0, 0, 0, 0, 0, 0))
    while True:
        msg = sock.recv(HDR.size + 16384 + 1)
        if not msg:
            return 0
        magic, typ, flags, seq, envlen, _, _, _ = HDR.unpack_from(msg)
        if magic.rstrip(b"\0") != MAGIC or typ != MSG_EVENT:
            rc = 15
        else:
            rc = handle(msg[HDR.size:HDR.size + envlen])
        sock.send(HDR.pack(MAGIC, MSG_ACK, flags, seq, 0, 0, rc, 0))


if __name__ == "__main__":
    sys.exit(main())
