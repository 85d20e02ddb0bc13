/* Random seeks: `seeks` operations shared by `procs` concurrent threads
 * through one atomic counter. Operation i reads the chunk at a uniformly
 * random chunk-aligned offset drawn from (seed, i), so -z fixes the whole
 * sequence whichever thread runs it; one in ten also rewrites the chunk.
 * Rate = seeks / (last worker end - first worker start); a worker ends
 * with an fsync when it wrote. CPU is the process's, counted once by the
 * runner. With one worker no thread is started. Without a seek count on
 * the command line the workers seek until SEEKS_AUTO_NS have passed and the
 * count is what they did: the phase lasts long enough to trust on any
 * device, fast or slow. */
#include "loop/io_common.h"
#include "../lib/fileio.h"
#include "../lib/mmap_alloc.h"
#include "../lib/limit_reason.h"
#include "../lib/rng.h"
#include "../verdict/verdict.h"
#include "seeks.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Generation stamped into chunks that a seek writes back. */
#define SEEK_WRITE_GEN 2u

/* Without -s ...:seeks: seek for this long (long enough to be judged over
 * time, verdict/verdict.h), at most SEEKS_AUTO_MAX operations. */
#define SEEKS_AUTO_NS VERDICT_AIM_NS
#define SEEKS_AUTO_MAX 1000000000ull

struct seek_shared {
	struct phase_ctx *ctx;
	atomic_uint_fast64_t next; /* the next operation index to take */
	uint64_t limit;            /* operations to do at most */
	uint64_t deadline_ns;      /* 0, or when to stop taking operations */
	uint64_t nchunks;
	uint64_t key;
};

struct seek_worker {
	pthread_t thread;
	struct seek_shared *shared;
	struct phase_result part; /* this worker's bytes, latencies and error */
	uint64_t start_ns;
	uint64_t ops_end_ns;      /* its last operation done; its fsync follows */
	uint64_t end_ns;
	bool started;
	struct timeline *tl;      /* this worker's timeline, or NULL */
};

uint64_t seeks_offset(uint64_t seed, uint64_t op, uint64_t nchunks, uint32_t chunk)
{
	return rng_at(seed ^ 0x7365656b73ULL, op, nchunks) * chunk;
}

bool seeks_writes_back(uint64_t seed, uint64_t op)
{
	return rng_at(seed ^ 0x777269746573ULL, op, 10) == 0;
}

static bool seeks_enabled(const struct config *cfg)
{
	return cfg->file_size > 0 && cfg->seeks > 0;
}

/* Whether the time-sized phase is over (always false with a given count). */
static bool seeks_time_up(const struct seek_shared *sh)
{
	return sh->deadline_ns && clock_now_ns() >= sh->deadline_ns;
}

/* One seek: read the chunk at off and, on write-back operations, change it
 * and write it back (fsync after it with -b). */
static int seek_once(struct seek_worker *w, int fd, unsigned char *buf, uint64_t op)
{
	struct phase_ctx *ctx = w->shared->ctx;
	const struct config *cfg = ctx->cfg;
	uint64_t off = seeks_offset(w->shared->key, op, w->shared->nchunks, cfg->chunk);
	size_t got;

	if (io_pread_full(fd, buf, cfg->chunk, (off_t)off, &got) != 0)
		return data_fail(ctx, &w->part, "read", (int64_t)off);
	if (got != cfg->chunk)
		return data_fail_detail(ctx, &w->part, "read", (int64_t)(off + got), "file ends before the bytes written");
	w->part.bytes += got;
	w->part.read_bytes += got;
	if (!seeks_writes_back(w->shared->key, op))
		return 0;
	pattern_stamp(ctx->pat, buf, got, off, SEEK_WRITE_GEN);
	if (io_pwrite_all(fd, buf, got, (off_t)off) != 0)
		return data_fail(ctx, &w->part, "write", (int64_t)off);
	if (cfg->sync_each && io_fsync(fd) != 0)
		return data_fail(ctx, &w->part, "fsync", (int64_t)off);
	w->part.bytes += got;
	return 0;
}

