/* The sweep table, the knee sentences and the sweep's JSON; see sweep.h. */
#include "sweep.h"
#include "../text/clocale.h"
#include "../model/confidence.h"
#include "../model/view.h"
#include "../report.h"
#include "../../lib/units.h"

#include <string.h>

/* "61.5m/s", "36491/s": the table's rate text with a unit. */
static void rate_text(enum phase_id id, double rate, char *buf, size_t len)
{
	char r[32];

	if (phase_unit(id) == RATE_BYTES)
		units_format_rate((uint64_t)rate, r, sizeof r);
	else
		units_format_count_rate(rate, r, sizeof r);
	snprintf(buf, len, "%s/s", r + strspn(r, " "));
}

/* "   97%  ", "   58% <" when the clients were not all active long
 * enough: the mark in a column of its own, a blank from the unit. */
static void overlap_text(const struct sweep *sw, uint32_t l, enum phase_id id, char *buf, size_t len)
{
	char pct[16];

	if (sw->clients[l] < 2) {
		snprintf(buf, len, "%5s  ", "-");
		return;
	}
	/* whole percents rounded down: 89.96% marked reads 89% <, never 90% < */
	snprintf(pct, sizeof pct, "%u%%", (unsigned)(sw->point[l][id].overlap * 100));
	snprintf(buf, len, "%5s %c", pct, sweep_overlap_low(sw, l, id) ? MARK_OVERLAP : ' ');
}

/* "  98% *": the clients' CPU together (100% a core), MARK_CPU where
 * CPU-bound, a blank from the unit. */
static void cpu_text(const struct sweep *sw, uint32_t l, enum phase_id id, char *buf, size_t len)
{
	char pct[16];

	snprintf(pct, sizeof pct, "%.0f%%", sw->point[l][id].cpu * 100);
	snprintf(buf, len, "%5s %c", pct, sw->point[l][id].cpu_rule != SWEEP_CPU_NONE ? MARK_CPU : ' ');
}

