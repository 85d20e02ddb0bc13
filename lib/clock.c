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

/* The CPU clock and the wall clock are kept by different means (the
 * scheduler's run time, the clocksource): on a phase of tens of
 * microseconds, with the process nested as the runner reads them, the CPU
 * reading still came out up to 11% over the wall time of one thread under
 * load (cpu.sh, twice in some hundred runs). No thread can run longer than
 * the time that passed, so the excess is the clocks' disagreement, not
 * CPU used: the bound is the physical one. */
uint64_t clock_cpu_bounded(uint64_t cpu_ns, uint64_t wall_ns, unsigned threads)
{
	if (threads == 0 || cpu_ns / threads <= wall_ns)
		return cpu_ns;
	return wall_ns * threads;
}
