/* Data-file helpers shared by the I/O phases; see io_common.h. */
#include "io_common.h"
#include "evict_check.h"
#include "phase_timeline.h"
#include "../../lib/fileio.h"
#include "../../lib/platform.h"
#include "../../lib/signals.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void data_path(const struct phase_ctx *ctx, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", ctx->dirpath, DATA_FILE);
}

int data_fail(struct phase_ctx *ctx, struct phase_result *res, const char *op, int64_t offset)
{
	char path[4096];
	int err = errno;

	data_path(ctx, path, sizeof path);
	op_error_set(&res->error, err, op, path, offset);
	res->status = PHASE_FAILED;
	return -1;
}

int data_fail_detail(struct phase_ctx *ctx, struct phase_result *res, const char *op, int64_t offset,
                     const char *detail)
{
	char path[4096];

	data_path(ctx, path, sizeof path);
	op_error_set_detail(&res->error, op, path, offset, detail);
	res->status = PHASE_FAILED;
	return -1;
}

int data_mismatch(struct phase_ctx *ctx, struct phase_result *res, const struct pattern_mismatch *m)
{
	char why[160];

	res->flags |= RESULT_MISMATCH;
	snprintf(why, sizeof why, "data differs from what was written: expected byte 0x%02x, found 0x%02x",
	         m->expected, m->found);
	return data_fail_detail(ctx, res, "verify", (int64_t)m->offset, why);
}

int data_read_counted(struct phase_ctx *ctx, struct phase_result *res, struct op_timer *t,
                      const unsigned char *buf, size_t want, size_t got, uint64_t off)
{
	struct pattern_mismatch m;

	if (got != want)
		return data_fail_detail(ctx, res, "read", (int64_t)(off + got), "file ends before the bytes written");
	op_timer_lap(t, &res->latency);
	res->bytes += got;
	res->read_bytes += got;
	if (ctx->cfg->verify) {
		if (pattern_check(ctx->pat, buf, got, off, 1, &m) != 0)
			return data_mismatch(ctx, res, &m);
		op_timer_start(t);
	}
	return 0;
}

int data_open(struct phase_ctx *ctx, struct phase_result *res, int flags, bool create, bool direct)
{
	struct stat st;
	int fd;

	if (create) {
		if (io_unlinkat_settled(ctx->dirfd, DATA_FILE, 0) != 0 && errno != ENOENT)
			return data_fail(ctx, res, "unlink", -1);
		flags |= O_CREAT | O_EXCL;
	}
	/* O_NONBLOCK: a fifo put in the data file's place must not hang us */
	fd = plat_open(ctx->dirfd, DATA_FILE, flags | O_NONBLOCK, 0600, direct);
	if (fd < 0)
		return data_fail(ctx, res, "open", -1);
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return data_fail_detail(ctx, res, "open", -1, "not a regular file: something replaced bonnie's own");
	}
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
		data_fail(ctx, res, "fcntl", -1);
		close(fd);
		return -1;
	}
	if (direct)
		res->flags |= RESULT_DIRECT;
	return fd;
}

int data_close(struct phase_ctx *ctx, struct phase_result *res, int fd, bool sync)
{
	uint64_t t0 = clock_now_ns(), t1;
	int rc = 0;

	phase_timeline_stop(ctx, t0);
	if (sync && io_fsync(fd) != 0)
		rc = data_fail(ctx, res, "fsync", -1);
	if (close(fd) != 0 && rc == 0)
		rc = data_fail(ctx, res, "close", -1);
	t1 = clock_now_ns();
	res->sync_ns += t1 - t0;
	if (sync)
		phase_timeline_sync(ctx, t0, t1);
	return rc;
}

void *data_buffer(struct phase_ctx *ctx, struct phase_result *res, size_t len)
{
	void *p;
	/* a buffer of a huge page or more starts on one, in huge pages */
	bool huge = len >= PLAT_HUGE_PAGE && ctx->mem_align <= PLAT_HUGE_PAGE;
	int err = posix_memalign(&p, huge ? PLAT_HUGE_PAGE : ctx->mem_align, len);

	if (err == 0 && huge)
		plat_advise_huge(p, len);
	if (err != 0) {
		errno = err;
		data_fail(ctx, res, "allocate buffer for", -1);
		return NULL;
	}
	return p;
}

void phase_deadline_set(struct phase_ctx *ctx, uint64_t ns)
{
	ctx->end.deadline_ns = ns;
}

/* The stonewall: a word in the clients' shared mapping (client_sync.h),
 * armed only while a stonewalled phase runs in a client of a time-based
 * level. Relaxed loads: a client that sees the raise one operation late
 * does one operation more, which the counts include. */
void phase_stonewall_attach(struct phase_ctx *ctx, _Atomic uint64_t *word)
{
	ctx->end.wall = word;
}

void phase_stonewall_turns(struct phase_ctx *ctx, struct wall_turns *turns)
{
	turns->since_ns = 0;
	turns->lined = false;
	ctx->end.turns = turns;
}

/* One operation's turn (see phase_stonewall_turns). */
static void take_turns(const struct phase_ctx *ctx)
{
	struct wall_turns *t = ctx->end.turns;
	uint64_t now;

	if (t == NULL || !ctx->end.wall_armed)
		return;
	now = clock_now_ns();
	if (t->since_ns == 0) {
		t->since_ns = now;
	} else if (now - t->since_ns >= WALL_TURN_NS) {
		sched_yield();
		t->since_ns = clock_now_ns();
	}
}

void phase_stonewall_arm(struct phase_ctx *ctx, bool on)
{
	if (ctx->end.turns) {
		ctx->end.turns->since_ns = 0;
		ctx->end.turns->lined = false;
	}
	ctx->end.wall_armed = on && ctx->end.wall != NULL;
}

void phase_stonewall_raise(const struct phase_ctx *ctx)
{
	uint64_t none = 0;

	if (ctx->end.wall_armed)
		atomic_compare_exchange_strong(ctx->end.wall, &none, clock_now_ns());
}

bool phase_deadline_passed(const struct phase_ctx *ctx)
{
	if (ctx->end.wall_armed && atomic_load_explicit(ctx->end.wall, memory_order_relaxed) != 0)
		return true;
	return ctx->end.deadline_ns != 0 && clock_now_ns() >= ctx->end.deadline_ns;
}

bool phase_stop_requested(const struct phase_ctx *ctx, struct phase_result *res)
{
	take_turns(ctx);
	if (signals_stop_level() == STOP_NONE)
		return phase_deadline_passed(ctx);
	res->status = PHASE_INTERRUPTED;
	return true;
}

int data_read_end(struct phase_ctx *ctx, struct phase_result *res, int fd, unsigned char *buf, int rc)
{
	res->units = res->bytes;
	free(buf);
	if (data_close(ctx, res, fd, false) != 0)
		rc = -1;
	return rc;
}

/* Drops the data file from the page cache so the read that follows comes
 * from the device, and checks that it went. Outside the timed region. */
int data_evict(struct phase_ctx *ctx, struct phase_result *res)
{
	int fd, rc;

	if (!ctx->cfg->evict) {
		res->flags |= RESULT_NOT_EVICTED;
		return 0;
	}
	fd = data_open(ctx, res, O_RDONLY, false, false);
	if (fd < 0)
		return -1;
	rc = plat_evict(fd);
	if (rc < 0)
		data_fail(ctx, res, "fdatasync", -1);
	else if (rc == 0)
		res->flags |= RESULT_NOT_EVICTED;
	else
		evict_check(fd, res);
	close(fd);
	return rc < 0 ? -1 : 0;
}
