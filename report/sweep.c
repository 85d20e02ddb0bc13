/* The sweep table, the knee sentences and the sweep's JSON; see sweep.h. */
#include "sweep.h"
#include "clocale.h"
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

static void table_row(FILE *out, const struct sweep *sw, uint32_t l, enum phase_id id)
{
	const struct sweep_point *p = &sw->point[l][id];
	char rate[40], p50[32], p99[32], max[32];

	rate_text(id, p->rate, rate, sizeof rate);
	units_format_latency(p->p50, p50, sizeof p50);
	units_format_latency(p->p99, p99, sizeof p99);
	units_format_latency(p->max, max, sizeof max);
	fprintf(out, "%-11s %7u %10s %9s %9s %9s\n", phase_name(id), sw->clients[l], rate, p50, p99, max);
}

void report_sweep_table(FILE *out, const struct sweep *sw)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	fprintf(out, "Client sweep: all clients' rate together, latency of every operation\n");
	fprintf(out, "%-11s %7s %10s %9s %9s %9s\n", "Phase", "Clients", "Rate", "p50", "p99", "Max");
	for (int i = 0; i < PHASE_COUNT; i++)
		for (uint32_t l = 0; l < sw->levels; l++)
			if (sw->point[l][i].ran)
				table_row(out, sw, l, (enum phase_id)i);
	c_locale_leave(&loc);
}

static const char *plural(uint32_t n)
{
	return n == 1 ? "" : "s";
}

/* One phase's sentence into buf. */
static void knee_sentence(const struct sweep *sw, enum phase_id id, double factor, char *buf, size_t len)
{
	struct sweep_knee k;
	size_t n;

	if (!sweep_knee(sw, id, factor, &k)) {
		snprintf(buf, len, "%s: completed at fewer than two client counts, no knee.", phase_name(id));
		return;
	}
	n = (size_t)snprintf(buf, len, "%s: throughput %s %u client%s; ", phase_name(id),
	                     k.still_rising ? "still rises at" : "peaks at", sw->clients[k.peak],
	                     plural(sw->clients[k.peak]));
	if (n >= len)
		return;
	if (k.p99_over >= 0)
		snprintf(buf + n, len - n, "p99 latency passes %gx its %u-client value at %u clients.", factor,
		         sw->clients[k.first], sw->clients[k.p99_over]);
	else
		snprintf(buf + n, len - n, "p99 latency stays within %gx its %u-client value up to %u clients.",
		         factor, sw->clients[k.first], sw->clients[k.last]);
}

void sweep_knee_sentence(const struct sweep *sw, enum phase_id id, double k, char *buf, size_t len)
{
	knee_sentence(sw, id, k, buf, len);
}

void report_sweep_knees(FILE *out, const struct sweep *sw, double factor)
{
	struct c_locale loc;
	char line[256];

	c_locale_enter(&loc);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!sweep_phase_ran(sw, (enum phase_id)i))
			continue;
		knee_sentence(sw, (enum phase_id)i, factor, line, sizeof line);
		fprintf(out, "%s\n", line);
	}
	c_locale_leave(&loc);
}

static void point_json(struct json *j, const struct sweep *sw, uint32_t l, enum phase_id id)
{
	const struct sweep_point *p = &sw->point[l][id];

	json_object_begin(j, NULL);
	json_u64(j, "clients", sw->clients[l]);
	json_bool(j, "completed", p->ran);
	json_double(j, "rate", p->rate, 3);
	json_u64(j, "p50_ns", p->p50);
	json_u64(j, "p99_ns", p->p99);
	json_u64(j, "max_ns", p->max);
	json_object_end(j);
}

static void phase_sweep_json(struct json *j, const struct sweep *sw, enum phase_id id, double factor)
{
	struct sweep_knee k;
	char line[256];
	bool has = sweep_knee(sw, id, factor, &k);

	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(id));
	json_array_begin(j, "points");
	for (uint32_t l = 0; l < sw->levels; l++)
		point_json(j, sw, l, id);
	json_array_end(j);
	if (has) {
		json_u64(j, "throughput_peak_clients", sw->clients[k.peak]);
		json_bool(j, "throughput_still_rising", k.still_rising);
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

void report_sweep_json_end(struct json *j, const struct sweep *sw, const uint32_t *asked, uint32_t nasked,
                           double factor)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	json_array_end(j); /* the runs */
	json_object_begin(j, "sweep");
	json_double(j, "knee_factor", factor, 3);
	json_double(j, "min_gain", SWEEP_MIN_GAIN, 3);
	counts_json(j, "clients", asked, nasked);
	counts_json(j, "clients_done", sw->clients, sw->levels);
	json_array_begin(j, "phases");
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_sweep_json(j, sw, (enum phase_id)i, factor);
	json_array_end(j);
	json_object_end(j);
	json_object_end(j);
	c_locale_leave(&loc);
}
