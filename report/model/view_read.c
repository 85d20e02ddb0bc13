/* The view of a bonnie JSON run read back (view.h, view_of_parsed): the
 * view builder a measured run uses (view_of_setup_run) over the run's
 * result (input/run_read.h), so what the document records and a
 * measured run's view derives (every percentile of the histogram, the
 * verdict, the bytes, the rate without the final sync) is there; then
 * what the document states of the run, as view_of_parsed read it, stands
 * over what the builder derives of it (the rate, %CPU, p50, p99, maximum,
 * mean, the confidence reasons and the evidence's time and operations:
 * the figures bonnie itself printed), and what it does not record stays
 * unknown. */
#include "view.h"
#include "../../input/run_read.h"

#include <string.h>

/* The figures the document states, as given (view_of_parsed's), over
 * the builder's (m); a percentile the document does not state is the
 * histogram's, for a phase with a rate only (as the stated ones are). */
static void stated(const struct phase_view *given, struct phase_view *m)
{
	static const enum view_pct stated_pcts[] = {VIEW_P50, VIEW_P99, VIEW_MAX};
	int64_t pct[VIEW_PCTS];

	for (int k = 0; k < VIEW_PCTS; k++)
		pct[k] = given->state == CELL_VALUE ? m->pct_ns[k] : -1;
	for (size_t k = 0; k < sizeof stated_pcts / sizeof stated_pcts[0]; k++)
		pct[stated_pcts[k]] = given->pct_ns[stated_pcts[k]];
	memcpy(m->pct_ns, pct, sizeof pct);
	m->state = given->state;
	/* a text's "failed" is the result's failed or interrupted, which stands */
	if (!(m->status == PHASE_INTERRUPTED && given->status == PHASE_FAILED))
		m->status = given->status;
	m->rate = given->rate;
	m->iops = given->iops;
	m->cpu_pct = given->cpu_pct;
	m->conf = given->conf;
	m->reasons_unknown = given->reasons_unknown;
	m->mark = given->mark;
	m->low_confidence = given->low_confidence;
	m->operations = given->operations;
	m->duration_ns = given->duration_ns;
	m->lat_mean_ns = given->lat_mean_ns;
}

/* What the builder derives from a figure the document did not record
 * (a 0 there is no measurement): unknown. */
static void unrecorded(uint32_t known, struct phase_view *m)
{
	uint32_t units = phase_unit(m->id) == RATE_BYTES ? READ_BYTES : READ_OPS;

	if (!(known & units) || !(known & READ_ELAPSED)) {
		m->rate_ran = 0;
		m->rate_unsynced_ran = -1;
	}
	if (!(known & READ_SYNC) || !(known & units) || !(known & READ_ELAPSED))
		m->rate_unsynced = m->rate_unsynced_ran = -1;
	if (m->state != CELL_VALUE)
		m->rate_unsynced = -1;
	if (!(known & READ_HIST)) {
		for (int k = 0; k < VIEW_PCTS; k++)
			m->lat_ns[k] = 0;
		m->lat_min_ns = 0;
	}
}

void view_read_over(const struct run_read *rr, struct run_view *v)
{
	struct run_view m;
	struct run_setup s; /* the view's setup is not compare's: none */

	memset(&s, 0, sizeof s);
	view_of_setup_run(&s, &rr->run, NULL, &m);
	for (int i = 0; i < PHASE_COUNT; i++) {
		stated(&v->phase[i], &m.phase[i]);
		unrecorded(rr->known[i], &m.phase[i]);
		v->phase[i] = m.phase[i];
	}
	v->counts = m.counts;
}
