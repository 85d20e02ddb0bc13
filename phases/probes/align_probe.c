/* Aligned vs shifted 4 KiB direct writes; see align_probe.h. */
#include "align_probe.h"
#include "align_decide.h"
#include "../loop/io_common.h"
#include "../../lib/fileio.h"
#include "../../lib/platform.h"
#include "../../lib/rng.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROBE_FILE "align-probe"
#define PROBE_FILE_BYTES (16u << 20)
#define PROBE_IO 4096u

static int by_ns(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int probe_fail(struct phase_ctx *ctx, struct align_result *out, const char *op, int64_t off)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", ctx->dirpath, PROBE_FILE);
	op_error_set(&out->error, errno, op, path, off);
	return -1;
}

/* Writes the whole file once so the timed writes hit allocated blocks. */
static int fill_file(struct phase_ctx *ctx, struct align_result *out, const unsigned char *buf, size_t len)
{
	int fd = plat_open(ctx->dirfd, PROBE_FILE, O_WRONLY | O_CREAT | O_EXCL, 0600, false);

	if (fd < 0)
		return probe_fail(ctx, out, "create", -1);
	for (uint64_t off = 0; off < PROBE_FILE_BYTES; off += len) {
		if (io_write_all(fd, buf, len) != 0) {
			probe_fail(ctx, out, "write", (int64_t)off);
			close(fd);
			return -1;
		}
	}
	if (io_fsync(fd) != 0) {
		probe_fail(ctx, out, "fsync", -1);
		close(fd);
		return -1;
	}
	return close(fd);
}

static uint64_t median_of(uint64_t *lat, size_t n)
{
	qsort(lat, n, sizeof lat[0], by_ns);
	return (lat[n / 2 - 1] + lat[n / 2]) / 2;
}

/* ALIGN_RUN_WRITES writes of one kind at random 4 KiB slots, their
 * latencies appended to lat. */
static int run_of(struct phase_ctx *ctx, struct align_result *out, int fd, const unsigned char *buf,
                  struct rng *r, uint32_t shift, struct hist *h, uint64_t *lat)
{
	uint64_t slots = PROBE_FILE_BYTES / PROBE_IO - 1; /* room for the shifted tail */

	for (unsigned i = 0; i < ALIGN_RUN_WRITES; i++) {
		off_t off = (off_t)(rng_below(r, slots) * PROBE_IO + shift);
		uint64_t t0 = clock_now_ns();

		if (io_pwrite_all(fd, buf, PROBE_IO, off) != 0)
			return probe_fail(ctx, out, "write", (int64_t)off);
		lat[i] = clock_now_ns() - t0;
		hist_add(h, lat[i]);
	}
	return 0;
}

/* One pair: ALIGN_ROUND_WRITES writes of each kind, in runs of
 * ALIGN_RUN_WRITES that alternate (A, S, A, S, ...) so that whatever else
 * the machine does falls on both kinds alike; p gets each kind's median. */
static int one_pair(struct phase_ctx *ctx, struct align_result *out, int fd, const unsigned char *buf,
                    struct rng *r, struct align_pair *p)
{
	uint64_t al[ALIGN_ROUND_WRITES], sh[ALIGN_ROUND_WRITES];
	int64_t w0 = plat_run_wait_ns(), w1;
	uint64_t t0 = clock_now_ns();

	for (unsigned i = 0; i < ALIGN_ROUND_WRITES; i += ALIGN_RUN_WRITES)
		if (run_of(ctx, out, fd, buf, r, 0, &out->aligned, al + i) != 0 ||
		    run_of(ctx, out, fd, buf, r, out->shift_bytes, &out->shifted, sh + i) != 0)
			return -1;
	p->aligned_ns = median_of(al, ALIGN_ROUND_WRITES);
	p->shifted_ns = median_of(sh, ALIGN_ROUND_WRITES);
	/* time waiting for a CPU is in both kinds' latencies alike: added to
	 * both, it pulls their ratio towards 1 (align_decide weighs it) */
	w1 = plat_run_wait_ns();
	p->elapsed_ns = w0 >= 0 && w1 >= w0 ? clock_now_ns() - t0 : 0;
	p->waited_ns = p->elapsed_ns ? (uint64_t)(w1 - w0) : 0;
	return 0;
}

