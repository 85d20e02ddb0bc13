/* Default size, space check and cache predicate; see sizing.h. */
#include "sizing.h"
#include "../interface/client_part.h"
#include "../../lib/units.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define ALIGN_PROBE_BYTES (16u << 20)

/* a + b and a * b into *r; false (and *r = UINT64_MAX) on overflow. The
 * result of a failed step stays UINT64_MAX through the later ones. */
static bool add_ok(uint64_t a, uint64_t b, uint64_t *r)
{
	*r = a > UINT64_MAX - b ? UINT64_MAX : a + b;
	return a <= UINT64_MAX - b;
}

static bool mul_ok(uint64_t a, uint64_t b, uint64_t *r)
{
	bool ok = a == 0 || b <= UINT64_MAX / a;

	*r = ok ? a * b : UINT64_MAX;
	return ok;
}

static bool round_up(uint64_t v, uint64_t unit, uint64_t *r)
{
	if (unit == 0) {
		*r = v;
		return true;
	}
	return add_ok(v, unit - 1, r) && ((*r = *r / unit * unit), true);
}

bool sizing_bytes_needed(const struct config *cfg, const struct part *part, uint64_t fs_block, bool align_probe,
                         uint64_t *bytes)
{
	uint64_t perchar = part->perchar, data = part->data_bytes > perchar ? part->data_bytes : perchar;
	uint64_t files = part->files, dirs = cfg->file_dirs > 1 ? cfg->file_dirs : 1;
	uint64_t per_file = 0, file_bytes, dir_blocks, dir_bytes, sum;
	bool ok = true;

	if (part->data_bytes == 0)
		data = 0;
	/* a client's data file of one 256-byte chunk still takes a whole block */
	ok &= round_up(data, fs_block, &data);
	if (cfg->file_max > 0)
		ok &= round_up((uint64_t)cfg->file_max, fs_block, &per_file);
	ok &= mul_ok(files, per_file, &file_bytes);
	/* directories: one block per 64 entries is generous for every file system
	 * we know; without file tests only the scratch directory (times -c N) */
	dir_blocks = 1;
	if (cfg->files_k > 0 && (part->files > 0 || part->client)) /* a client of no files makes its tree */
		ok &= add_ok(dirs, files / 64 + 2, &dir_blocks);
	ok &= mul_ok(dir_blocks, fs_block, &dir_bytes);
	ok &= add_ok(data, file_bytes, &sum);
	ok &= add_ok(sum, dir_bytes, &sum);
	ok &= add_ok(sum, align_probe ? ALIGN_PROBE_BYTES : 0, &sum);
	*bytes = ok ? sum : UINT64_MAX;
	return ok;
}

uint64_t sizing_inodes_needed(const struct config *cfg, const struct part *part)
{
	uint64_t dirs = cfg->file_dirs > 1 ? cfg->file_dirs : 1;

	/* at most 64 Mi files and 99999 directories (options.c): no overflow */
	return part->files + dirs + 8;
}

bool sizing_run_bytes(const struct config *cfg, uint32_t n, uint64_t fs_block, bool align_probe, uint64_t *bytes)
{
	struct part whole = part_whole(cfg), part = {0}; /* the parent of n > 1 clients: its scratch
	                                                   directory, the probe's file */
	uint64_t one;
	bool ok;

	if (n <= 1) {
		part = whole;
		return sizing_bytes_needed(cfg, &part, fs_block, align_probe, bytes);
	}
	ok = sizing_bytes_needed(cfg, &part, fs_block, align_probe, bytes);
	for (uint32_t i = 0; i < n; i++) {
		part = part_of_client(cfg, &whole, n, i);
		ok &= sizing_bytes_needed(cfg, &part, fs_block, false, &one);
		ok &= add_ok(*bytes, one, bytes);
	}
	if (!ok)
		*bytes = UINT64_MAX;
	return ok;
}

uint64_t sizing_run_inodes(const struct config *cfg, uint32_t n)
{
	struct part whole = part_whole(cfg), part = {0}; /* the parent's */
	uint64_t sum;

	if (n <= 1) {
		part = whole;
		return sizing_inodes_needed(cfg, &part);
	}
	sum = sizing_inodes_needed(cfg, &part);
	/* at most 4096 clients of what one instance needs: no overflow */
	for (uint32_t i = 0; i < n; i++) {
		part = part_of_client(cfg, &whole, n, i);
		sum += sizing_inodes_needed(cfg, &part);
	}
	return sum;
}

/* The most bytes and inodes any client count of the run (-c, or each
 * --clients count) needs. */
