/* The machine-readable forms of a comparison: each run as a bonnie++ 1.98
 * CSV line (what bon_csv2txt/bon_csv2html read), and one JSON document. */
#include "compare.h"
#include "../lib/json.h"
#include "../lib/units.h"

#include <stdlib.h>
#include <string.h>

static void rate_cells(FILE *out, enum phase_id id, const struct parsed_phase *p)
{
	if (p->state == CELL_TOO_FAST) {
		fputs(",+++++,+++", out);
		return;
	}
	if (p->state != CELL_VALUE) {
		fputs(",,", out);
		return;
	}
	if (phase_unit(id) == RATE_SEEKS && p->rate < 1000)
		fprintf(out, ",%.1f", p->rate);
	else if (p->rate < 1e18) /* truncated, as bonnie++ prints it */
		fprintf(out, ",%llu", (unsigned long long)p->rate);
	else /* a pasted rate may be past any integer type: no cast */
		fprintf(out, ",%.0f", p->rate);
	if (p->cpu >= 0)
		fprintf(out, ",%d", p->cpu);
	else
		fputs(",", out);
}

static void latency_cell(FILE *out, const struct parsed_phase *p)
{
	char buf[32] = "";

	if (p->latency_ns >= 0)
		units_format_latency((uint64_t)p->latency_ns, buf, sizeof buf);
	fprintf(out, ",%s", buf);
}

void report_compare_csv_line(FILE *out, const struct parsed_run *r)
{
	const char (*m)[PARSED_META_LEN] = r->meta;

	fprintf(out, "1.98,%s,%s,%s,%s,%s,%s,%s,%s", m[META_VERSION], m[META_NAME], m[META_CONCURRENCY],
	        m[META_SEED], m[META_SIZE], m[META_CHUNK], m[META_SEEKS], m[META_SEEK_PROCS]);
	for (int i = PHASE_PUTC; i <= PHASE_SEEKS; i++)
		rate_cells(out, (enum phase_id)i, &r->phase[i]);
	fprintf(out, ",%s,%s,%s,%s,%s", m[META_NUM_FILES], m[META_MAX_SIZE], m[META_MIN_SIZE], m[META_NUM_DIRS],
	        m[META_FILE_CHUNK]);
	for (int i = PHASE_SEQ_CREATE; i < PHASE_COUNT; i++)
		rate_cells(out, (enum phase_id)i, &r->phase[i]);
	for (int i = 0; i < PHASE_COUNT; i++)
		latency_cell(out, &r->phase[i]);
	fputc('\n', out);
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

static void ratio_member(struct json *j, const char *key, const char *flag_key, const struct parsed_run *runs,
                         size_t k, enum phase_id id, bool latency, const struct compare_opts *o)
{
	struct compare_diff d;

	if (k != o->base && compare_ratio(&runs[o->base], &runs[k], id, latency, o->threshold, &d)) {
		json_double(j, key, d.ratio, 3);
		json_bool(j, flag_key, d.flagged);
	} else {
		json_null(j, key);
		json_bool(j, flag_key, false);
	}
}

static void phase_json(struct json *j, const struct parsed_run *runs, size_t k, enum phase_id id,
                       const struct compare_opts *o)
{
	const struct parsed_phase *p = &runs[k].phase[id];

	json_object_begin(j, NULL);
	json_string(j, "name", phase_name(id));
	json_string(j, "state", state_name(p->state));
	if (p->state == CELL_VALUE)
		json_double(j, "rate", p->rate, 3);
	else
		json_null(j, "rate");
	if (p->cpu >= 0)
		json_u64(j, "cpu_percent", (uint64_t)p->cpu);
	else
		json_null(j, "cpu_percent");
	if (p->latency_ns >= 0)
		json_i64(j, "latency_max_ns", p->latency_ns);
	else
		json_null(j, "latency_max_ns");
	ratio_member(j, "rate_ratio", "rate_flagged", runs, k, id, false, o);
	ratio_member(j, "latency_ratio", "latency_flagged", runs, k, id, true, o);
	json_object_end(j);
}

static void run_json(struct json *j, const struct parsed_run *runs, size_t k, const struct compare_opts *o)
{
	const struct parsed_run *r = &runs[k];
	char lab[16];

	compare_label(k, lab, sizeof lab);
	json_object_begin(j, NULL);
	json_string(j, "label", lab);
	json_string(j, "machine", r->meta[META_NAME]);
	json_string(j, "size", r->meta[META_SIZE]);
	json_string(j, "format", r->format);
	json_string(j, "version", r->meta[META_VERSION]);
	json_string(j, "origin", r->origin);
	json_array_begin(j, "phases");
	for (int i = 0; i < PHASE_COUNT; i++)
		phase_json(j, runs, k, (enum phase_id)i, o);
	json_array_end(j);
	json_object_end(j);
}

static void diffs_json(struct json *j, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	size_t count;
	struct compare_diff *d = compare_all_diffs(runs, n, o, &count);
	char lab[16], text[160];

	json_array_begin(j, "differences");
	for (size_t i = 0; d && i < count; i++) {
		compare_label(d[i].run, lab, sizeof lab);
		compare_phrase(&d[i], text, sizeof text);
		json_object_begin(j, NULL);
		json_string(j, "run", lab);
		json_string(j, "phase", phase_name(d[i].phase));
		json_string(j, "what", d[i].latency ? "latency_max" : "rate");
		json_double(j, "ratio", d[i].ratio, 3);
		json_bool(j, "flagged", d[i].flagged);
		json_string(j, "text", text);
		json_object_end(j);
	}
	json_array_end(j);
	free(d);
}

void report_compare_json(FILE *out, const struct parsed_run *runs, size_t n, const struct compare_opts *o)
{
	struct json j;
	char lab[16];

	compare_label(o->base, lab, sizeof lab);
	json_init(&j, out);
	json_object_begin(&j, NULL);
	json_string(&j, "tool", "bonnie compare");
	json_u64(&j, "format_version", 1);
	json_string(&j, "base", lab);
	json_double(&j, "threshold", o->threshold, 3);
	json_array_begin(&j, "runs");
	for (size_t k = 0; k < n; k++)
		run_json(&j, runs, k, o);
	json_array_end(&j);
	diffs_json(&j, runs, n, o);
	json_object_end(&j);
}