/* After ALIGN_MIN_PAIRS pairs every new pair is judged; the pairs end at a
 * decision, at ALIGN_MAX_PAIRS or after ALIGN_TIME_LIMIT_S. */
static int paired_rounds(struct phase_ctx *ctx, struct align_result *out, int fd, const unsigned char *buf)
{
	uint64_t start = clock_now_ns();
	struct rng r;

	rng_seed(&r, ctx->cfg->seed ^ 0x616c69676eULL);
	while (out->pairs < ALIGN_MAX_PAIRS) {
		if (one_pair(ctx, out, fd, buf, &r, &out->pair[out->pairs]) != 0)
			return -1;
		align_decide(out->pair, ++out->pairs, &out->verdict);
		if (out->verdict.decision != ALIGN_INCONCLUSIVE)
			return 0;
		if (clock_now_ns() - start >= ALIGN_TIME_LIMIT_S * 1000000000ull) {
			out->timed_out = true;
			return 0;
		}
	}
	return 0;
}

static int timed_writes(struct phase_ctx *ctx, struct align_result *out, const unsigned char *buf)
{
	int fd = plat_open(ctx->dirfd, PROBE_FILE, O_WRONLY | O_DSYNC, 0, true);
	size_t mem_align, io_align;
	int rc;

	if (fd < 0)
		return probe_fail(ctx, out, "open O_DIRECT", -1);
	plat_direct_alignment(fd, out->shift_bytes, &mem_align, &io_align);
	if (out->shift_bytes % io_align != 0) {
		char why[160], path[4096];
		snprintf(why, sizeof why, "direct I/O here needs %zu-byte aligned offsets, so no write can be "
		         "shifted by %u B", io_align, out->shift_bytes);
		snprintf(path, sizeof path, "%s/%s", ctx->dirpath, PROBE_FILE);
		op_error_set_detail(&out->error, "probe", path, -1, why);
		close(fd);
		return -1;
	}
	rc = paired_rounds(ctx, out, fd, buf);
	close(fd);
	return rc;
}

/* Shifting by one logical sector only leaves the physical sector grid
 * when physical sectors are larger (512e). Where the two are equal (4Kn,
 * 512n) both kinds of write would be aligned: a ratio would measure
 * nothing but noise, so the probe says why it did not run. */
static bool shift_stays_aligned(struct align_result *out, uint32_t physical_bytes)
{
	char why[160];

	if (physical_bytes == 0 || out->shift_bytes % physical_bytes != 0)
		return false;
	snprintf(why, sizeof why, "logical = physical sector size (%u B): a shift by one logical sector "
	         "stays aligned", physical_bytes);
	op_error_set_detail(&out->error, "", "", -1, why);
	return true;
}

int align_probe_run(struct phase_ctx *ctx, uint32_t shift_bytes, uint32_t physical_bytes,
                    struct align_result *out)
{
	size_t fill = 1u << 20;
	unsigned char *buf;
	int rc;

	memset(out, 0, sizeof *out);
	hist_init(&out->aligned);
	hist_init(&out->shifted);
	out->error.offset = -1;
	out->io_bytes = PROBE_IO;
	out->shift_bytes = shift_bytes;
	if (shift_stays_aligned(out, physical_bytes))
		return -1;
	if (posix_memalign((void **)&buf, ctx->mem_align > 4096 ? ctx->mem_align : 4096, fill) != 0) {
		errno = ENOMEM;
		return probe_fail(ctx, out, "allocate buffer for", -1);
	}
	for (size_t off = 0; off < fill; off += ctx->pat->chunk) /* chunk <= 1 MiB, both powers of two */
		memcpy(buf + off, pattern_block(ctx->pat, off, 0, ctx->pat->chunk), ctx->pat->chunk);
	rc = fill_file(ctx, out, buf, fill);
	if (rc == 0)
		rc = timed_writes(ctx, out, buf);
	out->ran = rc == 0;
	free(buf);
	if (io_unlinkat_settled(ctx->dirfd, PROBE_FILE, 0) != 0 && errno != ENOENT && rc == 0)
		rc = probe_fail(ctx, out, "unlink", -1);
	return rc;
}
