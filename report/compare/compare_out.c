/* The machine-readable forms of a comparison: each run as a bonnie++ 1.98
 * CSV line (what bon_csv2txt/bon_csv2html read), and one JSON document. */
#include "compare.h"
#include "compare_cells.h"
#include "../model/compare_model.h"
#include "../model/confidence.h"
#include "../text/csv_line.h"
#include "../text/rate_text.h"
#include "../../lib/json.h"
#include "../../lib/units.h"

#include <stdlib.h>
#include <string.h>

/* A phase's rate, %CPU and latency cells: "+++++" and "+++" where
 * bonnie++ found it too fast to measure, empty where there is no number. */
static void phase_cells(struct csv_phase_cells *c, enum phase_id id, const struct phase_view *p)
{
	if (view_has_pct(p, VIEW_MAX))
		units_format_latency((uint64_t)p->pct_ns[VIEW_MAX], c->latency, CSV_CELL_LEN);
	if (p->state == CELL_TOO_FAST) {
		snprintf(c->rate, CSV_CELL_LEN, "+++++");
		snprintf(c->cpu, CSV_CELL_LEN, "+++");
		return;
	}
	if (p->state != CELL_VALUE)
		return;
	rate_csv_field(id, p->rate, c->rate, CSV_CELL_LEN);
	if (p->cpu_pct >= 0)
		snprintf(c->cpu, CSV_CELL_LEN, "%d", p->cpu_pct);
}

void compare_csv_line(FILE *out, const struct compare_run *run)
{
	struct csv_cells c;

	csv_cells_init(&c);
	for (int i = 0; i < META_COUNT; i++) /* already in 1.98 notation */
		snprintf(c.setting[i], CSV_CELL_LEN, "%s", run->shown.meta[i]);
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_cells(&c.phase[i], (enum phase_id)i, &run->view.phase[i]);
	csv_line_write(out, &c);
}

static const char *state_name(enum cell_state s)
{
	switch (s) {
	case CELL_NOT_RUN: return "not_run";
	case CELL_VALUE: return "measured";
	case CELL_TOO_FAST: return "too_fast";
	case CELL_FAILED: return "failed";
	case CELL_UNKNOWN: return "unknown";
	}
	return "unknown";
}

/* "setup_differs": ["file_size", "chunk_size"] (COMPARE_SETUP_*). */
static void setup_member(struct json *j, unsigned setup)
{
	static const char *const names[] = {"file_size", "file_count", "chunk_size", "io_mode"};

	json_array_begin(j, "setup_differs");
	for (int i = 0; i < 4; i++)
		if (setup & (1u << i))
			json_string(j, NULL, names[i]);
	json_array_end(j);
}

/* The ratio to the base, its flag and whether it compares like with like
 * (a not comparable ratio is null and never flagged). */
static void ratio_member(struct json *j, const char *what, const struct compare_run *runs, size_t k,
                         enum phase_id id, bool latency, const struct compare_opts *o)
{
	const struct compare_vs_base *v = &runs[k].vs[id][latency ? COMPARE_RATIO_MAX : COMPARE_RATIO_RATE];
	const struct compare_diff *d = &v->d;
	char key[32];
	bool have = k != o->base && v->has;

	snprintf(key, sizeof key, "%s_ratio", what);
	if (have && !d->not_comparable)
		json_double(j, key, d->ratio, 3);
	else
		json_null(j, key);
	snprintf(key, sizeof key, "%s_flagged", what);
	json_bool(j, key, have && d->flagged);
	snprintf(key, sizeof key, "%s_comparable", what);
	json_bool(j, key, !have || !d->not_comparable);
}

/* "reasons": ["cached"] and "mark": "c" as the run's table showed them,
 * both null when the input does not say (a CSV line, a table, a JSON
 * document older than its confidence member). */
static void reasons_member(struct json *j, const struct phase_view *p)
{
	unsigned bits = p->conf.reasons;
	char mark[2] = {p->mark, '\0'};

	if (p->reasons_unknown) {
		json_null(j, "reasons");
		json_null(j, "mark");
		return;
	}
	json_array_begin_inline(j, "reasons");
	for (int i = 0; i < CONF_REASONS; i++)
		if (bits & (1u << i))
			json_string(j, NULL, confidence_reason_name(i));
	json_array_end(j);
	json_string(j, "mark", mark[0] == ' ' ? "" : mark);
}

static void phase_json(struct json *j, const struct compare_run *runs, size_t k, enum phase_id id,
                       const struct compare_opts *o)
{
	const struct phase_view *p = &runs[k].view.phase[id];

	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(id));
	json_string(j, "state", state_name(p->state));
	if (p->state == CELL_VALUE)
		json_double(j, "rate", p->rate, 3);
	else
		json_null(j, "rate");
	if (p->cpu_pct >= 0)
		json_u64(j, "cpu_percent", (uint64_t)p->cpu_pct);
	else
		json_null(j, "cpu_percent");
	if (view_has_pct(p, VIEW_MAX))
		json_i64(j, "latency_max_ns", p->pct_ns[VIEW_MAX]);
	else
		json_null(j, "latency_max_ns");
	/* the p99 the page charts (the model's p99_stated) */
	if (runs[k].p99_stated[id])
		json_i64(j, "latency_p99_ns", p->pct_ns[VIEW_P99]);
	else
		json_null(j, "latency_p99_ns");
	/* the mean a tool prints (CrystalDiskMark's "< us>", fio's avg) or bonnie's JSON has */
	if (p->lat_mean_ns > 0)
		json_double(j, "latency_mean_ns", p->lat_mean_ns, 0);
	else
		json_null(j, "latency_mean_ns");
	reasons_member(j, p);
	ratio_member(j, "rate", runs, k, id, false, o);
	ratio_member(j, "latency", runs, k, id, true, o);
	setup_member(j, k == o->base ? 0 : runs[k].setup_vs_base[id]);
	json_object_end(j);
}

