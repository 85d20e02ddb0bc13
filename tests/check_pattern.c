/* pattern: pool setup, block content as a function of (seed, offset,
 * generation), pattern_check's first-difference report, re-stamping, no
 * repeated sector inside 1 MiB, and incompressibility of the data. */
#include "suites.h"
#include "../lib/pattern.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define MIB ((uint64_t)1 << 20)

/* A private copy: pattern_block's pointer is only valid until the next
 * call that maps to the same slot. */
static unsigned char *block_copy(struct pattern *p, uint64_t off, unsigned gen, size_t len)
{
	unsigned char *b = malloc(len);

	ck_assert_ptr_nonnull(b);
	memcpy(b, pattern_block(p, off, gen, len), len);
	return b;
}

static void init_ok(struct pattern *p, uint64_t seed, size_t chunk, size_t align)
{
	ck_assert_int_eq(pattern_init(p, seed, chunk, align), 0);
	ck_assert_ptr_nonnull(p->pool);
}

static int is_stamp_byte(size_t i)
{
	return i % PATTERN_SECTOR < PATTERN_STAMP;
}

static const size_t chunks[] = {512, 4096, 8192, 65536, 512 * 1024, 1024 * 1024};
#define NCHUNKS ((int)(sizeof chunks / sizeof chunks[0]))

START_TEST(init_and_free)
{
	struct pattern p;

	init_ok(&p, 1, chunks[_i], 4096);
	ck_assert_uint_eq(p.chunk, chunks[_i]);
	ck_assert_uint_eq(p.seed, 1);
	/* aligned as asked (for O_DIRECT), and so is every block */
	ck_assert_uint_eq((uintptr_t)p.pool % 4096, 0);
	for (uint64_t k = 0; k < 8; k++)
		ck_assert_uint_eq((uintptr_t)pattern_block(&p, k * chunks[_i], 0, chunks[_i]) % 512, 0);
	pattern_free(&p);
	ck_assert_ptr_null(p.pool);
}
END_TEST

START_TEST(init_rejects_zero_chunk)
{
	struct pattern p;

	errno = 0;
	ck_assert_int_eq(pattern_init(&p, 1, 0, 64), -1);
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

/* Every block passes its own check, for whole and partial lengths. */
START_TEST(check_accepts_own_block)
{
	const size_t chunk = chunks[_i];
	const uint64_t offs[] = {0, 1, 5, 127, 128, 1000, (uint64_t)3 << 20};
	const size_t lens[] = {chunk, chunk - 1, 515, 100, 8, 3};
	struct pattern p;
	struct pattern_mismatch m;

	init_ok(&p, 77, chunk, 64);
	for (size_t o = 0; o < sizeof offs / sizeof offs[0]; o++) {
		for (unsigned gen = 0; gen < 3; gen++) {
			for (size_t l = 0; l < sizeof lens / sizeof lens[0]; l++) {
				uint64_t off = offs[o] * chunk;
				size_t len = lens[l] <= chunk ? lens[l] : chunk;
				const unsigned char *b = pattern_block(&p, off, gen, len);

				ck_assert_msg(pattern_check(&p, b, len, off, gen, &m) == 0,
				              "chunk %zu off %llu gen %u len %zu: mismatch at %llu", chunk,
				              (unsigned long long)off, gen, len,
				              (unsigned long long)m.offset);
			}
		}
	}
	pattern_free(&p);
}
END_TEST

START_TEST(same_seed_same_data)
{
	struct pattern a, b;
	unsigned char *x, *y;

	init_ok(&a, 1234, 8192, 64);
	init_ok(&b, 1234, 8192, 4096);
	for (uint64_t k = 0; k < 300; k += 37) {
		x = block_copy(&a, k * 8192, 1, 8192);
		y = block_copy(&b, k * 8192, 1, 8192);
		ck_assert_mem_eq(x, y, 8192);
		free(x);
		free(y);
	}
	pattern_free(&a);
	pattern_free(&b);
}
END_TEST

/* Number of bytes outside the stamps where a and b differ, and whether
 * every stamp differs. */
static size_t body_diffs(const unsigned char *a, const unsigned char *b, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++)
		if (!is_stamp_byte(i) && a[i] != b[i])
			n++;
	return n;
}

