/* Setting up and tearing down a benchmark instance; see bench.h. */
#include "bench.h"
#include "../lib/exitcodes.h"
#include "../lib/platform.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define DIRECT_PROBE "direct-probe"

/* -D needs O_DIRECT on this file system and a chunk that is a multiple of
 * its direct-I/O alignment; an empty probe file tells, before any data is
 * written. */
static int check_direct(struct bench *b, char *err, size_t len)
{
	const struct config *cfg = b->cfg;
	size_t mem_align, io_align;
	int fd = plat_open(b->scratch.dirfd, DIRECT_PROBE, O_RDWR | O_CREAT | O_EXCL, 0600, true);

	if (fd < 0) {
		snprintf(err, len, "-D: the file system under %s does not support O_DIRECT (%s)", cfg->dir,
		         strerror(errno));
		unlinkat(b->scratch.dirfd, DIRECT_PROBE, 0);
		return EXIT_USAGE;
	}
	plat_direct_alignment(fd, b->logical_block, &mem_align, &io_align);
	close(fd);
	unlinkat(b->scratch.dirfd, DIRECT_PROBE, 0);
	b->ctx.mem_align = mem_align;
	/* only the data file is opened O_DIRECT; the file tests stay buffered */
	if (cfg->file_size > 0 && cfg->chunk % io_align != 0) {
		snprintf(err, len, "-D: chunk size %u is not a multiple of the %zu-byte direct I/O alignment of %s",
		         cfg->chunk, io_align, cfg->dir);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

#define ALIGN_PROBE_BYTES (16u << 20)

static uint64_t round_up(uint64_t v, uint64_t unit)
{
	return unit ? (v + unit - 1) / unit * unit : v;
}

uint64_t bench_bytes_needed(const struct config *cfg, uint64_t fs_block, bool align_probe)
{
	uint64_t data = cfg->file_size > cfg->perchar_size ? cfg->file_size : cfg->perchar_size;
	uint64_t files = config_file_count(cfg);
	uint64_t per_file = cfg->file_max > 0 ? round_up((uint64_t)cfg->file_max, fs_block) : 0;
	uint64_t dirs = cfg->file_dirs > 1 ? cfg->file_dirs : 1;

	if (cfg->file_size == 0)
		data = 0;
	/* directories: one block per 64 entries is generous for every file system we know */
	return data + files * per_file + (dirs + files / 64 + 2) * fs_block + (align_probe ? ALIGN_PROBE_BYTES : 0);
}

uint64_t bench_inodes_needed(const struct config *cfg)
{
	uint64_t dirs = cfg->file_dirs > 1 ? cfg->file_dirs : 1;

	return config_file_count(cfg) + dirs + 8;
}

int bench_open(struct bench *b, const struct config *cfg, size_t logical_block, char *err, size_t len)
{
	struct op_error e = {0};
	int status;

	memset(b, 0, sizeof *b);
	b->opened = true;
	b->logical_block = logical_block;
	b->cfg = cfg;
	b->scratch.dirfd = -1;
	b->files.topfd = -1;
	b->ctx.cfg = cfg;
	b->ctx.mem_align = plat_page_size();
	if (scratch_create(&b->scratch, cfg->dir, &e) != 0) {
		char msg[512];
		op_error_format(&e, msg, sizeof msg);
		snprintf(err, len, "cannot create the scratch directory: %s", msg);
		return EXIT_SETUP;
	}
	b->ctx.dirfd = b->scratch.dirfd;
	b->ctx.dirpath = b->scratch.path;
	if (cfg->direct && (status = check_direct(b, err, len)) != EXIT_OK)
		return status;
	if (pattern_init(&b->pat, cfg->seed, cfg->chunk, b->ctx.mem_align) != 0) {
		snprintf(err, len, "cannot allocate the data pattern: %s", strerror(errno));
		return EXIT_SETUP;
	}
	b->have_pat = true;
	b->ctx.pat = &b->pat;
	if (cfg->files_k > 0) {
		if (files_plan_init(&b->files, cfg, b->scratch.path, b->ctx.mem_align) != 0) {
			snprintf(err, len, "cannot allocate the file-test plan: %s", strerror(errno));
			return EXIT_SETUP;
		}
		b->have_files = true;
		b->ctx.files = &b->files;
	}
	return EXIT_OK;
}

int bench_run(struct bench *b, struct run_result *run, const struct runner_hooks *hooks)
{
	run->seed = b->cfg->seed;
	run->clients = 1;
	return runner_run(&b->ctx, run, hooks);
}

int bench_close(struct bench *b, char *err, size_t len)
{
	struct op_error e = {0};

	if (!b->opened)
		return 0;
	if (b->have_files)
		files_plan_free(&b->files);
	if (b->have_pat)
		pattern_free(&b->pat);
	b->have_files = b->have_pat = false;
	if (scratch_remove(&b->scratch, &e) != 0) {
		char msg[512];
		op_error_format(&e, msg, sizeof msg);
		snprintf(err, len, "cannot remove the scratch directory: %s", msg);
		return -1;
	}
	b->opened = false;
	return 0;
}
