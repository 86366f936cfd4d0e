#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Hostile sender for the hardening tests: datagrams of every wrong shape, and
# floods of garbage. Subcommands:
#   shapes [--nobody]          send each malformed shape from one bound socket
#                              and print "NAME RC" (RC = ack rc, or "noack")
#   flood --count N [--nobody] [--unbound] [--seconds S] [--rotate R]
#                              N garbage datagrams (or, with --seconds, as
#                              many as S seconds take) as fast as the socket
#                              takes them, acks never read; --rotate: a new
#                              socket every R datagrams, the last 256 kept
#                              open and never read; prints "sent S dropped D"
#   hoard --sockets S --per K  S autobound sockets, K garbage datagrams from
#                              each, the refusals never read; prints
#                              "sent N", then holds them open
#                              until killed (run it as nobody: setpriv)
#   squat [--answer]           binds the daemon's name (run it as nobody:
#                              setpriv), prints "ready", then "got TYPE SEQNUM"
#                              per datagram; --answer: forged acks rc 0
import argparse, os, pwd, random, socket, struct, time

HDR = struct.Struct('=16sIIQIIiI')
MAGIC = b'udev-legacy/1'
ENV_MAX = 16384


def daemon_addr():
    return '\0' + os.environ.get('UDEVD_SOCKET', 'udevd')


def drop_to_nobody():
    pw = pwd.getpwnam('nobody')
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)


def hdr(mtype=1, seq=0, envlen=0, flags=0, arg=0, rc=0, res=0, magic=MAGIC):
    return HDR.pack(magic, mtype, flags, seq, envlen, arg, rc, res)


def env(*kv):
    return b''.join(k.encode() + b'\0' for k in kv)


BASE = ('ACTION=add', 'DEVPATH=/devices/hostile', 'SUBSYSTEM=test')


def event(seq, extra=(), **kw):
    e = env(*(BASE + tuple(extra)))
    return hdr(1, seq, len(e), **kw) + e


def shapes():
    many = ['V%d=x' % i for i in range(10000)]
    huge = 'HUGE=' + 'h' * 200000
    e = env(*BASE)
    rel = env('ACTION=add', 'DEVPATH=devices/x', 'SUBSYSTEM=test')
    return [
        ('empty', b''),
        ('one-byte', b'u'),
        ('short-header', hdr(1, 101)[:HDR.size - 1]),
        ('truncated-header', hdr(1, 102)[:24]),
        ('wrong-magic', event(103, magic=b'udev-evil/1')),
        ('wrong-version', event(104, magic=b'udev-legacy/2')),
        ('magic-unterminated', event(105, magic=b'udev-legacy/1XYZ')),
        ('no-nul', hdr(1, 106, len(e) - 1) + e[:-1]),
        ('envlen-too-big', hdr(1, 107, len(e) + 10) + e),
        ('envlen-too-small', hdr(1, 108, 4) + e),
        ('envlen-huge', hdr(1, 109, 0xffffffff) + e),
        ('ten-thousand-vars', event(110, many)),
        ('huge-value', event(111, [huge])),
        ('oversized-datagram', event(112) + b'\0' * 150000),
        ('type-zero', hdr(0, 113)),
        ('type-99', hdr(99, 114)),
        ('type-max', hdr(0xffffffff, 115)),
        ('reserved-set', hdr(3, 116, res=1)),
        ('control-with-env', hdr(3, 117, len(e)) + e),
        ('ack-to-udevd', hdr(2, 118)),
        ('empty-entry', hdr(1, 119, len(e) + 1) + b'\0' + e),
        ('no-equals', hdr(1, 120, 7) + b'NOEQUAL\0'[:7]),
        ('key-empty', hdr(1, 121, len(e) + 3) + b'=x\0' + e),
        ('no-devpath', hdr(1, 122, 29) + env('ACTION=add', 'SUBSYSTEM=test')[:29]),
        ('relative-devpath', hdr(1, 123, len(rel)) + rel),
        ('seqnum-flag-no-env', event(124, flags=1)),
        ('seqnum-garbage', event(125, ['SEQNUM=12abc'], flags=1)),
        ('max-childs-zero', hdr(6, 126, arg=0)),
        ('log-priority-99', hdr(5, 127, arg=99)),
    ]


