/* Per-char write and read: one write(2)/read(2) of one byte per byte over
 * the per-char size (-f; without it sized by time once, autosize.h). They measure system-call cost,
 * not the disk. One latency entry per chunk's worth of calls, as bonnie++
 * defines the operation (and cheaper than reading the clock per byte). */
#include "loop/io_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

static bool perchar_enabled(const struct config *cfg)
{
	return cfg->file_size > 0 && cfg->perchar_size > 0;
}

/* Per-char I/O cannot be direct: under -D it runs buffered and says so. */
static void note_buffered(const struct phase_ctx *ctx, struct phase_result *res)
{
	if (ctx->cfg->direct)
		res->flags |= RESULT_BUFFERED;
}

/* Writes len bytes one call each; *done counts the bytes written. */
static int put_bytes(int fd, const unsigned char *p, size_t len, size_t *done)
{
	for (*done = 0; *done < len; (*done)++) {
		ssize_t n;
		do
			n = write(fd, p + *done, 1);
		while (n < 0 && errno == EINTR);
		if (n != 1) {
			if (n == 0)
				errno = EIO;
			return -1;
		}
	}
	return 0;
}

/* Reads len bytes one call each into buf; *got counts bytes before EOF. */
static int get_bytes(int fd, unsigned char *buf, size_t len, size_t *got)
{
	for (*got = 0; *got < len; (*got)++) {
		ssize_t n;
		do
			n = read(fd, buf + *got, 1);
		while (n < 0 && errno == EINTR);
		if (n < 0)
			return -1;
		if (n == 0)
			break;
	}
	return 0;
}

static int perchar_write_run(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t total = ctx->part.perchar;
	size_t chunk = ctx->cfg->chunk;
	struct op_timer t;
	uint64_t off;
	int fd;

	note_buffered(ctx, res);
	fd = data_open(ctx, res, O_WRONLY, ctx->pass == 0, false); /* later passes: in place */
	if (fd < 0)
		return -1;
	op_timer_begin(&t, ctx->timeline);
	for (off = 0; off < total && !phase_stop_requested(ctx, res); off += chunk) {
		size_t len = total - off < chunk ? (size_t)(total - off) : chunk, done;
		const unsigned char *block = pattern_block(ctx->pat, off, 0, len);

		if (put_bytes(fd, block, len, &done) != 0) {
			data_fail(ctx, res, "write", (int64_t)(off + done));
			close(fd);
			return -1;
		}
		op_timer_lap(&t, &res->latency);
		res->bytes += len;
	}
	res->units = res->bytes;
	return data_close(ctx, res, fd, true);
}

static int perchar_read_run(struct phase_ctx *ctx, struct phase_result *res)
{
	uint64_t total = ctx->part.perchar;
	size_t chunk = ctx->cfg->chunk;
	unsigned char *buf;
	struct op_timer t;
	uint64_t off;
	int fd, rc = 0;

	note_buffered(ctx, res);
	if (total > ctx->data_size)
		total = ctx->data_size;
	buf = data_buffer(ctx, res, chunk);
	if (buf == NULL)
		return -1;
	fd = data_open(ctx, res, O_RDONLY, false, false);
	if (fd < 0) {
		free(buf);
		return -1;
	}
	op_timer_begin(&t, ctx->timeline);
	for (off = 0; off < total && !phase_stop_requested(ctx, res); off += chunk) {
		size_t len = total - off < chunk ? (size_t)(total - off) : chunk, got;

		if (get_bytes(fd, buf, len, &got) != 0) {
			rc = data_fail(ctx, res, "read", (int64_t)(off + got));
			break;
		}
		if ((rc = data_read_counted(ctx, res, &t, buf, len, got, off)) != 0)
			break;
	}
	return data_read_end(ctx, res, fd, buf, rc);
}

const struct phase phase_perchar_write = {
	.id = PHASE_PUTC,
	.flags = PHASE_REPEATS, /* its file is made again by block write: a cut pass is fine */
	.enabled = perchar_enabled,
	.run = perchar_write_run,
};

const struct phase phase_perchar_read = {
	.id = PHASE_GETC,
	.flags = PHASE_REPEATS,
	.enabled = perchar_enabled,
	.run = perchar_read_run,
};
