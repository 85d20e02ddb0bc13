/* LD_PRELOAD fault injector for bonnie's shell tests (tests/faults.sh,
 * tests/signals.sh). Build:
 *   cc -std=c11 -Wall -Wextra -Wpedantic -shared -fPIC -o build/faultshim.so tests/faultshim.c -ldl
 *
 * Controlled by the environment (read once, at the first intercepted call):
 *   FAULT_CALL    the function to fault: write read pwrite pread fsync fdatasync
 *                 open openat unlink unlinkat rename renameat close syncfs mkdirat
 *                 linkat symlinkat opendir; each is counted on its own (open and
 *                 openat apart); the *64 names (open64, openat64, pread64,
 *                 pwrite64) and the _FORTIFY_SOURCE entry points count as
 *                 their plain name
 *   FAULT_NTH     inject at the Nth counted call of FAULT_CALL (1-based; 0 or
 *                 unset: count only, never inject)
 *   FAULT_MODE    eio | enospc | short | eintr | ebusy | pause | delay (default eio)
 *                   eio, enospc: fail with that errno, doing nothing
 *                   short: transfer half the bytes asked (at least 1); calls
 *                          of one byte cannot be short and are passed through
 *                   eintr: fail with EINTR, doing nothing
 *                   ebusy: fail with EBUSY, doing nothing (what an SMB
 *                          server says to an unlink while the file is
 *                          still open on its side)
 *                   pause: create FAULT_PAUSE_FILE (holding the paused
 *                          process's pid), wait until something
 *                          removes it (at most about 2 min), then do the
 *                          call; later calls of the same kind (other
 *                          threads) wait until then (FAULT_REPEAT and
 *                          FAULT_EVERY do not apply)
 *                   delay: sleep FAULT_DELAY_MS milliseconds, then do the call
 *                   delay_unaligned: every pwrite of exactly 4096 bytes at
 *                          an offset that is not a multiple of 4096 is done,
 *                          then held (spinning) FAULT_DELAY_US microseconds plus
 *                          FAULT_DELAY_PCT percent of the time it took (a
 *                          512e drive's read-modify-write, for the align
 *                          probe: PCT=50 makes every such write 1.5x slower
 *                          however busy the disk is); FAULT_CALL, FAULT_NTH
 *                          and the counting do not apply
 *   FAULT_DELAY_MS    how long FAULT_MODE=delay holds the call (default 1000)
 *   FAULT_DELAY_US    fixed part of FAULT_MODE=delay_unaligned's hold (default 0)
 *   FAULT_DELAY_PCT   proportional part of it (default 0)
 *   FAULT_NTH2    with FAULT_MODE=pause: once the first pause is over, count
 *                 on and pause once more at this counted call (> FAULT_NTH;
 *                 single-threaded code only, such as one phase's loop)
 *   FAULT_PAUSE_FILE  the file that FAULT_MODE=pause creates and waits on
 *   FAULT_AFTER2  with FAULT_MODE=pause: once the pause is over, stop counting
 *                 again until this text is flushed or written (as FAULT_AFTER),
 *                 then count FAULT_CALL from zero and pause once more at its
 *                 FAULT_NTH call: a second known point (single-threaded code
 *                 only, such as the cleanup after a phase)
 *   FAULT_REPEAT  how many injections (default 1; "all" or -1: no limit)
 *   FAULT_EVERY   inject on calls N, N+m, N+2m, ... (default 1: consecutive)
 *   FAULT_DIR     count only calls on paths inside this directory, or on file
 *                 descriptors that open/openat returned for such paths (and
 *                 their dup()s); unset: count every call
 *   FAULT_AFTER   count nothing until this text is flushed to a stream with
 *                 fflush(3) (glibc) or written with write(2) to a descriptor
 *                 outside FAULT_DIR; bonnie prints and flushes "<phase
 *                 title>..." on stdout before each phase (not with -q), so this
 *                 selects the phase by its progress line
 *   FAULT_CHILD   count only in the k-th process that the traced one forks
 *                 (1-based, in fork order: -c N's client k-1); unset or 0:
 *                 count in every process
 *   FAULT_NODIRECT  set (to anything): every open or openat with O_DIRECT of
 *                 a path in scope fails with EINVAL, as a file system that
 *                 refuses direct I/O answers (tmpfs before Linux 6.6, some
 *                 FUSE clients); apart from FAULT_CALL, never counted
 *   FAULT_OPEN_RDWR  set (to anything): open and openat count only opens
 *                 of an existing file for reading and writing (O_RDWR
 *                 without O_CREAT), the phases that change the data file
 *                 in place (rewrite, the seek threads): with --phases
 *                 seeks, the first is a seek thread's, before its first
 *                 operation
 *   FAULT_REPORT  at exit, append "<call> <count>" for every call counted and
 *                 "injected <k>" to this file
 *
 * Counting is deterministic because only bonnie's own calls on its scratch
 * files are counted (libc's internal opens in fopen/opendir/mkdtemp do not
 * pass through these symbols). Counters are atomic: the seek phase runs
 * several threads. The per-byte paths do one table lookup and one atomic
 * add per call.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

enum call {
	C_WRITE, C_READ, C_PWRITE, C_PREAD, C_FSYNC, C_FDATASYNC, C_OPEN, C_OPENAT,
	C_UNLINK, C_UNLINKAT, C_RENAME, C_RENAMEAT, C_CLOSE, C_SYNCFS, C_MKDIRAT,
	C_LINKAT, C_SYMLINKAT, C_OPENDIR, C_COUNT
};

static const char *const call_names[C_COUNT] = {
	"write", "read", "pwrite", "pread", "fsync", "fdatasync", "open", "openat",
	"unlink", "unlinkat", "rename", "renameat", "close", "syncfs", "mkdirat",
	"linkat", "symlinkat", "opendir",
};

enum mode { M_EIO, M_ENOSPC, M_SHORT, M_EINTR, M_EBUSY, M_PAUSE, M_DELAY, M_DELAY_UNALIGNED };

/* Real functions. */
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pread)(int, void *, size_t, off_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_open)(const char *, int, ...);
static int (*real_openat)(int, const char *, int, ...);
static int (*real_unlink)(const char *);
static int (*real_unlinkat)(int, const char *, int);
static int (*real_rename)(const char *, const char *);
static int (*real_renameat)(int, const char *, int, const char *);
static int (*real_close)(int);
static int (*real_syncfs)(int);
static int (*real_mkdirat)(int, const char *, mode_t);
static int (*real_linkat)(int, const char *, int, const char *, int);
static int (*real_symlinkat)(const char *, int, const char *);
static DIR *(*real_opendir)(const char *);
static int (*real_dup)(int);
static int (*real_fflush)(FILE *);
static pid_t (*real_fork)(void);

