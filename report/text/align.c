/* The alignment probe's line above the table and its JSON object. */
#include "../report.h"
#include "clocale.h"
#include "../model/view.h"
#include "../../phases/probes/align_decide.h"

#include <math.h>

/* Why the probe measured nothing: the failed operation, or where nothing
 * failed but there was nothing to measure (no operation), the reason alone. */
static void not_measured(const struct align_result *a, char *buf, size_t len)
{
	if (a->error.op[0] == '\0')
		snprintf(buf, len, "%s", a->error.detail);
	else
		op_error_format(&a->error, buf, len);
}

void report_align_progress(FILE *out, const struct align_result *a)
{
	char msg[OP_ERROR_TEXT_MAX];

	if (a->ran) {
		fprintf(out, "done\n");
		return;
	}
	not_measured(a, msg, sizeof msg);
	fprintf(out, "not measured: %s\n", msg);
}

/* The decision's words. "read-modify-write" marks the line as a warning
 * on the HTML page (html_env.c). */
static void decision_words(const struct align_result *a, char *buf, size_t len)
{
	const struct align_verdict *v = &a->verdict;

	switch (v->decision) {
	case ALIGN_PENALTY:
		snprintf(buf, len, "shifted writes slower in %zu of %zu pairs: misaligned writes cost %.2fx or more "
		         "(on a 512e drive, a read-modify-write)", v->slower, v->pairs, v->low);
		return;
	case ALIGN_NO_PENALTY:
		snprintf(buf, len, "no penalty (%.2fx or more is ruled out)", ALIGN_PENALTY_FACTOR);
		return;
	case ALIGN_INCONCLUSIVE:
		break;
	}
	if (v->cpu_busy && isinf(v->hidden)) {
		snprintf(buf, len, "inconclusive (busy CPU): the probe waited for a CPU %.0f%% of its time, too much "
		         "for its bound (%.2fx) to rule a penalty out", v->waited * 100, v->high);
		return;
	}
	if (v->cpu_busy) {
		snprintf(buf, len, "inconclusive (busy CPU): the probe waited for a CPU %.0f%% of its time, which can "
		         "shrink a penalty of up to %.2fx to the bound's %.2fx", v->waited * 100, v->hidden, v->high);
		return;
	}
	if (v->pairs < ALIGN_MIN_PAIRS)
		snprintf(buf, len, "inconclusive (too slow): %zu pairs in the probe's %u s, %u needed", v->pairs,
		         ALIGN_TIME_LIMIT_S, ALIGN_MIN_PAIRS);
	else
		snprintf(buf, len, "inconclusive (noise): the bound straddles %.2fx after %zu pairs (%s)",
		         ALIGN_PENALTY_FACTOR, v->pairs,
		         a->timed_out ? "the probe's time limit" : "the most pairs the probe makes");
}

void report_align(FILE *out, const struct align_result *a)
{
	const struct align_verdict *v = &a->verdict;
	struct c_locale loc;
	char msg[1024];

	if (!a->ran && a->error.err == 0)
		return;
	c_locale_enter(&loc);
	if (!a->ran) {
		not_measured(a, msg, sizeof msg);
		fprintf(out, "Align probe: not measured: %s\n", msg);
	} else {
		decision_words(a, msg, sizeof msg);
		fprintf(out, "Align probe: %u B direct+sync writes, %zu pairs of %u aligned and %u shifted by "
		        "%u B: median write %.0f us aligned, %.0f us shifted; shifted/aligned per pair: median %.2fx, "
		        "%.0f%% bound %.2f-%.2fx: %s\n",
		        a->io_bytes, a->pairs, ALIGN_ROUND_WRITES, ALIGN_ROUND_WRITES, a->shift_bytes, v->aligned_ns / 1e3,
		        v->shifted_ns / 1e3, v->median, floor(v->confidence * 100), v->low, v->high, msg);
	}
	c_locale_leave(&loc);
}

static void side_json(struct json *j, const char *key, const struct align_side_view *s)
{
	json_object_begin(j, key);
	json_u64(j, "operations", s->operations);
	json_u64(j, "elapsed_ns", s->elapsed_ns);
	json_double(j, "rate_kib_s", s->rate_kib_s, 3);
	json_u64(j, "latency_p50_ns", s->p50_ns);
	json_u64(j, "latency_p99_ns", s->p99_ns);
	json_u64(j, "latency_max_ns", s->max_ns);
	json_object_end(j);
}

static const char *decision_name(enum align_decision d)
{
	switch (d) {
	case ALIGN_PENALTY: return "penalty";
	case ALIGN_NO_PENALTY: return "no_penalty";
	case ALIGN_INCONCLUSIVE: break;
	}
	return "inconclusive";
}

/* The decision, what it rests on, and every pair of rounds. */
static void verdict_json(struct json *j, const struct align_result *a)
{
	const struct align_verdict *v = &a->verdict;

	json_string(j, "decision", decision_name(v->decision));
	json_string(j, "stopped_by", v->decision != ALIGN_INCONCLUSIVE ? "decision"
	                             : a->timed_out                   ? "time_limit"
	                                                              : "max_pairs");
	json_double(j, "penalty_factor", ALIGN_PENALTY_FACTOR, 2);
	json_double(j, "aligned_median_ns", v->aligned_ns, 0);
	json_double(j, "shifted_median_ns", v->shifted_ns, 0);
	json_double(j, "median_time_ratio", v->median, 3);
	json_double(j, "bound_low", v->low, 3);
	json_double(j, "bound_high", v->high, 3);
	json_double(j, "bound_confidence", v->confidence, 4);
	json_u64(j, "shifted_slower_pairs", v->slower);
	if (v->waited >= 0) {
		json_double(j, "cpu_wait_share", v->waited, 3);
		if (isinf(v->hidden))
			json_null(j, "penalty_hidden_up_to");
		else
			json_double(j, "penalty_hidden_up_to", v->hidden, 3);
	} else {
		json_null(j, "cpu_wait_share");
		json_null(j, "penalty_hidden_up_to");
	}
	json_u64(j, "round_writes", ALIGN_ROUND_WRITES);
	json_u64(j, "time_limit_s", ALIGN_TIME_LIMIT_S);
	json_array_begin(j, "pairs");
	for (size_t i = 0; i < a->pairs; i++) {
		json_object_begin(j, NULL);
		json_u64(j, "aligned_median_ns", a->pair[i].aligned_ns);
		json_u64(j, "shifted_median_ns", a->pair[i].shifted_ns);
		json_object_end(j);
	}
	json_array_end(j);
}

void report_align_json(struct json *j, const struct align_result *a)
{
	struct align_view v;
	char msg[1024];

	if (!a->ran && a->error.err == 0) {
		json_null(j, "alignment_probe");
		return;
	}
	json_object_begin(j, "alignment_probe");
	json_bool(j, "measured", a->ran);
	if (a->ran) {
		json_u64(j, "io_bytes", a->io_bytes);
		json_u64(j, "shift_bytes", a->shift_bytes);
		view_of_align(a, &v);
		side_json(j, "aligned", &v.aligned);
		side_json(j, "shifted", &v.shifted);
		json_double(j, "shifted_to_aligned_rate_ratio", v.rate_ratio, 3);
		verdict_json(j, a);
	} else {
		/* no write was made: no size to report (0 would read as one) */
		json_null(j, "io_bytes");
		json_null(j, "shift_bytes");
		not_measured(a, msg, sizeof msg);
		json_string(j, "error", msg);
	}
	json_object_end(j);
}
