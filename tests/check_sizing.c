/* Sizing (phases/sizing/sizing.c): the space and inode check, overflow included,
 * and the default size, table-driven against exact arithmetic. */
#include "suites.h"
#include "../phases/sizing/sizing.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define KiB (1ull << 10)
#define MiB (1ull << 20)
#define GiB (1ull << 30)
#define PiB (1ull << 50)

static struct config base(void)
{
	struct config c;

	memset(&c, 0, sizeof c);
	c.dir = "/d";
	c.chunk = 8192;
	c.file_chunk = 8192;
	c.evict = true;
	return c;
}

struct check_case {
	const char *what;
	uint64_t size, perchar;
	uint32_t files_k;
	int64_t file_max;
	uint32_t dirs;
	bool probe;
	uint64_t block, bytes_free, inodes_free;
	int want;           /* 0 fits, 1 space, 2 inodes */
};

static const struct check_case cases[] = {
	{"nothing at all", 0, 0, 0, 0, 0, false, 4096, 1 * MiB, 0, 0},
	{"1 GiB on 2 GiB", 1 * GiB, 0, 0, 0, 0, false, 4096, 2 * GiB, 0, 0},
	{"1 GiB on 1 GiB (directories too)", 1 * GiB, 0, 0, 0, 0, false, 4096, 1 * GiB, 0, 1},
	{"per-char bigger than -s counts", 1 * MiB, 64 * MiB, 0, 0, 0, false, 4096, 32 * MiB, 0, 1},
	{"per-char ignored with -s 0", 0, 64 * MiB, 0, 0, 0, false, 4096, 32 * MiB, 0, 0},
	{"probe file counts", 1 * MiB, 0, 0, 0, 0, true, 4096, 10 * MiB, 0, 1},
	{"files rounded up to blocks", 0, 0, 1, 1, 0, false, 4096, 4 * MiB, 0, 1},
	{"files rounded up to blocks, fits", 0, 0, 1, 1, 0, false, 4096, 5 * MiB, 0, 0},
	{"issue 11: 16x1024 files of 1 PiB wrap 64 bits", 0, 0, 16, (int64_t)PiB, 0, false, 4096, 16 * MiB, 0, 1},
	{"65536x1024 files of 1 PiB", 0, 0, 65536, (int64_t)PiB, 99999, true, 4096, UINT64_MAX, 0, 1},
	{"1 PiB file, 1 PiB free", PiB, PiB, 0, 0, 0, false, 4096, PiB + MiB, 0, 0},
	{"huge block size", 0, 0, 65536, 1, 99999, false, 1ull << 62, UINT64_MAX, 0, 1},
	{"inodes short", 0, 0, 1, 0, 0, false, 4096, 1 * GiB, 1000, 2},
	{"inodes enough", 0, 0, 1, 0, 0, false, 4096, 1 * GiB, 1024 + 9, 0},
	{"no inode limit reported", 0, 0, 64, 0, 0, false, 4096, 1 * GiB, 0, 0},
};

/* The exact need, in 128 bits where available: the oracle the checked
 * 64-bit arithmetic must agree with. */
#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 u128;
#endif

static bool exact_fits(const struct check_case *k)
{
#if defined(__SIZEOF_INT128__)
	u128 files = (u128)k->files_k * 1024, per = 0, need;
	u128 data = k->size == 0 ? 0 : (k->size > k->perchar ? k->size : k->perchar);
	u128 dirs = k->dirs > 1 ? k->dirs : 1;

	if (k->file_max > 0)
		per = ((u128)k->file_max + k->block - 1) / k->block * k->block;
	data = (data + k->block - 1) / k->block * k->block;
	need = data + files * per + (k->files_k ? dirs + files / 64 + 2 : 1) * k->block + (k->probe ? 16 * MiB : 0);
	return need <= k->bytes_free;
#else
	(void)k;
	return true;
#endif
}

START_TEST(test_check_table)
{
	const struct check_case *k = &cases[_i];
	struct config c = base();
	struct space sp = {k->bytes_free, k->inodes_free, k->block, 0};
	struct op_error e = {0};
	int rc;

	c.file_size = k->size;
	c.perchar_size = k->perchar;
	c.files_k = k->files_k;
	c.file_max = k->file_max;
	c.file_dirs = k->dirs;
	rc = sizing_check(&c, &sp, k->probe, &e);
	ck_assert_msg((rc == 0) == (k->want == 0), "%s: rc %d", k->what, rc);
	if (k->want != 2)
		ck_assert_msg(exact_fits(k) == (rc == 0), "%s: disagrees with 128-bit arithmetic", k->what);
	if (k->want == 1) {
		ck_assert_str_eq(e.op, "not enough space under");
		ck_assert_str_eq(e.path, "/d");
		ck_assert_int_eq(e.err, ENOSPC);
		ck_assert_msg(strstr(e.detail, "need ") == e.detail && strstr(e.detail, ", have "), "%s", e.detail);
	}
	if (k->want == 2)
		ck_assert_str_eq(e.op, "not enough inodes under");
}
END_TEST

