/* Monotonic wall clock and process CPU time, both in integer nanoseconds. */
#ifndef BONNIE_CLOCK_H
#define BONNIE_CLOCK_H

#include <stdint.h>

/* Nanoseconds on CLOCK_MONOTONIC. Cheap (vDSO) on Linux: safe per operation. */
uint64_t clock_now_ns(void);

/* User + system CPU time of the whole process (all threads), in ns:
 * clock_gettime(CLOCK_PROCESS_CPUTIME_ID), or getrusage where that clock
 * is missing. */
uint64_t clock_cpu_ns(void);

#endif
