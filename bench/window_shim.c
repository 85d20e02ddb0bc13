/* bench/window_shim.c: an LD_PRELOAD shim that times the same window in any
 * tool that writes a file in fixed-size chunks and ends with fsync(2), so
 * bonnie and bonnie++ are measured by one rule instead of each by its own
 * clock and %CPU (bonnie++ prints whole-number %CPU only).
 *
 * A window opens at the first read(2) or write(2) of exactly BW_CHUNK bytes
 * on a file descriptor since it was last closed (or since its last window
 * closed), and closes when fsync(2) or fdatasync(2) on it returns.
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
static size_t chunk = 8192;

/* The calls this shim wraps, as the next library in line has them. */
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_close)(int);

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

static void *next(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (f == NULL) {
		fprintf(stderr, "window_shim: no next %s\n", name);
		abort();
	}
	return f;
}

/* Before the program's main: every wrapped call already has its target. */
__attribute__((constructor)) static void resolve(void)
{
	const char *s = getenv("BW_CHUNK");

	if (s != NULL && atol(s) > 0)
		chunk = (size_t)atol(s);
	real_write = (ssize_t(*)(int, const void *, size_t))next("write");
	real_read = (ssize_t(*)(int, void *, size_t))next("read");
	real_fsync = (int (*)(int))next("fsync");
	real_fdatasync = (int (*)(int))next("fdatasync");
	real_close = (int (*)(int))next("close");
}

static struct window *window_of(int fd)
{
	return fd >= 0 && fd < MAX_FDS ? &windows[fd] : NULL;
}

static void maybe_start(int fd, size_t len)
{
	struct window *w = window_of(fd);

	if (w == NULL || w->open || len != chunk)
		return;
	w->open = 1;
	w->written = 0;
	w->cpu0 = cpu_ns();
	w->wall0 = wall_ns();
}

static void log_window(const struct window *w, uint64_t wall, uint64_t cpu)
{
	const char *path = getenv("BW_WINDOW_LOG");
	char line[128];
	int fd, n;

	if (path == NULL)
		return;
	n = snprintf(line, sizeof(line), "window %lu %llu %llu %llu\n", ++logged,
	             (unsigned long long)(wall - w->wall0), (unsigned long long)(cpu - w->cpu0),
	             (unsigned long long)w->written);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	if (real_write(fd, line, (size_t)n) != n)
		fprintf(stderr, "window_shim: short write to %s\n", path);
	real_close(fd);
}

/* After an fsync or fdatasync on fd returned rc: closes fd's window. The
 * clocks are read only when there is a window to close. */
static int synced(int fd, int rc)
{
	struct window *w = window_of(fd);

	if (w != NULL && w->open) {
		uint64_t wall = wall_ns(), cpu = cpu_ns();

		log_window(w, wall, cpu);
		w->open = 0;
	}
	return rc;
}

ssize_t write(int fd, const void *buf, size_t len)
{
	struct window *w = window_of(fd);
	ssize_t n;

	maybe_start(fd, len);
	n = real_write(fd, buf, len);
	if (n > 0 && w != NULL && w->open)
		w->written += (uint64_t)n;
	return n;
}

ssize_t read(int fd, void *buf, size_t len)
{
	maybe_start(fd, len);
	return real_read(fd, buf, len);
}

int fsync(int fd)
{
	return synced(fd, real_fsync(fd));
}

int fdatasync(int fd)
{
	return synced(fd, real_fdatasync(fd));
}

/* A closed descriptor's number comes back for the next file: whatever
 * window it had (a read phase's, never synced) ends here. */
int close(int fd)
{
	struct window *w = window_of(fd);

	if (w != NULL)
		w->open = 0;
	return real_close(fd);
}
