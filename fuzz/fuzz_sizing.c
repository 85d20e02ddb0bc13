/* libFuzzer target: the space check and default size (phases/sizing/sizing.c).
 * The input fills a configuration and a file system's free space within
 * the limits options.c allows; the check must agree with exact 128-bit
 * arithmetic (with -c N clients, which need at least what one run does),
 * and the default size must be a whole number of chunks. Any
 * disagreement, overflow or undefined behaviour is a finding. */
#include "../phases/sizing/sizing.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t take(const uint8_t **p, size_t *n)
{
	uint64_t v = 0;

	for (int i = 0; i < 8 && *n > 0; i++, (*p)++, (*n)--)
		v |= (uint64_t)**p << (8 * i);
	return v;
}

static u128 exact_need(const struct config *c, uint64_t block, bool probe)
{
	u128 files = (u128)c->files_k * 1024, per = 0, dirs = c->file_dirs > 1 ? c->file_dirs : 1;
	u128 data = c->file_size == 0 ? 0 : (c->file_size > c->perchar_size ? c->file_size : c->perchar_size);

	if (c->file_max > 0)
		per = block ? ((u128)c->file_max + block - 1) / block * block : (u128)c->file_max;
	if (block)
		data = (data + block - 1) / block * block;
	return data + files * per + (c->files_k ? dirs + files / 64 + 2 : 1) * block + (probe ? 16u << 20 : 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config c;
	struct space sp;
	struct op_error e;
	uint64_t flags, got;
	bool probe, reduced;

	memset(&c, 0, sizeof c);
	memset(&e, 0, sizeof e);
	c.dir = "/fuzz";
	c.file_size = take(&data, &size) % ((1ull << 50) + 1);
	c.perchar_size = take(&data, &size) % ((1ull << 50) + 1);
	c.files_k = (uint32_t)(take(&data, &size) % 65537);
	c.file_max = (int64_t)(take(&data, &size) % ((1ull << 50) + 3)) - 2; /* links: -1, -2 */
	c.file_dirs = (uint32_t)(take(&data, &size) % 100000);
	c.chunk = 256u << (take(&data, &size) % 13);
	flags = take(&data, &size);
	probe = flags & 1;
	/* -c N: each client's part needs at least its share of one run's need */
	c.concurrency = 1 + (uint32_t)((flags >> 1) % 4096);
	sp.block = take(&data, &size);
	sp.bytes_free = take(&data, &size);
	sp.inodes_free = take(&data, &size);
	sp.unlimited = 0;

	if (sizing_check(&c, &sp, probe, &e) == 0 && exact_need(&c, sp.block, probe) > sp.bytes_free)
		abort(); /* passed a run that cannot fit */
	if (e.err == 0 && exact_need(&c, sp.block, probe) > sp.bytes_free)
		abort();
	got = sizing_default_size(&c, &sp, probe, &reduced);
	if (got == 0 || got % c.chunk != 0 || got > SIZING_DEFAULT_FILE_SIZE)
		abort();
	return 0;
}
