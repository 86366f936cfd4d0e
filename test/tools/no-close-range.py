#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
# no-close-range.py PROGRAM [ARG...]: runs PROGRAM with close_range(2)
# failing ENOSYS, as on a kernel before 5.9, by a seccomp filter that the
# program and its children inherit; every other system call is left alone.
# For the tests of the fallback paths (test/udev-worker-fds.bats).
import ctypes
import os
import struct
import sys

PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
ENOSYS = 38
NR_CLOSE_RANGE = 436          # the same on every architecture but alpha
BPF_LD_W_ABS, BPF_JEQ_K, BPF_RET_K = 0x20, 0x15, 0x06


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def insn(code, jt, jf, k):
    return struct.pack("HBBI", code, jt, jf, k)


def main():
    prog = (insn(BPF_LD_W_ABS, 0, 0, 0) +                # seccomp_data.nr
            insn(BPF_JEQ_K, 0, 1, NR_CLOSE_RANGE) +
            insn(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | ENOSYS) +
            insn(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW))
    buf = ctypes.create_string_buffer(prog, len(prog))
    fprog = SockFprog(len(prog) // 8, ctypes.cast(buf, ctypes.c_void_p))
    libc = ctypes.CDLL(None, use_errno=True)
    ul = ctypes.c_ulong
    if libc.prctl(PR_SET_NO_NEW_PRIVS, ul(1), ul(0), ul(0), ul(0)) != 0 or \
       libc.prctl(PR_SET_SECCOMP, ul(SECCOMP_MODE_FILTER), ctypes.byref(fprog), ul(0), ul(0)) != 0:
        err = ctypes.get_errno()
        sys.exit(f"no-close-range: cannot install the filter: {os.strerror(err)}")
    os.execvp(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
