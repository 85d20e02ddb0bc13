/* The sweep table, the knee sentences and the sweep's JSON; see sweep.h. */
#include "sweep.h"
#include "clocale.h"
#include "view.h"
#include "../lib/units.h"

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

/* "97%", with the mark when the clients were not all active long enough. */
static void overlap_text(const struct sweep *sw, uint32_t l, enum phase_id id, char *buf, size_t len)
{
	if (sw->clients[l] < 2) {
		snprintf(buf, len, "-");
		return;
	}
	/* whole percents rounded down: 89.96% marked "!" reads 89%!, never 90%! */
	snprintf(buf, len, "%u%%%s", (unsigned)(sw->point[l][id].overlap * 100), sweep_overlap_low(sw, l, id) ? "!" : "");
}

static void table_row(FILE *out, const struct sweep *sw, uint32_t l, enum phase_id id, bool repeats)
{
	const struct sweep_point *p = &sw->point[l][id];
	char rate[40], p50[32], p99[32], max[32], spread[16], fair[16], overlap[16];

	rate_text(id, p->rate, rate, sizeof rate);
	units_format_latency(p->p50, p50, sizeof p50);
	units_format_latency(p->p99, p99, sizeof p99);
	units_format_latency(p->max, max, sizeof max);
	snprintf(fair, sizeof fair, "%.2f", p->fairness);
	overlap_text(sw, l, id, overlap, sizeof overlap);
	fprintf(out, "%-11s %7u %10s", phase_name(id), sw->clients[l], rate);
	if (repeats) {
		snprintf(spread, sizeof spread, "%.0f%%", p->rate > 0 ? (p->rate_hi - p->rate_lo) * 100 / p->rate : 0);
		fprintf(out, " %6s", spread);
	}
	fprintf(out, " %9s %9s %9s %5s %7s\n", p50, p99, max, fair, overlap);
}

static bool any_overlap_mark(const struct sweep *sw)
{
	for (uint32_t l = 0; l < sw->levels; l++)
		for (int i = 0; i < PHASE_COUNT; i++)
			if (sweep_overlap_low(sw, l, (enum phase_id)i))
				return true;
	return false;
}

void report_sweep_table(FILE *out, const struct sweep *sw)
{
	bool repeats = sweep_runs(sw) > 1;
	struct c_locale loc;

	c_locale_enter(&loc);
	fprintf(out, "Client sweep: all clients' rate together, latency of every operation");
	if (repeats)
		fprintf(out, "; median of %u runs per count, Spread = (highest - lowest) / median", sweep_runs(sw));
	fprintf(out, "\n%-11s %7s %10s", "Phase", "Clients", "Rate");
	if (repeats)
		fprintf(out, " %6s", "Spread");
	fprintf(out, " %9s %9s %9s %5s %7s\n", view_pcts[VIEW_P50].label, view_pcts[VIEW_P99].label, "Max", "Fair",
	        "Overlap");
	for (int i = 0; i < PHASE_COUNT; i++)
		for (uint32_t l = 0; l < sw->levels; l++)
			if (sw->point[l][i].ran)
				table_row(out, sw, l, (enum phase_id)i, repeats);
	fprintf(out, "Fair: Jain's index of the clients' rates (1 = all equal). Overlap: the time all clients "
	        "were active together / first start to last end.\n");
	if (any_overlap_mark(sw))
		fprintf(out, "! overlap under %.0f%%: much of the phase ran with fewer clients than the count.\n",
		        SWEEP_MIN_OVERLAP * 100);
	c_locale_leave(&loc);
}

static const char *plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

/* "throughput peaks at 10 clients (highest rate)" and its variants. */
static size_t peak_text(const struct sweep *sw, const struct sweep_knee *k, char *buf, size_t len)
{
	uint32_t peak = sw->clients[k->peak];

	if (k->kind == SWEEP_PEAK_NO_KNEE)
		return (size_t)snprintf(buf, len, "no clear knee: rates at %u-%u clients are within %s noise",
		                        sw->clients[k->first], sw->clients[k->last],
		                        sweep_runs(sw) > 1 ? "these runs'" : "this run's");
	if (k->still_rising)
		return (size_t)snprintf(buf, len, "throughput still rises at %u client%s (highest rate, the last count)",
		                        peak, plural(peak));
	if (k->kind == SWEEP_PEAK_HIGHEST)
		return (size_t)snprintf(buf, len, "throughput peaks at %u client%s (highest rate)", peak, plural(peak));
	return (size_t)snprintf(buf, len, "throughput peaks at %u client%s (the smallest count within noise of the "
	                        "highest rate, at %u)", peak, plural(peak), sw->clients[k->best]);
}

/* "its 1-client value", or the lower baseline a later count gave. */
static void base_text(const struct sweep *sw, const struct sweep_knee *k, char *buf, size_t len)
{
	if (k->base == k->first)
		snprintf(buf, len, "its %u-client value", sw->clients[k->base]);
	else
		snprintf(buf, len, "its %u-client value (lower than at %u)", sw->clients[k->base],
		         sw->clients[k->first]);
}

/* One phase's sentence into buf. */
static void knee_sentence(const struct sweep *sw, enum phase_id id, double factor, char *buf, size_t len)
{
	struct sweep_knee k;
	char base[80];
	size_t n;

	if (!sweep_knee(sw, id, factor, &k)) {
		snprintf(buf, len, "%s: completed at fewer than two client counts, no knee.", phase_name(id));
		return;
	}
	n = (size_t)snprintf(buf, len, "%s: ", phase_name(id));
	if (n < len)
		n += peak_text(sw, &k, buf + n, len - n);
	if (n >= len)
		return;
	base_text(sw, &k, base, sizeof base);
	if (k.p99_over >= 0)
		snprintf(buf + n, len - n, "; p99 latency passes %gx %s at %u clients.", factor, base,
		         sw->clients[k.p99_over]);
	else
		snprintf(buf + n, len - n, "; p99 latency stays within %gx %s up to %u clients.", factor, base,
		         sw->clients[k.last]);
}

