/* Why a thread or process could not be started, in the words of the limit
 * line: "Resource temporarily unavailable; the process limit (RLIMIT_NPROC)
 * is 40: raise it with ulimit -u". */
#ifndef BONNIE_LIMIT_REASON_H
#define BONNIE_LIMIT_REASON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The reason for err (an errno value from fork). */
void proc_limit_why(int err, char *why, size_t len);

/* The same for pthread_create, whose new stack may also pass a memory
 * limit: "...; the address-space limit (RLIMIT_AS) is 12000 KiB: raise it
 * with ulimit -v". */
void thread_limit_why(int err, char *why, size_t len);

/* The processes and threads of this process's real user, when RLIMIT_NPROC
 * holds this process (finite; the kernel lets root and CAP_SYS_RESOURCE or
 * CAP_SYS_ADMIN past it), else -1. Taken before threads start, so that a
 * failure to start one is judged by how many were started, not by a count
 * made after some of them ended (a seek thread that did its share). */
long long proc_limit_tasks(void);

/* thread_limit_why for a thread that could not start after started others
 * since before (proc_limit_tasks()). */
void thread_limit_why_after(int err, long long before, unsigned started, char *why, size_t len);

/* The file size limit (RLIMIT_FSIZE) in bytes, UINT64_MAX when there is
 * none. bonnie ignores SIGXFSZ, so a write past it fails with EFBIG. */
uint64_t file_size_limit(void);

/* For EFBIG under a file size limit, the reason in the words of the limit
 * line: "File too large; the file size limit (RLIMIT_FSIZE) is 102400
 * bytes: raise it with ulimit -f". False, why untouched, for another
 * error or without a limit (a file system's own largest file). */
bool file_size_limit_why(int err, char *why, size_t len);

/* The least stack limit (RLIMIT_STACK) bonnie runs under, in KiB. The
 * main thread of a run of every phase (the threads engine at depth 32,
 * -c 2, the reports) needed between 72 and 76 KiB with an empty
 * environment on x86-64 glibc (docs in bonnie.1); the environment and
 * arguments sit on the same stack, and glibc gives each thread a stack of
 * the limit's size. 128 leaves room for both. */
#define STACK_LEAST_KIB 128

/* Under a finite stack limit below STACK_LEAST_KIB: true, and the line:
 * "the stack size limit (RLIMIT_STACK) is 80 KiB, under the 128 KiB bonnie
 * needs: raise it with ulimit -s". */
bool stack_limit_why(char *why, size_t len);

#endif
