/* A verdict in words; see verdict_text.h and the grammar in docs/verdicts.md. */
#include "verdict_text.h"
#include "../../lib/str.h"
#include "../../lib/units.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

/* "11.2 GiB" for a byte phase, "12000 files" or "5400 seeks" otherwise;
 * "64000 stats" for a stat, which may pass over the same files again
 * ("after 498641 files" of a tree of 31744). */
static void amount(enum phase_id id, uint64_t units, char *buf, size_t len)
{
	if (phase_is(id, FACT_REVISITS)) {
		snprintf(buf, len, "%llu stats", (unsigned long long)units);
		return;
	}
	switch (phase_unit(id)) {
	case RATE_BYTES: units_format_human(units, buf, len); return;
	case RATE_SEEKS: snprintf(buf, len, "%llu seeks", (unsigned long long)units); return;
	case RATE_FILES: snprintf(buf, len, "%llu files", (unsigned long long)units); return;
	}
	snprintf(buf, len, "%llu", (unsigned long long)units);
}

static int pct(double x)
{
	return (int)lround(x * 100.0);
}

/* "1", "0.3": the rates' window in seconds. */
static const char *window(const struct verdict *v, char *buf, size_t len)
{
	if (v->window_ns % 1000000000u == 0)
		snprintf(buf, len, "%.0f", secs(v->window_ns));
	else
		snprintf(buf, len, "%.1f", secs(v->window_ns));
	return buf;
}

static const char *fall_cause_words(uint8_t cause)
{
	switch ((enum verdict_cause)cause) {
	case VERDICT_CAUSE_WRITE_CACHE: return ": a write cache filled?";
	case VERDICT_CAUSE_OTHER_IO: return ": the device was busy with other I/O";
	case VERDICT_CAUSE_DEVICE_READS: return ": the device itself read slower (it served the reads before and after, and no other I/O)";
	case VERDICT_CAUSE_NO_DEVICE: return ": cause unknown (no device counters over time)";
	case VERDICT_CAUSE_NOT_DEVICES: return ": not the devices (they wrote under half of its data after it)";
	case VERDICT_CAUSE_DIRTY_LIMIT: /* names the size: below */
	case VERDICT_CAUSE_NONE: break;
	}
	return "";
}

static void event_words(enum phase_id id, const struct verdict_event *e, char *buf, size_t len)
{
	char at[32];

	amount(id, e->at_units, at, sizeof at);
	switch ((enum verdict_kind)e->kind) {
	case VERDICT_FELL:
		str_appendf(buf, len, "fell %d%% after %s (%.1f s)", pct(1.0 - e->level), at, secs(e->at_ns));
		if (e->cause == VERDICT_CAUSE_DIRTY_LIMIT)
			str_appendf(buf, len, ": page cache dirty limit reached after %s", at);
		else
			str_appendf(buf, len, "%s", fall_cause_words(e->cause));
		return;
	case VERDICT_ROSE:
		if (e->level <= 0) /* from nothing: no percent of it */
			str_appendf(buf, len, "rose from nothing after %s (%.1f s)", at, secs(e->at_ns));
		else
			str_appendf(buf, len, "rose %d%% after %s (%.1f s)", pct(1.0 / e->level - 1.0), at, secs(e->at_ns));
		return;
	case VERDICT_WARMUP:
		str_appendf(buf, len, "first %.1f s at %d%% of the rest (warm-up)", secs(e->len_ns), pct(e->level));
		return;
	case VERDICT_STALLED:
		str_appendf(buf, len, "stalled %.1f s at %.1f s (no operation completed)", secs(e->len_ns), secs(e->at_ns));
		return;
	default:
		return;
	}
}

/* The events in time order, joined by "; ". */
static void events_words(enum phase_id id, const struct verdict *v, char *buf, size_t len)
{
	for (uint32_t k = 0; k < v->nevents; k++) {
		if (k)
			str_appendf(buf, len, "; ");
		event_words(id, &v->ev[k], buf, len);
	}
}

/* "within N% of their median"; from 100% on, where only a rate above the
 * median can be that far from it, the same bound as a multiple ("at most
 * 7.02x their median" for 602%), which a reader takes in at once. */
static void spread_words(const struct verdict *v, char *buf, size_t len)
{
	const char *word = v->kind == VERDICT_STEADY ? "steady" : "noisy, no lasting change";
	int n = pct(v->spread);
	char w[16];

	if (n < 100)
		str_appendf(buf, len, "%s (%u of %u %s s rates within %d%% of their median)", word, v->within,
		            v->windows, window(v, w, sizeof w), n);
	else
		str_appendf(buf, len, "%s (%u of %u %s s rates at most %.2fx their median)", word, v->within,
		            v->windows, window(v, w, sizeof w), (100 + n) / 100.0);
}

void verdict_sentence(enum phase_id id, const struct verdict *v, char *buf, size_t len)
{
	if (len == 0)
		return;
	buf[0] = '\0';
	switch ((enum verdict_kind)v->kind) {
	case VERDICT_NONE:
	case VERDICT_KINDS:
		return;
	case VERDICT_TOO_SHORT:
		/* cut, not rounded, to 0.1 s: a span of 1.96 s is under 2 s, and
		 * "2.0 s" would say otherwise */
		str_appendf(buf, len, "too short to judge (%.1f s of operations)", (double)(v->span_ns / 100000000u) / 10.0);
		if (v->nevents)
			str_appendf(buf, len, ", but ");
		break;
	case VERDICT_INTERRUPTED:
		str_appendf(buf, len, "interrupted after %.1f s", secs(v->span_ns));
		if (v->nevents)
			str_appendf(buf, len, ", ");
		break;
	case VERDICT_STEADY:
	case VERDICT_NOISY:
		spread_words(v, buf, len);
		break;
	case VERDICT_WARMUP:
	case VERDICT_FELL:
	case VERDICT_ROSE:
	case VERDICT_STALLED:
		break;
	}
	events_words(id, v, buf, len);
	if (v->stalls_unsaid)
		str_appendf(buf, len, "; %u more stall%s not listed", v->stalls_unsaid, v->stalls_unsaid == 1 ? "" : "s");
	if (verdict_flush_said(v))
		str_appendf(buf, len, "; then the final flush took %.1f s", secs(v->flush_ns));
}
