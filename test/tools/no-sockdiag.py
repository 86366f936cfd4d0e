#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# Runs a program where the kernel answers no sock_diag question, as kernels
# before 5.3 or without CONFIG_UNIX_DIAG do: a seccomp filter makes
# socket(AF_NETLINK, ...) fail with EAFNOSUPPORT (x86_64 only), then execs.
#   no-sockdiag.py PROGRAM [ARG...]
import ctypes
import os
import platform
import struct
import sys

if platform.machine() != 'x86_64':
    sys.exit(77)
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl.argtypes = [ctypes.c_int] + [ctypes.c_ulong] * 4
PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
RET_ALLOW, RET_ERRNO = 0x7fff0000, 0x00050000
NR_SOCKET, AF_NETLINK, EAFNOSUPPORT = 41, 16, 97


def ins(code, k, jt=0, jf=0):
    return struct.pack('HBBI', code, jt, jf, k)


prog = b''.join([
    ins(0x20, 0),                         # ld nr
    ins(0x15, NR_SOCKET, 0, 3),           # jeq socket ? next : allow
    ins(0x20, 16),                        # ld args[0] (low half)
    ins(0x15, AF_NETLINK, 0, 1),          # jeq AF_NETLINK ? next : allow
    ins(0x06, RET_ERRNO | EAFNOSUPPORT),  # ret errno
    ins(0x06, RET_ALLOW),                 # ret allow
])
buf = ctypes.create_string_buffer(prog)
fprog = struct.pack('HxxxxxxQ', len(prog) // 8, ctypes.addressof(buf))
fbuf = ctypes.create_string_buffer(fprog)
if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
        libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fbuf), 0, 0) != 0:
    sys.exit('seccomp: %s' % os.strerror(ctypes.get_errno()))
os.execvp(sys.argv[1], sys.argv[1:])
