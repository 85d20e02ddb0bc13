/* The reason of the limit line: EAGAIN from fork or pthread_create names
 * the limit that was hit, so that the user knows what to raise. */
#include "proclimit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

void proc_limit_why(int err, char *why, size_t len)
{
#ifdef RLIMIT_NPROC
	struct rlimit rl;

	if (err == EAGAIN && getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) {
		snprintf(why, len, "%s; the process limit (RLIMIT_NPROC) is %llu: raise it with ulimit -u",
		         strerror(err), (unsigned long long)rl.rlim_cur);
		return;
	}
#endif
	if (err == EAGAIN)
		snprintf(why, len, "%s; the system's process or thread limit is reached "
		         "(kernel.threads-max, kernel.pid_max, cgroup pids.max)", strerror(err));
	else
		snprintf(why, len, "%s", strerror(err));
}
