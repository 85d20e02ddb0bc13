/* Seeded, offset-derived data blocks for writing and verifying; see pattern.h. */
#include "pattern.h"
#include "rng.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Keeps any 1 MiB stretch of the file free of repeated content, so that
 * compressors working on records up to that size find nothing to squeeze. */
#define POOL_TARGET (1u << 20)

/* Stores the n low bytes of v little-endian, so the file content is the
 * same on any machine; whole words in one store where the CPU is
 * little-endian already (this runs for every sector written). */
static void put_le64(unsigned char *dst, uint64_t v, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (n == 8) {
		memcpy(dst, &v, 8);
		return;
	}
#endif
	for (size_t i = 0; i < n; i++, v >>= 8)
		dst[i] = (unsigned char)v;
}

int pattern_init(struct pattern *p, uint64_t seed, size_t chunk, size_t align)
{
	struct rng r;
	void *mem;
	size_t bytes;
	int err;

	memset(p, 0, sizeof *p);
	if (chunk == 0) {
		errno = EINVAL;
		return -1;
	}
	p->seed = seed;
	p->chunk = chunk;
	p->slots = chunk >= POOL_TARGET / 2 ? 2 : POOL_TARGET / chunk;
	p->sectors = (chunk + PATTERN_SECTOR - 1) / PATTERN_SECTOR;
	bytes = p->slots * chunk;
	err = posix_memalign(&mem, align, bytes);
	if (err != 0) {
		errno = err;
		return -1;
	}
	p->pool = mem;
	p->words = malloc(p->slots * p->sectors * sizeof *p->words);
	if (p->words == NULL) {
		pattern_free(p);
		errno = ENOMEM;
		return -1;
	}
	rng_seed(&r, seed ^ 0x62626f6e6e69650aULL);
	for (size_t i = 0; i < bytes; i += 8)
		put_le64(p->pool + i, rng_next(&r), bytes - i < 8 ? bytes - i : 8);
	for (size_t i = 0; i < p->slots * p->sectors; i++)
		p->words[i] = rng_next(&r);
	return 0;
}

void pattern_free(struct pattern *p)
{
	free(p->pool);
	free(p->words);
	p->pool = NULL;
	p->words = NULL;
}

static size_t slot_of(const struct pattern *p, uint64_t off)
{
	return (size_t)((off / p->chunk) % p->slots);
}

/* Odd, so multiplying by it permutes 64-bit values: distinct (offset,
 * generation) pairs give distinct tags. */
#define STAMP_MUL 0x9e3779b97f4a7c15ull

/* The tag of the sector at sector_off for gen; offsets stay below 2^58. */
static uint64_t stamp_tag(uint64_t sector_off, unsigned gen)
{
	return (sector_off + ((uint64_t)gen << 58)) * STAMP_MUL;
}

/* The random words of the slot that the block at off (chunk-aligned) uses. */
static const uint64_t *slot_words(const struct pattern *p, uint64_t off)
{
	return p->words + slot_of(p, off) * p->sectors;
}

/* This runs for every chunk written: per sector one load, xor, store and
 * add; the tag of the next sector is the previous one plus a constant.
 * Two sectors a turn halve the loop's own cost. */
void pattern_stamp(const struct pattern *p, unsigned char *buf, size_t len, uint64_t off, unsigned gen)
{
	const uint64_t *w = slot_words(p, off);
	const uint64_t step = (uint64_t)PATTERN_SECTOR * STAMP_MUL;
	uint64_t tag = stamp_tag(off, gen);
	size_t pairs = len / (2 * PATTERN_SECTOR), s;

	for (size_t i = 0; i < pairs; i++, w += 2, buf += 2 * PATTERN_SECTOR) {
		put_le64(buf, w[0] ^ tag, PATTERN_STAMP);
		put_le64(buf + PATTERN_SECTOR, w[1] ^ (tag + step), PATTERN_STAMP);
		tag += 2 * step;
	}
	len -= pairs * 2 * PATTERN_SECTOR;
	for (s = 0; s < len; s += PATTERN_SECTOR, tag += step)
		put_le64(buf + s, *w++ ^ tag, len - s < PATTERN_STAMP ? len - s : PATTERN_STAMP);
}

const unsigned char *pattern_block(struct pattern *p, uint64_t off, unsigned gen, size_t len)
{
	unsigned char *slot = p->pool + slot_of(p, off) * p->chunk;

	pattern_stamp(p, slot, len, off, gen);
	return slot;
}

static int report_first_diff(const unsigned char *want, const unsigned char *got, size_t n,
                             uint64_t off, struct pattern_mismatch *m)
{
	for (size_t i = 0; i < n; i++) {
		if (want[i] != got[i]) {
			m->offset = off + i;
			m->expected = want[i];
			m->found = got[i];
			return -1;
		}
	}
	return 0;
}

int pattern_check(const struct pattern *p, const unsigned char *buf, size_t len,
                  uint64_t off, unsigned gen, struct pattern_mismatch *m)
{
	const unsigned char *base = p->pool + slot_of(p, off) * p->chunk;
	const uint64_t *w = slot_words(p, off);

	for (size_t s = 0; s < len; s += PATTERN_SECTOR, w++) {
		unsigned char stamp[PATTERN_STAMP];
		size_t n = len - s < PATTERN_SECTOR ? len - s : PATTERN_SECTOR;
		size_t sn = n < PATTERN_STAMP ? n : PATTERN_STAMP;

		put_le64(stamp, *w ^ stamp_tag(off + s, gen), sn);
		if (memcmp(stamp, buf + s, sn) != 0)
			return report_first_diff(stamp, buf + s, sn, off + s, m);
		if (n > sn && memcmp(base + s + sn, buf + s + sn, n - sn) != 0)
			return report_first_diff(base + s + sn, buf + s + sn, n - sn, off + s + sn, m);
	}
	return 0;
}
