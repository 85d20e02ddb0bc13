/* Side-by-side comparison of runs read back from text (input/): phases as
 * rows, runs as columns, ratios to a base run, flags beyond a threshold
 * and a plain-words summary. Pure formatting into a FILE *, of what the
 * compare model (compare_model.h) derives. */
#ifndef BONNIE_REPORT_COMPARE_H
#define BONNIE_REPORT_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "../../input/input.h"
#include "../model/compare_model.h"

/* The comparison as one JSON document ("tool": "bonnie compare"); with
 * n == 0 one with no runs and "base": null. */
void report_compare_json(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* The whole report for runs[0..n) in o->format. n >= 1, o->base < n
 * (COMPARE_JSON: n may be 0).
 * COMPARE_CSV writes every run as a bonnie++ 1.98 line (no ratios), which
 * bon_csv2txt and bon_csv2html accept. */
void report_compare(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* One run as a bonnie++ 1.98 CSV line (50 fields), units normalised. */
void report_compare_csv_line(FILE *out, const struct parsed_run *run);

/* The summary sentence: the flagged differences, biggest first ("block
 * write 1.3x faster on B; random seeks 6.0x slower on B"), or the largest
 * one when none is flagged. */
void report_compare_summary(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* Why some ratios mislead, said once: what "n/c" (per-char figures of
 * bonnie++ 1.0x against later versions or bonnie) and MARK_SETUP (runs set up
 * differently) mean, level 0, and for each run set up differently what
 * differs ("B: file size 16G (A: 512M)"), level 1; which runs do not say
 * how far their figures can be trusted when another run does, level 0.
 * Nothing when none of these is in the comparison. For every format that explains them (text,
 * Markdown, HTML). */
void report_compare_notes(const struct parsed_run *runs, size_t n, const struct compare_opts *o,
                          void (*each)(const char *note, int level, void *arg), void *arg);

/* The comparison as one self-contained HTML page (--html): rate bars per
 * phase group and maximum latencies with one colour per run, the biggest
 * differences in words, the CSV lines. Returns 0, or -1 when out of
 * memory or out has an error. */
int report_compare_html(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

#endif