static void seek_loop(struct seek_worker *w, int fd, unsigned char *buf)
{
	struct seek_shared *sh = w->shared;
	uint64_t op;

	w->start_ns = clock_now_ns();
	w->started = true;
	if (w->tl)
		timeline_begin(w->tl, w->start_ns, &w->part.bytes, &w->part.latency, NULL, NULL);
	while ((op = atomic_fetch_add(&sh->next, 1)) < sh->limit) {
		struct op_timer t;

		if (seeks_time_up(sh)) {
			atomic_store(&sh->next, sh->limit);
			break;
		}
		op_timer_begin(&t, w->tl);
		if (phase_stop_requested(w->shared->ctx, &w->part) || seek_once(w, fd, buf, op) != 0)
			break;
		op_timer_lap(&t, &w->part.latency);
		w->part.units++;
	}
	w->ops_end_ns = clock_now_ns();
	if (w->tl)
		timeline_stop(w->tl, w->ops_end_ns);
	/* like every I/O phase, end with the written data on the device */
	if (w->part.status == PHASE_NOT_RUN && w->part.bytes > w->part.read_bytes && io_fsync(fd) != 0)
		data_fail(w->shared->ctx, &w->part, "fsync", -1);
	/* a failed or stopped worker ends the phase for all of them */
	if (w->part.status != PHASE_NOT_RUN)
		atomic_store(&sh->next, sh->limit);
	w->end_ns = clock_now_ns();
}

static void *seek_worker_main(void *arg)
{
	struct seek_worker *w = arg;
	struct phase_ctx *ctx = w->shared->ctx;
	unsigned char *buf = data_buffer(ctx, &w->part, ctx->cfg->chunk);
	int fd;

	if (buf == NULL)
		goto out;
	fd = data_open(ctx, &w->part, O_RDWR, false, ctx->cfg->direct);
	if (fd >= 0) {
		seek_loop(w, fd, buf);
		if (close(fd) != 0)
			data_fail(ctx, &w->part, "close", -1);
	}
	free(buf);
out:
	if (w->part.status != PHASE_NOT_RUN)
		atomic_store(&w->shared->next, w->shared->limit);
	return NULL;
}

/* Folds the workers into res: sums, merged latencies, the first error,
 * and the span from the first start to the last end. Not the accumulate
 * of clients and hosts (interface/accumulate.h), on purpose: the
 * workers are threads of one process, whose CPU is measured once around
 * them all (summing a part's would count it twice), and their status is
 * the phase's own (an interrupted worker does not override a done one,
 * nor does the first part's status stand). */
static void seeks_merge(struct phase_result *res, struct seek_worker *w, unsigned n)
{
	uint64_t first = UINT64_MAX, last = 0;

	for (unsigned i = 0; i < n; i++) {
		struct phase_result *p = &w[i].part;

		res->bytes += p->bytes;
		res->read_bytes += p->read_bytes;
		res->units += p->units;
		res->flags |= p->flags;
		hist_merge(&res->latency, &p->latency);
		if (p->status == PHASE_FAILED && res->status != PHASE_FAILED) {
			res->status = PHASE_FAILED;
			res->error = p->error;
		} else if (p->status == PHASE_INTERRUPTED && res->status == PHASE_NOT_RUN) {
			res->status = PHASE_INTERRUPTED;
		}
		if (w[i].started) {
			first = w[i].start_ns < first ? w[i].start_ns : first;
			last = w[i].end_ns > last ? w[i].end_ns : last;
		}
	}
	if (last > first)
		res->span_ns = last - first;
}

/* Ends the phase's timeline where the last operation ended: what follows
 * is the workers' fsync of the chunks they wrote back, the phase's final
 * flush, kept apart as a write phase's is. Counted as operations' time, it
 * made a timeline end in empty intervals, judged "fell 100%". */
static void seeks_stop(struct phase_ctx *ctx, struct phase_result *res, const struct seek_worker *w, unsigned n)
{
	uint64_t ops_end = 0, end = 0;
	bool wrote = false;

	for (unsigned i = 0; i < n; i++) {
		if (!w[i].started)
			continue;
		ops_end = w[i].ops_end_ns > ops_end ? w[i].ops_end_ns : ops_end;
		end = w[i].end_ns > end ? w[i].end_ns : end;
		wrote = wrote || w[i].part.bytes > w[i].part.read_bytes;
	}
	if (ops_end == 0)
		ops_end = end = clock_now_ns();
	if (ctx->timeline)
		timeline_stop(ctx->timeline, ops_end);
	if (wrote && end > ops_end) {
		res->sync_ns += end - ops_end;
		if (ctx->timeline)
			timeline_sync(ctx->timeline, ops_end, end);
	}
}

/* The workers' timelines into the phase's (its own intervals hold the
 * devices' bytes; the workers' the operations). */
