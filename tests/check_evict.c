/* Checking eviction: page-cache residency sampled with mincore (a file
 * just written is all resident, a sparse gigabyte has nothing cached and
 * is sampled in 64 windows), evict_check's verdicts, and how a failed
 * eviction shows in the table note and the JSON. */
#include "suites.h"
#include "util_synth.h"
#include "../lib/json.h"
#include "../lib/platform.h"
#include "../phases/loop/evict_check.h"
#include "../phases/runner/runner.h"
#include "../report/report.h"
#include "../report/model/view.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char path[256];
static int fd = -1;

static void setup(void)
{
	const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";

	snprintf(path, sizeof path, "%s/bonnie-evict.XXXXXX", tmp);
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
}

static void teardown(void)
{
	close(fd);
	unlink(path);
}

/* Writes len bytes of non-zero data and syncs them: all of it cached. */
static void write_file(size_t len)
{
	char *buf = malloc(len);

	ck_assert_ptr_nonnull(buf);
	memset(buf, 0x5a, len);
	ck_assert_int_eq(write(fd, buf, len), (ssize_t)len);
	ck_assert_int_eq(fsync(fd), 0);
	free(buf);
}

START_TEST(written_file_is_resident)
{
	uint64_t sampled, resident;
	size_t page = plat_page_size();

	write_file(3u << 20);
	ck_assert_int_eq(plat_resident_pages(fd, &sampled, &resident), 0);
	ck_assert_uint_eq(sampled, (3u << 20) / page);
	ck_assert_uint_eq(resident, sampled);
}
END_TEST

/* Nothing of a sparse file is cached. A tool watching mappings may read
 * the head of a newly mapped file itself (valgrind does: 4 pages here),
 * so "nothing" allows 1% of the sample, the verdict's own margin. */
static void assert_next_to_nothing(uint64_t resident, uint64_t sampled)
{
	ck_assert_msg(resident * 1000000u <= sampled * EVICT_RESIDENT_MAX_PPM, "%llu of %llu pages resident",
	              (unsigned long long)resident, (unsigned long long)sampled);
}

START_TEST(sparse_gigabyte_is_sampled_not_read)
{
	uint64_t sampled, resident;
	size_t page = plat_page_size();

	ck_assert_int_eq(ftruncate(fd, 1ll << 30), 0);
	ck_assert_int_eq(plat_resident_pages(fd, &sampled, &resident), 0);
	ck_assert_uint_eq(sampled, 64 * ((1u << 20) / page)); /* 64 windows of 1 MiB */
	assert_next_to_nothing(resident, sampled);
	ck_assert_int_eq(plat_resident_pages(fd, &sampled, &resident), 0);
	assert_next_to_nothing(resident, sampled); /* asking did not read anything in */
}
END_TEST

START_TEST(verdicts)
{
	struct phase_result res;

	runner_result_init(&res);
	ck_assert_int_eq(ftruncate(fd, 8 << 20), 0); /* sparse: nothing cached */
	evict_check(fd, &res);
	ck_assert_uint_eq(res.flags & (RESULT_EVICTED | RESULT_NOT_EVICTED | RESULT_RESIDENCY),
	                  RESULT_EVICTED | RESULT_RESIDENCY);
	ck_assert_uint_le(res.resident_ppm, EVICT_RESIDENT_MAX_PPM);
	ck_assert_int_eq(ftruncate(fd, 0), 0);
	write_file(1u << 20);
	runner_result_init(&res);
	evict_check(fd, &res);
	ck_assert_uint_eq(res.flags & (RESULT_EVICTED | RESULT_NOT_EVICTED | RESULT_RESIDENCY),
	                  RESULT_NOT_EVICTED | RESULT_RESIDENCY);
	ck_assert_uint_eq(res.resident_ppm, 1000000);
}
END_TEST

/* A tmpfs-like run: evicting left 100% (get_block) and 97.5% (seeks). */
static void not_evicted_run(struct config *cfg, struct run_result *run)
{
	synth_config(cfg);
	synth_full_run(run);
	run->phase[PHASE_GET_BLOCK].flags |= RESULT_NOT_EVICTED | RESULT_RESIDENCY;
	run->phase[PHASE_GET_BLOCK].resident_ppm = 1000000;
	run->phase[PHASE_SEEKS].flags |= RESULT_NOT_EVICTED | RESULT_RESIDENCY;
	run->phase[PHASE_SEEKS].resident_ppm = 975000;
	run->phase[PHASE_REWRITE].flags |= RESULT_EVICTED | RESULT_RESIDENCY;
}

START_TEST(table_note_gives_the_fraction)
{
	struct config cfg;
	struct run_result run;
	char *text;

	not_evicted_run(&cfg, &run);
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "page cache not dropped before reads: 100% of the data file stayed "
	                                   "cached after evicting it; read figures come from RAM\n"));
	free(text);
}
END_TEST

START_TEST(json_gives_evicted_and_fraction)
{
	struct config cfg;
	struct run_result run;
	struct json j;
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(out);
	not_evicted_run(&cfg, &run);
	json_init(&j, out);
	struct run_records *rec = view_records_new();
	ck_assert_ptr_nonnull(rec);
	view_records_of(&run, NULL, rec);
	report_json_run(&j, synth_view(&cfg, &run), rec, NULL);
	free(rec);
	fclose(out);
	ck_assert_ptr_nonnull(strstr(text, "\"cache_evicted\": false,\n      \"cache_resident_percent\": 100.00"));
	ck_assert_ptr_nonnull(strstr(text, "\"cache_evicted\": false,\n      \"cache_resident_percent\": 97.50"));
	ck_assert_ptr_nonnull(strstr(text, "\"cache_evicted\": true,\n      \"cache_resident_percent\": 0.00"));
	free(text);
}
END_TEST

Suite *suite_evict(void)
{
	Suite *s = suite_create("evict");
	TCase *tc = tcase_create("residency");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, written_file_is_resident);
	tcase_add_test(tc, sparse_gigabyte_is_sampled_not_read);
	tcase_add_test(tc, verdicts);
	tcase_add_test(tc, table_note_gives_the_fraction);
	tcase_add_test(tc, json_gives_evicted_and_fraction);
	suite_add_tcase(s, tc);
	return s;
}
