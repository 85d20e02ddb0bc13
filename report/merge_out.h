/* bonnie merge's own facts beside the run's table and JSON: per phase the
 * common window, the overlap, the start spread, the fairness and the
 * slowest host (report/merge_model.h computes them). */
#ifndef BONNIE_MERGE_OUT_H
#define BONNIE_MERGE_OUT_H

#include <stdio.h>

#include "../lib/json.h"
#include "merge_model.h"

void report_merge_text(FILE *out, const struct merge_result *m, const struct host_result *hosts);
/* The document's "merged" member: the hosts, their own command lines and,
 * of one count, its phases; of a sweep (nlevels > 1), per count
 * ("levels") its clients and phases. m[l] merged levels[l][0..m[l].hosts). */
void report_merge_json(struct json *j, const struct merge_result *m, const struct host_result *const *levels,
                       size_t nlevels);

/* The HTML page's section of the same facts, and each host's rate per
 * phase (arg: a struct merge_page; report_html_merged calls it). */
struct merge_page {
	const struct merge_result *m;              /* per level (a sweep's count) */
	struct host_result *const *hosts;          /* per level, its hosts */
	size_t levels;
};
void report_merge_html(FILE *out, const void *arg);

#endif
