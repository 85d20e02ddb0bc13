/* seccomp_exec SYSCALL ERRNO COMMAND...: runs COMMAND under a seccomp
 * filter that fails one system call (io_uring_setup or io_uring_enter)
 * with ERRNO (a number, or EPERM, EIO, ENOSYS), every other call allowed,
 * so a test can see what bonnie does when the kernel refuses it. Where
 * the filter cannot be installed it says why and exits 125: a test that
 * needs it then fails, it is never quietly skipped. Linux only. Built
 * without sanitizer flags, as the shims (Makefile). */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

static long syscall_nr(const char *name)
{
#if defined(__NR_io_uring_setup) && defined(__NR_io_uring_enter)
	if (strcmp(name, "io_uring_setup") == 0)
		return __NR_io_uring_setup;
	if (strcmp(name, "io_uring_enter") == 0)
		return __NR_io_uring_enter;
#endif
	(void)name;
	return -1;
}

static int errno_of(const char *s)
{
	char *end;
	long v;

	if (strcmp(s, "EPERM") == 0)
		return EPERM;
	if (strcmp(s, "EIO") == 0)
		return EIO;
	if (strcmp(s, "ENOSYS") == 0)
		return ENOSYS;
	v = strtol(s, &end, 10);
	return *s != '\0' && *end == '\0' && v > 0 && v <= SECCOMP_RET_DATA ? (int)v : -1;
}

int main(int argc, char **argv)
{
	long nr;
	int err;

	if (argc < 4) {
		fprintf(stderr, "usage: seccomp_exec io_uring_setup|io_uring_enter ERRNO COMMAND...\n");
		return 125;
	}
	nr = syscall_nr(argv[1]);
	err = errno_of(argv[2]);
	if (nr < 0 || err < 0) {
		fprintf(stderr, "seccomp_exec: unknown system call '%s' or errno '%s'\n", argv[1], argv[2]);
		return 125;
	}
	/* load the system call number; ERRNO for the one named, all else allowed
	 * (a filter for this architecture's numbers only: the test's own) */
	struct sock_filter prog[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (unsigned)err),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog fprog = {(unsigned short)(sizeof prog / sizeof prog[0]), prog};

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fprog) != 0) {
		fprintf(stderr, "seccomp_exec: seccomp: %s\n", strerror(errno));
		return 125;
	}
	execvp(argv[3], argv + 3);
	fprintf(stderr, "seccomp_exec: %s: %s\n", argv[3], strerror(errno));
	return 125;
}
