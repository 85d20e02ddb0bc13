/* Queue-depth I/O: keeps up to depth reads or writes in flight on one file
 * descriptor from one thread. On Linux it asks io_uring by its system
 * calls (lib/uring.c, libc only); elsewhere, or when the kernel refuses
 * io_uring (ENOSYS, EPERM under seccomp), worker threads at pread/pwrite
 * keep the same number in flight (lib/qdio_threads.c). Which one ran is
 * named (qdio_engine_name), because the two are not the same measurement.
 *
 * Use: qdio_open, then qdio_submit up to depth requests, then repeatedly
 * qdio_wait for one completion and submit the next. A request's tag comes
 * back with its completion. */
#ifndef BONNIE_QDIO_H
#define BONNIE_QDIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The deepest queue bonnie asks for (CrystalDiskMark's deepest is 32). */
#define QDIO_MAX_DEPTH 256

enum qdio_engine {
	QDIO_AUTO,    /* depth 1: psync; deeper: io_uring where it works, else threads */
	QDIO_URING,
	QDIO_THREADS,
	QDIO_SYNC,    /* pread/pwrite at submission, depth 1 only ("psync", as fio names it) */
};

struct qdio_req {
	void *buf;
	size_t len;
	uint64_t off;
	bool write;
	uint32_t tag;   /* the caller's: which of its buffers */
};

struct qdio_done {
	uint32_t tag;
	int64_t res;    /* bytes moved, or -errno */
};

struct qdio;

/* "io_uring", "threads", "psync". */
const char *qdio_engine_name(enum qdio_engine e);

/* What a failed qdio_submit or qdio_wait of engine e was, for the error
 * line: "io_uring_enter" (the one system call io_uring's fail in), or
 * "queue I/O" (the threads and psync never fail there but by misuse). */
const char *qdio_engine_call(enum qdio_engine e);

/* A queue of depth (1..QDIO_MAX_DEPTH) on fd with engine want. Returns 0,
 * or -errno (EINVAL for a bad depth; with QDIO_URING, the kernel's refusal).
 * QDIO_AUTO falls back to threads when io_uring cannot be set up. */
int qdio_open(struct qdio **q, int fd, unsigned depth, enum qdio_engine want);

/* What stopped qdio_open when a limit of the process did, in the words of
 * the limit line (lib/limit_reason.h): what "start queue-depth thread", which
 * "9 of 32", why "Resource temporarily unavailable; the process limit
 * (RLIMIT_NPROC) is 10: raise it with ulimit -u". what is empty when the
 * failure was not a limit's (no io_uring here, a bad depth). */
struct qdio_limit {
	char what[40], which[24];
	char why[320];
};

/* qdio_open that fills *lim. A limit that stops io_uring's worker stops
 * the threads engine as well: QDIO_AUTO does not fall back on one. */
int qdio_open_limit(struct qdio **q, int fd, unsigned depth, enum qdio_engine want, struct qdio_limit *lim);

/* The engine qdio_open would run for want here at a depth over 1 (set up
 * once and closed, on no file), or QDIO_AUTO when even that fails: what
 * the plan says. */
enum qdio_engine qdio_engine_probe(enum qdio_engine want);

/* The engine that runs (never QDIO_AUTO). */
enum qdio_engine qdio_engine_of(const struct qdio *q);

/* Queues req. -EBUSY when depth requests are already in flight. */
int qdio_submit(struct qdio *q, const struct qdio_req *req);

/* Waits for one completion into *done. 0, or -errno (-EINVAL when nothing
 * is in flight). */
int qdio_wait(struct qdio *q, struct qdio_done *done);

/* Requests submitted and not yet returned by qdio_wait, and the most there
 * ever were at once (the depth honoured). */
unsigned qdio_in_flight(const struct qdio *q);
unsigned qdio_max_in_flight(const struct qdio *q);

/* Waits for everything in flight, then frees q. */
void qdio_close(struct qdio *q);

/* The engines, for qdio.c. Each returns 0 or -errno. */
struct qdio_ops {
	int (*submit)(void *impl, const struct qdio_req *req);
	int (*wait)(void *impl, struct qdio_done *done);
	void (*close)(void *impl);
};
int uring_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops, struct qdio_limit *lim);
int qdio_threads_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops, struct qdio_limit *lim);
int qdio_sync_open(void **impl, int fd, unsigned depth, const struct qdio_ops **ops);

/* One whole request by pread or pwrite: the bytes moved (fewer at the end
 * of the file), or -errno. */
int64_t qdio_do_io(int fd, const struct qdio_req *r);

#endif
