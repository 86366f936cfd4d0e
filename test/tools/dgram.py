#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Raw datagram tool for the event-path tests: speaks (or mangles) the wire
# format of lib/msg.h. Subcommands:
#   send   [--magic M] [--type T] [--seqnum N] [--flags F] [--arg A] [--env K=V]...
#          [--extra N] [--no-nul] [--no-bind] [--nobody]  -> prints "ack SEQ RC ARG" or "noack"
#   squat  --ready FILE --count FILE [--types FILE] [--silent]   bind the
#          daemon's name as nobody, answer every message with forged acks rc 0
#          (--silent: never answer); --types gets "TYPE SEQNUM" per datagram
#   burst  --count N [--every MS]   send N events from one socket without
#          blocking (--every: MS milliseconds apart, the pace of a storm's
#          helpers); prints "queued K" (K accepted before the queue was full)
#   forge  --pid PID --seqnum N [--flags F]  find PID's autobound socket, drop
#          to nobody, send forged acks rc 0; prints "sent K" (K successful sends)
#   hold   --held N --seconds S --ready FILE   a udevd holding N events: takes one
#          event, answers each status probe "pending" with arg N, acks the event
#          rc 0 after S seconds; prints "probe T" (seconds after the event) for
#          each probe after the event. --lose-ack RC: the ack is never sent;
#          probes after S seconds are answered "done, rc RC" instead
#   misack --ready FILE [--offset N]   a root udevd that acks every event
#          with rc 0 for seqnum + N (default 1), never for the event's own,
#          and answers status questions "known, not held"
#   late   --count N [--seqnum S] [--wait SECS]   N events from one socket
#          (rc seqnum % 8 through FAKE_UDEV_EXIT), not a byte read until
#          FAKE_UDEV_LOG has N "end" lines (at most SECS), then every ack read
#          and counted; never a status question, so only udevd's kept acks
#          can reach it. Prints "acks K of N, wrong W"; exit 0 when all came
import argparse, fcntl, os, pwd, socket, struct, sys, time

HDR = struct.Struct('=16sIIQIIiI')
MAGIC = b'udev-legacy/1'
EVENT, ACK, CTL_QUEUE, CTL_STATUS = 1, 2, 8, 12
F_STATUS, F_PENDING, F_DONE = 0x2, 0x4, 0x8


def daemon_addr():
    return '\0' + os.environ.get('UDEVD_SOCKET', 'udevd')


def bind_as_udevd(s):
    """Bind the name and take its name lock, as root's udevd does
    (udevd(8)): udevsend and the clients then believe this stand-in."""
    s.bind(daemon_addr())
    name = os.environ.get('UDEVD_SOCKET', 'udevd')
    path = os.environ.get('UDEVD_LOCK_DIR', '/dev') + '/.' + name + '.lock'
    global LOCK
    LOCK = open(path, 'a')
    fcntl.lockf(LOCK, fcntl.LOCK_EX | fcntl.LOCK_NB)


def drop_to_nobody():
    pw = pwd.getpwnam('nobody')
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)


def pack(magic, mtype, flags, seqnum, env=b'', arg=0, rc=0):
    return HDR.pack(magic, mtype, flags, seqnum, len(env), arg, rc, 0) + env


def new_socket(bind=True):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    if bind:
        s.bind('')          # autobind
    return s


def cmd_send(a):
    if a.nobody:
        drop_to_nobody()
    env = b''.join(e.encode() + b'\0' for e in a.env)
    if a.no_nul:
        env = env.rstrip(b'\0')
    msg = pack(a.magic.encode(), a.type, a.flags, a.seqnum, env, a.arg)
    msg += b'x' * a.extra
    s = new_socket(bind=not a.no_bind)
    s.sendto(msg, daemon_addr())
    if a.no_bind:
        print('sent')
        return
    s.settimeout(a.timeout)
    try:
        data = s.recv(4096)
    except socket.timeout:
        print('noack')
        return
    _, _, flags, seq, _, arg, rc, _ = HDR.unpack(data[:HDR.size])
    if a.type == CTL_STATUS:        # the answer's flags say what it knows
        print('ack %d %d %d flags %d' % (seq, rc, arg, flags))
    else:
        print('ack %d %d %d' % (seq, rc, arg))