/* Configuration. */
static int target = -1;           /* enum call, -1: none */
static unsigned long long nth;    /* 0: never inject */
static unsigned long long nth2;   /* FAULT_NTH2: the second pause, 0: none */
static long delay_ms = 1000;      /* FAULT_DELAY_MS */
static long delay_us;             /* FAULT_DELAY_US */
static long delay_pct;            /* FAULT_DELAY_PCT */
static long long repeat = 1;      /* -1: unlimited */
static unsigned long long every = 1;
static enum mode mode = M_EIO;
static char dir_raw[PATH_MAX];    /* FAULT_DIR as given */
static char dir_real[PATH_MAX];   /* and resolved */
static bool have_dir;
static bool no_direct;            /* FAULT_NODIRECT */
static bool rdwr_only;            /* FAULT_OPEN_RDWR */
static char after[256];
static size_t after_len;
static char report_path[PATH_MAX];
static char pause_path[PATH_MAX];
static char after2[256];          /* FAULT_AFTER2, empty once used */
static unsigned long want_child;  /* FAULT_CHILD, 0: every process */

/* State. */
#define MAX_FD 65536
static atomic_uchar tracked[MAX_FD];
static atomic_ullong counts[C_COUNT];
static atomic_ullong injected;
static atomic_bool armed;
static atomic_bool released;      /* the pause (FAULT_MODE=pause) is over */
static unsigned long forks;       /* processes this one forked */
static unsigned long child_index; /* which of its parent's forks this process is, 0: the traced one */

static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The next definition of name (or of alt, for libcs without the *64 names). */
#define RESOLVE2(var, name, alt)                             \
	do {                                                     \
		void *sym_ = dlsym(RTLD_NEXT, name);                 \
		if (sym_ == NULL)                                    \
			sym_ = dlsym(RTLD_NEXT, alt);                    \
		memcpy(&(var), &sym_, sizeof(var));                  \
	} while (0)