def cmd_shapes(a):
    if a.nobody:
        drop_to_nobody()
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
    s.bind('')
    s.settimeout(a.timeout)
    for name, data in shapes():
        try:
            s.sendto(data, daemon_addr())
        except OSError as e:
            print('%s send-failed:%s' % (name, e.errno))
            continue
        try:
            reply = s.recv(4096)
            rc = HDR.unpack(reply[:HDR.size])[6] if len(reply) >= HDR.size else 'short'
        except socket.timeout:
            rc = 'noack'
        print('%s %s' % (name, rc))


def garbage(rng, i):
    kind = i % 6
    if kind == 0:
        return rng.randbytes(rng.randrange(0, 200))
    if kind == 1:
        return hdr(rng.randrange(0, 12), i, rng.randrange(0, 1 << 32))
    if kind == 2:
        return event(i, magic=b'udev-legacy/9')
    if kind == 3:
        e = env(*BASE)
        return hdr(1, i, len(e)) + e[:-1] + b'X'
    if kind == 4:
        return hdr(2, i)
    return hdr(1, i, 8) + b'GARBAGE='


keep = []      # flood --rotate: the last sockets stay open, never read


def cmd_flood(a):
    if a.nobody:
        drop_to_nobody()
    rng = random.Random(a.seed)
    s = None
    sent = dropped = 0
    addr = daemon_addr()
    end = time.monotonic() + a.seconds if a.seconds else None
    i = 0
    while (i < a.count) if end is None else (time.monotonic() < end):
        if s is None or (a.rotate and i % a.rotate == 0):
            # a new address now and then: refusals to many, read by none
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            if not a.unbound:
                s.bind('')
            s.setblocking(False)
            if a.rotate:
                keep.append(s)
                del keep[:-256]
        data = garbage(rng, i)
        i += 1
        for _ in range(200):
            try:
                s.sendto(data, addr)
                sent += 1
                break
            except BlockingIOError:
                time.sleep(0.001)
        else:
            dropped += 1
    print('sent %d dropped %d' % (sent, dropped))


def cmd_hoard(a):
    rng = random.Random(a.seed)
    socks, sent = [], 0
    for i in range(a.sockets):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        s.bind('')
        s.setblocking(False)
        socks.append(s)
        for j in range(a.per):
            try:
                s.sendto(garbage(rng, i * a.per + j), daemon_addr())
                sent += 1
            except OSError:
                pass
    print('sent %d' % sent, flush=True)
    while True:
        time.sleep(3600)


def cmd_squat(a):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(daemon_addr())
    print('ready', flush=True)
    while True:
        data, addr = s.recvfrom(65536)
        if len(data) < HDR.size:
            continue
        _, mtype, flags, seq, _, _, _, _ = HDR.unpack(data[:HDR.size])
        print('got %d %d' % (mtype, seq), flush=True)
        if a.answer and addr:
            try:
                s.sendto(hdr(2, seq, flags=flags), addr)
            except OSError:
                pass        # the client went at once: it believed none


def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest='cmd', required=True)
    s = sub.add_parser('shapes')
    s.add_argument('--nobody', action='store_true')
    s.add_argument('--timeout', type=float, default=5.0)
    f = sub.add_parser('flood')
    f.add_argument('--count', type=int, required=True)
    f.add_argument('--nobody', action='store_true')
    f.add_argument('--unbound', action='store_true')
    f.add_argument('--seed', type=int, default=1)
    f.add_argument('--seconds', type=float, default=0,
                   help='flood this long (then --count is ignored)')
    f.add_argument('--rotate', type=int, default=0,
                   help='a new socket every N datagrams (the last 256 kept open)')
    h = sub.add_parser('hoard')
    h.add_argument('--sockets', type=int, required=True)
    h.add_argument('--per', type=int, required=True)
    h.add_argument('--seed', type=int, default=1)
    q = sub.add_parser('squat')
    q.add_argument('--answer', action='store_true')
    a = p.parse_args()
    {'shapes': cmd_shapes, 'flood': cmd_flood, 'hoard': cmd_hoard,
     'squat': cmd_squat}[a.cmd](a)


if __name__ == '__main__':
    main()