/* A sweep on a 1 GiB tmpfs said "need 1.0 GiB, have 1.0 GiB": the two
 * figures rounded alike, as if it fit. They differ in what is said. */
START_TEST(test_need_and_have_differ_in_words)
{
	struct config c = base();
	struct space sp = {GiB, 0, 4096, 0};
	struct op_error e = {0};
	char need[64], have[64];

	c.file_size = GiB;
	c.files_k = 0;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &e), -1);
	ck_assert_msg(sscanf(e.detail, "need %63[^,], have %63[^(]", need, have) == 2, "%s", e.detail);
	ck_assert_msg(strncmp(need, have, strlen(need)) != 0, "%s", e.detail);
}
END_TEST

START_TEST(test_bytes_overflow_flagged)
{
	struct config c = base();
	uint64_t b = 0;

	c.files_k = 16;
	c.file_max = (int64_t)PiB;
	ck_assert(!sizing_bytes_needed(&c, (struct part[]){part_whole(&c)}, 4096, false, &b));
	ck_assert_uint_eq(b, UINT64_MAX);
	c.file_max = 4096;
	ck_assert(sizing_bytes_needed(&c, (struct part[]){part_whole(&c)}, 4096, false, &b));
	ck_assert_uint_eq(b, 16 * 1024 * 4096ull + (1 + 16 * 1024 / 64 + 2) * 4096ull);
}
END_TEST

struct size_case {
	uint64_t bytes_free;
	uint64_t want;      /* the -s size chosen */
	bool reduced;
};

/* Default size with -n 0 on 4 KiB blocks: the scratch directory's block is the rest. */
static const struct size_case sizes[] = {
	{UINT64_MAX, 4 * GiB, false},
	{8 * GiB + 4096, 4 * GiB, false},
	{8 * GiB + 4096 - 1, 2 * GiB - 1 * MiB, true}, /* a quarter, whole MiB */
	{100 * MiB, 24 * MiB, true},
	{1 * MiB, 8192, true},  /* at least one chunk */
	{0, 8192, true},
};

START_TEST(test_default_size_table)
{
	const struct size_case *k = &sizes[_i];
	struct config c = base();
	struct space sp = {k->bytes_free, 0, 4096, 0};
	bool reduced = !k->reduced;
	uint64_t got = sizing_default_size(&c, &sp, false, &reduced);

	ck_assert_uint_eq(got, k->want);
	ck_assert_int_eq(reduced, k->reduced);
	ck_assert_uint_eq(got % c.chunk, 0);
}
END_TEST

START_TEST(test_default_size_leaves_room_for_files)
{
	struct config c = base();
	struct space sp = {1 * GiB, 0, 4096, 0};
	bool reduced;
	uint64_t alone, with_files;

	alone = sizing_default_size(&c, &sp, false, &reduced);
	c.files_k = 16;
	c.file_max = 16 * KiB;
	with_files = sizing_default_size(&c, &sp, false, &reduced);
	ck_assert_uint_lt(with_files, alone);
	c.file_size = with_files;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &(struct op_error){0}), 0);
	c.file_max = (int64_t)PiB; /* the rest overflows: the smallest size, then a refusal */
	c.file_size = 0;
	ck_assert_uint_eq(sizing_default_size(&c, &sp, false, &reduced), c.chunk);
}
END_TEST

/* -c N: the need is what the clients really write and create, each part
 * on its own (a 256-byte data file takes a block; every client has its
 * directory and its few inodes), not the run's total as one instance. */
START_TEST(test_clients_need_their_parts)
{
	struct config c = base();
	struct space sp = {12 * MiB, 0, 4096, 0};
	struct op_error e = {0};
	uint64_t b;

	c.chunk = 256;
	c.file_size = 1 * MiB;
	c.concurrency = 1;
	ck_assert(sizing_run_bytes(&c, 1, 4096, false, &b));
	ck_assert_uint_eq(b, 1 * MiB + 4096);
	ck_assert_int_eq(sizing_check(&c, &sp, false, &e), 0);
	/* 4096 clients of one chunk: a block of data and one of directory each, the parent's */
	ck_assert(sizing_run_bytes(&c, 4096, 4096, false, &b));
	ck_assert_uint_eq(b, 4096 * 2 * 4096ull + 4096);
	ck_assert(sizing_run_bytes(&c, 4096, 4096, true, &b));
	ck_assert_uint_eq(b, 4096 * 2 * 4096ull + 4096 + 16 * MiB); /* the probe once */
	c.concurrency = 4096;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &e), -1);
	ck_assert_str_eq(e.op, "not enough space under");
	ck_assert_msg(strstr(e.detail, "need 32.0 MiB, have 12.0 MiB (use a smaller -s, -n or -c)"), "%s", e.detail);
	/* --clients: the largest need of its counts */
	c.concurrency = 1;
	c.sweep_levels = 3;
	c.sweep[0] = 1, c.sweep[1] = 2, c.sweep[2] = 4096;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &(struct op_error){0}), -1);
	c.sweep[2] = 4;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &(struct op_error){0}), 0);
}
END_TEST