#define RESOLVE(var, name) RESOLVE2(var, name, name)

static void copy_env(char *dst, size_t cap, const char *name)
{
	const char *v = getenv(name);

	dst[0] = '\0';
	if (v != NULL)
		snprintf(dst, cap, "%s", v);
}

static void init(void)
{
	const char *v;

	RESOLVE(real_write, "write");
	RESOLVE(real_read, "read");
	RESOLVE2(real_pwrite, "pwrite64", "pwrite");
	RESOLVE2(real_pread, "pread64", "pread");
	RESOLVE(real_fsync, "fsync");
	RESOLVE(real_fdatasync, "fdatasync");
	RESOLVE2(real_open, "open64", "open");
	RESOLVE2(real_openat, "openat64", "openat");
	RESOLVE(real_unlink, "unlink");
	RESOLVE(real_unlinkat, "unlinkat");
	RESOLVE(real_rename, "rename");
	RESOLVE(real_renameat, "renameat");
	RESOLVE(real_close, "close");
	RESOLVE(real_syncfs, "syncfs");
	RESOLVE(real_mkdirat, "mkdirat");
	RESOLVE(real_linkat, "linkat");
	RESOLVE(real_symlinkat, "symlinkat");
	RESOLVE(real_opendir, "opendir");
	RESOLVE(real_dup, "dup");
	RESOLVE(real_fflush, "fflush");
	RESOLVE(real_fork, "fork");

	v = getenv("FAULT_CALL");
	for (int i = 0; v != NULL && i < C_COUNT; i++)
		if (strcmp(v, call_names[i]) == 0)
			target = i;
	v = getenv("FAULT_NTH");
	nth = v ? strtoull(v, NULL, 10) : 0;
	v = getenv("FAULT_CHILD");
	want_child = v ? strtoul(v, NULL, 10) : 0;
	v = getenv("FAULT_NTH2");
	nth2 = v ? strtoull(v, NULL, 10) : 0;
	v = getenv("FAULT_DELAY_MS");
	if (v != NULL)
		delay_ms = strtol(v, NULL, 10);
	v = getenv("FAULT_DELAY_US");
	if (v != NULL)
		delay_us = strtol(v, NULL, 10);
	v = getenv("FAULT_DELAY_PCT");
	if (v != NULL)
		delay_pct = strtol(v, NULL, 10);
	v = getenv("FAULT_REPEAT");
	if (v != NULL)
		repeat = strcmp(v, "all") == 0 ? -1 : strtoll(v, NULL, 10);
	v = getenv("FAULT_EVERY");
	if (v != NULL && strtoull(v, NULL, 10) > 0)
		every = strtoull(v, NULL, 10);
	v = getenv("FAULT_MODE");
	if (v != NULL) {
		if (strcmp(v, "enospc") == 0)
			mode = M_ENOSPC;
		else if (strcmp(v, "short") == 0)
			mode = M_SHORT;
		else if (strcmp(v, "eintr") == 0)
			mode = M_EINTR;
		else if (strcmp(v, "ebusy") == 0)
			mode = M_EBUSY;
		else if (strcmp(v, "pause") == 0)
			mode = M_PAUSE;
		else if (strcmp(v, "delay") == 0)
			mode = M_DELAY;
		else if (strcmp(v, "delay_unaligned") == 0)
			mode = M_DELAY_UNALIGNED;
	}
	no_direct = getenv("FAULT_NODIRECT") != NULL;
	rdwr_only = getenv("FAULT_OPEN_RDWR") != NULL;
	copy_env(dir_raw, sizeof dir_raw, "FAULT_DIR");
	if (dir_raw[0] != '\0') {
		size_t n = strlen(dir_raw);
		while (n > 1 && dir_raw[n - 1] == '/')
			dir_raw[--n] = '\0';
		if (realpath(dir_raw, dir_real) == NULL)
			snprintf(dir_real, sizeof dir_real, "%s", dir_raw);
		have_dir = true;
	}
	copy_env(after, sizeof after, "FAULT_AFTER");
	after_len = strlen(after);
	atomic_store(&armed, after_len == 0);
	copy_env(report_path, sizeof report_path, "FAULT_REPORT");
	copy_env(pause_path, sizeof pause_path, "FAULT_PAUSE_FILE");
	copy_env(after2, sizeof after2, "FAULT_AFTER2");
}

