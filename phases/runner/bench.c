/* Setting up and tearing down a benchmark instance; see bench.h. */
#include "bench.h"
#include "client_window.h"
#include "../loop/phase_timeline.h"
#include "../../lib/fileio.h"
#include "../../lib/platform.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define DIRECT_PROBE "direct-probe"

/* The directory the scratch directory is made in, for messages: -d, or a
 * client's (its part's). */
static const char *bench_dir(const struct bench *b, const struct config *cfg)
{
	return b->ctx.part.dir ? b->ctx.part.dir : cfg->dir;
}

/* -D needs O_DIRECT on this file system and a chunk that is a multiple of
 * its direct-I/O alignment; an empty probe file tells, before any data is
 * written. */
static enum bench_status check_direct(struct bench *b, const struct config *cfg, struct op_error *e)
{
	size_t mem_align, io_align;
	int fd = plat_open(b->scratch.dirfd, DIRECT_PROBE, O_RDWR | O_CREAT | O_EXCL, 0600, true);
	char why[sizeof e->detail];

	if (fd < 0) {
		snprintf(why, sizeof why, "the file system does not support O_DIRECT (%s)", strerror(errno));
		op_error_set_detail(e, "-D:", bench_dir(b, cfg), -1, why);
		io_unlinkat_settled(b->scratch.dirfd, DIRECT_PROBE, 0);
		return BENCH_NO_DIRECT;
	}
	plat_direct_alignment(fd, b->logical_block, &mem_align, &io_align);
	close(fd);
	io_unlinkat_settled(b->scratch.dirfd, DIRECT_PROBE, 0);
	b->ctx.mem_align = mem_align;
	/* only the data file is opened O_DIRECT; the file tests stay buffered */
	if (cfg->file_size > 0 && cfg->chunk % io_align != 0) {
		snprintf(why, sizeof why, "chunk size %u is not a multiple of its %zu-byte direct I/O alignment",
		         cfg->chunk, io_align);
		op_error_set_detail(e, "-D:", bench_dir(b, cfg), -1, why);
		return BENCH_NO_DIRECT;
	}
	return BENCH_OK;
}

enum bench_status bench_open_scratch(struct bench *b, const struct config *cfg, const struct part *part,
                                     size_t logical_block, struct op_error *e)
{
	enum bench_status status;

	memset(b, 0, sizeof *b);
	b->opened = true;
	b->logical_block = logical_block;
	b->scratch.dirfd = b->scratch.parentfd = -1;
	b->files.topfd = -1;
	b->ctx.part = part ? *part : part_whole(cfg);
	b->ctx.mem_align = plat_page_size();
	if ((b->ctx.part.dir ? scratch_create_at(&b->scratch, b->ctx.part.dir_fd, b->ctx.part.dir, e)
	                     : scratch_create(&b->scratch, cfg->dir, e)) != 0)
		return BENCH_NO_SCRATCH;
	if (phase_timeline_open(&b->ctx) != 0) {
		op_error_set(e, errno, "allocate", "the phase timelines", -1);
		return BENCH_NO_MEMORY;
	}
	b->ctx.dirfd = b->scratch.dirfd;
	b->ctx.dirpath = b->scratch.path;
	if (cfg->direct && (status = check_direct(b, cfg, e)) != BENCH_OK)
		return status;
	return BENCH_OK;
}

enum bench_status bench_ready(struct bench *b, const struct config *cfg, const struct part *part, struct op_error *e)
{
	b->cfg = cfg;
	b->ctx.cfg = cfg;
	b->ctx.part = part ? *part : part_whole(cfg);
	if (pattern_init(&b->pat, b->ctx.part.seed, cfg->chunk, b->ctx.mem_align) != 0) {
		op_error_set(e, errno, "allocate", "the data pattern", -1);
		return BENCH_NO_MEMORY;
	}
	b->have_pat = true;
	b->ctx.pat = &b->pat;
	if (cfg->files_k > 0) {
		if (files_plan_init(&b->files, cfg, &b->ctx.part, b->scratch.path, b->ctx.mem_align) != 0) {
			op_error_set(e, errno, "allocate", "the file-test plan", -1);
			return BENCH_NO_MEMORY;
		}
		b->have_files = true;
		b->ctx.files = &b->files;
	}
	return BENCH_OK;
}

enum bench_status bench_open(struct bench *b, const struct config *cfg, const struct part *part, size_t logical_block,
                             struct op_error *e)
{
	enum bench_status status = bench_open_scratch(b, cfg, part, logical_block, e);

	return status != BENCH_OK ? status : bench_ready(b, cfg, part, e);
}

int bench_run(struct bench *b, struct run_result *run, const struct runner_hooks *hooks)
{
	int rc;

	run->seed = b->ctx.part.seed;
	run->clients = 1;
	phase_timeline_reset(&b->ctx);
	rc = runner_run(&b->ctx, phase_table, PHASE_COUNT, run, hooks);
	for (int i = 0; i < PHASE_COUNT; i++)
		bench_note_delete(b, (enum phase_id)i, &run->phase[i], 1);
	return rc;
}

/* One process deletes on one core; clients may use every online core (a
 * 1,300 sweep's 300 clients deleted 60 K/s here against 33 K/s of one
 * process, and files for 5 s of the one process's rate lasted 0.17 s). */
static double cores_online(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 1 ? (double)n : 1.0;
}

void bench_note_delete(struct bench *b, enum phase_id id, const struct phase_result *res, uint32_t processes)
{
	double rate;

	if (!phase_is(id, FACT_DELETES) || res->status != PHASE_DONE)
		return;
	rate = phase_result_work_rate(res);
	if (processes < 2)
		rate *= cores_online();
	if (rate > b->delete_rate)
		b->delete_rate = rate;
}

uint64_t bench_delete_aim(const struct bench *b)
{
	const struct config *cfg = b->cfg;

	if (!cfg->sweep_levels || cfg->start_at_ns != 0 || !config_level_timed(cfg))
		return 0;
	return files_delete_aim(b->delete_rate, cfg->level_ns, config_files_pool(cfg));
}

int bench_close(struct bench *b, struct op_error *e)
{
	if (!b->opened)
		return 0;
	if (b->have_files)
		files_plan_free(&b->files);
	if (b->have_pat)
		pattern_free(&b->pat);
	b->have_files = b->have_pat = false;
	phase_timeline_close(&b->ctx);
	if (scratch_remove(&b->scratch, e) != 0)
		return -1;
	b->opened = false;
	return 0;
}