static int all_stamps_differ(const unsigned char *a, const unsigned char *b, size_t len)
{
	for (size_t s = 0; s < len; s += PATTERN_SECTOR)
		if (memcmp(a + s, b + s, PATTERN_STAMP) == 0)
			return 0;
	return 1;
}

START_TEST(content_depends_on_seed)
{
	struct pattern a, b;
	unsigned char *x, *y;

	init_ok(&a, 1, 8192, 64);
	init_ok(&b, 2, 8192, 64);
	x = block_copy(&a, 8192, 0, 8192);
	y = block_copy(&b, 8192, 0, 8192);
	/* both the body and every stamp change with the seed */
	ck_assert_uint_gt(body_diffs(x, y, 8192), 8192 / 2);
	ck_assert(all_stamps_differ(x, y, 8192));
	free(x);
	free(y);
	pattern_free(&a);
	pattern_free(&b);
}
END_TEST

START_TEST(content_depends_on_offset)
{
	struct pattern p;
	struct pattern_mismatch m;
	unsigned char *x, *y, *z;

	init_ok(&p, 9, 8192, 64);
	x = block_copy(&p, 0, 0, 8192);
	y = block_copy(&p, 8192, 0, 8192);
	/* 1 MiB further on the pool may wrap around to the same base data,
	 * but the sector stamps still make the block unique */
	z = block_copy(&p, MIB, 0, 8192);
	ck_assert_uint_gt(body_diffs(x, y, 8192), 8192 / 2);
	ck_assert(all_stamps_differ(x, y, 8192));
	ck_assert(all_stamps_differ(x, z, 8192));
	ck_assert_int_ne(memcmp(x, z, 8192), 0);
	/* and each block is still the one pattern_check expects */
	ck_assert_int_eq(pattern_check(&p, x, 8192, 0, 0, &m), 0);
	ck_assert_int_eq(pattern_check(&p, z, 8192, MIB, 0, &m), 0);
	free(x);
	free(y);
	free(z);
	pattern_free(&p);
}
END_TEST

/* Generations share the body (stamping is cheap) but every stamp differs. */
START_TEST(content_depends_on_generation)
{
	struct pattern p;
	unsigned char *g0, *g1, *g2;

	init_ok(&p, 9, 8192, 64);
	g0 = block_copy(&p, 5 * 8192, 0, 8192);
	g1 = block_copy(&p, 5 * 8192, 1, 8192);
	g2 = block_copy(&p, 5 * 8192, 2, 8192);
	ck_assert(all_stamps_differ(g0, g1, 8192));
	ck_assert(all_stamps_differ(g1, g2, 8192));
	ck_assert(all_stamps_differ(g0, g2, 8192));
	ck_assert_uint_eq(body_diffs(g0, g1, 8192), 0);
	ck_assert_uint_eq(body_diffs(g0, g2, 8192), 0);
	free(g0);
	free(g1);
	free(g2);
	pattern_free(&p);
}
END_TEST

/* One corrupted byte: a stamp byte or a body byte, first or last. */
static const size_t corrupt_at[] = {0, 7, 8, 100, 511, 512, 515, 520, 4000, 8191};
#define NCORRUPT ((int)(sizeof corrupt_at / sizeof corrupt_at[0]))

START_TEST(check_reports_first_difference)
{
	const size_t idx = corrupt_at[_i];
	const uint64_t off = 3 * 8192;
	struct pattern p;
	struct pattern_mismatch m;
	unsigned char *b;
	unsigned char orig;

	init_ok(&p, 55, 8192, 64);
	b = block_copy(&p, off, 0, 8192);
	ck_assert_int_eq(pattern_check(&p, b, 8192, off, 0, &m), 0);
	orig = b[idx];
	b[idx] ^= 0xa5;
	memset(&m, 0, sizeof m);
	ck_assert_int_eq(pattern_check(&p, b, 8192, off, 0, &m), -1);
	ck_assert_uint_eq(m.offset, off + idx);
	ck_assert_uint_eq(m.expected, orig);
	ck_assert_uint_eq(m.found, (unsigned char)(orig ^ 0xa5));

	/* with a second corruption further on, the first is still the one reported */
	if (idx + 1000 < 8192) {
		b[idx + 1000] ^= 0xff;
		ck_assert_int_eq(pattern_check(&p, b, 8192, off, 0, &m), -1);
		ck_assert_uint_eq(m.offset, off + idx);
	}
	free(b);
	pattern_free(&p);
}
END_TEST

