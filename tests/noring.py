#!/usr/bin/env python3
"""noring.py COMMAND...: runs COMMAND under a seccomp filter that fails
io_uring_setup(2) with EPERM, as many container runtimes' default policies
do, so a test can see what bonnie does where io_uring is refused. Linux
only (prctl, seccomp); the system call number, 425, is the same on every
architecture that has io_uring."""
import ctypes
import os
import struct
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
EPERM = 1
NR_IO_URING_SETUP = 425
BPF_LD_W_ABS = 0x20   # BPF_LD | BPF_W | BPF_ABS
BPF_JEQ_K = 0x15      # BPF_JMP | BPF_JEQ | BPF_K
BPF_RET_K = 0x06      # BPF_RET | BPF_K


def insn(code, jt, jf, k):
    return struct.pack("HBBI", code, jt, jf, k)


# load the system call number (seccomp_data.nr, offset 0); EPERM for
# io_uring_setup, every other call allowed
prog = b"".join([
    insn(BPF_LD_W_ABS, 0, 0, 0),
    insn(BPF_JEQ_K, 0, 1, NR_IO_URING_SETUP),
    insn(BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | EPERM),
    insn(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),
])


class SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_char_p)]


libc = ctypes.CDLL(None, use_errno=True)
fprog = SockFprog(len(prog) // 8, prog)
if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or \
        libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
    sys.stderr.write("noring.py: seccomp: %s\n" % os.strerror(ctypes.get_errno()))
    sys.exit(125)
os.execvp(sys.argv[1], sys.argv[1:])