/* -s 0 -n 1 -c 1500: 1024 clients make one file, 476 none; every one its
 * directories and a few inodes more. */
START_TEST(test_clients_need_their_inodes)
{
	struct config c = base();
	struct space sp = {1 * GiB, 3000, 4096, 0};
	struct op_error e = {0};

	c.files_k = 1;
	c.concurrency = 1;
	ck_assert_uint_eq(sizing_run_inodes(&c, 1), 1024 + 1 + 8);
	ck_assert_int_eq(sizing_check(&c, &sp, false, &e), 0);
	ck_assert_uint_eq(sizing_run_inodes(&c, 1500), 1024 + 1500 * (1 + 8) + (1 + 8));
	c.concurrency = 1500;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &e), -1);
	ck_assert_str_eq(e.op, "not enough inodes under");
	ck_assert_str_eq(e.detail, "need 14533, have 3000 (use a smaller -n or -c)");
}
END_TEST

/* Without -s, the size chosen leaves every client a chunk, even when the
 * space would make it smaller (the check then refuses it). */
START_TEST(test_default_size_one_chunk_per_client)
{
	struct config c = base();
	struct space sp = {1 * MiB, 0, 4096, 0};
	bool reduced;

	c.concurrency = 1024;
	ck_assert_uint_eq(sizing_default_size(&c, &sp, false, &reduced), 1024 * 8192ull);
	ck_assert(reduced);
	c.file_size = 1024 * 8192ull;
	ck_assert_int_eq(sizing_check(&c, &sp, false, &(struct op_error){0}), -1);
	c.file_size = 0;
	c.sweep_levels = 2; /* --clients 1,2048: its largest count */
	c.sweep[0] = 1, c.sweep[1] = 2048;
	ck_assert_uint_eq(sizing_default_size(&c, &sp, false, &reduced), 2048 * 8192ull);
}
END_TEST

START_TEST(test_cache_predicate)
{
	struct config c = base();

	c.file_size = 1 * GiB;
	ck_assert(!sizing_reads_may_be_cached(&c, 1 * GiB, true));  /* evicted */
	ck_assert(sizing_reads_may_be_cached(&c, 1 * GiB, false));  /* cannot evict, under 2x RAM */
	ck_assert(!sizing_reads_may_be_cached(&c, 512 * MiB, false)); /* exactly 2x RAM */
	ck_assert(sizing_reads_may_be_cached(&c, 512 * MiB + 1, false));
	ck_assert(!sizing_reads_may_be_cached(&c, 0, false));       /* RAM unknown or -r 0 */
	ck_assert(sizing_reads_may_be_cached(&c, UINT64_MAX, false)); /* no overflow in 2 x RAM */
	c.direct = true;
	ck_assert(!sizing_reads_may_be_cached(&c, 1 * GiB, false));
	c.direct = false;
	c.evict = false;
	ck_assert(sizing_reads_may_be_cached(&c, 1 * GiB, true));
	c.file_size = 0;
	ck_assert(!sizing_reads_may_be_cached(&c, 1 * GiB, false));
}
END_TEST

Suite *suite_sizing(void)
{
	Suite *s = suite_create("sizing");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_check_table, 0, (int)(sizeof cases / sizeof cases[0]));
	tcase_add_test(tc, test_bytes_overflow_flagged);
	tcase_add_test(tc, test_need_and_have_differ_in_words);
	tcase_add_loop_test(tc, test_default_size_table, 0, (int)(sizeof sizes / sizeof sizes[0]));
	tcase_add_test(tc, test_default_size_leaves_room_for_files);
	tcase_add_test(tc, test_clients_need_their_parts);
	tcase_add_test(tc, test_clients_need_their_inodes);
	tcase_add_test(tc, test_default_size_one_chunk_per_client);
	tcase_add_test(tc, test_cache_predicate);
	suite_add_tcase(s, tc);
	return s;
}
