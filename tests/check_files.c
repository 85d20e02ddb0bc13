/* The file-test plan: names as bonnie++ forms them, sizes uniform in
 * [min, max], directories evenly filled, the shuffle a permutation. */
#include "suites.h"
#include "../options/options.h"
#include "../phases/files/files.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static struct config cfg;
static struct file_plan fp;

static void plan_for(const char *nspec)
{
	char a0[] = "bonnie", a1[] = "-n", a2[64], a3[] = "-z", a4[] = "7";
	char *argv[] = {a0, a1, a2, a3, a4, NULL};
	char err[256];

	snprintf(a2, sizeof a2, "%s", nspec);
	ck_assert_int_eq(options_parse(5, argv, "h", &cfg, err, sizeof err), OPT_RUN);
	ck_assert_int_eq(files_plan_init(&fp, &cfg, (struct part[]){part_whole(&cfg)}, "/scratch", 4096), 0);
}

static void teardown(void)
{
	files_plan_free(&fp);
}

static bool all_alnum(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]))
			return false;
	return true;
}

START_TEST(sequential_names_start_with_ten_hex_digits)
{
	char name[FILES_NAME_MAX], hex[24];

	plan_for("1");
	for (uint64_t i = 0; i < fp.count; i++) {
		size_t len;
		files_name(&fp, i, false, name);
		len = strlen(name);
		snprintf(hex, sizeof hex, "%010llx", (unsigned long long)i);
		ck_assert_int_eq(strncmp(name, hex, 10), 0);
		ck_assert_uint_le(len, 10 + FILES_RAND_MAX);
		ck_assert(all_alnum(name, len));
		ck_assert_int_eq(files_index_of(name, false), (int64_t)i);
	}
}
END_TEST

START_TEST(random_names_end_with_the_index)
{
	char name[FILES_NAME_MAX];
	size_t lengths[FILES_RAND_MAX + 1] = {0};

	plan_for("1");
	for (uint64_t i = 0; i < fp.count; i++) {
		size_t len;
		files_name(&fp, i, true, name);
		len = strlen(name);
		ck_assert_int_eq(files_index_of(name, true), (int64_t)i);
		lengths[len - 10]++;
	}
	/* every random-part length 0..12 occurs among 1024 names */
	for (size_t k = 0; k <= FILES_RAND_MAX; k++)
		ck_assert_uint_gt(lengths[k], 0);
}
END_TEST

START_TEST(names_are_unique_and_seeded)
{
	char a[FILES_NAME_MAX], b[FILES_NAME_MAX];
	int differ = 0;

	plan_for("1");
	for (uint64_t i = 1; i < fp.count; i++) {
		files_name(&fp, i - 1, true, a);
		files_name(&fp, i, true, b);
		ck_assert_str_ne(a, b);
	}
	files_name(&fp, 5, false, a);
	fp.seed ^= 1;
	for (uint64_t i = 0; i < 64; i++) {
		files_name(&fp, i, false, b);
		files_name(&fp, i, false, a);
		ck_assert_str_eq(a, b); /* pure function of (seed, index) */
	}
	for (uint64_t i = 0; i < 64; i++) {
		char c[FILES_NAME_MAX];
		files_name(&fp, i, false, b);
		fp.seed ^= 1;
		files_name(&fp, i, false, c);
		fp.seed ^= 1;
		differ += strcmp(b, c) != 0;
	}
	ck_assert_int_gt(differ, 32);
}
END_TEST

START_TEST(directories_hold_contiguous_even_ranges)
{
	uint64_t per[3] = {0};
	char name[FILES_NAME_MAX];
	uint32_t prev = 0;

	plan_for("1:0:0:3");
	ck_assert_uint_eq(fp.dirs, 3);
	for (uint64_t i = 0; i < fp.count; i++) {
		uint32_t d = files_dir_of(&fp, i);
		char prefix[8];
		ck_assert_uint_lt(d, 3);
		ck_assert_uint_ge(d, prev); /* contiguous */
		prev = d;
		per[d]++;
		files_name(&fp, i, false, name);
		snprintf(prefix, sizeof prefix, "%05u/", d);
		ck_assert_int_eq(strncmp(name, prefix, 6), 0);
	}
	for (int d = 0; d < 3; d++)
		ck_assert(per[d] == 341 || per[d] == 342);
}
END_TEST

/* files_dir_used agrees with files_dir_of, also with more directories
 * than files (most then hold none). */
START_TEST(used_directories_are_those_holding_files)
{
	const char *specs[] = {"1:0:0:3", "1:0:0:1024", "1:0:0:99999", "2:0:0:1500"};

	for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++) {
		static bool used[100000];
		uint64_t nused = 0;

		if (k > 0)
			files_plan_free(&fp);
		plan_for(specs[k]);
		memset(used, 0, sizeof used);
		for (uint64_t i = 0; i < fp.count; i++)
			used[files_dir_of(&fp, i)] = true;
		for (uint32_t d = 0; d < fp.dirs; d++) {
			ck_assert_msg(files_dir_used(&fp, d) == used[d], "%s: dir %u", specs[k], d);
			nused += used[d];
		}
		ck_assert_uint_eq(nused, fp.count < fp.dirs ? fp.count : fp.dirs);
	}
}
END_TEST

/* A client's plan in a time-based level: its creates stop at a count not
 * known before, so the files go round-robin into the directories, and
 * whatever count they reach, the directories used are the first ones. */
