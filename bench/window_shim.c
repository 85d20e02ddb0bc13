/* bench/window_shim.c: an LD_PRELOAD shim that times the same window in any
 * tool that writes a file in fixed-size chunks and ends with fsync(2), so
 * bonnie and bonnie++ are measured by one rule instead of each by its own
 * clock and %CPU (bonnie++ prints whole-number %CPU only).
 *
 * A window opens at the first read(2) or write(2) of exactly BW_CHUNK bytes
 * on a file descriptor since that descriptor was opened (or since its last
 * window closed), and closes when fsync(2) or fdatasync(2) on it returns.
 * At the close the shim appends one line to the file BW_WINDOW_LOG:
 *
 *   window N WALL_NS CPU_NS BYTES_WRITTEN
 *
 * N counts windows from 1 in this process; WALL_NS is CLOCK_MONOTONIC from
 * just before the opening call to just after the fsync; CPU_NS is the
 * process's user + system time (getrusage RUSAGE_SELF) over the same span;
 * BYTES_WRITTEN is what write(2) returned in it. A window that never sees
 * an fsync (a read phase) is never logged. For block write, window 1 is the
 * write phase and window 2 the rewrite phase, in both tools.
 *
 * Bench-only: uses dlsym(RTLD_NEXT), a GNU extension; bonnie itself does
 * not. Build: cc -shared -fPIC -O2 -o window_shim.so window_shim.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#define MAX_FDS 1024

struct window {
	int open;
	uint64_t wall0, cpu0, written;
};

static struct window windows[MAX_FDS];
static unsigned long logged;
static size_t chunk;

static uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t cpu_ns(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ((uint64_t)ru.ru_utime.tv_sec + (uint64_t)ru.ru_stime.tv_sec) * 1000000000u +
	       ((uint64_t)ru.ru_utime.tv_usec + (uint64_t)ru.ru_stime.tv_usec) * 1000u;
}

static size_t chunk_size(void)
{
	if (chunk == 0) {
		const char *s = getenv("BW_CHUNK");

		chunk = s != NULL && atol(s) > 0 ? (size_t)atol(s) : 8192;
	}
	return chunk;
}

static void *next(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (f == NULL) {
		fprintf(stderr, "window_shim: no next %s\n", name);
		abort();
	}
	return f;
}

static void reset(int fd)
{
	if (fd >= 0 && fd < MAX_FDS)
		windows[fd].open = 0;
}

static void maybe_start(int fd, size_t len)
{
	if (fd < 0 || fd >= MAX_FDS || windows[fd].open || len != chunk_size())
		return;
	windows[fd].open = 1;
	windows[fd].written = 0;
	windows[fd].cpu0 = cpu_ns();
	windows[fd].wall0 = wall_ns();
}

static void log_window(const struct window *w, uint64_t wall, uint64_t cpu)
{
	static int (*real_open)(const char *, int, ...);
	const char *path = getenv("BW_WINDOW_LOG");
	char line[128];
	int fd, n;

	if (path == NULL)
		return;
	if (real_open == NULL)
		real_open = (int (*)(const char *, int, ...))next("open");
	n = snprintf(line, sizeof(line), "window %lu %llu %llu %llu\n", ++logged,
	             (unsigned long long)(wall - w->wall0), (unsigned long long)(cpu - w->cpu0),
	             (unsigned long long)w->written);
	fd = real_open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0) {
		ssize_t (*real_write)(int, const void *, size_t) = (ssize_t(*)(int, const void *, size_t))next("write");

		if (real_write(fd, line, (size_t)n) != n)
			fprintf(stderr, "window_shim: short write to %s\n", path);
		close(fd);
	}
}

static void maybe_end(int fd)
{
	uint64_t wall = wall_ns(), cpu = cpu_ns();

	if (fd < 0 || fd >= MAX_FDS || !windows[fd].open)
		return;
	log_window(&windows[fd], wall, cpu);
	windows[fd].open = 0;
}

static int do_open(const char *sym, int dirfd, const char *path, int flags, mode_t mode)
{
	int fd;

	if (dirfd == -1) {
		int (*f)(const char *, int, ...) = (int (*)(const char *, int, ...))next(sym);
		fd = f(path, flags, mode);
	} else {
		int (*f)(int, const char *, int, ...) = (int (*)(int, const char *, int, ...))next(sym);
		fd = f(dirfd, path, flags, mode);
	}
	reset(fd);
	return fd;
}

#define MODE_ARG(flags, mode)                           \
	do {                                            \
		if ((flags) & (O_CREAT | O_TMPFILE)) {  \
			va_list ap;                     \
			va_start(ap, flags);            \
			mode = (mode_t)va_arg(ap, int); \
			va_end(ap);                     \
		}                                       \
	} while (0)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return do_open("open", -1, path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return do_open("open64", -1, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return do_open("openat", dirfd, path, flags, mode);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return do_open("openat64", dirfd, path, flags, mode);
}

int creat(const char *path, mode_t mode)
{
	return do_open("open", -1, path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	static ssize_t (*f)(int, const void *, size_t);
	ssize_t n;

	if (f == NULL)
		f = (ssize_t(*)(int, const void *, size_t))next("write");
	maybe_start(fd, len);
	n = f(fd, buf, len);
	if (n > 0 && fd >= 0 && fd < MAX_FDS && windows[fd].open)
		windows[fd].written += (uint64_t)n;
	return n;
}

ssize_t read(int fd, void *buf, size_t len)
{
	static ssize_t (*f)(int, void *, size_t);

	if (f == NULL)
		f = (ssize_t(*)(int, void *, size_t))next("read");
	maybe_start(fd, len);
	return f(fd, buf, len);
}

int fsync(int fd)
{
	static int (*f)(int);
	int rc;

	if (f == NULL)
		f = (int (*)(int))next("fsync");
	rc = f(fd);
	maybe_end(fd);
	return rc;
}

int fdatasync(int fd)
{
	static int (*f)(int);
	int rc;

	if (f == NULL)
		f = (int (*)(int))next("fdatasync");
	rc = f(fd);
	maybe_end(fd);
	return rc;
}
