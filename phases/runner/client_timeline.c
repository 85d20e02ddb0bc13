/* Clients' timelines through files, merged one at a time; see client_timeline.h. */
#include "client_timeline.h"
#include "../loop/phase_timeline.h"
#include "../../lib/fileio.h"
#include "../../lib/mmap_alloc.h"
#include "../../lib/timeline.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TL_FILE_MAGIC 0x626f6e746c310aull /* "bontl1\n" */

/* What the file holds before the intervals. */
struct tl_file_head {
	uint64_t magic;
	int32_t phase;
	uint32_t n;
	uint64_t t0;
	uint64_t width;
	uint64_t last_len_ns;
	struct tl_sync sync;
};

static void file_name(uint32_t client, char *buf, size_t len)
{
	snprintf(buf, len, "timeline.%u", client);
}

void client_timeline_own(struct phase_ctx *ctx)
{
	mmap_free(ctx->timelines, sizeof *ctx->timelines);
	ctx->timelines = NULL;
}

void client_timeline_put(const struct phase_ctx *ctx, int topfd, uint32_t client, enum phase_id id)
{
	const struct timeline *tl = ctx->timeline;
	struct tl_file_head h;
	char name[32];
	int fd;

	if (tl == NULL || !tl->stopped)
		return;
	memset(&h, 0, sizeof h);
	h = (struct tl_file_head){TL_FILE_MAGIC, (int32_t)id, tl->n, tl->t0, tl->width, tl->last_len_ns, tl->sync};
	file_name(client, name, sizeof name);
	io_unlinkat_settled(topfd, name, 0);
	/* our own new file in our own directory: never one something put there */
	fd = openat(topfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0)
		return; /* the parent merges what it finds: this client's part is missing from the timeline */
	/* pwrite, not write: the hand-over is not the phase's I/O, and the
	 * fault shim counts write(2) on its own (tests hold a client at its
	 * Nth write; the reader uses pread for the same reason) */
	if (io_pwrite_all(fd, &h, sizeof h, 0) != 0 ||
	    io_pwrite_all(fd, tl->iv, sizeof tl->iv[0] * tl->n, (off_t)sizeof h) != 0)
		io_unlinkat_settled(topfd, name, 0); /* half a file must not be merged */
	close(fd);
}

/* Reads client's file for phase id into tl (a stopped timeline). */
static int read_one(int topfd, uint32_t client, enum phase_id id, struct timeline *tl)
{
	struct tl_file_head h;
	char name[32];
	size_t got;
	int fd, rc = -1;

	file_name(client, name, sizeof name);
	fd = openat(topfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* pread: see client_timeline_put */
	if (io_pread_full(fd, &h, sizeof h, 0, &got) == 0 && got == sizeof h && h.magic == TL_FILE_MAGIC &&
	    h.phase == (int32_t)id && h.n <= TL_MAX && h.n > 0 &&
	    io_pread_full(fd, tl->iv, sizeof tl->iv[0] * h.n, (off_t)sizeof h, &got) == 0 &&
	    got == sizeof tl->iv[0] * h.n) {
		tl->t0 = h.t0;
		tl->width = h.width;
		tl->n = h.n;
		tl->hw = h.n;
		tl->last_len_ns = h.last_len_ns;
		tl->sync = h.sync;
		tl->stopped = true;
		rc = 0;
	}
	close(fd);
	io_unlinkat_settled(topfd, name, 0);
	return rc;
}

void client_timeline_merge(struct phase_ctx *ctx, int topfd, uint32_t n, enum phase_id id, struct phase_result *res)
{
	struct timeline *one;
	bool any = false;

	if (ctx->timeline == NULL || ctx->timelines == NULL)
		return;
	one = mmap_alloc(sizeof *one);
	timeline_begin(ctx->timeline, res->start_ns, NULL, NULL, NULL, NULL);
	for (uint32_t i = 0; i < n; i++) {
		if (one == NULL || read_one(topfd, i, id, one) != 0)
			continue;
		timeline_merge(ctx->timeline, one);
		any = true;
	}
	mmap_free(one, sizeof *one);
	if (!any)
		return;
	timeline_series(ctx->timeline, &ctx->timelines->phase[id]);
	phase_series_layout(ctx, &ctx->timelines->phase[id]);
	phase_verdict_to_cut(id, &ctx->timelines->phase[id], res);
}
