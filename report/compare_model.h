/* The compare model: what every compare output says, derived once from
 * the runs read back (input/): each run's ratio to a base run, flagged
 * beyond a threshold, the differences biggest first, the fastest and
 * slowest run of a phase. Pure functions: no FILE *, no output. */
#ifndef BONNIE_REPORT_COMPARE_MODEL_H
#define BONNIE_REPORT_COMPARE_MODEL_H

#include <stdbool.h>
#include <stddef.h>

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

/* Column label of run k: "A".."Z", then "R27", ... (buf >= 8 bytes). */
void compare_label(size_t k, char *buf, size_t cap);

/* The fastest and slowest run of one phase (*fast, *slow); false with
 * fewer than two numbers. A rate of 0 is a measured number too. */
bool compare_extremes(const struct parsed_run *runs, size_t n, enum phase_id id, size_t *fast, size_t *slow);

#endif
