/* The run page's model; see page_model.h. */
#include "page_model.h"
#include "repeat.h"

#include <stdlib.h>
#include <string.h>

static void phase_facts(const struct repeat_set *rs, enum phase_id id, struct page_facts *f)
{
	struct repeat_summary sum;

	memset(f, 0, sizeof *f);
	f->mark = ' ';
	if (!repeat_summarise(rs, id, &sum))
		return;
	f->done = true;
	f->rate = sum.rate.median;
	f->lo = sum.rate.min;
	f->hi = sum.rate.max;
	f->cv_pct = rs->n > 1 ? sum.rate.cv_pct : -1;
	f->p99 = sum.has_lat[VIEW_P99] ? sum.lat_ns[VIEW_P99] : -1;
	f->spread_pct = sum.rate.spread_pct;
	f->cpu = sum.cpu_pct;
	f->iops = view_qd_iops(id, f->rate);
	f->reasons = sum.conf.reasons; /* one run: its own (no CV, so never unstable) */
	f->mark = sum.conf.mark;
}

/* Each phase's figures over the runs, by the -x summary's rule. */
static int facts_of(const struct run_view *views, size_t n, struct page_model *m)
{
	struct repeat_set rs = {0};
	int rc = 0;

	for (size_t i = 0; i < n && rc == 0; i++)
		rc = repeat_add(&rs, &views[i]);
	for (int id = 0; id < PHASE_COUNT; id++)
		phase_facts(&rs, (enum phase_id)id, &m->facts[id]);
	repeat_free(&rs);
	return rc;
}

/* The table's row, and the curves: one a done run with operations, or,
 * past PAGE_CURVES_MAX runs, the row's own when it has any. */
static void latency_of(const struct run_result *runs, const struct run_view *views, size_t n, enum phase_id id,
                       struct page_latency *l)
{
	if (view_latency_merged(runs, n, id, &l->all) != 0)
		memset(&l->all, 0, sizeof l->all);
	l->ncurves = 0;
	if (n > PAGE_CURVES_MAX) {
		if (l->all.count > 0) {
			l->curve[0] = l->all;
			l->curve_run[0] = PAGE_ALL_RUNS;
			l->ncurves = 1;
		}
		return;
	}
	for (size_t i = 0; i < n; i++) {
		if (views[i].phase[id].status != PHASE_DONE || views[i].phase[id].operations == 0)
			continue;
		view_latency_of(&runs[i].phase[id].latency, &l->curve[l->ncurves]);
		l->curve_run[l->ncurves++] = i;
	}
}

struct page_model *page_model_new(const struct run_result *runs, const struct run_view *views, size_t n,
                                  const struct run_timelines *tls)
{
	struct page_model *m = calloc(1, sizeof *m);

	if (m == NULL)
		return NULL;
	if (facts_of(views, n, m) != 0) {
		free(m);
		return NULL;
	}
	for (int id = 0; id < PHASE_COUNT; id++) {
		latency_of(runs, views, n, (enum phase_id)id, &m->latencies[id]);
		if (tls != NULL && tls->phase[id].present)
			view_of_timeline(&tls->phase[id], (enum phase_id)id, &m->timeline[id]);
	}
	return m;
}
