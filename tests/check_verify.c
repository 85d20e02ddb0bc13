/* --verify and cache eviction, phase by phase on a real file: a byte
 * changed on disk between block write and rewrite is reported with its
 * offset and both values; eviction leaves no page of the data file
 * resident (mincore). */
#define _DEFAULT_SOURCE /* mincore */
#include "suites.h"
#include "../lib/exitcodes.h"
#include "../options/options.h"
#include "../lib/platform.h"
#include "../phases/runner/bench.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char parent[256];
static struct config cfg;
static struct bench b;
static struct phase_result res;

static void open_bench(const char *size, bool verify)
{
	char a0[] = "bonnie", a1[] = "-d", a3[] = "-s", a4[64], a5[] = "-n", a6[] = "0", a7[] = "--verify";
	char *argv[] = {a0, a1, parent, a3, a4, a5, a6, a7, NULL};
	struct op_error e = {0};
	char err[512];

	snprintf(a4, sizeof a4, "%s", size);
	ck_assert_int_eq(options_parse(verify ? 8 : 7, argv, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_msg(bench_open(&b, &cfg, NULL, 0, &e) == BENCH_OK, "%s %s", e.op, e.path);
}

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(parent, sizeof parent, "%s/bonnie-verify.XXXXXX", tmp);
	ck_assert_ptr_nonnull(mkdtemp(parent));
}

static void teardown(void)
{
	struct op_error e = {0};

	bench_close(&b, &e);
	rmdir(parent);
}

static int run_phase(enum phase_id id)
{
	runner_result_init(&res);
	return phase_table[id]->run(&b.ctx, &res);
}

/* Flips one byte of the data file behind bonnie's back. */
static unsigned char corrupt(off_t off)
{
	int fd = openat(b.ctx.dirfd, DATA_FILE, O_RDWR);
	unsigned char c;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pread(fd, &c, 1, off), 1);
	c ^= 0x5a;
	ck_assert_int_eq(pwrite(fd, &c, 1, off), 1);
	ck_assert_int_eq(fsync(fd), 0);
	close(fd);
	return c;
}

START_TEST(rewrite_catches_a_corrupted_byte)
{
	unsigned char found;

	open_bench("256k:4k", true);
	ck_assert_int_eq(run_phase(PHASE_PUT_BLOCK), 0);
	found = corrupt(70000);
	ck_assert_int_eq(run_phase(PHASE_REWRITE), -1);
	ck_assert_int_eq(res.status, PHASE_FAILED);
	ck_assert(res.flags & RESULT_MISMATCH);
	ck_assert_str_eq(res.error.op, "verify");
	ck_assert_int_eq(res.error.offset, 70000);
	{
		char want[64];
		snprintf(want, sizeof want, "found 0x%02x", found);
		ck_assert_ptr_nonnull(strstr(res.error.detail, want));
		ck_assert_ptr_nonnull(strstr(res.error.detail, "expected byte 0x"));
	}
}
END_TEST

START_TEST(block_read_catches_a_corrupted_byte)
{
	open_bench("256k:4k", true);
	ck_assert_int_eq(run_phase(PHASE_PUT_BLOCK), 0);
	ck_assert_int_eq(run_phase(PHASE_REWRITE), 0);
	corrupt(4096 * 3 + 511); /* last byte of a sector, away from the stamps */
	ck_assert_int_eq(run_phase(PHASE_GET_BLOCK), -1);
	ck_assert(res.flags & RESULT_MISMATCH);
	ck_assert_int_eq(res.error.offset, 4096 * 3 + 511);
}
END_TEST

START_TEST(getc_catches_a_corrupted_byte)
{
	open_bench("256k:4k", true);
	ck_assert_int_eq(run_phase(PHASE_PUT_BLOCK), 0);
	ck_assert_int_eq(run_phase(PHASE_REWRITE), 0);
	corrupt(4096 + 511); /* as above: away from the stamps */
	ck_assert_int_eq(run_phase(PHASE_GETC), -1);
	ck_assert(res.flags & RESULT_MISMATCH);
	ck_assert_str_eq(res.error.op, "verify");
	ck_assert_int_eq(res.error.offset, 4096 + 511);
}
END_TEST

/* A data file cut short behind bonnie's back: each read phase says where it ended. */
static void truncate_data(off_t len)
{
	int fd = openat(b.ctx.dirfd, DATA_FILE, O_RDWR);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, len), 0);
	close(fd);
}

START_TEST(a_short_file_is_reported_where_it_ends)
{
	static const enum phase_id readers[] = {PHASE_GET_BLOCK, PHASE_GETC};

	open_bench("256k:4k", false);
	ck_assert_int_eq(run_phase(PHASE_PUT_BLOCK), 0);
	truncate_data(100000);
	for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++) {
		ck_assert_int_eq(run_phase(readers[i]), -1);
		ck_assert_int_eq(res.status, PHASE_FAILED);
		ck_assert_str_eq(res.error.op, "read");
		ck_assert_int_eq(res.error.offset, 100000);
		ck_assert_str_eq(res.error.detail, "file ends before the bytes written");
	}
}
END_TEST

START_TEST(without_verify_nothing_is_checked)
{
	open_bench("256k:4k", false);
	ck_assert_int_eq(run_phase(PHASE_PUT_BLOCK), 0);
	corrupt(1000);
	ck_assert_int_eq(run_phase(PHASE_REWRITE), 0);
	ck_assert_int_eq(run_phase(PHASE_GET_BLOCK), 0);
}
END_TEST

/* Pages of the data file in the page cache, counted with mincore. */
static size_t resident_pages(size_t len)
{
	int fd = openat(b.ctx.dirfd, DATA_FILE, O_RDONLY);
	size_t page = plat_page_size(), n = (len + page - 1) / page, count = 0;
	unsigned char *vec = malloc(n);
	void *map;

	ck_assert_int_ge(fd, 0);
	/* PROT_NONE: mincore works on it, and nothing (valgrind included) reads the file to map it */
	map = mmap(NULL, len, PROT_NONE, MAP_SHARED, fd, 0);
	ck_assert_ptr_ne(map, MAP_FAILED);
	ck_assert_int_eq(mincore(map, len, vec), 0);
	for (size_t i = 0; i < n; i++)
		count += vec[i] & 1;
	munmap(map, len);
	close(fd);
	free(vec);
	return count;
}

START_TEST(eviction_drops_the_data_file)
{
	const size_t len = 4u << 20;
	int fd;

	ck_assert_msg(plat_can_evict(), "this platform cannot drop cached pages");
	open_bench("4m", false);
	ck_assert_int_eq(run_phase(PHASE_PUT_BLOCK), 0);
	/* after writing, the pages are cached */
	ck_assert_uint_gt(resident_pages(len), len / plat_page_size() / 2);
	fd = openat(b.ctx.dirfd, DATA_FILE, O_RDONLY);
	ck_assert_int_eq(plat_evict(fd), 1);
	close(fd);
	ck_assert_uint_eq(resident_pages(len), 0);
}
END_TEST

Suite *suite_verify(void)
{
	Suite *s = suite_create("verify");
	TCase *tc = tcase_create("real");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, rewrite_catches_a_corrupted_byte);
	tcase_add_test(tc, block_read_catches_a_corrupted_byte);
	tcase_add_test(tc, getc_catches_a_corrupted_byte);
	tcase_add_test(tc, a_short_file_is_reported_where_it_ends);
	tcase_add_test(tc, without_verify_nothing_is_checked);
	tcase_add_test(tc, eviction_drops_the_data_file);
	suite_add_tcase(s, tc);
	return s;
}