#define INIT() pthread_once(&once, init)

/* FAULT_AFTER finds its text in what bonnie flushes, but glibc also writes
 * a full stdout buffer (4 KiB on a file or pipe) through a call this shim
 * cannot see: a table longer than that could carry the text out unseen,
 * or split across two flushes, and the hold then came a run late or never
 * (fulldisk.sh on ext4: 3 runs reported, not 2). A buffer larger than any
 * one run's output leaves every byte to bonnie's own flushes. */
__attribute__((constructor)) static void stdout_whole(void)
{
	static char buf[1 << 20];
	const char *a = getenv("FAULT_AFTER");

	if (a != NULL && a[0] != '\0')
		setvbuf(stdout, buf, _IOFBF, sizeof buf);
}

__attribute__((destructor)) static void report(void)
{
	FILE *f;

	if (report_path[0] == '\0' || (f = fopen(report_path, "a")) == NULL)
		return;
	for (int i = 0; i < C_COUNT; i++)
		if (atomic_load(&counts[i]) > 0)
			fprintf(f, "%s %llu\n", call_names[i], atomic_load(&counts[i]));
	fprintf(f, "injected %llu\n", atomic_load(&injected));
	fclose(f);
}

/* Each child learns its place in the fork order (FAULT_CHILD). */
pid_t fork(void)
{
	pid_t pid;

	INIT();
	forks++;
	pid = real_fork();
	if (pid == 0)
		child_index = forks;
	return pid;
}

/* --- Scope --------------------------------------------------------------- */

static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n == 1 && dir[0] == '/')
		return path[0] == '/';
	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == '\0');
}

static bool fd_tracked(int fd)
{
	if (!have_dir)
		return true;
	return fd >= 0 && fd < MAX_FD && atomic_load_explicit(&tracked[fd], memory_order_relaxed);
}

static void fd_set_tracked(int fd, bool on)
{
	if (fd >= 0 && fd < MAX_FD)
		atomic_store_explicit(&tracked[fd], on ? 1 : 0, memory_order_relaxed);
}

/* The directory that dirfd names, from /proc (slow path, *at calls only). */
static bool fd_path(int dirfd, char *buf, size_t len)
{
	char link[64];
	ssize_t n;

	if (dirfd == AT_FDCWD)
		return getcwd(buf, len) != NULL;
	snprintf(link, sizeof link, "/proc/self/fd/%d", dirfd);
	n = readlink(link, buf, len - 1);
	if (n < 0)
		return false;
	buf[n] = '\0';
	return true;
}

/* Is (dirfd, path) inside FAULT_DIR? */
static bool path_in_scope(int dirfd, const char *path)
{
	char base[PATH_MAX], full[2 * PATH_MAX + 2];

	if (!have_dir)
		return true;
	if (path == NULL)
		return false;
	if (path[0] != '/') {
		if (dirfd != AT_FDCWD && fd_tracked(dirfd))
			return true;
		if (!fd_path(dirfd, base, sizeof base))
			return false;
		snprintf(full, sizeof full, "%s/%s", base, path);
		path = full;
	}
	return under(path, dir_raw) || under(path, dir_real);
}

/* --- Injection ------------------------------------------------------------ */

static void wait_unpaused(void)
{
	struct timespec ts = {0, 2 * 1000 * 1000};
	struct stat st;

	for (int i = 0; i < 60000 && stat(pause_path, &st) == 0; i++)
		nanosleep(&ts, NULL);
}

/* The pause: create FAULT_PAUSE_FILE and wait until the test removes it (it
 * sends its signal meanwhile). */
static void do_pause(void)
{
	int fd;

	if (pause_path[0] != '\0') {
		fd = real_open(pause_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (fd >= 0) {
			char pid[24];
			int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());

			/* the held process: the test tells it from the others */
			if (real_write(fd, pid, (size_t)n) != n)
				pid[0] = '\0';
			real_close(fd);
		}
		wait_unpaused();
	}
	if (nth2 > nth) {
		nth = nth2;
		nth2 = 0;
	}
	atomic_store(&released, true);
	if (after2[0] != '\0' && target >= 0) {
		/* the second pause: disarmed until FAULT_AFTER2 appears */
		atomic_store(&armed, false);
		memcpy(after, after2, sizeof after);
		after_len = strlen(after);
		after2[0] = '\0';
		atomic_store(&counts[target], 0);
	}
}