START_TEST(timed_plans_fill_directories_round_robin)
{
	plan_for("1:0:0:3");
	files_plan_free(&fp);
	struct part part = part_whole(&cfg);

	part.client = true;
	part.files = 512;
	cfg.level_ns = 1000000000ull;
	ck_assert_int_eq(files_plan_init(&fp, &cfg, &part, "/scratch", 4096), 0);
	ck_assert(fp.timed);
	ck_assert_uint_eq(fp.cap, FILES_POOL_FACTOR * 1024); /* the level's pool, -n 1 */
	for (uint64_t i = 0; i < 9; i++)
		ck_assert_uint_eq(files_dir_of(&fp, i), i % 3);
	fp.count = 2; /* a create that made 2 */
	ck_assert(files_dir_used(&fp, 0) && files_dir_used(&fp, 1) && !files_dir_used(&fp, 2));
	ck_assert_uint_eq(files_dir_of(&fp, 1), 1);
	files_plan_free(&fp);
	cfg.verify = true; /* one whole pass: the plan is bonnie++'s */
	ck_assert_int_eq(files_plan_init(&fp, &cfg, &part, "/scratch", 4096), 0);
	ck_assert(!fp.timed);
	ck_assert_uint_eq(files_dir_of(&fp, 1), 0);
}
END_TEST

START_TEST(sizes_are_uniform_in_min_max)
{
	uint64_t seen_min = UINT64_MAX, seen_max = 0, buckets[4] = {0};

	plan_for("4:4000:1000");
	for (uint64_t i = 0; i < fp.count; i++) {
		uint64_t s = files_size_of(&fp, i);
		ck_assert_uint_ge(s, 1000);
		ck_assert_uint_le(s, 4000);
		seen_min = s < seen_min ? s : seen_min;
		seen_max = s > seen_max ? s : seen_max;
		buckets[(s - 1000) * 4 / 3001]++;
	}
	ck_assert_uint_lt(seen_min, 1010);
	ck_assert_uint_gt(seen_max, 3990);
	/* 4096 draws over 4 quarters: each near 1024, far from flaky bounds */
	for (int b = 0; b < 4; b++)
		ck_assert(buckets[b] > 800 && buckets[b] < 1250);
}
END_TEST

START_TEST(fixed_and_link_sizes)
{
	plan_for("1:5000:5000");
	ck_assert_uint_eq(files_size_of(&fp, 3), 5000);
	teardown();
	plan_for("1:-1");
	ck_assert_uint_eq(files_size_of(&fp, 3), 0);
	teardown();
	plan_for("1");
	ck_assert_uint_eq(files_size_of(&fp, 3), 0);
}
END_TEST

START_TEST(foreign_names_are_rejected)
{
	ck_assert_int_eq(files_index_of("data", false), -1);
	ck_assert_int_eq(files_index_of("zz00000001", false), -1);
	ck_assert_int_eq(files_index_of("0000000001abcdefghijklmn", false), -1); /* 14 random chars */
	ck_assert_int_eq(files_index_of("000000000a", false), 10);
	ck_assert_int_eq(files_index_of("Xy000000000a", true), 10);
}
END_TEST

START_TEST(shuffle_is_a_seeded_permutation)
{
	unsigned char *seen;
	uint32_t first[16];
	uint64_t moved = 0;

	plan_for("2");
	seen = calloc(fp.count, 1);
	files_shuffle(&fp, 1);
	for (uint64_t i = 0; i < fp.count; i++) {
		ck_assert_uint_lt(fp.order[i], fp.count);
		ck_assert_int_eq(seen[fp.order[i]], 0);
		seen[fp.order[i]] = 1;
		moved += fp.order[i] != i;
	}
	ck_assert_uint_gt(moved, fp.count / 2);
	memcpy(first, fp.order, sizeof first);
	files_shuffle(&fp, 1);
	ck_assert_int_eq(memcmp(first, fp.order, sizeof first), 0);
	files_shuffle(&fp, 2);
	ck_assert_int_ne(memcmp(first, fp.order, sizeof first), 0);
	free(seen);
}
END_TEST

/* -n 1024 means a million files: the plan must stay a few MiB. */
START_TEST(million_files_plan_is_small)
{
	plan_for("1024");
	ck_assert_uint_eq(fp.count, 1048576);
	ck_assert_uint_eq(sizeof fp.order[0], 4);
	files_shuffle(&fp, 3);
	ck_assert_uint_lt(fp.order[fp.count - 1], fp.count);
}
END_TEST

Suite *suite_files(void)
{
	Suite *s = suite_create("files");
	TCase *tc = tcase_create("plan");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, sequential_names_start_with_ten_hex_digits);
	tcase_add_test(tc, random_names_end_with_the_index);
	tcase_add_test(tc, names_are_unique_and_seeded);
	tcase_add_test(tc, directories_hold_contiguous_even_ranges);
	tcase_add_test(tc, used_directories_are_those_holding_files);
	tcase_add_test(tc, timed_plans_fill_directories_round_robin);
	tcase_add_test(tc, sizes_are_uniform_in_min_max);
	tcase_add_test(tc, fixed_and_link_sizes);
	tcase_add_test(tc, foreign_names_are_rejected);
	tcase_add_test(tc, shuffle_is_a_seeded_permutation);
	tcase_add_test(tc, million_files_plan_is_small);
	suite_add_tcase(s, tc);
	return s;
}