/* "setup": {"io_mode": "unknown", "file_size": "256M", ...}: what the
 * input records, null where it cannot say. */
static void setup_json(struct json *j, const struct compare_run *r)
{
	static const char *const keys[COMPARE_SETUP_FACTS] = {
		"io_mode", "file_size", "file_count", "chunk_size", "file_system", "device", "version", "clients",
	};

	json_object_begin(j, "setup");
	for (int f = 0; f < COMPARE_SETUP_FACTS; f++) {
		if (r->shown.setup_known & (1u << f))
			json_string(j, keys[f], compare_shown_text(r, f));
		else
			json_null(j, keys[f]);
	}
	json_object_end(j);
}

static void run_json(struct json *j, const struct compare_run *runs, size_t k, const struct compare_opts *o)
{
	static const char *const methods[] = {"unknown", "stdio", "syscall"};
	const struct compare_shown *r = &runs[k].shown;
	char lab[16];

	compare_label(k, lab, sizeof lab);
	json_object_begin(j, NULL);
	json_string(j, "label", lab);
	json_string(j, "machine", r->name);
	json_string(j, "size", r->size);
	json_string(j, "format", r->format);
	json_string(j, "version", r->version);
	json_string(j, "origin", r->origin);
	json_string(j, "perchar_method", methods[r->perchar]);
	json_array_begin(j, "lacks"); /* what the input states of no phase */
	for (int b = 0; b < VIEW_LACKS; b++)
		if (runs[k].view.lacks & (1u << b))
			json_string(j, NULL, view_lack_keys[b]);
	json_array_end(j);
	setup_json(j, &runs[k]);
	json_array_begin(j, "phases");
	for (int i = 0; i < PHASE_COUNT; i++)
		/* as bonnie's own JSON: a phase bonnie++ never had only where it ran */
		if (phase_is((enum phase_id)i, FACT_BONNIE_CSV) || runs[k].view.phase[i].state != CELL_NOT_RUN)
			phase_json(j, runs, k, (enum phase_id)i, o);
	json_array_end(j);
	if (r->nother) { /* a disk benchmark's rows that are none of bonnie's, as read */
		json_array_begin(j, "other_rows");
		for (int i = 0; i < r->nother; i++) {
			json_object_begin(j, NULL);
			json_string(j, "name", r->other[i].name);
			json_double(j, "rate", r->other[i].rate, 3);
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_object_end(j);
}

/* enum compare_evidence as JSON words */
static const char *const evidence_names[] = {"enough", "weak", "unknown", "maximum"};

static void diffs_json(struct json *j, const struct compare_result *r)
{
	const struct compare_diff *d = r->diffs;
	char lab[16], text[256], why[192];

	json_array_begin(j, "differences");
	for (size_t i = 0; i < r->ndiffs; i++) {
		compare_label(d[i].run, lab, sizeof lab);
		compare_phrase(&d[i], text, sizeof text);
		json_object_begin(j, NULL);
		json_string(j, "run", lab);
		json_string(j, "phase", phase_name(d[i].phase));
		json_string(j, "what", !d[i].latency ? "rate" : d[i].mean ? "latency_mean" : d[i].pct == VIEW_P50 ? "latency_p50"
		                       : d[i].pct == VIEW_P99 ? "latency_p99" : "latency_max");
		json_double(j, "ratio", d[i].ratio, 3);
		json_bool(j, "flagged", d[i].flagged);
		json_string(j, "evidence", evidence_names[d[i].evidence]);
		compare_why_words(&d[i], why, sizeof why);
		json_string(j, "why", why); /* "" when strong evidence */
		setup_member(j, d[i].setup_differs);
		json_string(j, "text", text);
		json_object_end(j);
	}
	json_array_end(j);
}

void compare_json(FILE *out, const struct compare_result *r)
{
	const struct compare_opts *o = &r->o;
	struct json j;
	char lab[16];

	compare_label(o->base, lab, sizeof lab);
	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "tool", "bonnie compare");
	json_u64(&j, "format_version", 1);
	if (r->n > 0)
		json_string(&j, "base", lab);
	else /* nothing was found */
		json_null(&j, "base");
	json_double(&j, "threshold", o->threshold, 3);
	json_array_begin(&j, "runs");
	for (size_t k = 0; k < r->n; k++)
		run_json(&j, r->runs, k, o);
	json_array_end(&j);
	diffs_json(&j, r);
	json_object_end(&j);
}
