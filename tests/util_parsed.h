/* Shared by the compare-input suites: parse a text into a set (asserting
 * it parsed) and a found run's 1.98 CSV line as compare writes it. */
#ifndef BONNIE_TEST_PARSED_H
#define BONNIE_TEST_PARSED_H

#include "../input/input.h"
#include "../report/model/compare_model.h"

#include <stdio.h>

/* Frees what set held, then parses text as the file "t.txt". */
void parsed_parse(struct parsed_set *set, const char *text);

/* r's CSV line without its line end, in a static buffer (valid until the
 * next call). */
char *parsed_csv_of(const struct parsed_run *r);

/* Sets each phase's known from its figures, as a reader would have
 * (tests/known_oracle.h): for runs a test builds or edits by hand. */
void parsed_stated(struct parsed_run *runs, size_t n);

/* compare_ratio and compare_all_diffs of parsed runs (their views made
 * here, as compare's outputs make them; the runs stated as by
 * parsed_stated). */
bool parsed_ratio(const struct parsed_run *base, const struct parsed_run *run, enum phase_id id, bool latency,
                  double threshold, struct compare_diff *d);
struct compare_diff *parsed_diffs(const struct parsed_run *runs, size_t n, const struct compare_opts *o,
                                  size_t *count);

/* A run's rate of a queue-depth phase or of a row of its own, in MB/s as
 * the tools print them (10^6 bytes a second); -1 when it has none. */
double parsed_mbps(const struct parsed_run *r, const char *row);

/* compare's writers (report/compare/compare.h) of parsed runs: each makes
 * the comparison (compare_result_of), as bonnie compare does once, prints
 * it with the writer and frees it. report_compare writes o->format;
 * report_compare_html returns the page writer's 0 or -1 (-1 too when the
 * comparison could not be made); report_compare_csv_line writes one run. */
void report_compare(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);
void report_compare_summary(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);
int report_compare_html(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);
void report_compare_csv_line(FILE *out, const struct parsed_run *run);

/* compare_run_legend of one parsed run. */
void parsed_legend(const struct parsed_run *r, char *buf, size_t cap);

#endif
