/* The view of a measured run; see view.h. */
#include "view.h"
#include "../../options/config.h"
#include "metrics.h"
#include "qd_gain.h"
#include "like_options.h"
#include "sweep_model.h"
#include "../../phases/phase_select.h"
#include "../../phases/qd.h"
#include "../../lib/str.h"

#include <math.h>
#include <string.h>

const struct view_pct_def view_pcts[VIEW_PCTS] = {
	[VIEW_P50] = {50, "p50", "p50", "median"},
	[VIEW_P90] = {90, "p90", "p90", "p90"},
	[VIEW_P99] = {99, "p99", "p99", "p99"},
	[VIEW_P99_9] = {99.9, "p99.9", "p99_9", "p99.9"},
	[VIEW_P99_99] = {99.99, "p99.99", "p99_99", "p99.99"},
	[VIEW_MAX] = {100, "max", "max", "max"},
};

double view_qd_iops(enum phase_id id, double rate_kib_s)
{
	uint32_t block = qd_shape_of(id).block;

	return block ? rate_kib_s * 1024.0 / block : 0.0;
}

void view_pcts_of(const struct hist *h, int64_t pct_ns[VIEW_PCTS])
{
	for (int k = 0; k < VIEW_PCTS; k++) {
		double p = view_pcts[k].p;
		if (h->count == 0 || !metric_count_supports(h->count, p))
			pct_ns[k] = -1;
		else
			pct_ns[k] = (int64_t)(p >= 100 ? h->max : hist_percentile(h, p));
	}
}

static enum cell_state state_of(enum phase_status s)
{
	switch (s) {
	case PHASE_DONE: return CELL_VALUE;
	case PHASE_NOT_RUN: return CELL_NOT_RUN;
	case PHASE_FAILED:
	case PHASE_INTERRUPTED: return CELL_FAILED;
	}
	return CELL_UNKNOWN;
}

_Static_assert(sizeof ((struct phase_view *)0)->dev_layout == sizeof ((struct dev_io *)0)->layout,
               "the view copies the layout whole");
_Static_assert(sizeof ((struct phase_view *)0)->dev_read_ahead_dev == sizeof ((struct dev_io *)0)->read_ahead_dev,
               "the view copies the device's name whole");

/* The storage counters as read, copied for the JSON and the page's device note. */
static void storage_facts(const struct phase_result *r, struct phase_view *v)
{
	v->dev_valid = r->dev.valid;
	v->dev_read_bytes = r->dev.read_bytes;
	v->dev_write_bytes = r->dev.write_bytes;
	v->dev_read_ahead_kb = r->dev.read_ahead_kb;
	memcpy(v->dev_layout, r->dev.layout, sizeof v->dev_layout);
	memcpy(v->dev_read_ahead_dev, r->dev.read_ahead_dev, sizeof v->dev_read_ahead_dev);
	v->dev_own_valid = r->dev.own_valid;
	v->dev_own_read_bytes = r->dev.own_read_bytes;
	v->dev_own_write_bytes = r->dev.own_write_bytes;
	v->arc_counted = r->arc.counted;
	v->arc_hits = r->arc.hits;
	v->arc_misses = r->arc.misses;
	v->arc_max_bytes = r->arc.max_bytes;
	v->zfs_compressratio = r->zfs.compressratio;
	v->zfs_referenced = r->zfs.referenced;
}

/* A rate of 0 is one over nothing completed: no rate (JSON null), since
 * the device was never seen doing nothing, only not seen at all. */
static double rate_of_some(double rate)
{
	return rate > 0 ? rate : NAN;
}

/* What a phase that ran carries besides its cell: the JSON's figures over
 * what completed and the table's extra rows, copied from the result. */
static void ran_facts(enum phase_id id, const struct phase_result *r, struct phase_view *v)
{
	v->rate_ran = rate_of_some(metric_rate(id, r));
	if (v->sync_split)
		v->rate_unsynced_ran = rate_of_some(metric_rate_unsynced(id, r));
	for (int k = 0; k < VIEW_PCTS; k++)
		v->lat_ns[k] = k == VIEW_MAX ? r->latency.max : metric_latency_pct(r, view_pcts[k].p);
	v->lat_min_ns = r->latency.count ? r->latency.min : 0;
	v->lat_mean_ns = hist_mean(&r->latency);
	v->sync_ns = r->sync_ns;
	v->arc_hit_pct = metric_arc_hit_pct(r);
	v->clients = r->spread.clients;
	v->client_skew_ns = r->spread.skew_ns;
	v->client_rate_min = phase_rate_shown(id, r->spread.rate_min);
	v->client_rate_max = phase_rate_shown(id, r->spread.rate_max);
	if (r->spread.clients > 1) {
		v->client_fairness = sweep_jain(r->spread.rate_sum, r->spread.rate_sq, r->spread.clients - r->spread.idle);
		v->client_overlap = sweep_overlap(r);
		v->client_overlap_low = sweep_overlap_is_low(r->spread.clients, v->client_overlap);
	}
	v->flags = r->flags;
	v->bytes = r->bytes;
	v->read_bytes = r->read_bytes;
	v->start_ns = r->start_ns;
	v->wall_start_ns = r->wall_start_ns;
	v->planned_ns = r->planned_ns;
	v->span_ns = r->span_ns;
	v->cpu_ns = r->cpu_ns;
	v->qd_max_in_flight = r->qd_max_in_flight;
	v->client_idle = r->spread.idle;
	v->client_starved = r->spread.starved;
	v->file_bytes = r->file_bytes;
	v->resident_ppm = r->resident_ppm;
	v->dev_caveat = r->dev.valid ? r->dev.caveat : 0;
	v->qd_engine = r->qd_engine;
	v->cached = metric_cached(id, r);
	v->expected_write_pct = device_expected_write_pct(r);
	v->dev_why = device_why(id, r, v->dev_why_text, sizeof v->dev_why_text);
	v->dev_why_cause = device_why_cause(v->dev_why, r);
	v->dev_cached_reason = device_cached_reason(r);
	storage_facts(r, v);
}