/* line without its trailing blanks (an empty mark column last) */
static void put_trimmed(FILE *out, char *line)
{
	size_t n = strlen(line);

	while (n > 0 && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(out, "%s\n", line);
}

/* The final flush of a write phase, "-" for a phase without one. */
static void flush_text(const struct sweep_point *p, enum phase_id id, char *buf, size_t len)
{
	if (phase_is(id, FACT_SYNC_SPLIT))
		units_format_latency_rounded(p->sync_ns, buf, len);
	else
		snprintf(buf, len, "-");
}

static void table_row(FILE *out, const struct sweep *sw, uint32_t l, enum phase_id id, bool repeats)
{
	const struct sweep_point *p = &sw->point[l][id];
	char rate[40], p50[32], p99[32], max[32], spread[16], fair[16], overlap[32], cpu[32], flush[32], tail[256];

	rate_text(id, p->rate, rate, sizeof rate);
	units_format_latency_rounded(p->p50, p50, sizeof p50);
	units_format_latency_rounded(p->p99, p99, sizeof p99);
	units_format_latency_rounded(p->max, max, sizeof max);
	flush_text(p, id, flush, sizeof flush);
	snprintf(fair, sizeof fair, "%.2f", p->fairness);
	overlap_text(sw, l, id, overlap, sizeof overlap);
	cpu_text(sw, l, id, cpu, sizeof cpu);
	/* the mark after the rate is the text table's (confidence.h), a blank
	 * apart: glued on, "183k/sc" read as a unit */
	fprintf(out, "%-11s %7u %10s %c", phase_name(id), sw->clients[l], rate, p->mark);
	if (repeats) {
		snprintf(spread, sizeof spread, "%.0f%%", p->spread_pct);
		fprintf(out, "%6s", spread);
	}
	snprintf(tail, sizeof tail, " %9s %9s %9s %9s %5s %s %s", p50, p99, max, flush, fair, overlap, cpu);
	put_trimmed(out, tail);
}

/* The union of marks the table shows: confidence reasons, and whether any
 * overlap or CPU mark. */
static unsigned table_reasons(const struct sweep *sw, bool *overlap, bool *cpu)
{
	unsigned bits = 0;

	*overlap = *cpu = false;
	for (uint32_t l = 0; l < sw->levels; l++)
		for (int i = 0; i < PHASE_COUNT; i++) {
			if (!sw->point[l][i].ran)
				continue;
			bits |= sw->point[l][i].reasons;
			*overlap |= sweep_overlap_low(sw, l, (enum phase_id)i);
			*cpu |= sw->point[l][i].cpu_rule != SWEEP_CPU_NONE;
		}
	return bits;
}

static void table_legend(FILE *out, const struct sweep *sw)
{
	bool overlap, cpu;
	unsigned bits = table_reasons(sw, &overlap, &cpu);

	/* the end is the clients' work's (phase_result_work_end), as measured */
	/* two lines: the page shows this text as it is, and one line of it
	 * scrolled past a 1280 px screen (html_boxes.py) */
	fprintf(out, "Fair: Jain's index of the clients' rates (1 = all equal).\n"
	        "Overlap: the time all clients were active together / first start to the end of the last\n"
	        "  client's work (at the stonewall or the level's end, where either cut it).\n");
	fprintf(out, "Flush: a write phase's final fsync/syncfs, in its rate but not in its latency columns. "
	        "CPU: the clients' CPU together (100%% = one core).\n");
	for (int i = 0; i < CONF_REASONS; i++)
		if (bits & (1u << i))
			fprintf(out, "%c  %s\n", confidence_reason_mark(i), confidence_reason_text(i));
	if (overlap)
		fprintf(out, "%c %s: %s.\n", MARK_OVERLAP, SWEEP_OVERLAP_WORDS, SWEEP_OVERLAP_WHY);
	if (cpu && sw->cores > 0)
		fprintf(out, "%c CPU-bound on this host: a client used %.0f%% of a core or more, or the clients %.0f%% "
		        "of its %u cores: its latency measures this host's CPU, not the storage.\n",
		        MARK_CPU, SWEEP_CPU_CLIENT * 100, SWEEP_CPU_HOST * 100, sw->cores);
	else if (cpu)
		fprintf(out, "%c CPU-bound on this host: a client used %.0f%% of a core or more: its latency measures "
		        "this host's CPU, not the storage.\n", MARK_CPU, SWEEP_CPU_CLIENT * 100);
}

void report_sweep_table(FILE *out, const struct sweep *sw)
{
	bool repeats = sweep_runs(sw) > 1;
	struct c_locale loc;

	c_locale_enter(&loc);
	fprintf(out, "Client sweep: all clients' rate together, latency of every operation");
	if (repeats)
		fprintf(out, "; median of %u runs per count, Spread = (highest - lowest) / median", sweep_runs(sw));
	fprintf(out, "\n%-11s %7s %10s  ", "Phase", "Clients", "Rate");
	if (repeats)
		fprintf(out, "%6s", "Spread");
	/* CPU over its figures' unit, not over their mark's column; a wide
	 * blank before it: "58% <  100%" is no comparison */
	fprintf(out, " %9s %9s %9s %9s %5s %7s %5s\n", view_pcts[VIEW_P50].label, view_pcts[VIEW_P99].label, "Max",
	        "Flush", "Fair", "Overlap", "CPU");
	for (int i = 0; i < PHASE_COUNT; i++)
		for (uint32_t l = 0; l < sw->levels; l++)
			if (sw->point[l][i].ran)
				table_row(out, sw, l, (enum phase_id)i, repeats);
	table_legend(out, sw);
	c_locale_leave(&loc);
}


void sweep_noise_sentence(const struct sweep *sw, char *buf, size_t len)
{
	uint32_t runs = sweep_runs(sw);

	if (runs > 1)
		snprintf(buf, len, "%u runs per count, interleaved: two counts' rates differ when their ranges "
		         "(lowest to highest run) do not overlap.", runs);
	else
		snprintf(buf, len, "Single run per count: rate differences under %.0f%% are not judged "
		         "(-x N repeats every count, interleaved, and judges by their spread).",
		         (SWEEP_MIN_GAIN - 1) * 100);
}

void report_sweep_knees(FILE *out, const struct sweep *sw)
{
	struct c_locale loc;
	char line[SWEEP_LINE];

	c_locale_enter(&loc);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!sweep_phase_ran(sw, (enum phase_id)i))
			continue;
		sweep_knee_sentence(sw, (enum phase_id)i, line, sizeof line);
		fprintf(out, "%s\n", line);
	}
	sweep_noise_sentence(sw, line, sizeof line);
	fprintf(out, "%s\n", line);
	sweep_answer_sentence(sw, line, sizeof line);
	fprintf(out, "%s\n", line);
	c_locale_leave(&loc);
}

