/* File-test plan: names, sizes, directory layout and shuffled order. */
#include "files.h"
#include "../../lib/mmap_alloc.h"
#include "../../lib/rng.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char alnum[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

#define NAME_SALT 0x6e616d6573ULL
#define SIZE_SALT 0x73697a6573ULL

int files_plan_init(struct file_plan *fp, const struct config *cfg, const struct part *part,
                    const char *scratch_path, size_t mem_align)
{
	void *buf;
	int err;

	memset(fp, 0, sizeof *fp);
	fp->topfd = -1;
	fp->count = part->files;
	fp->cap = fp->count;
	fp->timed = part->client && config_level_timed(cfg);
	if (fp->timed) /* the level's pool: any one client may take most of it */
		fp->count = fp->cap = config_files_pool(cfg);
	fp->dirs = cfg->file_dirs > 1 ? cfg->file_dirs : 1;
	fp->max = cfg->file_max;
	fp->min = cfg->file_min;
	fp->chunk = cfg->file_chunk;
	fp->seed = part->seed;
	fp->sync_each = cfg->sync_each;
	fp->verify = cfg->verify;
	fp->auto_count = !cfg->files_given;
	/* decided once for the invocation: no instance sizes itself again */
	fp->sized = cfg->decided.files_by_rate;
	fp->count_fixed = !fp->auto_count || cfg->decided.files_by_rate;
	snprintf(fp->toppath, sizeof fp->toppath, "%s/%s", scratch_path, FILES_DIR);
	if (fp->count > SIZE_MAX / sizeof *fp->order) { /* only where size_t is narrow */
		errno = ENOMEM;
		return -1;
	}
	/* a client's part may be no file at all; malloc(0) may be NULL. A
	 * pool is mapped: a client touches only the entries of files it made */
	if (fp->timed)
		fp->order = mmap_alloc((size_t)fp->cap * sizeof *fp->order);
	else
		fp->order = malloc((size_t)(fp->count ? fp->count : 1) * sizeof *fp->order);
	if (fp->order == NULL)
		return -1;
	err = posix_memalign(&buf, mem_align, fp->chunk);
	if (err != 0) {
		errno = err;
		files_plan_free(fp);
		return -1;
	}
	fp->buf = buf;
	if (pattern_init(&fp->pat, part->seed ^ 0x66696c6573ULL, fp->chunk, mem_align) != 0) {
		files_plan_free(fp);
		return -1;
	}
	return 0;
}

void files_plan_free(struct file_plan *fp)
{
	if (fp->topfd >= 0)
		close(fp->topfd);
	fp->topfd = -1;
	if (fp->timed)
		mmap_free(fp->order, (size_t)fp->cap * sizeof *fp->order);
	else
		free(fp->order);
	free(fp->buf);
	pattern_free(&fp->pat);
	fp->order = NULL;
	fp->buf = NULL;
}

uint32_t files_dir_of(const struct file_plan *fp, uint64_t index)
{
	if (fp->timed)
		return (uint32_t)(index % fp->dirs);
	/* contiguous ranges, evenly spread, as bonnie++ fills directories */
	return (uint32_t)(index * fp->dirs / fp->count);
}

bool files_dir_used(const struct file_plan *fp, uint32_t d)
{
	/* the first index whose directory is >= d: ceil(d * count / dirs) */
	uint64_t first = ((uint64_t)d * fp->count + fp->dirs - 1) / fp->dirs;

	if (fp->timed) /* round-robin: the first count directories */
		return d < fp->count;
	return first < fp->count && files_dir_of(fp, first) == d;
}

uint64_t files_size_of(const struct file_plan *fp, uint64_t index)
{
	uint64_t range;

	if (fp->max <= 0)
		return 0;
	range = (uint64_t)(fp->max - fp->min);
	if (range == 0)
		return (uint64_t)fp->max;
	return (uint64_t)fp->min + rng_at(fp->seed ^ SIZE_SALT, index, range + 1);
}

/* The random part of a name: 0..12 alphanumerics, fixed by (seed, index). */
static size_t random_part(const struct file_plan *fp, uint64_t index, char *out)
{
	uint64_t key = fp->seed ^ NAME_SALT;
	size_t len = (size_t)rng_at(key, index, FILES_RAND_MAX + 1);

	for (size_t i = 0; i < len; i++)
		out[i] = alnum[rng_at(key + 1 + i, index, sizeof alnum - 1)];
	out[len] = '\0';
	return len;
}

void files_name(const struct file_plan *fp, uint64_t index, bool random_first, char *buf)
{
	char rnd[FILES_RAND_MAX + 1];
	char dir[8] = "";

	random_part(fp, index, rnd);
	if (fp->dirs > 1)
		snprintf(dir, sizeof dir, "%05u/", (unsigned)files_dir_of(fp, index));
	if (random_first)
		snprintf(buf, FILES_NAME_MAX, "%s%s%010llx", dir, rnd, (unsigned long long)index);
	else
		snprintf(buf, FILES_NAME_MAX, "%s%010llx%s", dir, (unsigned long long)index, rnd);
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

int64_t files_index_of(const char *name, bool random_first)
{
	size_t len = strlen(name);
	const char *hex;
	int64_t v = 0;

	if (len < FILES_HEX_DIGITS || len > FILES_HEX_DIGITS + FILES_RAND_MAX)
		return -1;
	hex = random_first ? name + len - FILES_HEX_DIGITS : name;
	for (size_t i = 0; i < FILES_HEX_DIGITS; i++) {
		int d = hex_value(hex[i]);
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

void files_shuffle(struct file_plan *fp, uint64_t salt)
{
	struct rng r;

	rng_seed(&r, fp->seed ^ salt);
	for (uint64_t i = 0; i < fp->count; i++)
		fp->order[i] = (uint32_t)i;
	for (uint64_t i = fp->count; i > 1; i--) {
		uint64_t j = rng_below(&r, i);
		uint32_t tmp = fp->order[i - 1];
		fp->order[i - 1] = fp->order[j];
		fp->order[j] = tmp;
	}
}
