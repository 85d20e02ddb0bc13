/* confidence: the reasons a phase's figure may not be trusted, the one mark
 * a cell shows (in priority order), the legend under the table, and the
 * JSON member, on synthetic results. */
#include "suites.h"
#include "util_synth.h"
#include "../lib/json.h"
#include "../report/model/confidence.h"
#include "../report/model/compare_model.h"
#include "../report/model/metrics.h"
#include "../report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000000ull

static struct run_result run;
static struct config cfg;

static void setup(void)
{
	synth_config(&cfg);
	synth_full_run(&run);
}

static unsigned reasons_of(enum phase_id id)
{
	struct confidence c;

	confidence_of(id, &run.phase[id], -1.0, &c);
	return c.reasons;
}

/* A read phase that got 25% of its bytes from the device. */
static void make_cached(enum phase_id id)
{
	struct phase_result *r = &run.phase[id];

	r->read_bytes = r->bytes;
	r->dev.valid = true;
	r->dev.read_bytes = r->bytes / 4;
}

START_TEST(each_reason)
{
	/* the synthetic run: 1 s seeks with 100 operations: nothing against it */
	ck_assert_uint_eq(reasons_of(PHASE_SEEKS), 0);
	ck_assert_uint_eq(reasons_of(PHASE_GET_BLOCK), CONF_SHORT); /* 0.25 s */
	hist_init(&run.phase[PHASE_SEEKS].latency);
	hist_add(&run.phase[PHASE_SEEKS].latency, 1000);
	ck_assert_uint_eq(reasons_of(PHASE_SEEKS), CONF_FEW_OPS);
	make_cached(PHASE_REWRITE);
	ck_assert_uint_eq(reasons_of(PHASE_REWRITE), CONF_CACHED);
	run.phase[PHASE_PUT_BLOCK].flags |= RESULT_NOT_EVICTED;
	ck_assert_uint_eq(reasons_of(PHASE_PUT_BLOCK), CONF_NOT_EVICTED);
}
END_TEST

START_TEST(cv_over_ten_percent_is_unstable)
{
	struct confidence c;

	confidence_of(PHASE_REWRITE, &run.phase[PHASE_REWRITE], 10.0, &c);
	ck_assert_uint_eq(c.reasons, 0);
	confidence_of(PHASE_REWRITE, &run.phase[PHASE_REWRITE], 10.5, &c);
	ck_assert_uint_eq(c.reasons, CONF_UNSTABLE);
	ck_assert_double_eq(c.cv_pct, 10.5);
}
END_TEST

START_TEST(one_mark_by_priority)
{
	ck_assert_int_eq(confidence_mark(0), ' ');
	ck_assert_int_eq(confidence_mark(CONF_SHORT | CONF_CACHED | CONF_NOT_EVICTED), '~');
	ck_assert_int_eq(confidence_mark(CONF_FEW_OPS | CONF_UNSTABLE), '#');
	ck_assert_int_eq(confidence_mark(CONF_UNSTABLE | CONF_CACHED), '!');
	ck_assert_int_eq(confidence_mark(CONF_CACHED | CONF_NOT_EVICTED), 'c');
	ck_assert_int_eq(confidence_mark(CONF_NOT_EVICTED), '?');
}
END_TEST

/* Cached rewrite and block read (the read short as well: '~' wins), a
 * block write the cache was not dropped before, seeks on few operations:
 * the I/O row and the legend, exactly. */
START_TEST(table_marks_and_legend)
{
	char *text;

	make_cached(PHASE_REWRITE);
	make_cached(PHASE_GET_BLOCK);
	run.phase[PHASE_PUT_BLOCK].flags |= RESULT_NOT_EVICTED;
	hist_init(&run.phase[PHASE_SEEKS].latency);
	hist_add(&run.phase[PHASE_SEEKS].latency, 21617000);
	cfg.files_k = 0;
	text = synth_capture_table(&cfg, &run);
	ck_assert_ptr_nonnull(strstr(text, "\nvm             512M  512k  99  320m? 78  640mc 65  512k  99  2.0g~ 40  8816# 32\n"));
	ck_assert_ptr_nonnull(strstr(text,
	    "~  ran under 0.5 s: low confidence\n"
	    "   data file: its size was given with -s; a larger -s runs longer\n"
	    "   file phases: their count was given with -n; a larger -n runs them longer\n"
	    "#  under 100 timed operations: few samples behind the figure\n"
	    "c  read most of its data from a cache, not the device\n"
	    "?  page cache not dropped before it: the rate may come from RAM\n"));
	ck_assert_ptr_null(strstr(text, "!  "));
	free(text);
}
END_TEST

START_TEST(json_member_exact)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct confidence c;
	struct json j;

	make_cached(PHASE_GET_BLOCK);
	confidence_of(PHASE_GET_BLOCK, &run.phase[PHASE_GET_BLOCK], 12.5, &c);
	ck_assert_ptr_nonnull(f);
	json_init(&j, f);
	json_object_begin(&j, NULL);
	report_confidence_json(&j, &c);
	json_object_end(&j);
	fclose(f);
	ck_assert_str_eq(buf, "{\n"
	                      "  \"confidence\": {\n"
	                      "    \"duration_ns\": 250000000,\n"
	                      "    \"operations\": 100,\n"
	                      "    \"device_percent\": 25,\n"
	                      "    \"cv_percent\": 12.50,\n"
	                      "    \"reasons\": [\"short\", \"unstable\", \"cached\"],\n"
	                      "    \"mark\": \"~\"\n"
	                      "  }\n"
	                      "}\n");
	free(buf);
}
END_TEST