void sweep_knee_sentence(const struct sweep *sw, enum phase_id id, double k, char *buf, size_t len)
{
	knee_sentence(sw, id, k, buf, len);
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

void sweep_answer_sentence(const struct sweep *sw, double factor, char *buf, size_t len)
{
	struct sweep_answer a;
	char others[48] = "";

	sweep_answer(sw, factor, &a);
	if (a.upto == 0) { /* no knee anywhere: never "up to 0 clients" */
		snprintf(buf, len, "%s: no answer.", sweep_levels_finished(sw) ? "No phase completed at two client "
		         "counts" : "No client count finished");
		return;
	}
	if (!a.lags) {
		snprintf(buf, len, "No phase's p99 latency passes %gx its baseline up to %u clients.", factor, a.upto);
		return;
	}
	if (a.others)
		snprintf(others, sizeof others, " (and %u other phase%s)", a.others, plural(a.others));
	snprintf(buf, len, "This server takes up to %u client%s before p99 latency of %s%s passes %gx "
		         "(at %u clients).", a.upto, plural(a.upto), phase_name(a.phase), others, factor, a.at);
}

void report_sweep_knees(FILE *out, const struct sweep *sw, double factor)
{
	struct c_locale loc;
	char line[320];

	c_locale_enter(&loc);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!sweep_phase_ran(sw, (enum phase_id)i))
			continue;
		knee_sentence(sw, (enum phase_id)i, factor, line, sizeof line);
		fprintf(out, "%s\n", line);
	}
	sweep_noise_sentence(sw, line, sizeof line);
	fprintf(out, "%s\n", line);
	sweep_answer_sentence(sw, factor, line, sizeof line);
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
	json_double(j, "rate_min", p->runs > 1 ? p->rate_lo : p->rate, 3);
	json_double(j, "rate_max", p->runs > 1 ? p->rate_hi : p->rate, 3);
	lat_json(j, VIEW_P50, "", p->p50);
	lat_json(j, VIEW_P99, "", p->p99);
	lat_json(j, VIEW_P99, "_min", p->runs > 1 ? p->p99_lo : p->p99);
	lat_json(j, VIEW_P99, "_max", p->runs > 1 ? p->p99_hi : p->p99);
	lat_json(j, VIEW_MAX, "", p->max);
	json_double(j, "fairness", p->fairness, 4);
	json_double(j, "overlap", p->overlap, 4);
	json_bool(j, "overlap_low", sweep_overlap_low(sw, l, id));
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

static void phase_sweep_json(struct json *j, const struct sweep *sw, enum phase_id id, double factor)
{
	struct sweep_knee k;
	char line[320];
	bool has = sweep_knee(sw, id, factor, &k);

	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(id));
	json_array_begin(j, "points");
	for (uint32_t l = 0; l < sw->levels; l++)
		point_json(j, sw, l, id);
	json_array_end(j);
	if (has) {
		json_u64(j, "throughput_peak_clients", sw->clients[k.peak]);
		json_u64(j, "throughput_best_clients", sw->clients[k.best]);
		json_string(j, "throughput_peak_rule", peak_rule(&k));
		json_bool(j, "throughput_still_rising", k.still_rising);
		json_u64(j, "p99_baseline_clients", sw->clients[k.base]);
		if (k.p99_over >= 0)
			json_u64(j, "p99_over_factor_clients", sw->clients[k.p99_over]);
	}
	knee_sentence(sw, id, factor, line, sizeof line);
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
static void answer_json(struct json *j, const struct sweep *sw, double factor)
{
	struct sweep_answer a;
	char line[320];

	sweep_answer(sw, factor, &a);
	sweep_noise_sentence(sw, line, sizeof line);
	json_string(j, "noise", line);
	sweep_answer_sentence(sw, factor, line, sizeof line);
	json_string(j, "answer", line);
	if (a.lags) {
		json_string(j, "lag_phase", phase_name(a.phase));
		json_u64(j, "lag_clients", a.at);
	}
	if (a.upto > 0)
		json_u64(j, "takes_clients", a.upto);
}

void report_sweep_json_end(struct json *j, const struct sweep *sw, const uint32_t *asked, uint32_t nasked,
                           double factor, uint64_t level_ns)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	json_array_end(j); /* the runs */
	json_object_begin(j, "sweep");
	json_double(j, "knee_factor", factor, 3);
	json_double(j, "level_time_s", (double)level_ns / 1e9, 3);
	json_double(j, "min_gain", SWEEP_MIN_GAIN, 3);
	json_u64(j, "runs_per_count", sweep_runs(sw));
	json_string(j, "noise_rule", sweep_runs(sw) > 1 ? "repeats" : "single_run");
	json_double(j, "min_overlap", SWEEP_MIN_OVERLAP, 3);
	answer_json(j, sw, factor);
	counts_json(j, "clients", asked, nasked);
	done_json(j, sw);
	json_array_begin(j, "phases");
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_sweep_json(j, sw, (enum phase_id)i, factor);
	json_array_end(j);
	json_object_end(j);
	json_object_end(j);
	c_locale_leave(&loc);
}