static void seeks_merge_timelines(struct phase_ctx *ctx, struct seek_worker *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (w[i].started && w[i].tl)
			timeline_merge(ctx->timeline, w[i].tl);
	timeline_resync(ctx->timeline);
}

/* One timeline per worker when the phase keeps one: NULL without. */
static struct timeline *worker_timelines(struct phase_ctx *ctx, struct seek_worker *w, unsigned n)
{
	struct timeline *tl = ctx->timeline ? mmap_alloc(n * sizeof *tl) : NULL;

	for (unsigned i = 0; tl && i < n; i++)
		w[i].tl = &tl[i];
	return tl;
}

/* A single worker runs in the calling thread: then seeks, like every
 * other phase of one worker, is one thread and its %CP cannot pass 100. */
static unsigned run_inline(struct seek_worker *w)
{
	seek_worker_main(w);
	return 1;
}

/* A worker that could not be started: the limit line ("start seek thread
 * 3 of 5: ...; the process limit (RLIMIT_NPROC) is 2: raise it with ulimit
 * -u"), and exit status 2 as for clients that cannot start: a limit of
 * the machine, not an I/O error. */
static void thread_limit_fail(struct phase_result *res, int err, long long before, unsigned i, unsigned n)
{
	char who[48], why[OP_DETAIL_MAX];

	snprintf(who, sizeof who, "%u of %u", i + 1, n);
	thread_limit_why_after(err, before, i, why, sizeof why);
	if (res->error.err == 0) {
		op_error_set_detail(&res->error, "start seek thread", who, -1, why);
		res->error.err = err;
	}
	res->status = PHASE_FAILED;
	res->flags |= RESULT_LIMIT;
}

/* Starts n worker threads; returns how many started (a failure to start
 * one is the phase's error and stops the others early). before: the
 * user's tasks counted first, since a worker may be done before the last
 * one starts. */
static unsigned start_threads(struct phase_result *res, struct seek_worker *w, unsigned n, long long before)
{
	unsigned started = 0;

	for (; started < n; started++) {
		int err = pthread_create(&w[started].thread, NULL, seek_worker_main, &w[started]);

		if (err != 0) {
			atomic_store(&w->shared->next, w->shared->limit);
			thread_limit_fail(res, err, before, started, n);
			break;
		}
	}
	return started;
}

static int seeks_run(struct phase_ctx *ctx, struct phase_result *res)
{
	const struct config *cfg = ctx->cfg;
	struct seek_shared shared;
	struct seek_worker *w;
	struct timeline *wtl;
	unsigned n = ctx->part.seek_procs, started = 0;
	/* counted before the auto deadline is set: the count reads /proc */
	long long tasks_before = proc_limit_tasks();

	if (ctx->data_size < cfg->chunk) {
		errno = EINVAL;
		return data_fail_detail(ctx, res, "seek", -1, "no data file to seek in");
	}
	w = calloc(n, sizeof *w);
	if (w == NULL)
		return data_fail(ctx, res, "allocate workers for", -1);
	shared.ctx = ctx;
	shared.nchunks = ctx->data_size / cfg->chunk;
	shared.key = ctx->part.seed;
	shared.limit = cfg->seeks_given ? ctx->part.seeks : SEEKS_AUTO_MAX;
	shared.deadline_ns = cfg->seeks_given ? 0 : clock_now_ns() + SEEKS_AUTO_NS;
	atomic_init(&shared.next, 0);
	for (unsigned i = 0; i < n; i++) {
		w[i].shared = &shared;
		hist_init(&w[i].part.latency);
		w[i].part.error.offset = -1;
	}
	wtl = worker_timelines(ctx, w, n);
	started = n == 1 ? run_inline(w) : start_threads(res, w, n, tasks_before);
	for (unsigned i = 0; n > 1 && i < started; i++)
		pthread_join(w[i].thread, NULL);
	seeks_stop(ctx, res, w, started);
	seeks_merge(res, w, started);
	if (wtl)
		seeks_merge_timelines(ctx, w, started);
	mmap_free(wtl, n * sizeof *wtl);
	free(w);
	return res->status == PHASE_FAILED ? -1 : 0;
}

const struct phase phase_seeks = {
	.id = PHASE_SEEKS,
	.flags = PHASE_DIRECT | PHASE_REPEATS,
	.enabled = seeks_enabled,
	.run = seeks_run,
};
