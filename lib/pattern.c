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
	p->key = rng_mix64(seed ^ 0x7374616d70ULL);
	p->chunk = chunk;
	p->slots = chunk >= POOL_TARGET / 2 ? 2 : POOL_TARGET / chunk;
	bytes = p->slots * chunk;
	err = posix_memalign(&mem, align, bytes);
	if (err != 0) {
		errno = err;
		return -1;
	}
	p->pool = mem;
	rng_seed(&r, seed ^ 0x62626f6e6e69650aULL);
	for (size_t i = 0; i < bytes; i += 8)
		put_le64(p->pool + i, rng_next(&r), bytes - i < 8 ? bytes - i : 8);
	return 0;
}

void pattern_free(struct pattern *p)
{
	free(p->pool);
	p->pool = NULL;
}

static size_t slot_of(const struct pattern *p, uint64_t off)
{
	return (size_t)((off / p->chunk) % p->slots);
}

/* One hash per sector (this runs for every 512 bytes written): the seed is
 * mixed once, at init, into p->key. */
static uint64_t stamp_value(const struct pattern *p, uint64_t sector_off, unsigned gen)
{
	return rng_mix64(p->key ^ sector_off ^ ((uint64_t)gen << 58));
}

void pattern_stamp(const struct pattern *p, unsigned char *buf, size_t len, uint64_t off, unsigned gen)
{
	for (size_t s = 0; s < len; s += PATTERN_SECTOR) {
		size_t n = len - s < PATTERN_STAMP ? len - s : PATTERN_STAMP;
		put_le64(buf + s, stamp_value(p, off + s, gen), n);
	}
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

	for (size_t s = 0; s < len; s += PATTERN_SECTOR) {
		unsigned char stamp[PATTERN_STAMP];
		size_t n = len - s < PATTERN_SECTOR ? len - s : PATTERN_SECTOR;
		size_t sn = n < PATTERN_STAMP ? n : PATTERN_STAMP;

		put_le64(stamp, stamp_value(p, off + s, gen), sn);
		if (memcmp(stamp, buf + s, sn) != 0)
			return report_first_diff(stamp, buf + s, sn, off + s, m);
		if (n > sn && memcmp(base + s + sn, buf + s + sn, n - sn) != 0)
			return report_first_diff(base + s + sn, buf + s + sn, n - sn, off + s + sn, m);
	}
	return 0;
}