/* Later calls of the paused kind, from other threads, wait for the pause to
 * end: no seek worker runs on while another one is held. */
static void wait_released(void)
{
	struct timespec ts = {0, 1000 * 1000};

	for (int i = 0; i < 120000 && !atomic_load(&released); i++)
		nanosleep(&ts, NULL);
}

/* Counts one call of kind c (in scope) and says whether to inject into it. */
static bool hit(enum call c)
{
	unsigned long long k;

	if (!atomic_load_explicit(&armed, memory_order_relaxed) || (want_child && child_index != want_child))
		return false;
	k = atomic_fetch_add_explicit(&counts[c], 1, memory_order_relaxed) + 1;
	if ((int)c != target || nth == 0 || k < nth)
		return false;
	if (mode == M_PAUSE) {
		if (k == nth) {
			atomic_fetch_add(&injected, 1);
			return true;
		}
		wait_released();
		return false;
	}
	if ((k - nth) % every != 0)
		return false;
	if (repeat >= 0 && (k - nth) / every >= (unsigned long long)repeat)
		return false;
	atomic_fetch_add(&injected, 1);
	return true;
}

/* For calls that transfer nothing when faulted: the errno to fail with, or 0
 * to go on with the real call (short on a call that cannot be short, pause). */
static int fault_errno(void)
{
	switch (mode) {
	case M_EIO: return EIO;
	case M_ENOSPC: return ENOSPC;
	case M_EINTR: return EINTR;
	case M_EBUSY: return EBUSY;
	case M_PAUSE: do_pause(); return 0;
	case M_DELAY: {
		struct timespec ts = {delay_ms / 1000, (delay_ms % 1000) * 1000000L};
		while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
			;
		return 0;
	}
	case M_SHORT:
	case M_DELAY_UNALIGNED: return 0;
	}
	return 0;
}

static size_t shorter(size_t len)
{
	return len > 1 ? len / 2 : len;
}

/* The fault step shared by read, write, pread and pwrite on a tracked fd:
 * -1 with errno set to fail the call, else 0 with *len possibly shortened. */
static int transfer_fault(enum call c, size_t *len)
{
	int e;

	if (!hit(c))
		return 0;
	e = fault_errno();
	if (e != 0) {
		errno = e;
		return -1;
	}
	if (mode == M_SHORT)
		*len = shorter(*len);
	return 0;
}

#define FAIL_OR_GO(c, cond)               \
	do {                                  \
		if ((cond) && hit(c)) {           \
			int e_ = fault_errno();       \
			if (e_ != 0) {                \
				errno = e_;               \
				return -1;                \
			}                             \
		}                                 \
	} while (0)

/* --- Transfers ------------------------------------------------------------ */

static void maybe_arm(int fd, const void *buf, size_t len)
{
	if (after_len == 0 || atomic_load_explicit(&armed, memory_order_relaxed) || (have_dir && fd_tracked(fd)))
		return;
	if (len >= after_len && memmem(buf, len, after, after_len) != NULL)
		atomic_store(&armed, true);
}

ssize_t write(int fd, const void *buf, size_t len)
{
	INIT();
	if (fd_tracked(fd) && transfer_fault(C_WRITE, &len) != 0)
		return -1;
	maybe_arm(fd, buf, len);
	return real_write(fd, buf, len);
}

/* stdio writes through libc-internal calls that this shim cannot see, so
 * FAULT_AFTER also looks at what a stream holds when bonnie flushes it
 * (bonnie flushes after every progress title). */
int fflush(FILE *f)
{
	INIT();
#if defined(__GLIBC__)
	if (f != NULL && f->_IO_write_ptr > f->_IO_write_base)
		maybe_arm(-1, f->_IO_write_base, (size_t)(f->_IO_write_ptr - f->_IO_write_base));
#endif
	return real_fflush(f);
}

ssize_t read(int fd, void *buf, size_t len)
{
	INIT();
	if (fd_tracked(fd) && transfer_fault(C_READ, &len) != 0)
		return -1;
	return real_read(fd, buf, len);
}

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static bool delayed_kind(int fd, size_t len, off_t off)
{
	return mode == M_DELAY_UNALIGNED && len == 4096 && off % 4096 != 0 && fd_tracked(fd);
}

