/* The reason of the limit line: EAGAIN from fork or pthread_create, or
 * EFBIG from a write, names the limit that was hit, so that the user
 * knows what to raise. */
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

uint64_t file_size_limit(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_FSIZE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return UINT64_MAX;
	return (uint64_t)rl.rlim_cur;
}

bool file_size_limit_why(int err, char *why, size_t len)
{
	uint64_t limit = file_size_limit();

	if (err != EFBIG || limit == UINT64_MAX)
		return false;
	snprintf(why, len, "%s; the file size limit (RLIMIT_FSIZE) is %llu bytes: raise it with ulimit -f",
	         strerror(err), (unsigned long long)limit);
	return true;
}