def cmd_squat(a):
    ready, counter = open(a.ready, 'w'), open(a.count, 'w')
    types = open(a.types, 'w') if a.types else None
    drop_to_nobody()
    s = new_socket(bind=False)
    s.bind(daemon_addr())
    ready.write('ready\n')
    ready.close()
    count = 0
    while True:
        data, addr = s.recvfrom(65536)
        count += 1
        counter.seek(0)
        counter.write('%d\n' % count)
        counter.flush()
        if len(data) < HDR.size or not addr:
            continue
        _, mtype, flags, seq, _, _, _, _ = HDR.unpack(data[:HDR.size])
        if types:
            types.write('%d %d\n' % (mtype, seq))
            types.flush()
        for _ in range(0 if a.silent else 5):
            try:            # the client may have gone at the first one
                s.sendto(pack(MAGIC, ACK, flags, seq), addr)
            except OSError:
                break


def cmd_burst(a):
    s = new_socket()
    queued = 0
    for i in range(a.count):
        env = ('ACTION=add\0DEVPATH=/devices/burst%d\0SUBSYSTEM=test\0SEQNUM=%d\0'
               % (i, a.seqnum + i)).encode()
        try:
            s.sendto(pack(MAGIC, EVENT, 1, a.seqnum + i, env), socket.MSG_DONTWAIT,
                     daemon_addr())
        except BlockingIOError:
            break
        queued += 1
        if a.every and i + 1 < a.count:
            time.sleep(a.every / 1000.0)
    print('queued %d' % queued)


def socket_inodes(pid):
    out = set()
    for fd in os.listdir('/proc/%d/fd' % pid):
        try:
            link = os.readlink('/proc/%d/fd/%s' % (pid, fd))
        except OSError:
            continue
        if link.startswith('socket:['):
            out.add(link[8:-1])
    return out


def autobound_addr(pid):
    inodes = socket_inodes(pid)
    for line in open('/proc/net/unix').read().splitlines()[1:]:
        f = line.split()
        if len(f) >= 8 and f[6] in inodes and f[7].startswith('@'):
            return '\0' + f[7][1:]
    return None


def cmd_forge(a):
    addr = autobound_addr(a.pid)
    if addr is None:
        print('noaddr')
        sys.exit(1)
    drop_to_nobody()
    s = new_socket()
    sent = 0
    for _ in range(10):
        try:
            s.sendto(pack(MAGIC, ACK, a.flags, a.seqnum), addr)
            sent += 1
        except OSError:
            pass
        time.sleep(0.05)
    print('sent %d' % sent)


def cmd_hold(a):
    s = new_socket(bind=False)
    bind_as_udevd(s)
    with open(a.ready, 'w') as f:
        f.write('ready\n')
    while True:             # the status question before the event: not held yet
        data, client = s.recvfrom(65536)
        _, mtype, eflags, eseq, _, _, _, _ = HDR.unpack(data[:HDR.size])
        if mtype == EVENT:
            break
        s.sendto(pack(MAGIC, ACK, eflags | F_STATUS, eseq), client)
    t0 = time.monotonic()
    while True:
        left = t0 + a.seconds - time.monotonic()
        if left <= 0:
            break
        s.settimeout(left)
        try:
            data, addr = s.recvfrom(65536)
        except socket.timeout:
            break
        _, mtype, flags, seq, _, _, _, _ = HDR.unpack(data[:HDR.size])
        if mtype == CTL_STATUS:
            print('probe %.1f' % (time.monotonic() - t0), flush=True)
            s.sendto(pack(MAGIC, ACK, flags | F_STATUS | F_PENDING, seq, arg=a.held), addr)
    if a.lose_ack is None:
        s.sendto(pack(MAGIC, ACK, eflags, eseq), client)
        return
    s.settimeout(None)
    while True:
        data, addr = s.recvfrom(65536)
        _, mtype, flags, seq, _, _, _, _ = HDR.unpack(data[:HDR.size])
        print('probe %.1f' % (time.monotonic() - t0), flush=True)
        s.sendto(pack(MAGIC, ACK, flags | F_STATUS | F_DONE, seq, rc=a.lose_ack), addr)