/* FAULT_MODE=delay_unaligned: a 4 KiB write off the 4 KiB grid that took
 * took_ns is held longer. It spins rather than sleeps: a sleeping thread
 * on a loaded machine wakes late, and the hold must be what was asked. */
static void hold_unaligned(long long took_ns)
{
	long long until = now_ns() + delay_us * 1000LL + took_ns * delay_pct / 100;

	atomic_fetch_add(&injected, 1);
	while (now_ns() < until)
		;
}

static ssize_t do_pwrite(int fd, const void *buf, size_t len, off_t off)
{
	long long t0;
	ssize_t n;

	INIT();
	if (fd_tracked(fd) && transfer_fault(C_PWRITE, &len) != 0)
		return -1;
	if (!delayed_kind(fd, len, off))
		return real_pwrite(fd, buf, len, off);
	t0 = now_ns();
	n = real_pwrite(fd, buf, len, off);
	hold_unaligned(now_ns() - t0);
	return n;
}

static ssize_t do_pread(int fd, void *buf, size_t len, off_t off)
{
	INIT();
	if (fd_tracked(fd) && transfer_fault(C_PREAD, &len) != 0)
		return -1;
	return real_pread(fd, buf, len, off);
}

ssize_t pwrite(int fd, const void *buf, size_t len, off_t off)
{
	return do_pwrite(fd, buf, len, off);
}

ssize_t pwrite64(int fd, const void *buf, size_t len, off64_t off)
{
	return do_pwrite(fd, buf, len, off);
}

ssize_t pread(int fd, void *buf, size_t len, off_t off)
{
	return do_pread(fd, buf, len, off);
}

ssize_t pread64(int fd, void *buf, size_t len, off64_t off)
{
	return do_pread(fd, buf, len, off);
}

/* Fortified builds (-D_FORTIFY_SOURCE) call these instead. */
ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen);
ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
	(void)buflen;
	return read(fd, buf, len);
}

ssize_t __pread64_chk(int fd, void *buf, size_t len, off64_t off, size_t buflen);
ssize_t __pread64_chk(int fd, void *buf, size_t len, off64_t off, size_t buflen)
{
	(void)buflen;
	return do_pread(fd, buf, len, off);
}

ssize_t __pread_chk(int fd, void *buf, size_t len, off_t off, size_t buflen);
ssize_t __pread_chk(int fd, void *buf, size_t len, off_t off, size_t buflen)
{
	(void)buflen;
	return do_pread(fd, buf, len, off);
}

/* --- Syncs and close ------------------------------------------------------- */

int fsync(int fd)
{
	INIT();
	FAIL_OR_GO(C_FSYNC, fd_tracked(fd));
	return real_fsync(fd);
}

int fdatasync(int fd)
{
	INIT();
	FAIL_OR_GO(C_FDATASYNC, fd_tracked(fd));
	return real_fdatasync(fd);
}

int syncfs(int fd)
{
	INIT();
	FAIL_OR_GO(C_SYNCFS, fd_tracked(fd));
	return real_syncfs(fd);
}

int close(int fd)
{
	bool in;

	INIT();
	in = have_dir && fd_tracked(fd);
	fd_set_tracked(fd, false);
	if (in || !have_dir) {
		if (hit(C_CLOSE)) {
			int e = fault_errno();
			if (e != 0) {
				/* like Linux: the descriptor is gone even when close fails */
				real_close(fd);
				errno = e;
				return -1;
			}
		}
	}
	return real_close(fd);
}

int dup(int fd)
{
	int nfd;

	INIT();
	nfd = real_dup(fd);
	if (nfd >= 0 && have_dir)
		fd_set_tracked(nfd, fd_tracked(fd));
	return nfd;
}

/* --- Opens ------------------------------------------------------------------- */

static mode_t mode_arg(int flags, va_list ap)
{
	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
		return (mode_t)va_arg(ap, unsigned int);
	return 0;
}

/* Whether FAULT_OPEN_RDWR lets the count see an open of these flags. */
static bool open_counted(int flags)
{
	return !rdwr_only || ((flags & O_ACCMODE) == O_RDWR && !(flags & O_CREAT));
}