START_TEST(check_partial_length)
{
	struct pattern p;
	struct pattern_mismatch m;
	unsigned char *b;

	/* 515 bytes: the second sector holds only 3 stamp bytes */
	init_ok(&p, 8, 8192, 64);
	b = block_copy(&p, 8192, 2, 515);
	ck_assert_int_eq(pattern_check(&p, b, 515, 8192, 2, &m), 0);
	b[514] ^= 1;
	ck_assert_int_eq(pattern_check(&p, b, 515, 8192, 2, &m), -1);
	ck_assert_uint_eq(m.offset, 8192 + 514);
	/* a shorter check does not look at the damaged byte */
	ck_assert_int_eq(pattern_check(&p, b, 514, 8192, 2, &m), 0);
	free(b);
	pattern_free(&p);
}
END_TEST

START_TEST(check_detects_generation_mismatch)
{
	const uint64_t off = 7 * 8192;
	struct pattern p;
	struct pattern_mismatch m;
	unsigned char *g0, *g1;

	init_ok(&p, 4, 8192, 64);
	g0 = block_copy(&p, off, 0, 8192);
	g1 = block_copy(&p, off, 1, 8192);
	ck_assert_int_eq(pattern_check(&p, g0, 8192, off, 1, &m), -1);
	/* the first difference is in the first stamp */
	ck_assert_uint_ge(m.offset, off);
	ck_assert_uint_lt(m.offset, off + PATTERN_STAMP);
	ck_assert_uint_eq(m.expected, g1[m.offset - off]);
	ck_assert_uint_eq(m.found, g0[m.offset - off]);
	ck_assert_uint_ne(m.expected, m.found);
	/* and the other way round, and against generation 2 */
	ck_assert_int_eq(pattern_check(&p, g1, 8192, off, 0, &m), -1);
	ck_assert_int_eq(pattern_check(&p, g1, 8192, off, 2, &m), -1);
	/* the right data at the wrong offset is caught too */
	ck_assert_int_eq(pattern_check(&p, g0, 8192, off + 8192, 0, &m), -1);
	ck_assert_int_eq(pattern_check(&p, g0, 8192, off + MIB, 0, &m), -1);
	free(g0);
	free(g1);
	pattern_free(&p);
}
END_TEST

START_TEST(stamp_turns_gen0_into_gen1)
{
	const uint64_t off = 11 * 8192;
	struct pattern p;
	struct pattern_mismatch m;
	unsigned char *buf, *g1;

	init_ok(&p, 21, 8192, 64);
	buf = block_copy(&p, off, 0, 8192);
	g1 = block_copy(&p, off, 1, 8192);
	pattern_stamp(&p, buf, 8192, off, 1);
	ck_assert_int_eq(pattern_check(&p, buf, 8192, off, 1, &m), 0);
	ck_assert_int_eq(pattern_check(&p, buf, 8192, off, 0, &m), -1);
	ck_assert_mem_eq(buf, g1, 8192);
	/* and back again */
	pattern_stamp(&p, buf, 8192, off, 0);
	ck_assert_int_eq(pattern_check(&p, buf, 8192, off, 0, &m), 0);
	free(buf);
	free(g1);
	pattern_free(&p);
}
END_TEST

static size_t cmp_len;

static int cmp_region(const void *a, const void *b)
{
	return memcmp(*(const unsigned char *const *)a, *(const unsigned char *const *)b, cmp_len);
}

