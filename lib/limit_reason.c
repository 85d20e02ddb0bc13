/* The reason of the limit line: EAGAIN from fork or pthread_create, or
 * EFBIG from a write, names the limit that was hit, so that the user knows
 * what to raise. A thread also needs memory for its stack: under a finite
 * RLIMIT_AS or RLIMIT_DATA that it would pass, the memory limit is named,
 * not RLIMIT_NPROC, which is named only when the user's processes and
 * threads reach it. */
#include "limit_reason.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* The numbers after key and key2 in a /proc status file ("VmSize:" in
 * KiB, "Uid:" the real user); -1 when unknown. */
static long long status_field(const char *path, const char *key, long long *second, const char *key2)
{
	char line[256];
	long long v = -1;
	FILE *f = fopen(path, "r");

	if (second)
		*second = -1;
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		if (strncmp(line, key, strlen(key)) == 0)
			v = strtoll(line + strlen(key), NULL, 10);
		else if (second && strncmp(line, key2, strlen(key2)) == 0)
			*second = strtoll(line + strlen(key2), NULL, 10);
	}
	fclose(f);
	return v;
}

/* The stack (and guard) a new thread maps, in KiB. */
static long long stack_kib(void)
{
	pthread_attr_t a;
	size_t stack = 0, guard = 0;

	if (pthread_attr_init(&a) != 0)
		return 0;
	(void)pthread_attr_getstacksize(&a, &stack);
	(void)pthread_attr_getguardsize(&a, &guard);
	pthread_attr_destroy(&a);
	return (long long)((stack + guard) / 1024);
}

/* The finite soft limit res in KiB, or -1. */
static long long limit_kib(int res)
{
	struct rlimit rl;

	if (getrlimit(res, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return -1;
	return (long long)(rl.rlim_cur / 1024);
}

struct mem_limit {
	const char *name, *res, *flag; /* "address-space", "AS", "-v" */
	long long kib;   /* the limit; -1: none */
	bool passed;     /* the thread's stack would pass it */
	bool unknown;    /* what is in use could not be read */
};

/* The memory limit a new thread's stack would pass, if one is finite. */
static struct mem_limit memory_limit(void)
{
	long long data, size = status_field("/proc/self/status", "VmSize:", &data, "VmData:");
	long long as = limit_kib(RLIMIT_AS), need = stack_kib();
	struct mem_limit m = {"address-space", "AS", "-v", as, false, false};
#ifdef RLIMIT_DATA
	long long dl = limit_kib(RLIMIT_DATA);

	if (dl >= 0 && (as < 0 || (data >= 0 && data + need > dl))) {
		m = (struct mem_limit){"data", "DATA", "-d", dl, false, false};
		size = data;
	}
#endif
	m.unknown = size < 0;
	m.passed = m.kib >= 0 && size >= 0 && size + need > m.kib;
	return m;
}

/* Processes and threads of real user uid (what RLIMIT_NPROC counts), from
 * /proc; -1 when they cannot be counted. */
static long long user_tasks(uid_t uid)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	long long n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		char path[300];
		long long threads, owner;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
		owner = status_field(path, "Uid:", &threads, "Threads:");
		if (owner == (long long)uid && threads > 0)
			n += threads;
	}
	closedir(d);
	return n > 0 ? n : -1;
}

/* Whether the kernel lets this process past RLIMIT_NPROC: a real user of
 * root, or CAP_SYS_RESOURCE or CAP_SYS_ADMIN (bits 24 and 21) in effect. */
static bool nproc_exempt(void)
{
	char line[256];
	unsigned long long caps = 0;
	FILE *f;

	if (getuid() == 0)
		return true;
	f = fopen("/proc/self/status", "r");
	if (f == NULL)
		return false;
	while (fgets(line, sizeof line, f) != NULL)
		if (strncmp(line, "CapEff:", 7) == 0)
			caps = strtoull(line + 7, NULL, 16);
	fclose(f);
	return (caps & (1ull << 24 | 1ull << 21)) != 0;
}

/* RLIMIT_NPROC when finite and binding this process, else -1. */
static long long nproc_limit(void)
{
#ifdef RLIMIT_NPROC
	struct rlimit rl;

	if (getrlimit(RLIMIT_NPROC, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)LLONG_MAX &&
	    !nproc_exempt())
		return (long long)rl.rlim_cur;
#endif
	return -1;
}

long long proc_limit_tasks(void)
{
	return nproc_limit() >= 0 ? user_tasks(getuid()) : -1;
}

/* RLIMIT_NPROC when binding and reached (or its reach unknown): its value,
 * else -1. least: the user's tasks there surely were when the start failed
 * (-1: none known), since a count now misses threads ended meanwhile. */
static long long nproc_reached(long long least)
{
	long long limit = nproc_limit(), n;

	if (limit < 0 || least >= limit)
		return limit;
	n = user_tasks(getuid());
	return n < 0 || n >= limit ? limit : -1;
}

static void why_of(int err, bool thread, long long least, char *why, size_t len)
{
	struct mem_limit m = {NULL, NULL, NULL, -1, false, false};
	long long nproc = -1;

	if (err != EAGAIN && err != ENOMEM) {
		snprintf(why, len, "%s", strerror(err));
		return;
	}
	if (thread)
		m = memory_limit();
	if (!m.passed && err == EAGAIN)
		nproc = nproc_reached(least);
	if (m.passed || (m.kib >= 0 && m.unknown && nproc < 0))
		snprintf(why, len, "%s; the %s limit (RLIMIT_%s) is %lld KiB: raise it with ulimit %s", strerror(err),
		         m.name, m.res, m.kib, m.flag);
	else if (m.kib >= 0 && m.unknown)
		snprintf(why, len, "%s; the %s limit (RLIMIT_%s) is %lld KiB (ulimit %s) or the process limit "
		         "(RLIMIT_NPROC) is %lld (ulimit -u): raise the one reached", strerror(err), m.name,
		         m.res, m.kib, m.flag, nproc);
	else if (nproc >= 0)
		snprintf(why, len, "%s; the process limit (RLIMIT_NPROC) is %lld: raise it with ulimit -u", strerror(err),
		         nproc);
	else if (err == EAGAIN)
		snprintf(why, len, "%s; the system's process or thread limit is reached "
		         "(kernel.threads-max, kernel.pid_max, cgroup pids.max)", strerror(err));
	else
		snprintf(why, len, "%s", strerror(err));
}

void proc_limit_why(int err, char *why, size_t len)
{
	why_of(err, false, -1, why, len);
}

void thread_limit_why(int err, char *why, size_t len)
{
	why_of(err, true, -1, why, len);
}

void thread_limit_why_after(int err, long long before, unsigned started, char *why, size_t len)
{
	why_of(err, true, before >= 0 ? before + started : -1, why, len);
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

bool stack_limit_why(char *why, size_t len)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_STACK, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur >= (rlim_t)STACK_LEAST_KIB * 1024)
		return false;
	snprintf(why, len, "the stack size limit (RLIMIT_STACK) is %llu KiB, under the %d KiB bonnie needs "
	         "(its threads' stacks are as large): raise it with ulimit -s", (unsigned long long)(rl.rlim_cur / 1024),
	         STACK_LEAST_KIB);
	return true;
}