static int do_open(const char *path, int flags, mode_t m)
{
	bool in;
	int fd;

	INIT();
	in = path_in_scope(AT_FDCWD, path);
	if (no_direct && in && (flags & O_DIRECT)) {
		errno = EINVAL;
		return -1;
	}
	FAIL_OR_GO(C_OPEN, in && open_counted(flags));
	fd = real_open(path, flags, m);
	if (fd >= 0 && have_dir)
		fd_set_tracked(fd, in);
	return fd;
}

static int do_openat(int dirfd, const char *path, int flags, mode_t m)
{
	bool in;
	int fd;

	INIT();
	in = path_in_scope(dirfd, path);
	if (no_direct && in && (flags & O_DIRECT)) {
		errno = EINVAL;
		return -1;
	}
	FAIL_OR_GO(C_OPENAT, in && open_counted(flags));
	fd = real_openat(dirfd, path, flags, m);
	if (fd >= 0 && have_dir)
		fd_set_tracked(fd, in);
	return fd;
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	mode_t m;

	va_start(ap, flags);
	m = mode_arg(flags, ap);
	va_end(ap);
	return do_open(path, flags, m);
}

int open64(const char *path, int flags, ...)
{
	va_list ap;
	mode_t m;

	va_start(ap, flags);
	m = mode_arg(flags, ap);
	va_end(ap);
	return do_open(path, flags, m);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t m;

	va_start(ap, flags);
	m = mode_arg(flags, ap);
	va_end(ap);
	return do_openat(dirfd, path, flags, m);
}

int openat64(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	mode_t m;

	va_start(ap, flags);
	m = mode_arg(flags, ap);
	va_end(ap);
	return do_openat(dirfd, path, flags, m);
}

int __open64_2(const char *path, int flags);
int __open64_2(const char *path, int flags)
{
	return do_open(path, flags, 0);
}

int __open_2(const char *path, int flags);
int __open_2(const char *path, int flags)
{
	return do_open(path, flags, 0);
}

int __openat64_2(int dirfd, const char *path, int flags);
int __openat64_2(int dirfd, const char *path, int flags)
{
	return do_openat(dirfd, path, flags, 0);
}

int __openat_2(int dirfd, const char *path, int flags);
int __openat_2(int dirfd, const char *path, int flags)
{
	return do_openat(dirfd, path, flags, 0);
}

/* --- Names --------------------------------------------------------------------- */

int unlink(const char *path)
{
	INIT();
	FAIL_OR_GO(C_UNLINK, path_in_scope(AT_FDCWD, path));
	return real_unlink(path);
}

int unlinkat(int dirfd, const char *path, int flags)
{
	INIT();
	FAIL_OR_GO(C_UNLINKAT, path_in_scope(dirfd, path));
	return real_unlinkat(dirfd, path, flags);
}

int rename(const char *from, const char *to)
{
	INIT();
	FAIL_OR_GO(C_RENAME, path_in_scope(AT_FDCWD, from) || path_in_scope(AT_FDCWD, to));
	return real_rename(from, to);
}

int renameat(int fromfd, const char *from, int tofd, const char *to)
{
	INIT();
	FAIL_OR_GO(C_RENAMEAT, path_in_scope(fromfd, from) || path_in_scope(tofd, to));
	return real_renameat(fromfd, from, tofd, to);
}

int mkdirat(int dirfd, const char *path, mode_t m)
{
	INIT();
	FAIL_OR_GO(C_MKDIRAT, path_in_scope(dirfd, path));
	return real_mkdirat(dirfd, path, m);
}

int linkat(int fromfd, const char *from, int tofd, const char *to, int flags)
{
	INIT();
	FAIL_OR_GO(C_LINKAT, path_in_scope(tofd, to));
	return real_linkat(fromfd, from, tofd, to, flags);
}

int symlinkat(const char *target_path, int dirfd, const char *path)
{
	INIT();
	FAIL_OR_GO(C_SYMLINKAT, path_in_scope(dirfd, path));
	return real_symlinkat(target_path, dirfd, path);
}

/* opendir (bonnie's count of a user's tasks reads /proc with it): a
 * fault fails it with NULL; pause holds it. */
DIR *opendir(const char *path)
{
	INIT();
	if (path_in_scope(AT_FDCWD, path) && hit(C_OPENDIR)) {
		int e = fault_errno();

		if (e != 0) {
			errno = e;
			return NULL;
		}
	}
	return real_opendir(path);
}