/* Sorts n pointers to len-byte regions and reports whether two are equal. */
static int any_equal(const unsigned char **regions, size_t n, size_t len)
{
	cmp_len = len;
	qsort(regions, n, sizeof regions[0], cmp_region);
	for (size_t i = 1; i < n; i++)
		if (memcmp(regions[i - 1], regions[i], len) == 0)
			return 1;
	return 0;
}

/* Within any 1 MiB of the file no sector body repeats, stamps aside, so a
 * compressor or dedup with records up to 1 MiB finds nothing. */
START_TEST(no_repeats_within_1mib)
{
	const size_t chunk = chunks[_i];
	const uint64_t starts[] = {0, 37};
	const size_t nsec = MIB / PATTERN_SECTOR;
	unsigned char *data = malloc(MIB);
	const unsigned char **bodies = malloc(nsec * sizeof *bodies);
	struct pattern p;

	ck_assert_ptr_nonnull(data);
	ck_assert_ptr_nonnull(bodies);
	init_ok(&p, 1000 + (uint64_t)_i, chunk, 64);
	for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
		uint64_t base = starts[s] * chunk;

		for (uint64_t pos = 0; pos < MIB; pos += chunk) {
			size_t len = MIB - pos < chunk ? (size_t)(MIB - pos) : chunk;
			memcpy(data + pos, pattern_block(&p, base + pos, 0, len), len);
		}
		for (size_t i = 0; i < nsec; i++)
			bodies[i] = data + i * PATTERN_SECTOR + PATTERN_STAMP;
		ck_assert_msg(!any_equal(bodies, nsec, PATTERN_SECTOR - PATTERN_STAMP),
		              "chunk %zu: a sector body repeats in the 1 MiB from %llu", chunk,
		              (unsigned long long)base);
	}
	pattern_free(&p);
	free(bodies);
	free(data);
}
END_TEST

/* Whole sectors (stamp included) are unique over a span larger than the
 * pool, where the bodies do start to repeat. */
