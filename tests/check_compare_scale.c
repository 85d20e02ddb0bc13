/* report/compare/compare_text.c at scale: the text and Markdown tables find the
 * phases they have rows for once, not once per table of runs. Asked per page, it
 * was a pass over every run for each page and phase: quadratic in the
 * runs (20,000 CSV lines took seconds to minutes). The link wraps
 * compare_phase_shown (-Wl,--wrap, Makefile) to count the passes: a
 * count, not a time, so load cannot break it. */
#include "suites.h"
#include "util_parsed.h"
#include "../input/input.h"
#include "../report/compare/compare.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 60 /* at 200 columns, at most 11 runs a table of text: 6 tables or more */

static size_t shown_calls;

bool __real_compare_phase_shown(const struct compare_run *runs, size_t n, enum phase_id id);
bool __wrap_compare_phase_shown(const struct compare_run *runs, size_t n, enum phase_id id);

bool __wrap_compare_phase_shown(const struct compare_run *runs, size_t n, enum phase_id id)
{
	shown_calls++;
	return __real_compare_phase_shown(runs, n, id);
}

/* RUNS runs of a block write; only the last one has seeks, so that a
 * phase one run on the last page has is a row on every page. */
static struct parsed_run *make_runs(void)
{
	struct parsed_run *runs = calloc(RUNS, sizeof *runs);

	ck_assert_ptr_nonnull(runs);
	for (size_t k = 0; k < RUNS; k++) {
		struct parsed_run *r = &runs[k];
		snprintf(r->format, sizeof r->format, "1.98");
		snprintf(r->origin, sizeof r->origin, "r.csv:%zu", k + 1);
		snprintf(r->meta[META_NAME], PARSED_META_LEN, "host%zu", k + 1);
		snprintf(r->meta[META_SIZE], PARSED_META_LEN, "256M");
		r->size_bytes = 256u << 20;
		snprintf(r->meta[META_VERSION], PARSED_META_LEN, "2.00a");
		for (int i = 0; i < PHASE_COUNT; i++)
			r->phase[i] = (struct parsed_phase){.state = CELL_NOT_RUN, .cpu = -1, .latency_ns = -1};
		r->phase[PHASE_PUT_BLOCK] =
			(struct parsed_phase){.state = CELL_VALUE, .rate = 100000 + (double)k, .cpu = 50, .latency_ns = 1000000};
	}
	runs[RUNS - 1].phase[PHASE_SEEKS] = (struct parsed_phase){.state = CELL_VALUE, .rate = 200, .cpu = 5, .latency_ns = -1};
	parsed_stated(runs, RUNS);
	return runs;
}

/* The table in format f, with shown_calls counted from 0; the page count
 * (headings "Phase") in *pages. */
static char *table(enum compare_format f, size_t *pages)
{
	struct parsed_run *runs = make_runs();
	struct compare_opts o = {.base = 0, .threshold = 1.5, .format = f, .width = 200};
	char *buf = NULL;
	size_t len;
	FILE *out = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(out);
	shown_calls = 0;
	report_compare(out, runs, RUNS, &o);
	fclose(out);
	free(runs);
	*pages = 0;
	for (const char *p = buf; (p = strstr(p, f == COMPARE_TEXT ? "\nPhase " : "\n| Phase |")) != NULL; p++)
		(*pages)++;
	return buf;
}

/* Lines starting with prefix. */
static size_t lines_with(const char *buf, const char *prefix)
{
	size_t count = 0;

	for (const char *p = buf; (p = strstr(p, prefix)) != NULL; p++)
		count += p == buf || p[-1] == '\n';
	return count;
}

static void once_per_table(enum compare_format f, const char *seeks_row)
{
	size_t pages;
	char *buf = table(f, &pages);

	/* text: as many tables as the width needs; Markdown: one, whole */
	if (f == COMPARE_TEXT)
		ck_assert_uint_ge(pages, 6);
	else
		ck_assert_uint_eq(pages, 1);
	/* one pass per phase for the whole table, whatever the pages */
	ck_assert_uint_le(shown_calls, PHASE_COUNT);
	/* a phase only the last page's run has is still a row on every page */
	ck_assert_uint_eq(lines_with(buf, seeks_row), pages);
	free(buf);
}

START_TEST(text_phases_found_once)
{
	once_per_table(COMPARE_TEXT, "random seeks");
}
END_TEST

START_TEST(markdown_phases_found_once)
{
	once_per_table(COMPARE_MARKDOWN, "| seeks |");
}
END_TEST

Suite *suite_compare_scale(void)
{
	Suite *s = suite_create("compare_scale");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, text_phases_found_once);
	tcase_add_test(tc, markdown_phases_found_once);
	suite_add_tcase(s, tc);
	return s;
}