/* The texts that state a rule are made of the rule's constant: the short
 * phase's seconds and the few-operations count as the rules compare them,
 * in the reasons' words (issue 49: "0.5 s" was typed into 11 strings). */
START_TEST(rule_texts_from_the_rule_constants)
{
	char secs[32], ops[32], p99[32];

	snprintf(secs, sizeof secs, "%g s", (double)METRIC_MIN_TRUSTED_NS / 1e9);
	snprintf(ops, sizeof ops, "%d", CONF_MIN_OPS);
	snprintf(p99, sizeof p99, "%d", COMPARE_P99_MIN_OPS);
	ck_assert_str_eq(METRIC_MIN_TRUSTED_TEXT, secs);
	ck_assert_str_eq(STR_OF(CONF_MIN_OPS), ops);
	ck_assert_str_eq(STR_OF(COMPARE_P50_MIN_OPS), ops);
	ck_assert_str_eq(STR_OF(COMPARE_P99_MIN_OPS), p99);
	ck_assert_ptr_nonnull(strstr(confidence_reason_text(0), secs));
	ck_assert_ptr_nonnull(strstr(confidence_reason_words(0), secs));
	ck_assert_ptr_nonnull(strstr(confidence_reason_brief(0), secs));
	ck_assert_ptr_nonnull(strstr(confidence_reason_text(1), ops));
	ck_assert_ptr_nonnull(strstr(confidence_reason_words(1), ops));
	snprintf(p99, sizeof p99, "%g", (double)DEFAULT_KNEE_FACTOR);
	ck_assert_str_eq(STR_OF(DEFAULT_KNEE_FACTOR), p99);
	ck_assert_uint_eq(DEFAULT_LAG_FLOOR_NS, (unsigned)atoi(STR_OF(DEFAULT_LAG_FLOOR_MS)) * 1000000u);
}
END_TEST

/* One meaning per mark (issues 49, 52): every mark is a different
 * character; compare's and the sweep's are none of the run table's five
 * nor bonnie++'s "+" (in the old code compare marked a setup "~" and a
 * ratio past the threshold "!", the sweep a low overlap "!"); and a ratio's
 * text carries only compare's marks, after its words, a blank apart. */
START_TEST(one_meaning_per_mark)
{
	const char all[] = {MARK_SHORT, MARK_FEW_OPS, MARK_UNSTABLE, MARK_CACHED, MARK_NOT_EVICTED,
	                    MARK_BEYOND, MARK_SETUP, MARK_OVERLAP, MARK_CPU};
	const char *strs[] = {MARK_SHORT_S, MARK_FEW_OPS_S, MARK_UNSTABLE_S, MARK_CACHED_S, MARK_NOT_EVICTED_S,
	                      MARK_BEYOND_S, MARK_SETUP_S, MARK_OVERLAP_S, MARK_CPU_S};
	const char own[] = {MARK_BEYOND, MARK_SETUP, MARK_OVERLAP, MARK_CPU};
	struct compare_diff d;
	char buf[64];

	for (size_t i = 0; i < sizeof all; i++) {
		ck_assert_int_eq(strs[i][0], all[i]);
		ck_assert_uint_eq(strlen(strs[i]), 1);
		for (size_t j = i + 1; j < sizeof all; j++)
			ck_assert_msg(all[i] != all[j], "mark %zu and %zu are both '%c'", i, j, all[i]);
	}
	for (int i = 0; i < CONF_REASONS; i++)
		ck_assert_int_eq(confidence_reason_mark(i), all[i]);
	for (size_t i = 0; i < sizeof own; i++)
		ck_assert_msg(strchr("~#!c?+", own[i]) == NULL, "'%c' is the run table's or bonnie++'s", own[i]);
	memset(&d, 0, sizeof d);
	d.ratio = 0.25;
	d.flagged = true;
	d.setup_differs = 1;
	compare_apart_text(&d, buf, sizeof buf);
	ck_assert_str_eq(buf, "4.00x slower " MARK_BEYOND_S " " MARK_SETUP_S);
	d.ratio = 1;
	d.flagged = false;
	compare_apart_text(&d, buf, sizeof buf);
	ck_assert_str_eq(buf, "1.00x " MARK_SETUP_S);
	d.setup_differs = 0;
	d.ratio = 2;
	d.flagged = true;
	d.latency = true;
	d.better = false;
	compare_apart_text(&d, buf, sizeof buf);
	ck_assert_str_eq(buf, "2.00x worse " MARK_BEYOND_S);
	ck_assert_ptr_null(strpbrk(buf, "~#!?"));
}
END_TEST

Suite *suite_confidence(void)
{
	Suite *s = suite_create("confidence");
	TCase *t = tcase_create("marks");

	tcase_add_checked_fixture(t, setup, NULL);
	tcase_add_test(t, each_reason);
	tcase_add_test(t, cv_over_ten_percent_is_unstable);
	tcase_add_test(t, one_mark_by_priority);
	tcase_add_test(t, table_marks_and_legend);
	tcase_add_test(t, json_member_exact);
	tcase_add_test(t, rule_texts_from_the_rule_constants);
	tcase_add_test(t, one_meaning_per_mark);
	suite_add_tcase(s, t);
	return s;
}
