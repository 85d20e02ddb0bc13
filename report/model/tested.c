/* The counts a page says were tested, from the runs' own counts. */
#include "tested.h"

#include <stdio.h>

static void widen(struct tested_range *r, uint64_t v)
{
	if (v == 0)
		return; /* the phases did not run in this run */
	if (r->lo == 0 || v < r->lo)
		r->lo = v;
	if (v > r->hi)
		r->hi = v;
}

struct tested_counts tested_counts_of(const struct run_result *runs, size_t n)
{
	struct tested_counts t = {{0, 0}, {0, 0}};

	for (size_t i = 0; i < n; i++) {
		widen(&t.seeks, runs[i].counts.seeks);
		widen(&t.files, (uint64_t)runs[i].counts.files_k * 1024u);
	}
	return t;
}

void tested_range_text(const struct tested_range *r, char *buf, size_t cap)
{
	if (r->hi == 0)
		snprintf(buf, cap, "%s", "");
	else if (r->lo == r->hi)
		snprintf(buf, cap, "%llu", (unsigned long long)r->hi);
	else
		snprintf(buf, cap, "%llu..%llu", (unsigned long long)r->lo, (unsigned long long)r->hi);
}
