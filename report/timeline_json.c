/* A phase's timeline and verdict in the JSON document: the intervals as
 * columns (one array per quantity, fixed units in the keys), the sync
 * segment, and the verdict with its sentence. */
#include "report.h"
#include "verdict_text.h"

/* One column: field of every interval. */
static void column(struct json *j, const char *key, const struct tl_series *s, size_t offset)
{
	json_array_begin_inline(j, key);
	for (uint32_t i = 0; i < s->n; i++)
		json_u64(j, NULL, *(const uint64_t *)((const char *)&s->pt[i] + offset));
	json_array_end(j);
}

static void times(struct json *j, const struct tl_series *s)
{
	json_array_begin_inline(j, "start_ns");
	for (uint32_t i = 0; i < s->n; i++)
		json_u64(j, NULL, (uint64_t)i * s->width_ns);
	json_array_end(j);
	json_array_begin_inline(j, "length_ns");
	for (uint32_t i = 0; i < s->n; i++)
		json_u64(j, NULL, tl_series_len(s, i));
	json_array_end(j);
}

static void sync_json(struct json *j, const struct tl_series *s)
{
	if (!s->sync.present)
		return;
	json_object_begin(j, "sync");
	json_u64(j, "start_ns", s->sync.start_ns);
	json_u64(j, "length_ns", s->sync.len_ns);
	if (s->dev_valid) {
		json_u64(j, "device_read_bytes", s->sync.dev_read);
		json_u64(j, "device_write_bytes", s->sync.dev_write);
	}
	json_object_end(j);
}

void report_timeline_json(struct json *j, const struct tl_series *s)
{
	if (s == NULL || !s->present)
		return;
	json_object_begin(j, "timeline");
	json_u64(j, "interval_ns", s->width_ns);
	json_u64(j, "intervals", s->n);
	times(j, s);
	column(j, "bytes", s, offsetof(struct tl_point, bytes));
	column(j, "operations", s, offsetof(struct tl_point, ops));
	column(j, "latency_p50_ns", s, offsetof(struct tl_point, p50_ns));
	column(j, "latency_p99_ns", s, offsetof(struct tl_point, p99_ns));
	column(j, "latency_max_ns", s, offsetof(struct tl_point, max_ns));
	if (s->dev_valid) {
		column(j, "device_read_bytes", s, offsetof(struct tl_point, dev_read));
		column(j, "device_write_bytes", s, offsetof(struct tl_point, dev_write));
	}
	sync_json(j, s);
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

static const char *cause_name(const struct verdict *v)
{
	switch ((enum verdict_cause)v->cause) {
	case VERDICT_CAUSE_DIRTY_LIMIT: return "page_cache_dirty_limit";
	case VERDICT_CAUSE_WRITE_CACHE: return "write_cache?";
	case VERDICT_CAUSE_OTHER_IO: return "other_io";
	case VERDICT_CAUSE_DEVICE_READS: return "device_reads_slower";
	case VERDICT_CAUSE_NONE: break;
	}
	return "unknown";
}

/* Every key always, null where the kind has no such figure: one shape. */
void report_verdict_json(struct json *j, enum phase_id id, const struct verdict *v)
{
	bool change = v->kind == VERDICT_FELL || v->kind == VERDICT_ROSE;
	bool bytes = phase_unit(id) == RATE_BYTES;
	char sentence[200];

	if (v->kind == VERDICT_NONE)
		return;
	verdict_sentence(id, v, sentence, sizeof sentence);
	json_object_begin(j, "verdict");
	json_string(j, "kind", verdict_kind_name((enum verdict_kind)v->kind));
	json_string(j, "sentence", sentence);
	u64_or_null(j, "at_ns", change || v->kind == VERDICT_STALLED, v->at_ns);
	u64_or_null(j, "at_bytes", change && bytes, v->at_units);
	u64_or_null(j, "at_operations", change && !bytes, v->at_units);
	u64_or_null(j, "length_ns", v->kind == VERDICT_STALLED || v->kind == VERDICT_WARMUP, v->len_ns);
	double_or_null(j, "level", change || v->kind == VERDICT_WARMUP, v->level);
	double_or_null(j, "noise", change || v->kind == VERDICT_WARMUP, v->noise);
	if (v->kind == VERDICT_FELL)
		json_string(j, "cause", cause_name(v));
	else
		json_null(j, "cause");
	double_or_null(j, "spread", v->kind == VERDICT_STEADY || v->kind == VERDICT_NOISY, v->spread);
	u64_or_null(j, "window_ns", v->window_ns != 0, v->window_ns);
	json_object_end(j);
}
