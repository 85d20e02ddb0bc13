/* What a set of runs tested: the seek and file counts that ran, read from
 * each run's counts (never the options: a count sized by time is known
 * only once its phase has run, and may differ run to run). */
#ifndef BONNIE_TESTED_H
#define BONNIE_TESTED_H

#include <stddef.h>
#include <stdint.h>

#include "../../phases/interface/results.h"

/* The least and the most of a count over the runs that ran its phases;
 * both 0 when none did. */
struct tested_range {
	uint64_t lo, hi;
};

struct tested_counts {
	struct tested_range seeks; /* seek operations */
	struct tested_range files; /* files (whole 1024s) */
};

struct tested_counts tested_counts_of(const struct run_result *runs, size_t n);

/* "724033", or "700000..724033" when the runs differ; "" when none ran. */
void tested_range_text(const struct tested_range *r, char *buf, size_t cap);

#endif
