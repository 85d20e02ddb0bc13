/* The queue-depth profile's phases (qd.h): reads or writes of one block
 * size at one depth on the data file, kept in flight from one thread by
 * lib/qdio.h (io_uring, or the threads fallback), with O_DIRECT. Where the
 * file system refuses O_DIRECT (tmpfs, some FUSE shares) the phase runs
 * buffered, says so (RESULT_BUFFERED), and the runner drops a read's file
 * from the page cache after this preparation (FACT_EVICT_PREPARED in the
 * phase table), as it does before bonnie++'s reads.
 *
 * Each phase runs for --qd-time from its first request, its first queue
 * whole however short that is (as fio's time_based): in order, going
 * round the file again from its start when a pass ends sooner, or at
 * offsets drawn uniformly over the file's blocks. Cut at the end of a
 * pass, a 1 GiB row on a disk that reads 3 GB/s ran a third of a second,
 * too short to judge, and the rows of one run covered unequal times.
 * --qd-time 0 makes it one pass of size / block operations. Latency is
 * per operation, from its submission to its completion. */
#include "qd.h"
#include "loop/io_common.h"
#include "../lib/fileio.h"
#include "../lib/platform.h"
#include "../lib/qdio.h"
#include "../lib/rng.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool qd_enabled(const struct config *cfg)
{
	return cfg->qd && cfg->concurrency <= 1 && cfg->sweep_levels == 0;
}

/* Writes the file of the profile's size when no data file of that size is
 * there (a run of only the profile): untimed, with data that does not
 * compress. */
static int qd_lay_out(struct phase_ctx *ctx, struct phase_result *res, uint64_t size)
{
	struct pattern pat;
	int fd, rc = 0;

	if (pattern_init(&pat, ctx->cfg->seed, QD_SEQ_BLOCK, ctx->mem_align) != 0)
		return data_fail(ctx, res, "allocate the pattern for", -1);
	fd = data_open(ctx, res, O_WRONLY, true, false);
	for (uint64_t off = 0; fd >= 0 && rc == 0 && off < size; off += QD_SEQ_BLOCK)
		if (io_write_all(fd, pattern_block(&pat, off, 0, QD_SEQ_BLOCK), QD_SEQ_BLOCK) != 0)
			rc = data_fail(ctx, res, "write", (int64_t)off);
	pattern_free(&pat);
	if (fd < 0)
		return -1;
	if (rc == 0 && io_fsync(fd) != 0)
		rc = data_fail(ctx, res, "fsync", -1);
	close(fd);
	return rc;
}

