#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# udev-via-worker.py UDEV_BIN [SUBSYSTEM]: runs one event through
# `UDEV_BIN --worker` the way udevd's pool does, for the udev test suite's
# worker pass (UDEV_VIA_WORKER=1 in test/udev-lib.bash). The event is this
# process's environment (SUBSYSTEM set from the argument, as udevsend does).
# The worker starts with a different, misleading environment and first
# handles a warm-up event with variables of its own, so that anything one
# event leaves behind (environment, sysfs root, config) shows in the next.
# Exits with udev's code for the event, or 128+signal if the worker died.
import os
import socket
import struct
import subprocess
import sys
import tempfile

HDR = struct.Struct("<16sIIQIIiI")   # struct msg_hdr (lib/msg.h)
MAGIC = b"udev-legacy/1"
MSG_EVENT, MSG_ACK, MSG_F_SEQNUM, MSG_WORKER_HELLO = 1, 2, 1, 13


def block(env):
    return b"".join(f"{k}={v}".encode() + b"\0" for k, v in env.items())


def run_event(sock, seq, env):
    data = block(env)
    sock.send(HDR.pack(MAGIC, MSG_EVENT, MSG_F_SEQNUM, seq, len(data), 0, 0, 0) + data)
    reply = sock.recv(HDR.size)
    if len(reply) != HDR.size:
        return None
    magic, typ, _, rseq, _, _, rc, _ = HDR.unpack(reply)
    assert magic.rstrip(b"\0") == MAGIC and typ == MSG_ACK and rseq == seq
    return rc


def warmup_env(tmp):
    conf = os.path.join(tmp, "udev.conf")
    with open(conf, "w") as f:
        for key in ("root", "db", "rules", "permissions", "devd"):
            f.write(f'udev_{key}="{tmp}/{key}"\n')
    return {"ACTION": "remove", "DEVPATH": "/devices/virtual/warmup/w0",
            "SUBSYSTEM": "warmup", "SEQNUM": "1", "UDEV_CONFIG_FILE": conf,
            "SYSFS_PATH": tmp, "UDEV_LOG": "err", "LEAK_FROM_WARMUP": "1"}


def on_fd3(fd):
    if fd != 3:
        os.dup2(fd, 3)
    os.set_inheritable(3, True)


def main():
    env = dict(os.environ)
    # as udevsend: the environment's SUBSYSTEM, else the argument
    if len(sys.argv) > 2 and not env.get("SUBSYSTEM"):
        env["SUBSYSTEM"] = sys.argv[2]
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    start_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                 "SYSFS_PATH": "/nonexistent-worker-start",
                 "UDEV_CONFIG_FILE": "/nonexistent-worker-start",
                 "LEAK_FROM_START": "1"}
    with tempfile.TemporaryDirectory() as tmp:
        worker = subprocess.Popen([sys.argv[1], "--worker"], env=start_env,
                                  close_fds=False,
                                  preexec_fn=lambda: on_fd3(theirs.fileno()))
        theirs.close()
        hello = ours.recv(HDR.size)
        assert len(hello) == HDR.size and HDR.unpack(hello)[1] == MSG_WORKER_HELLO
        rc = run_event(ours, 1, warmup_env(tmp))
        if rc is not None:
            rc = run_event(ours, 2, env)
        ours.close()
        st = worker.wait()
    if rc is None:
        return 128 - st if st < 0 else 70
    return rc


if __name__ == "__main__":
    sys.exit(main())
