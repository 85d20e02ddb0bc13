/* Why a thread or process could not be started, in the words of the limit
 * line: "Resource temporarily unavailable; the process limit (RLIMIT_NPROC)
 * is 40: raise it with ulimit -u". */
#ifndef BONNIE_PROCLIMIT_H
#define BONNIE_PROCLIMIT_H

#include <stddef.h>

/* The reason for err (an errno value from fork). */
void proc_limit_why(int err, char *why, size_t len);

/* The same for pthread_create, whose new stack may also pass a memory
 * limit: "...; the address-space limit (RLIMIT_AS) is 12000 KiB: raise it
 * with ulimit -v". */
void thread_limit_why(int err, char *why, size_t len);

#endif
