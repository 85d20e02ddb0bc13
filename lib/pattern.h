/* The data bonnie writes: incompressible, never repeating inside a 1 MiB
 * window, unique per 512-byte sector, and derivable from the seed and the
 * file offset so that --verify can check every byte read back.
 *
 * Block content = base slot k = (offset / chunk) mod K, a chunk of PRNG
 * bytes fixed by the seed, with the first 8 bytes of every 512-byte sector
 * replaced by a stamp: the sector's own random word from the pool XOR an
 * odd multiple of (sector offset + generation << 58). The multiple is a
 * bijection, so two writes of one pool sector never carry the same stamp,
 * and the random word keeps every stamp incompressible. Generations tell
 * writes apart: block write is 0, rewrite writes 1, the seek phase's
 * write-backs 2. Stamping happens in place in the slot, so producing a
 * block costs one load, xor, add and store per sector: no hash, no copy. */
#ifndef BONNIE_PATTERN_H
#define BONNIE_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#define PATTERN_SECTOR 512u
#define PATTERN_STAMP 8u

struct pattern {
	uint64_t seed;
	size_t chunk;
	size_t slots;
	size_t sectors;      /* stamps per chunk: chunk / 512, rounded up */
	uint64_t *words;     /* slots * sectors: each pool sector's own random word */
	unsigned char *pool; /* slots * chunk bytes, aligned as asked */
};

struct pattern_mismatch {
	uint64_t offset;  /* file offset of the first differing byte */
	unsigned char expected;
	unsigned char found;
};

/* Allocates and fills the pool. align is a power of two (>= sizeof(void *)),
 * e.g. the O_DIRECT memory alignment. Returns 0, or -1 with errno set. */
int pattern_init(struct pattern *p, uint64_t seed, size_t chunk, size_t align);
void pattern_free(struct pattern *p);

/* The content of the block at file offset off (a multiple of chunk) for
 * generation gen, len <= chunk bytes. The pointer stays valid until the
 * next pattern_block call that maps to the same slot. */
const unsigned char *pattern_block(struct pattern *p, uint64_t off, unsigned gen, size_t len);

/* Rewrites the sector stamps of buf (data of the block at off, a multiple
 * of chunk) for gen. */
void pattern_stamp(const struct pattern *p, unsigned char *buf, size_t len, uint64_t off, unsigned gen);

/* Compares buf with the expected content of the block at off for gen.
 * Returns 0 when equal; otherwise -1 and describes the first difference. */
int pattern_check(const struct pattern *p, const unsigned char *buf, size_t len,
                  uint64_t off, unsigned gen, struct pattern_mismatch *m);

#endif
