/* The summary after the runs of -x N: a table and a JSON member, both of
 * the set's one summary (repeat_done), so they always agree. */
#include "../report.h"
#include "../text/clocale.h"
#include "../model/repeat.h"
#include "../../lib/units.h"

#include <string.h>

/* The latency columns of the summary, from the view's one list. */
static const enum view_pct columns[] = {VIEW_P50, VIEW_P99, VIEW_P99_9, VIEW_MAX};
#define NCOLUMNS (sizeof columns / sizeof columns[0])

static void rate_text(enum phase_id id, double v, char *buf, size_t len)
{
	if (phase_unit(id) == RATE_BYTES)
		units_format_rate((uint64_t)v, buf, len);
	else
		units_format_count_rate(v, buf, len);
}

static void lat_text(const struct repeat_summary *s, enum view_pct k, char *buf, size_t len)
{
	if (s->has_lat[k])
		units_format_latency((uint64_t)s->lat_ns[k], buf, len);
	else
		snprintf(buf, len, "-");
}

/* "put_block     320m!  200m-400m   25.0%   598us  ... unstable" */
static void summary_row(FILE *out, enum phase_id id, const struct repeat_summary *s)
{
	char med[32], lo[32], hi[32], range[80], cv[16], lat[NCOLUMNS][32];

	rate_text(id, s->rate.median, med, sizeof med);
	rate_text(id, s->rate.min, lo, sizeof lo);
	rate_text(id, s->rate.max, hi, sizeof hi);
	snprintf(range, sizeof range, "%s-%s", lo + strspn(lo, " "), hi + strspn(hi, " "));
	snprintf(cv, sizeof cv, "%.1f%%", s->rate.cv_pct);
	for (size_t c = 0; c < NCOLUMNS; c++)
		lat_text(s, columns[c], lat[c], sizeof lat[c]);
	fprintf(out, "%-10s %5s%c %-13s %6s", phase_name(id), med, s->conf.mark, range, cv);
	for (size_t c = 0; c < NCOLUMNS; c++)
		fprintf(out, " %8s", lat[c]);
	fprintf(out, "%s\n", (s->conf.reasons & CONF_UNSTABLE) ? "  unstable" : "");
}

void report_repeat_table(FILE *out, const struct repeat_set *rs)
{
	struct c_locale loc;
	char marks[PHASE_COUNT + 1];
	size_t nm = 0;

	if (rs->n < 2)
		return;
	c_locale_enter(&loc);
	fprintf(out, "Summary of %zu runs: median rate, min-max, coefficient of variation, median latencies\n",
	        rs->n);
	fprintf(out, "%-10s %5s  %-13s %6s", "Phase", "/sec", "min-max", "CV");
	for (size_t c = 0; c < NCOLUMNS; c++)
		fprintf(out, " %8s", view_pcts[columns[c]].label);
	fputc('\n', out);
	for (int i = 0; i < PHASE_COUNT; i++) {
		if (!rs->has[i])
			continue;
		summary_row(out, (enum phase_id)i, &rs->sum[i]);
		marks[nm++] = rs->sum[i].conf.mark;
	}
	marks[nm] = '\0';
	report_legend(out, marks);
	for (int i = 0; i < PHASE_COUNT; i++)
		if (rs->has[i])
			report_verdict_counts(out, (enum phase_id)i, &rs->sum[i]);
	c_locale_leave(&loc);
}

static const char *rate_key(enum phase_id id)
{
	switch (phase_unit(id)) {
	case RATE_BYTES: return "rate_kib_s";
	case RATE_SEEKS: return "rate_seeks_s";
	case RATE_FILES: return "rate_files_s";
	}
	return "rate";
}

static void summary_json(struct json *j, enum phase_id id, const struct repeat_summary *s)
{
	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(id));
	json_u64(j, "runs", s->rate.n);
	json_object_begin(j, rate_key(id));
	json_double(j, "median", s->rate.median, 3);
	json_double(j, "min", s->rate.min, 3);
	json_double(j, "max", s->rate.max, 3);
	json_double(j, "mean", s->rate.mean, 3);
	json_double(j, "cv_percent", s->rate.cv_pct, 2);
	json_object_end(j);
	json_bool(j, "unstable", (s->conf.reasons & CONF_UNSTABLE) != 0);
	json_object_begin(j, "latency_ns_median");
	for (size_t c = 0; c < NCOLUMNS; c++) {
		if (s->has_lat[columns[c]])
			json_double(j, view_pcts[columns[c]].key, s->lat_ns[columns[c]], 0);
		else
			json_null(j, view_pcts[columns[c]].key);
	}
	json_object_end(j);
	report_confidence_json(j, &s->conf);
	report_verdict_counts_json(j, s);
	json_object_end(j);
}

void report_repeat_json(struct json *j, const struct repeat_set *rs)
{
	struct c_locale loc;

	c_locale_enter(&loc);
	json_object_begin(j, "summary");
	json_u64(j, "runs", rs->n);
	json_array_begin(j, "phases");
	for (int i = 0; i < PHASE_COUNT; i++)
		if (rs->has[i])
			summary_json(j, (enum phase_id)i, &rs->sum[i]);
	json_array_end(j);
	json_object_end(j);
	c_locale_leave(&loc);
}
