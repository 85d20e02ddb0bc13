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

/* cpu_ns, a CPU time read over wall_ns by threads threads, at most what
 * they can use (threads x wall_ns); threads 0: no bound. */
uint64_t clock_cpu_bounded(uint64_t cpu_ns, uint64_t wall_ns, unsigned threads);

#endif