static int qd_prepare(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t size = qd_file_size(ctx->cfg, ctx->data_size);
	struct stat st;
	int fd;

	if (size == 0)
		return data_fail_detail(ctx, res, "size", -1, "the queue-depth profile needs a file of at least 1 MiB");
	if (ctx->data_size < size || fstatat(ctx->dirfd, DATA_FILE, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    (uint64_t)st.st_size < size) {
		if (qd_lay_out(ctx, res, size) != 0)
			return -1;
		ctx->data_size = size;
	}
	/* O_DIRECT where the file system takes it; EINVAL: it refuses it */
	fd = plat_open(ctx->dirfd, DATA_FILE, O_RDONLY, 0, true);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	if (errno != EINVAL)
		return data_fail(ctx, res, "open", -1);
	res->flags |= RESULT_BUFFERED; /* a read's file is evicted next (FACT_EVICT_PREPARED) */
	return 0;
}

/* The in-flight state of one phase: a buffer and a submission time per tag. */
struct qd_state {
	struct qd_shape shape;
	uint64_t blocks, next, size;  /* operations in a pass, the ones submitted */
	unsigned char *bufs;
	uint64_t *sent;
	struct pattern pat;           /* a write's data, stamped per offset */
	struct rng rng;
	struct qdio *q;
	uint64_t deadline;            /* 0: none; set at the first request */
	bool more;                    /* false once the phase ends: no more requests */
};

static uint64_t qd_offset(struct qd_state *s)
{
	if (s->shape.random)
		return rng_below(&s->rng, s->blocks) * s->shape.block;
	return qd_seq_offset(s->shape, s->blocks, s->next);
}

static int qd_submit(struct qd_state *s, uint32_t tag)
{
	unsigned char *buf = s->bufs + (size_t)tag * s->shape.block;
	struct qdio_req r = {buf, s->shape.block, qd_offset(s), s->shape.write, tag};

	if (s->shape.write)
		pattern_stamp(&s->pat, buf, s->shape.block, r.off, 3);
	s->next++;
	s->sent[tag] = clock_now_ns();
	return qdio_submit(s->q, &r);
}

/* Whether one more operation should be submitted: until the deadline
 * (the first queue whole in any case), or without one, until the pass is
 * done. */
static bool qd_more(struct phase_ctx *ctx, struct phase_result *res, const struct qd_state *s)
{
	if (phase_stop_requested(ctx, res))
		return false;
	return qd_goes_on(s->deadline, s->deadline ? clock_now_ns() : 0, s->next, s->blocks, s->shape.depth);
}

/* The queue refused a request or a wait (err, -errno): the phase fails,
 * naming the call (io_uring_enter), never ends as if it had run. */
static int qd_queue_fail(struct phase_ctx *ctx, struct phase_result *res, const struct qd_state *s, int err)
{
	errno = -err;
	return data_fail(ctx, res, qdio_engine_call(qdio_engine_of(s->q)), -1);
}

/* One more request on tag's buffer, while the phase goes on (once it
 * ends, it stays ended). */
static int qd_refill(struct phase_ctx *ctx, struct phase_result *res, struct qd_state *s, uint32_t tag)
{
	int rc;

	if (!s->more || !(s->more = qd_more(ctx, res, s)))
		return 0;
	rc = qd_submit(s, tag);
	return rc == 0 ? 0 : qd_queue_fail(ctx, res, s, rc);
}

/* Keeps the queue full until the pass ends or is cut, then drains it. The
 * time starts with the first request: the buffers, the file and the queue
 * are set up by then, so a short --qd-time is all spent on I/O. */
static int qd_loop(struct phase_ctx *ctx, struct phase_result *res, struct qd_state *s)
{
	struct op_timer t;
	int rc = 0;

	op_timer_begin(&t, ctx->timeline);
	s->deadline = ctx->cfg->qd_ns ? clock_now_ns() + ctx->cfg->qd_ns : 0;
	s->more = true;
	for (uint32_t tag = 0; tag < s->shape.depth && rc == 0 && s->more; tag++)
		rc = qd_refill(ctx, res, s, tag);
	while (qdio_in_flight(s->q) > 0) {
		struct qdio_done d;
		uint64_t now;
		int w = qdio_wait(s->q, &d);

		if (w != 0)
			return qd_queue_fail(ctx, res, s, w);
		if (d.res != (int64_t)s->shape.block && rc == 0) {
			errno = d.res < 0 ? (int)-d.res : EIO;
			rc = data_fail(ctx, res, s->shape.write ? "write" : "read", -1);
		}
		now = clock_now_ns();
#if !defined(BONNIE_NO_TIMELINE)
		if (now >= t.edge)
			t.edge = timeline_cross(t.tl, now);
#endif
		hist_add(&res->latency, now - s->sent[d.tag]);
		res->bytes += s->shape.block;
		if (!s->shape.write)
			res->read_bytes += s->shape.block;
		if (rc == 0)
			rc = qd_refill(ctx, res, s, d.tag);
	}
	return rc;
}

static int qd_state_init(struct phase_ctx *ctx, struct phase_result *res, struct qd_state *s, enum phase_id id)
{
	s->shape = qd_shape_of(id);
	s->size = qd_file_size(ctx->cfg, ctx->data_size);
	s->blocks = s->size / s->shape.block;
	rng_seed(&s->rng, ((uint64_t)ctx->cfg->seed << 8) ^ (uint64_t)id);
	s->bufs = data_buffer(ctx, res, (size_t)s->shape.block * s->shape.depth);
	s->sent = calloc(s->shape.depth, sizeof *s->sent);
	if (s->bufs == NULL || s->sent == NULL)
		return data_fail(ctx, res, "allocate buffers for", -1);
	if (pattern_init(&s->pat, ctx->cfg->seed, s->shape.block, ctx->mem_align) != 0)
		return data_fail(ctx, res, "allocate the pattern for", -1);
	/* each buffer starts as pattern data; a write stamps it for its offset */
	for (unsigned i = 0; i < s->shape.depth; i++)
		memcpy(s->bufs + (size_t)i * s->shape.block, pattern_block(&s->pat, (uint64_t)i * s->shape.block, 3, s->shape.block),
		       s->shape.block);
	return 0;
}

/* A queue that could not be set up: a process, thread or memory limit
 * (lib/qdio.h's qdio_limit) is the limit line and exit status 2, as for
 * seek threads, not an I/O error; anything else is the I/O error. */
static int qd_open_fail(struct phase_ctx *ctx, struct phase_result *res, int err, const struct qdio_limit *lim)
{
	errno = err;
	if (lim->what[0] == '\0')
		return data_fail(ctx, res, "set up the queue for", -1);
	if (res->error.err == 0) {
		op_error_set_detail(&res->error, lim->what, lim->which, -1, lim->why);
		res->error.err = err;
	}
	res->status = PHASE_FAILED;
	res->flags |= RESULT_LIMIT;
	return -1;
}

static int qd_run(struct phase_ctx *ctx, struct phase_result *res, enum phase_id id)
{
	struct qd_state s;
	struct qdio_limit lim;
	bool buffered = (res->flags & RESULT_BUFFERED) != 0;
	int rc, fd;

	memset(&s, 0, sizeof s);
	rc = qd_state_init(ctx, res, &s, id);
	fd = rc == 0 ? data_open(ctx, res, s.shape.write ? O_WRONLY : O_RDONLY, false, !buffered) : -1;
	if (fd >= 0) {
		rc = qdio_open_limit(&s.q, fd, s.shape.depth, (enum qdio_engine)ctx->cfg->qd_engine, &lim);
		if (rc != 0) {
			rc = qd_open_fail(ctx, res, -rc, &lim);
		} else {
			res->qd_engine = (uint8_t)qdio_engine_of(s.q);
			/* a row with no operation fails in the runner (runner_check_measured) */
			rc = qd_loop(ctx, res, &s);
			res->qd_max_in_flight = qdio_max_in_flight(s.q);
			qdio_close(s.q);
		}
		/* buffered writes are flushed inside the timed region, as block write's */
		if (data_close(ctx, res, fd, buffered && s.shape.write) != 0)
			rc = -1;
	} else {
		rc = -1;
	}
	res->units = res->bytes;
	pattern_free(&s.pat);
	free(s.bufs);
	free(s.sent);
	return rc;
}

#define QD_PHASE(ID, sym)                                                                 \
	static int run_##sym(struct phase_ctx *ctx, struct phase_result *res)             \
	{                                                                                 \
		return qd_run(ctx, res, PHASE_##ID);                                      \
	}                                                                                 \
	const struct phase phase_##sym = {                                                \
		.id = PHASE_##ID, .enabled = qd_enabled, .prepare = qd_prepare, .run = run_##sym, \
	};

QD_PHASE(SEQ1M_Q8T1_READ, seq1m_q8t1_read)
QD_PHASE(SEQ1M_Q8T1_WRITE, seq1m_q8t1_write)
QD_PHASE(SEQ1M_Q1T1_READ, seq1m_q1t1_read)
QD_PHASE(SEQ1M_Q1T1_WRITE, seq1m_q1t1_write)
QD_PHASE(RND4K_Q32T1_READ, rnd4k_q32t1_read)
QD_PHASE(RND4K_Q32T1_WRITE, rnd4k_q32t1_write)
QD_PHASE(RND4K_Q1T1_READ, rnd4k_q1t1_read)
QD_PHASE(RND4K_Q1T1_WRITE, rnd4k_q1t1_write)
