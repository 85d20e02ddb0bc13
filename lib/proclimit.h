/* Why a thread or process could not be started, in the words of the limit
 * line: "Resource temporarily unavailable; the process limit (RLIMIT_NPROC)
 * is 40: raise it with ulimit -u". */
#ifndef BONNIE_PROCLIMIT_H
#define BONNIE_PROCLIMIT_H

#include <stddef.h>

/* The reason for err (an errno value from fork or pthread_create). */
void proc_limit_why(int err, char *why, size_t len);

#endif
