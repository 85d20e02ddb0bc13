/* Block write and block read: the data file in chunk-sized write(2)/read(2)
 * calls, from offset 0 to the end. Block write creates the file. */
#include "loop/io_common.h"
#include "../lib/fileio.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static bool block_enabled(const struct config *cfg)
{
	return cfg->file_size > 0;
}

static bool first_chunk(const struct phase_ctx *ctx, uint64_t off)
{
	return ctx->pass == 0 && off == 0;
}

static int block_write_run(struct phase_ctx *ctx, struct phase_result *res)
{
	const struct config *cfg = ctx->cfg;
	struct op_timer t;
	uint64_t off;
	int fd = data_open(ctx, res, O_WRONLY, ctx->pass == 0, cfg->direct);

	if (fd < 0)
		return -1;
	if (ctx->pass == 0)
		ctx->data_size = 0;
	op_timer_begin(&t, ctx->timeline);
	/* a first pass cut by a schedule's deadline still makes a file of at
	 * least one chunk, for the phases after it */
	for (off = 0; off < ctx->part.data_bytes && (first_chunk(ctx, off) || !phase_stop_requested(ctx, res));
	     off += cfg->chunk) {
		const unsigned char *block = pattern_block(ctx->pat, off, 0, cfg->chunk);

		if (io_write_all(fd, block, cfg->chunk) != 0) {
			data_fail(ctx, res, "write", (int64_t)off);
			close(fd);
			return -1;
		}
		/* -b: bonnie++ documents an fsync after every write but never did one */
		if (cfg->sync_each && io_fsync(fd) != 0) {
			data_fail(ctx, res, "fsync", (int64_t)off);
			close(fd);
			return -1;
		}
		op_timer_lap(&t, &res->latency);
		res->bytes += cfg->chunk;
	}
	res->units = res->bytes;
	if (ctx->pass == 0 && off < ctx->part.data_bytes && res->status == PHASE_NOT_RUN)
		res->flags |= RESULT_FILE_CUT; /* by a schedule's deadline (phases/runner/runner.c) */
	if (off > ctx->data_size) /* a later pass overwrites in place and may end early */
		ctx->data_size = off;
	res->file_bytes = ctx->data_size;
	return data_close(ctx, res, fd, true);
}

static int block_read_run(struct phase_ctx *ctx, struct phase_result *res)
{
	const struct config *cfg = ctx->cfg;
	struct op_timer t;
	unsigned char *buf;
	uint64_t off;
	size_t got;
	int fd, rc = 0;

	buf = data_buffer(ctx, res, cfg->chunk);
	if (buf == NULL)
		return -1;
	fd = data_open(ctx, res, O_RDONLY, false, cfg->direct);
	if (fd < 0) {
		free(buf);
		return -1;
	}
	op_timer_begin(&t, ctx->timeline);
	for (off = 0; off < ctx->data_size && !phase_stop_requested(ctx, res); off += cfg->chunk) {
		if (io_read_full(fd, buf, cfg->chunk, &got) != 0) {
			rc = data_fail(ctx, res, "read", (int64_t)off);
			break;
		}
		if ((rc = data_read_counted(ctx, res, &t, buf, cfg->chunk, got, off)) != 0)
			break;
	}
	return data_read_end(ctx, res, fd, buf, rc);
}

const struct phase phase_block_write = {
	.id = PHASE_PUT_BLOCK,
	.flags = PHASE_DIRECT | PHASE_REPEATS | PHASE_WHOLE_FIRST,
	.enabled = block_enabled,
	.run = block_write_run,
};

const struct phase phase_block_read = {
	.id = PHASE_GET_BLOCK,
	.flags = PHASE_DIRECT | PHASE_REPEATS,
	.enabled = block_enabled,
	.run = block_read_run,
};