/* "p99_min_ns": the view's key of latency k, a qualifier, the unit. */
static void lat_json(struct json *j, enum view_pct k, const char *qualifier, uint64_t ns)
{
	char key[32];

	snprintf(key, sizeof key, "%s%s_ns", view_pcts[k].key, qualifier);
	json_u64(j, key, ns);
}

static void point_json(struct json *j, const struct sweep *sw, uint32_t l, enum phase_id id)
{
	const struct sweep_point *p = &sw->point[l][id];

	json_object_begin(j, NULL);
	json_u64(j, "clients", sw->clients[l]);
	json_bool(j, "completed", p->ran);
	json_u64(j, "runs", p->runs);
	json_double(j, "rate", p->rate, 3);
	json_double(j, "rate_min", p->rate_lo, 3);
	json_double(j, "rate_max", p->rate_hi, 3);
	lat_json(j, VIEW_P50, "", p->p50);
	lat_json(j, VIEW_P99, "", p->p99);
	lat_json(j, VIEW_P99, "_min", p->p99_lo);
	lat_json(j, VIEW_P99, "_max", p->p99_hi);
	lat_json(j, VIEW_MAX, "", p->max);
	json_double(j, "fairness", p->fairness, 4);
	json_double(j, "overlap", p->overlap, 4);
	json_bool(j, "overlap_low", sweep_overlap_low(sw, l, id));
	json_double(j, "cpu_cores", p->cpu, 3);
	json_bool(j, "cpu_bound", p->cpu_rule != SWEEP_CPU_NONE);
	if (phase_is(id, FACT_SYNC_SPLIT))
		json_u64(j, "sync_ns", p->sync_ns);
	json_object_end(j);
}

/* "highest", "within_noise", "no_clear_knee". */
static const char *peak_rule(const struct sweep_knee *k)
{
	switch (k->kind) {
	case SWEEP_PEAK_HIGHEST: return "highest";
	case SWEEP_PEAK_WITHIN_NOISE: return "within_noise";
	case SWEEP_PEAK_NO_KNEE: return "no_clear_knee";
	}
	return "unknown";
}

static void phase_sweep_json(struct json *j, const struct sweep *sw, enum phase_id id)
{
	const struct sweep_knee k = sw->knee[id];
	char line[SWEEP_LINE];
	bool has = k.has;

	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(id));
	json_array_begin(j, "points");
	for (uint32_t l = 0; l < sw->levels; l++)
		point_json(j, sw, l, id);
	json_array_end(j);
	/* every key always: null where the phase has no knee (under two counts left) */
	if (has) {
		json_u64(j, "throughput_peak_clients", sw->clients[k.peak]);
		json_u64(j, "throughput_best_clients", sw->clients[k.best]);
		json_string(j, "throughput_peak_rule", peak_rule(&k));
		json_bool(j, "throughput_still_rising", k.still_rising);
		json_u64(j, "p99_baseline_clients", sw->clients[k.base]);
	} else {
		json_null(j, "throughput_peak_clients");
		json_null(j, "throughput_best_clients");
		json_string(j, "throughput_peak_rule", "no_knee");
		json_bool(j, "throughput_still_rising", false);
		json_null(j, "p99_baseline_clients");
	}
	if (has && k.p99_over >= 0)
		json_u64(j, "p99_over_factor_clients", sw->clients[k.p99_over]);
	else
		json_null(j, "p99_over_factor_clients");
	if (has && k.cpu_at >= 0)
		json_u64(j, "cpu_bound_clients", sw->clients[k.cpu_at]);
	else
		json_null(j, "cpu_bound_clients");
	json_bool(j, "p99_knee_cpu", has && k.cpu_knee);
	json_array_begin_inline(j, "left_out_clients"); /* marked ~ # c ? or MARK_OVERLAP (SWEEP_UNTRUSTED, overlap) */
	for (uint32_t l = 0; l < sw->levels; l++)
		if ((k.left_out >> l) & 1u)
			json_u64(j, NULL, sw->clients[l]);
	json_array_end(j);
	json_bool(j, "server_phase", phase_is(id, FACT_LOADS_SERVER));
	sweep_knee_sentence(sw, id, line, sizeof line);
	json_string(j, "knee", line);
	json_object_end(j);
}

