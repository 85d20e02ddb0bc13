/* A comparison worked out once for every output of it (compare_result):
 * the runs and their ratios (compare_model.c), and what the tables, notes
 * and caveats decide of the runs as a whole: which rows, which setup facts
 * differ, which marks the cells show, which runs lack what. Pure: the
 * writers in report/compare/ print these, computing nothing. */
#include "compare_model.h"

#include <stdlib.h>
#include <string.h>

/* Phase id's fastest and slowest run of runs[0..n) into *e. */
static void extreme_of(const struct compare_run *runs, size_t n, enum phase_id id, struct compare_extreme *e)
{
	double slow;

	memset(e, 0, sizeof *e);
	if (!(e->has = compare_extremes(runs, n, id, &e->fast, &e->slow)))
		return;
	e->not_comparable = !compare_comparable(runs[e->fast].in, runs[e->slow].in, id);
	slow = runs[e->slow].view.phase[id].rate;
	e->apart = slow > 0 ? runs[e->fast].view.phase[id].rate / slow : 0; /* no ratio to a rate of 0 */
	e->setup_differs = compare_setup_differs(runs[e->fast].in, runs[e->slow].in, id);
}

/* Whether some run has a state other than not run for phase id. */
static bool phase_present(const struct compare_run *runs, size_t n, enum phase_id id)
{
	for (size_t k = 0; k < n; k++)
		if (runs[k].view.phase[id].state != CELL_NOT_RUN)
			return true;
	return false;
}

/* The decisions of r's tables, from its runs (in this file: the link of
 * tests/check_compare_scale.c counts the calls of compare_phase_shown). */
static void tables_of(struct compare_result *r)
{
	for (int i = 0; i < PHASE_COUNT; i++) {
		enum phase_id id = (enum phase_id)i;
		r->phase_shown[i] = compare_phase_shown(r->runs, r->n, id);
		r->phase_present[i] = phase_present(r->runs, r->n, id);
		for (int row = 0; row < COMPARE_RATIO_KINDS; row++)
			r->row_shown[i][row] = compare_row_shown(r->runs, r->n, id, (enum compare_ratio_kind)row);
	}
	r->setup_facts_differ = r->n >= 2 ? compare_setup_facts_differ(r->runs, r->n, r->o.base) : 0;
	r->sizes_differ = false;
	for (size_t k = 0; k < r->n; k++)
		r->sizes_differ |= strcmp(r->runs[k].shown.size, r->runs[0].shown.size) != 0;
}

/* The marks the page's ratios show (a rate's, or a mean latency's on its
 * row; compare_apart_marks): MARK_BEYOND past the threshold, MARK_SETUP
 * between runs set up differently. */
static unsigned ratio_marks_of(const struct compare_result *r)
{
	unsigned shown = 0;

	for (int id = 0; id < PHASE_COUNT; id++)
		for (size_t k = 0; k < r->n && r->phase_present[id]; k++) {
			const struct compare_vs_base *v = r->runs[k].vs[id];
			if (k == r->o.base)
				continue;
			if (v[COMPARE_RATIO_RATE].has)
				shown |= compare_apart_marks(&v[COMPARE_RATIO_RATE].d);
			if (r->row_shown[id][COMPARE_RATIO_MEAN] && v[COMPARE_RATIO_MEAN].has)
				shown |= compare_apart_marks(&v[COMPARE_RATIO_MEAN].d);
		}
	return shown;
}

/* The caveats' facts of run k: its rate_short, +++++ and the first reason
 * of a figure marked for another reason than short; the reasons of its
 * figures in the tables' rate rows. */
static void caveats_of(struct compare_result *r, size_t k)
{
	struct compare_run *run = &r->runs[k];

	for (int id = 0; id < PHASE_COUNT; id++) {
		const struct phase_view *p = &run->view.phase[id];
		bool s = p->state == CELL_VALUE && p->low_confidence;
		run->rate_short[id] = s;
		r->too_fast_any |= p->state == CELL_TOO_FAST;
		r->short_any |= s;
		if (!s && p->mark != ' ' && p->state == CELL_VALUE)
			r->marks_other |= p->conf.reasons & (0u - p->conf.reasons);
		if (r->phase_shown[id] && r->row_shown[id][COMPARE_RATIO_RATE] && p->state == CELL_VALUE)
			r->table_reasons |= p->conf.reasons;
	}
}

/* Run k into its lack group (a new one at its first run); groups beyond
 * COMPARE_LACK_GROUPS, never by the bound, are not said. */
static void lack_group_of(struct compare_result *r, size_t k)
{
	struct compare_run *run = &r->runs[k];
	size_t g = 0;

	run->lack_group = -1;
	if (run->view.lacks == 0)
		return;
	while (g < r->nlack_groups &&
	       (r->lack_groups[g].lacks != run->view.lacks || r->lack_groups[g].kind != run->shown.kind))
		g++;
	if (g == COMPARE_LACK_GROUPS)
		return;
	if (g == r->nlack_groups)
		r->lack_groups[r->nlack_groups++] = (struct compare_lack_group){run->shown.kind, run->view.lacks, k, 0};
	r->lack_groups[g].count++;
	run->lack_group = (int)g;
}

/* What the notes and the caveats say of the runs as a whole. */
static void said_of(struct compare_result *r)
{
	for (size_t k = 0; k < r->n; k++) {
		const struct compare_run *run = &r->runs[k];
		r->setup_in_ratios |= k != r->o.base ? run->setup_in_ratios : 0u;
		r->reasons_known_any |= run->shown.reasons_known;
		r->reasons_unknown_tool |= !run->shown.reasons_known && run->shown.source == SOURCE_TOOL;
		caveats_of(r, k);
		lack_group_of(r, k);
	}
	r->ratio_marks = ratio_marks_of(r);
	/* the ranking (compare_all_diffs) puts strong evidence first */
	for (size_t i = 0; i < r->ndiffs && r->diffs[i].evidence == EVIDENCE_ENOUGH && !r->strongest_rate; i++)
		if (!r->diffs[i].latency)
			r->strongest_rate = &r->diffs[i];
	for (size_t i = 0; i < r->ndiffs; i++)
		if (!r->diffs[i].latency)
			r->rates_why |= r->diffs[i].weak_reasons;
}

int compare_result_of(const struct parsed_run *in, size_t n, const struct compare_opts *o,
                      struct compare_result *r)
{
	memset(r, 0, sizeof *r);
	r->o = *o;
	r->n = n;
	r->runs = compare_runs_of(in, n, o);
	r->diffs = r->runs ? compare_all_diffs(r->runs, n, o, &r->ndiffs) : NULL;
	if (r->diffs == NULL) {
		compare_result_free(r);
		return -1;
	}
	for (int i = 0; i < PHASE_COUNT; i++)
		extreme_of(r->runs, n, (enum phase_id)i, &r->extremes[i]);
	tables_of(r);
	said_of(r);
	return 0;
}

void compare_result_free(struct compare_result *r)
{
	free(r->runs);
	free(r->diffs);
	memset(r, 0, sizeof *r);
}
