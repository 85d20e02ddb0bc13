/* Monotonic wall clock and process CPU time in nanoseconds. */
#include "clock.h"

#include <sys/resource.h>
#include <time.h>

uint64_t clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t timeval_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

/* The POSIX CPU-time clock counts in nanoseconds (Linux reads the
 * scheduler's exact runtime, including the running slice), where getrusage
 * rounds each of user and system time to microseconds: on a phase of tens
 * of microseconds that rounding alone moves %CP by several points. */
uint64_t clock_cpu_ns(void)
{
	struct rusage ru;
#if defined(CLOCK_PROCESS_CPUTIME_ID)
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == 0)
		return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return timeval_ns(ru.ru_utime) + timeval_ns(ru.ru_stime);
}
