/* A phase's timeline and verdict in the JSON document: the intervals as
 * columns (one array per quantity, fixed units in the keys) and the sync
 * segment, as the records hold them (view_records.c), and the verdict
 * with its sentence. */
#include "../model/view.h"
#include "../report.h"
#include "verdict_text.h"

/* One column: field of every interval. */
static void column(struct json *j, const char *key, const struct view_intervals *t, size_t offset)
{
	json_array_begin_inline(j, key);
	for (uint32_t i = 0; i < t->n; i++)
		json_u64(j, NULL, *(const uint64_t *)((const char *)&t->iv[i] + offset));
	json_array_end(j);
}

static void sync_json(struct json *j, const struct view_intervals *t)
{
	if (!t->sync.present)
		return;
	json_object_begin(j, "sync");
	json_u64(j, "start_ns", t->sync.start_ns);
	json_u64(j, "length_ns", t->sync.len_ns);
	if (t->dev_valid) {
		json_u64(j, "device_read_bytes", t->sync.dev_read);
		json_u64(j, "device_write_bytes", t->sync.dev_write);
	}
	json_object_end(j);
}

void report_timeline_json(struct json *j, const struct view_intervals *t)
{
	if (!t->present)
		return;
	json_object_begin(j, "timeline");
	json_u64(j, "interval_ns", t->width_ns);
	json_u64(j, "intervals", t->n);
	column(j, "start_ns", t, offsetof(struct view_interval, start_ns));
	column(j, "length_ns", t, offsetof(struct view_interval, length_ns));
	column(j, "bytes", t, offsetof(struct view_interval, bytes));
	column(j, "operations", t, offsetof(struct view_interval, ops));
	column(j, "latency_p50_ns", t, offsetof(struct view_interval, p50_ns));
	column(j, "latency_p99_ns", t, offsetof(struct view_interval, p99_ns));
	column(j, "latency_max_ns", t, offsetof(struct view_interval, max_ns));
	if (t->dev_valid) {
		column(j, "device_read_bytes", t, offsetof(struct view_interval, dev_read));
		column(j, "device_write_bytes", t, offsetof(struct view_interval, dev_write));
	}
	sync_json(j, t);
	json_object_end(j);
}

/* key: v, or null when the verdict's kind has no such figure. */
static void u64_or_null(struct json *j, const char *key, bool has, uint64_t v)
{
	if (has)
		json_u64(j, key, v);
	else
		json_null(j, key);
}

static void double_or_null(struct json *j, const char *key, bool has, double v)
{
	if (has)
		json_double(j, key, v, 3);
	else
		json_null(j, key);
}

/* One event: every key always, null where its kind has no such figure. */
static void event_json(struct json *j, bool bytes, const struct verdict_event *e)
{
	bool change = e->kind == VERDICT_FELL || e->kind == VERDICT_ROSE || e->kind == VERDICT_WARMUP;

	json_object_begin(j, NULL);
	json_string(j, "kind", verdict_kind_name((enum verdict_kind)e->kind));
	json_u64(j, "at_ns", e->at_ns);
	u64_or_null(j, "length_ns", e->kind == VERDICT_STALLED || e->kind == VERDICT_WARMUP, e->len_ns);
	u64_or_null(j, "at_bytes", change && bytes, e->at_units);
	u64_or_null(j, "at_operations", change && !bytes, e->at_units);
	double_or_null(j, "level", change, e->level);
	if (e->kind == VERDICT_FELL)
		json_string(j, "cause", verdict_cause_name((enum verdict_cause)e->cause));
	else
		json_null(j, "cause");
	json_object_end(j);
}

/* Every key always, null where the kind has no such figure: one shape.
 * The old keys describe the headline event (the first of stalled, fell,
 * rose, warm-up), events[] all of them in time order. */
void report_verdict_json(struct json *j, enum phase_id id, const struct verdict *v)
{
	uint8_t hk = v->head_kind;
	bool head = hk != VERDICT_NONE;
	bool change, spread = v->kind == VERDICT_STEADY || v->kind == VERDICT_NOISY;
	bool bytes = phase_unit(id) == RATE_BYTES;
	char sentence[VERDICT_SENTENCE_MAX];

	if (v->kind == VERDICT_NONE)
		return;
	change = head && (hk == VERDICT_FELL || hk == VERDICT_ROSE);
	verdict_sentence(id, v, sentence, sizeof sentence);
	json_object_begin(j, "verdict");
	json_string(j, "kind", verdict_kind_name((enum verdict_kind)v->kind));
	json_string(j, "sentence", sentence);
	u64_or_null(j, "at_ns", head, v->at_ns);
	u64_or_null(j, "at_bytes", change && bytes, v->at_units);
	u64_or_null(j, "at_operations", change && !bytes, v->at_units);
	u64_or_null(j, "length_ns", head && (hk == VERDICT_STALLED || hk == VERDICT_WARMUP), v->len_ns);
	double_or_null(j, "level", head && hk != VERDICT_STALLED, v->level);
	json_null(j, "noise");
	if (head && hk == VERDICT_FELL)
		json_string(j, "cause", verdict_cause_name((enum verdict_cause)v->cause));
	else
		json_null(j, "cause");
	double_or_null(j, "spread", spread, v->spread);
	u64_or_null(j, "windows", spread, v->windows);
	u64_or_null(j, "windows_within", spread, v->within);
	u64_or_null(j, "window_ns", v->window_ns != 0, v->window_ns);
	u64_or_null(j, "flush_ns", v->has_flush, v->flush_ns);
	json_u64(j, "span_ns", v->span_ns); /* "too short" and "interrupted" say it */
	json_array_begin(j, "events");
	for (uint32_t k = 0; k < v->nevents; k++)
		event_json(j, bytes, &v->ev[k]);
	json_array_end(j);
	json_u64(j, "stalls_not_listed", v->stalls_unsaid);
	json_object_end(j);
}
