/* Rewrite: for each chunk from offset 0, read it, change it, seek back and
 * write it again. The change re-stamps the chunk as generation 1, so the
 * read phases after it (and --verify) know exactly what to expect. */
#include "loop/io_common.h"
#include "../lib/fileio.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static bool rewrite_enabled(const struct config *cfg)
{
	return cfg->file_size > 0;
}

/* One read-modify-write of the chunk at off. 0, or -1 with the error set. */
static int rewrite_chunk(struct phase_ctx *ctx, struct phase_result *res, int fd, unsigned char *buf,
                         uint64_t off, bool *mismatch, struct pattern_mismatch *m)
{
	const struct config *cfg = ctx->cfg;
	size_t got;

	if (io_read_full(fd, buf, cfg->chunk, &got) != 0)
		return data_fail(ctx, res, "read", (int64_t)off);
	if (got != cfg->chunk)
		return data_fail_detail(ctx, res, "read", (int64_t)(off + got), "file ends before the bytes written");
	*mismatch = cfg->verify && pattern_check(ctx->pat, buf, got, off, 0, m) != 0;
	pattern_stamp(ctx->pat, buf, got, off, 1);
	if (lseek(fd, (off_t)off, SEEK_SET) < 0)
		return data_fail(ctx, res, "lseek", (int64_t)off);
	if (io_write_all(fd, buf, got) != 0)
		return data_fail(ctx, res, "write", (int64_t)off);
	if (cfg->sync_each && io_fsync(fd) != 0)
		return data_fail(ctx, res, "fsync", (int64_t)off);
	return 0;
}

static int rewrite_run(struct phase_ctx *ctx, struct phase_result *res)
{
	const struct config *cfg = ctx->cfg;
	struct pattern_mismatch m;
	struct op_timer t;
	unsigned char *buf;
	bool mismatch = false;
	uint64_t off;
	int fd, rc = 0;

	buf = data_buffer(ctx, res, cfg->chunk);
	if (buf == NULL)
		return -1;
	fd = data_open(ctx, res, O_RDWR, false, cfg->direct);
	if (fd < 0) {
		free(buf);
		return -1;
	}
	op_timer_begin(&t, ctx->timeline);
	for (off = 0; off < ctx->data_size && !phase_stop_requested(ctx, res); off += cfg->chunk) {
		rc = rewrite_chunk(ctx, res, fd, buf, off, &mismatch, &m);
		if (rc != 0)
			break;
		/* a read and a write per chunk; bytes counts the file once, as bonnie++ does */
		op_timer_lap(&t, &res->latency);
		res->bytes += cfg->chunk;
		res->read_bytes += cfg->chunk;
		if (mismatch) {
			rc = data_mismatch(ctx, res, &m);
			break;
		}
	}
	res->units = res->bytes;
	free(buf);
	if (data_close(ctx, res, fd, rc == 0) != 0)
		rc = -1;
	return rc;
}

const struct phase phase_rewrite = {
	.id = PHASE_REWRITE,
	.flags = PHASE_DIRECT | PHASE_REPEATS,
	.enabled = rewrite_enabled,
	.run = rewrite_run,
};