void view_of_phase(enum phase_id id, const struct phase_result *r, double cv_pct, struct phase_view *v)
{
	memset(v, 0, sizeof *v);
	v->id = id;
	v->status = r->status;
	v->state = state_of(r->status);
	v->sync_split = metric_has_sync_split(id);
	v->rate_unsynced = -1;
	v->rate_unsynced_ran = -1;
	v->cpu_pct = -1;
	v->arc_hit_pct = -1;
	v->mark = ' ';
	v->conf.mark = ' ';
	for (int k = 0; k < VIEW_PCTS; k++)
		v->pct_ns[k] = -1;
	v->verdict = r->verdict;
	if (r->status == PHASE_NOT_RUN)
		return;
	/* A failed or interrupted phase keeps the facts of what completed (the
	 * JSON reports them); its rate and marks are shown for done ones only. */
	v->operations = r->latency.count;
	v->duration_ns = r->elapsed_ns;
	v->cpu_pct = (int)metric_cpu_pct(r);
	v->low_confidence = metric_low_confidence(r);
	view_pcts_of(&r->latency, v->pct_ns);
	confidence_of(id, r, cv_pct, &v->conf);
	ran_facts(id, r, v);
	if (v->state != CELL_VALUE)
		return;
	v->rate = metric_rate(id, r);
	v->iops = view_qd_iops(id, v->rate);
	if (v->sync_split)
		v->rate_unsynced = metric_rate_unsynced(id, r);
	v->mark = confidence_mark(v->conf.reasons);
}

void view_setup_of(const struct config *cfg, struct run_setup *s)
{
	memset(s, 0, sizeof *s);
	memcpy(s->machine, cfg->machine, sizeof s->machine);
	s->file_size = cfg->file_size;
	s->chunk = cfg->chunk;
	s->seeks = cfg->seeks;
	s->seek_procs = cfg->seek_procs;
	s->files_k = cfg->files_k;
	s->file_max = cfg->file_max;
	s->file_min = cfg->file_min;
	s->file_dirs = cfg->file_dirs;
	s->file_chunk = cfg->file_chunk;
	s->asks_data_file = phase_select_asks_bonnie(cfg, true);
	s->asks_files = phase_select_asks_bonnie(cfg, false);
	s->seed_given = cfg->seed_given;
	s->seed = cfg->seed;
	str_copy(s->dir, sizeof s->dir, cfg->dir ? cfg->dir : ".");
	s->perchar_size = cfg->perchar_size;
	s->runs = cfg->runs;
	s->sweep_levels = cfg->sweep_levels;
	memcpy(s->sweep, cfg->sweep, sizeof s->sweep);
	s->direct = cfg->direct;
	s->sync_each = cfg->sync_each;
	s->evict = cfg->evict;
	s->verify = cfg->verify;
}

void view_of_run(const struct config *cfg, const struct run_result *run, const double *cv_pct, struct run_view *v)
{
	struct run_setup s;

	view_setup_of(cfg, &s);
	view_of_setup_run(&s, run, cv_pct, v);
	like_options_of(cfg, v, v->like, sizeof v->like);
}

void view_of_setup_run(const struct run_setup *s, const struct run_result *run, const double *cv_pct,
                       struct run_view *v)
{
	memset(v, 0, sizeof *v);
	v->setup = *s;
	v->index = run->index;
	v->status = run_result_status(run);
	v->seed_known = true;
	v->seed = run->seed;
	v->clients = run->clients ? run->clients : 1;
	v->hosts = run->hosts;
	/* the seek and file counts the run used: what bonnie chose when the
	 * user gave none (run->counts), else the setup's */
	/* a count bonnie was to size (no -n, or no seek count) but never did,
	 * the run stopped first, is none: the default the sizing starts from
	 * was never used */
	v->seeks = run->counts.seeks ? run->counts.seeks : run->counts.seeks_auto ? 0 : s->seeks;
	v->files_k = run->counts.files_k ? run->counts.files_k : run->counts.files_auto ? 0 : s->files_k;
	v->perchar_bytes = run->counts.perchar_bytes;
	v->counts = run->counts;
	for (int i = 0; i < PHASE_COUNT; i++)
		view_of_phase((enum phase_id)i, &run->phase[i], cv_pct ? cv_pct[i] : -1.0, &v->phase[i]);
	v->nqd_gains = qd_gains(v, v->qd_gain);
	qd_depth_span(0, &v->qd_deepest, &v->qd_shallowest);
}
