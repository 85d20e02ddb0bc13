/* bonnie merge's own facts beside the run's table and JSON: per phase the
 * common window, the overlap, the start spread, the fairness and the
 * slowest host (report/model/merge_model.h computes them). */
#ifndef BONNIE_MERGE_OUT_H
#define BONNIE_MERGE_OUT_H

#include <stdio.h>

#include "../../lib/json.h"
#include "../model/merge_model.h"

struct sweep;
struct run_view;

void report_merge_text(FILE *out, const struct merge_result *m, const struct host_read *hosts);
/* The document's "merged" member: the hosts, their own command lines and,
 * of one count, its phases; of a sweep (nlevels > 1), per count
 * ("levels") its clients and phases. m[l] merged levels[l][0..m[l].hosts). */
void report_merge_json(struct json *j, const struct merge_result *m, const struct host_read *const *levels,
                       size_t nlevels);

/* The HTML page's section of the same facts, and each host's rate per
 * phase (arg: a struct merge_page; report_html_merged calls it). */
struct merge_page {
	const struct merge_result *m;              /* per level (a sweep's count) */
	struct host_read *const *hosts;            /* per level, its hosts */
	size_t levels;
};
void report_merge_html(FILE *out, const void *arg);

/* What merge's writers (merge_write.c, formats.h's merge column) write:
 * the merged hosts, per level (a --clients sweep's count; one without),
 * and the merge's own command line. */
struct merge_doc {
	const struct run_setup *setup;      /* the merged runs' setup (merge_setup_of) */
	const char *prog;                   /* the merge's command line: prog, argv[0..argc) */
	char **argv;
	int argc;
	size_t n, levels;                   /* hosts; levels */
	struct host_read *const *hosts;     /* per level, its n hosts */
	const struct merge_result *m;       /* per level */
	const struct run_result *run;       /* per level, the merged run */
	const struct run_view *views;       /* per level, its run's view (merge_views_of), built once */
	const struct sweep *sw;             /* levels > 1: the counts as a sweep; else NULL */
	const uint32_t *counts;             /* per level, its clients (all hosts') */
};

/* The writers: per level the run's table with the merge's facts and its
 * CSV line (text), the CSV lines alone (csv), the run's JSON document with
 * a "merged" member (json), the run's page with the merge's facts (html).
 * Each returns non-zero when out was not all written. */
int merge_write_text(FILE *out, const struct merge_doc *d);
int merge_write_csv(FILE *out, const struct merge_doc *d);
int merge_write_json(FILE *out, const struct merge_doc *d);
int merge_write_html(FILE *out, const struct merge_doc *d);

#endif