def cmd_misack(a):
    s = new_socket(bind=False)
    bind_as_udevd(s)
    with open(a.ready, 'w') as f:
        f.write('ready\n')
    while True:
        data, addr = s.recvfrom(65536)
        if len(data) < HDR.size or not addr:
            continue
        _, mtype, flags, seq, _, _, _, _ = HDR.unpack(data[:HDR.size])
        if mtype == CTL_STATUS:
            s.sendto(pack(MAGIC, ACK, flags | F_STATUS, seq), addr)
        elif mtype == EVENT:
            s.sendto(pack(MAGIC, ACK, flags, seq + a.offset), addr)


def ended(log):
    with open(log) as f:
        return sum(1 for line in f if line.startswith('end '))


def cmd_late(a):
    log = os.environ['FAKE_UDEV_LOG']
    s = new_socket()
    for seq in range(a.seqnum, a.seqnum + a.count):
        env = ('ACTION=add\0DEVPATH=/devices/late%d\0SUBSYSTEM=test\0SEQNUM=%d\0'
               'FAKE_UDEV_LOG=%s\0FAKE_UDEV_EXIT=%d\0' % (seq, seq, log, seq % 8)).encode()
        s.sendto(pack(MAGIC, EVENT, 1, seq, env), daemon_addr())
    t0 = time.monotonic()
    while ended(log) < a.count and time.monotonic() - t0 < a.wait:
        time.sleep(0.1)
    print('events ended: %d of %d' % (ended(log), a.count), flush=True)
    time.sleep(0.5)         # the last acks meet the full queue, too
    got = {}
    s.settimeout(3)         # kept acks are retried every 100 ms
    while len(got) < a.count:
        try:
            data = s.recv(4096)
        except socket.timeout:
            break
        _, mtype, flags, seq, _, _, rc, _ = HDR.unpack(data[:HDR.size])
        if mtype == ACK and not flags & F_STATUS:
            got[seq] = rc
    wrong = [seq for seq, rc in got.items() if rc != seq % 8]
    missing = sorted(set(range(a.seqnum, a.seqnum + a.count)) - set(got))
    print('acks %d of %d, wrong %d' % (len(got), a.count, len(wrong)))
    if missing:
        print('no ack for seqnum %s' % ' '.join(map(str, missing[:20])))
    sys.exit(0 if not missing and not wrong else 1)

def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest='cmd', required=True)
    s = sub.add_parser('send')
    s.add_argument('--magic', default=MAGIC.decode())
    s.add_argument('--type', type=int, default=EVENT)
    s.add_argument('--seqnum', type=int, default=0)
    s.add_argument('--flags', type=int, default=0)
    s.add_argument('--arg', type=int, default=0)
    s.add_argument('--env', action='append', default=[])
    s.add_argument('--extra', type=int, default=0)
    s.add_argument('--no-nul', action='store_true')
    s.add_argument('--no-bind', action='store_true')
    s.add_argument('--nobody', action='store_true')
    s.add_argument('--timeout', type=float, default=5.0)
    q = sub.add_parser('squat')
    q.add_argument('--ready', required=True)
    q.add_argument('--count', required=True)
    q.add_argument('--types')
    q.add_argument('--silent', action='store_true')
    b = sub.add_parser('burst')
    b.add_argument('--count', type=int, required=True)
    b.add_argument('--seqnum', type=int, default=1)
    b.add_argument('--every', type=float, default=0)
    f = sub.add_parser('forge')
    f.add_argument('--pid', type=int, required=True)
    f.add_argument('--seqnum', type=int, required=True)
    f.add_argument('--flags', type=int, default=1)
    h = sub.add_parser('hold')
    h.add_argument('--held', type=int, required=True)
    h.add_argument('--seconds', type=float, required=True)
    h.add_argument('--ready', required=True)
    h.add_argument('--lose-ack', type=int)
    m = sub.add_parser('misack')
    m.add_argument('--ready', required=True)
    m.add_argument('--offset', type=int, default=1)
    late = sub.add_parser('late')
    late.add_argument('--count', type=int, required=True)
    late.add_argument('--seqnum', type=int, default=1)
    late.add_argument('--wait', type=float, default=60)
    a = p.parse_args()
    {'send': cmd_send, 'squat': cmd_squat, 'forge': cmd_forge,
     'burst': cmd_burst, 'hold': cmd_hold, 'misack': cmd_misack,
     'late': cmd_late}[a.cmd](a)


if __name__ == '__main__':
    main()