static void counts_json(struct json *j, const char *key, const uint32_t *counts, uint32_t n)
{
	json_array_begin_inline(j, key);
	for (uint32_t l = 0; l < n; l++)
		json_u64(j, NULL, counts[l]);
	json_array_end(j);
}

/* The counts a run finished at: a count cut short is not done. */
static void done_json(struct json *j, const struct sweep *sw)
{
	json_array_begin_inline(j, "clients_done");
	for (uint32_t l = 0; l < sw->levels; l++)
		if (sw->finished[l])
			json_u64(j, NULL, sw->clients[l]);
	json_array_end(j);
}

/* The answer for the whole sweep: its sentence, the phase that lags first. */
static void answer_json(struct json *j, const struct sweep *sw)
{
	const struct sweep_answer a = sw->answer;
	char line[SWEEP_LINE];

	sweep_noise_sentence(sw, line, sizeof line);
	json_string(j, "noise", line);
	sweep_answer_sentence(sw, line, sizeof line);
	json_string(j, "answer", line);
	if (a.lags) {
		json_string(j, "lag_phase", phase_name(a.phase));
		json_u64(j, "lag_clients", a.at);
	} else {
		json_null(j, "lag_phase"); /* every key always: null where no phase lagged */
		json_null(j, "lag_clients");
	}
	if (a.upto > 0)
		json_u64(j, "takes_clients", a.upto);
	else
		json_null(j, "takes_clients");
	json_bool(j, "inconclusive", a.upto == 0);
	if (a.cpu) {
		json_string(j, "cpu_limit_phase", phase_name(a.cpu_phase));
		json_u64(j, "cpu_limit_clients", a.cpu_at);
	} else {
		json_null(j, "cpu_limit_phase"); /* every key always: null where the CPU was no limit */
		json_null(j, "cpu_limit_clients");
	}
}

void report_sweep_json_end(struct json *j, const struct sweep *sw, const uint32_t *asked, uint32_t nasked,
                           uint64_t level_ns)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	report_json_runs_end(j); /* the runs, unless like_options closed them */
	json_object_begin(j, "sweep");
	json_double(j, "knee_factor", sw->factor, 3);
	json_double(j, "lag_floor_s", (double)sw->lag_floor_ns / 1e9, 6);
	json_u64(j, "cores", sw->cores);
	json_double(j, "level_time_s", (double)level_ns / 1e9, 3);
	json_double(j, "min_gain", SWEEP_MIN_GAIN, 3);
	json_u64(j, "runs_per_count", sweep_runs(sw));
	json_string(j, "noise_rule", sweep_runs(sw) > 1 ? "repeats" : "single_run");
	json_double(j, "min_overlap", SWEEP_MIN_OVERLAP, 3);
	answer_json(j, sw);
	counts_json(j, "clients", asked, nasked);
	done_json(j, sw);
	json_array_begin(j, "phases");
	/* a phase no level ran (not asked for, as the profile's without --qd)
	 * has no points to speak of: left out, as in the text and HTML */
	for (int i = 0; i < PHASE_COUNT; i++)
		if (sweep_phase_ran(sw, (enum phase_id)i))
			phase_sweep_json(j, sw, (enum phase_id)i);
	json_array_end(j);
	json_object_end(j);
	json_object_end(j);
	c_locale_leave(&loc);
}
