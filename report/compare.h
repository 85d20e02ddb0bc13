/* Side-by-side comparison of runs read back from text (input/): phases as
 * rows, runs as columns, ratios to a base run, flags beyond a threshold
 * and a plain-words summary. Pure formatting into a FILE *. */
#ifndef BONNIE_REPORT_COMPARE_H
#define BONNIE_REPORT_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "../input/input.h"

enum compare_format { COMPARE_TEXT, COMPARE_MARKDOWN, COMPARE_CSV, COMPARE_JSON };

struct compare_opts {
	size_t base;          /* index of the base run (0-based) */
	double threshold;     /* flag ratios >= threshold or <= 1/threshold (> 1) */
	enum compare_format format;
};

/* One ratio of a run to the base: throughput (run/base, > 1 faster) or
 * maximum latency (run/base, > 1 worse). */
struct compare_diff {
	size_t run;
	enum phase_id phase;
	bool latency;
	double ratio;
	bool better;     /* faster, or lower latency */
	bool flagged;    /* beyond the threshold either way */
};

/* The ratio of runs[k] to base for a phase's rate (latency false) or
 * maximum latency. Returns false when either side has no number (not run,
 * +++++, failed, latency not printed). */
bool compare_ratio(const struct parsed_run *base, const struct parsed_run *run, enum phase_id id,
                   bool latency, double threshold, struct compare_diff *d);

/* Every ratio of every run to the base, rate and latency, biggest
 * difference first; *count set. NULL when out of memory. Caller frees. */
struct compare_diff *compare_all_diffs(const struct parsed_run *runs, size_t n, const struct compare_opts *o,
                                       size_t *count);

/* A difference in plain words: "block write 1.3x faster on B". */
void compare_phrase(const struct compare_diff *d, char *buf, size_t cap);

/* The comparison as one JSON document ("tool": "bonnie compare"). */
void report_compare_json(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* Column label of run k: "A".."Z", then "R27", ... (buf >= 8 bytes). */
void compare_label(size_t k, char *buf, size_t cap);

/* The whole report for runs[0..n) in o->format. n >= 1, o->base < n.
 * COMPARE_CSV writes every run as a bonnie++ 1.98 line (no ratios), which
 * bon_csv2txt and bon_csv2html accept. */
void report_compare(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* One run as a bonnie++ 1.98 CSV line (50 fields), units normalised. */
void report_compare_csv_line(FILE *out, const struct parsed_run *run);

/* The summary sentence: the flagged differences, biggest first ("block
 * write 1.3x faster on B; random seeks 6.0x slower on B"), or the largest
 * one when none is flagged. */
void report_compare_summary(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

/* The comparison as one self-contained HTML page (--html): rate bars per
 * phase group and maximum latencies with one colour per run, the biggest
 * differences in words, the CSV lines. Returns 0, or -1 when out of
 * memory or out has an error. */
int report_compare_html(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o);

#endif
