#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Helpers that read their ack late (issue: acks dropped in a storm): starts N
# udevsend processes at once (SEQNUM FIRST.., one device each, exit code
# FAKE_UDEV_EXIT = SEQNUM % 8), each stopped (SIGSTOP) by its own fake-udev run
# once it has sent (FAKE_UDEV_STOP_PID), so that its ack waits unread while
# udevd finishes every event. Once FAKE_UDEV_LOG has N "end" lines, all are
# continued; each must then exit with its event's code within LATE seconds.
# Prints "ok=K wrong=W late=L unfinished=U", when the last one exited, and a
# line per bad helper; exit 0 when all N are ok. The helpers' environment is
# the event's plus the variables below (ASAN_OPTIONS: a test under the
# sanitizers may spare 400 helpers' leak scans at exit, which run at once on
# the machine's few CPUs). Usage: slow-readers.py BIN N FIRST LATE
import os, signal, sys, time

binary, n, first, late = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
base = {k: v for k, v in os.environ.items()
        if k in ('PATH', 'UDEVD_SOCKET', 'UDEVD_LOCK_DIR', 'UDEV_BIN', 'UDEVD_BIN', 'FAKE_UDEV_LOG',
                 'UDEVSEND_ACK_TIMEOUT', 'UDEVD_WORKERS', 'ASAN_OPTIONS')}
log = os.environ['FAKE_UDEV_LOG']


def spawn(seq):
    pid = os.fork()
    if pid == 0:
        env = dict(base, ACTION='add', SEQNUM=str(seq), SUBSYSTEM='slow',
                   DEVPATH='/devices/virtual/slow/s%d' % seq,
                   FAKE_UDEV_EXIT=str(seq % 8), FAKE_UDEV_STOP_PID=str(os.getpid()))
        fd = os.open('/dev/null', os.O_RDWR)
        for i in (0, 1, 2):
            os.dup2(fd, i)
        try:
            os.execve(binary, [binary, 'slow'], env)
        finally:
            os._exit(127)
    return pid


def ended():
    with open(log) as f:
        return sum(1 for line in f if line.startswith('end '))


pids = {spawn(first + i): first + i for i in range(n)}
t0 = time.monotonic()
while ended() < n and time.monotonic() - t0 < 600:
    time.sleep(0.2)
print('events ended: %d of %d after %.1f s' % (ended(), n, time.monotonic() - t0))
time.sleep(1)           # the last acks reach the (stopped) helpers' sockets
t_cont = time.monotonic()
for pid in pids:
    os.kill(pid, signal.SIGCONT)
ok = wrong = slow = 0
last = 0.0
bad = []
left = dict(pids)
while left and time.monotonic() - t_cont < late + 30:
    pid, st = os.waitpid(-1, os.WNOHANG)
    if pid == 0:
        time.sleep(0.05)
        continue
    seq = left.pop(pid)
    rc = os.WEXITSTATUS(st) if os.WIFEXITED(st) else 128 + os.WTERMSIG(st)
    dt = time.monotonic() - t_cont
    last = max(last, dt)
    if rc != seq % 8:
        wrong += 1
        bad.append('seqnum %d: rc %d (want %d) after %.1f s' % (seq, rc, seq % 8, dt))
    elif dt > late:
        slow += 1
        bad.append('seqnum %d: rc %d after %.1f s' % (seq, rc, dt))
    else:
        ok += 1
for pid in left:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
print('ok=%d wrong=%d late=%d unfinished=%d' % (ok, wrong, slow, len(left)))
print('the last exited %.1f s after SIGCONT' % last)
for line in bad[:20]:
    print(line)
sys.exit(0 if ok == n else 1)