START_TEST(sectors_unique_beyond_pool)
{
	const size_t span = 4 * MIB, nsec = span / PATTERN_SECTOR;
	unsigned char *data = malloc(span);
	const unsigned char **sectors = malloc(nsec * sizeof *sectors);
	struct pattern p;

	ck_assert_ptr_nonnull(data);
	ck_assert_ptr_nonnull(sectors);
	init_ok(&p, 3, 8192, 64);
	for (uint64_t pos = 0; pos < span; pos += 8192)
		memcpy(data + pos, pattern_block(&p, pos, 1, 8192), 8192);
	for (size_t i = 0; i < nsec; i++)
		sectors[i] = data + i * PATTERN_SECTOR;
	ck_assert(!any_equal(sectors, nsec, PATTERN_SECTOR));
	pattern_free(&p);
	free(sectors);
	free(data);
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* 64 KiB of data uses all 256 byte values and repeats no 8-byte word.
 * For random data a missing byte value has probability ~256 * e^-256 and
 * a repeated word ~2^-38, so these properties cannot flake. */
START_TEST(incompressible)
{
	enum { SPAN = 64 * 1024, WORDS = SPAN / 8 };
	static unsigned char data[SPAN];
	static uint64_t words[WORDS];
	unsigned seen[256] = {0};
	unsigned distinct = 0;
	struct pattern p;

	init_ok(&p, 2718, 8192, 64);
	for (size_t pos = 0; pos < SPAN; pos += 8192)
		memcpy(data + pos, pattern_block(&p, pos, 0, 8192), 8192);
	for (size_t i = 0; i < SPAN; i++)
		if (seen[data[i]]++ == 0)
			distinct++;
	ck_assert_uint_eq(distinct, 256);
	/* no byte value dominates: expected 256 each, sd 16 */
	for (int v = 0; v < 256; v++)
		ck_assert_uint_lt(seen[v], 512);
	memcpy(words, data, SPAN);
	qsort(words, WORDS, sizeof words[0], cmp_u64);
	for (size_t i = 1; i < WORDS; i++)
		ck_assert_uint_ne(words[i], words[i - 1]);
	pattern_free(&p);
}
END_TEST

/* A sector read back from the wrong place fails the check: each sector of
 * a block, checked as if it sat at every other sector offset of a span
 * larger than the pool (so also where the pool body is the same). */
START_TEST(misdirected_sector_detected)
{
	const size_t chunk = 4096, span = 4 * MIB;
	unsigned char *blk, *probe = malloc(chunk);
	struct pattern_mismatch m;
	struct pattern p;

	ck_assert_ptr_nonnull(probe);
	init_ok(&p, 77, chunk, 64);
	blk = block_copy(&p, 5 * chunk, 0, chunk);
	for (uint64_t off = 0; off < span; off += chunk) {
		for (size_t s = 0; s < chunk; s += PATTERN_SECTOR) {
			/* expected block at off, with one sector replaced by sector s of
			 * the block at 5 * chunk: only the replaced sector can differ */
			memcpy(probe, pattern_block(&p, off, 0, chunk), chunk);
			memcpy(probe + s, blk + s, PATTERN_SECTOR);
			if (off == 5 * chunk)
				ck_assert_int_eq(pattern_check(&p, probe, chunk, off, 0, &m), 0);
			else {
				ck_assert_int_eq(pattern_check(&p, probe, chunk, off, 0, &m), -1);
				ck_assert_uint_ge(m.offset, off + s);
				ck_assert_uint_lt(m.offset, off + s + PATTERN_SECTOR);
			}
		}
	}
	pattern_free(&p);
	free(blk);
	free(probe);
}
END_TEST

/* gzip -1 .. -9 cannot shrink 4 MiB of pattern data (rewritten twice, as
 * block write then rewrite then seeks leave it) by even 0.1%: a
 * compressing file system stores it whole. */
START_TEST(gzip_cannot_compress)
{
	const size_t span = 4 * MIB;
	char path[] = "/tmp/bonnie-gzip.XXXXXX", cmd[128];
	int fd = mkstemp(path);
	unsigned long long packed = 0;
	struct pattern p;
	FILE *f;

	ck_assert_int_ge(fd, 0);
	init_ok(&p, 4242, 8192, 64);
	for (uint64_t off = 0; off < span; off += 8192)
		ck_assert_int_eq(write(fd, pattern_block(&p, off, (unsigned)(off / 8192 % 3), 8192), 8192), 8192);
	close(fd);
	snprintf(cmd, sizeof cmd, "gzip -%d -c %s | wc -c", _i, path);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%llu", &packed), 1);
	ck_assert_int_eq(pclose(f), 0);
	unlink(path);
	ck_assert_msg(packed >= span - span / 1000, "gzip -%d: %llu of %zu bytes", _i, packed, span);
	pattern_free(&p);
}
END_TEST

Suite *suite_pattern(void)
{
	Suite *s = suite_create("pattern");
	TCase *basic = tcase_create("basic");
	TCase *check = tcase_create("check");
	TCase *quality = tcase_create("quality");

	tcase_add_loop_test(basic, init_and_free, 0, NCHUNKS);
	tcase_add_test(basic, init_rejects_zero_chunk);
	tcase_add_test(basic, same_seed_same_data);
	tcase_add_test(basic, content_depends_on_seed);
	tcase_add_test(basic, content_depends_on_offset);
	tcase_add_test(basic, content_depends_on_generation);
	suite_add_tcase(s, basic);

	tcase_add_loop_test(check, check_accepts_own_block, 0, NCHUNKS);
	tcase_add_loop_test(check, check_reports_first_difference, 0, NCORRUPT);
	tcase_add_test(check, check_partial_length);
	tcase_add_test(check, check_detects_generation_mismatch);
	tcase_add_test(check, stamp_turns_gen0_into_gen1);
	tcase_add_test(check, misdirected_sector_detected);
	suite_add_tcase(s, check);

	tcase_add_loop_test(quality, no_repeats_within_1mib, 0, NCHUNKS);
	tcase_add_test(quality, sectors_unique_beyond_pool);
	tcase_add_test(quality, incompressible);
	tcase_add_loop_test(quality, gzip_cannot_compress, 1, 10);
	suite_add_tcase(s, quality);
	return s;
}