static bool worst_need(const struct config *cfg, uint64_t fs_block, bool align_probe, uint64_t *bytes,
                       uint64_t *inodes)
{
	uint32_t levels = cfg->sweep_levels ? cfg->sweep_levels : 1;
	bool ok = true;

	*bytes = *inodes = 0;
	for (uint32_t l = 0; l < levels; l++) {
		uint32_t n = cfg->sweep_levels ? cfg->sweep[l] : cfg->concurrency;
		uint64_t b, i = sizing_run_inodes(cfg, n);

		ok &= sizing_run_bytes(cfg, n, fs_block, align_probe, &b);
		*bytes = b > *bytes ? b : *bytes;
		*inodes = i > *inodes ? i : *inodes;
	}
	return ok;
}

uint64_t sizing_default_size(const struct config *cfg, const struct space *sp, bool align_probe, bool *reduced)
{
	struct config rest_cfg = *cfg;
	uint64_t size = SIZING_DEFAULT_FILE_SIZE, rest, inodes, left;
	uint64_t least = clients_min_size(cfg->chunk, config_most_clients(cfg));

	rest_cfg.file_size = 0;
	worst_need(&rest_cfg, sp->block, align_probe, &rest, &inodes);
	left = sp->bytes_free > rest ? sp->bytes_free - rest : 0;
	*reduced = left / 2 < size;
	if (*reduced) {
		size = left / 4 / (1u << 20) * (1u << 20);
		size -= size % cfg->chunk;
	}
	return size < least ? least : size;
}

static void no_room(struct op_error *e, const char *what, const char *dir, const char *need, const char *have,
                    const char *hint)
{
	char detail[sizeof e->detail];

	snprintf(detail, sizeof detail, "need %s, have %s (use a smaller %s)", need, have, hint);
	op_error_set_detail(e, what, dir, -1, detail);
	e->err = ENOSPC;
}

int sizing_check(const struct config *cfg, const struct space *sp, bool align_probe, struct op_error *e)
{
	uint64_t bytes, inodes;
	bool fits = worst_need(cfg, sp->block, align_probe, &bytes, &inodes);
	bool clients = config_most_clients(cfg) > 1;
	char need[48], have[32];

	if (!fits || bytes > sp->bytes_free) {
		if (fits)
			units_format_human(bytes, need, sizeof need);
		else
			snprintf(need, sizeof need, "more than 16 EiB");
		units_format_human(sp->bytes_free, have, sizeof have);
		if (fits && strcmp(need, have) == 0) { /* "need 1.0 GiB, have 1.0 GiB" read as if it fit */
			snprintf(need, sizeof need, "%llu bytes", (unsigned long long)bytes);
			snprintf(have, sizeof have, "%llu bytes", (unsigned long long)sp->bytes_free);
		}
		no_room(e, "not enough space under", cfg->dir, need, have, clients ? "-s, -n or -c" : "-s or -n");
		return -1;
	}
	if (sp->inodes_free && inodes > sp->inodes_free) {
		snprintf(need, sizeof need, "%llu", (unsigned long long)inodes);
		snprintf(have, sizeof have, "%llu", (unsigned long long)sp->inodes_free);
		no_room(e, "not enough inodes under", cfg->dir, need, have, clients ? "-n or -c" : "-n");
		return -1;
	}
	return 0;
}

/* The largest file one instance with its part writes (the probe's aside);
 * a per-char size bonnie chooses is capped at -s (perchar_auto_bytes). */
static uint64_t largest_of(const struct config *cfg, const struct part *part, bool *data)
{
	uint64_t perchar = cfg->perchar_given ? part->perchar : 0;
	uint64_t bytes = part->data_bytes == 0 ? 0 : part->data_bytes > perchar ? part->data_bytes : perchar;
	uint64_t file = cfg->files_k > 0 && cfg->file_max > 0 ? (uint64_t)cfg->file_max : 0;

	*data = bytes >= file;
	return *data ? bytes : file;
}

uint64_t sizing_largest_file(const struct config *cfg, bool *data)
{
	uint32_t levels = cfg->sweep_levels ? cfg->sweep_levels : 1;
	uint64_t most = 0;

	*data = true;
	for (uint32_t l = 0; l < levels; l++) {
		uint32_t n = cfg->sweep_levels ? cfg->sweep[l] : cfg->concurrency;
		/* client 0's part is the largest */
		struct part whole = part_whole(cfg), part = n > 1 ? part_of_client(cfg, &whole, n, 0) : whole;
		bool d;
		uint64_t b = largest_of(cfg, &part, &d);

		if (b > most) {
			most = b;
			*data = d;
		}
	}
	return most;
}

bool sizing_reads_may_be_cached(const struct config *cfg, uint64_t ram, bool can_evict)
{
	if (cfg->file_size == 0 || ram == 0)
		return false;
	if ((cfg->evict && can_evict) || cfg->direct)
		return false;
	return cfg->file_size / 2 < ram; /* file_size < 2 * ram, without the product */
}
