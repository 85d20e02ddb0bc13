/* A verdict in words; see verdict_text.h. */
#include "verdict_text.h"
#include "../lib/units.h"

#include <math.h>
#include <stdio.h>

static double secs(uint64_t ns)
{
	return (double)ns / 1e9;
}

/* "11.2 GiB" for a byte phase, "12000 files" or "5400 seeks" otherwise. */
static void amount(enum phase_id id, uint64_t units, char *buf, size_t len)
{
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

/* "1", "1.6": the rates' window in seconds. */
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
	case VERDICT_CAUSE_DIRTY_LIMIT: /* its own sentence */
	case VERDICT_CAUSE_NONE: break;
	}
	return "";
}

static void fell_sentence(enum phase_id id, const struct verdict *v, char *buf, size_t len)
{
	char at[32];

	amount(id, v->at_units, at, sizeof at);
	if (v->cause == VERDICT_CAUSE_DIRTY_LIMIT)
		snprintf(buf, len, "fell %d%% after %s (%.1f s): page cache dirty limit reached after %s",
		         pct(1.0 - v->level), at, secs(v->at_ns), at);
	else
		snprintf(buf, len, "fell %d%% after %s (%.1f s) and stayed there%s", pct(1.0 - v->level), at,
		         secs(v->at_ns), fall_cause_words(v->cause));
}

void verdict_sentence(enum phase_id id, const struct verdict *v, char *buf, size_t len)
{
	char at[32];

	switch ((enum verdict_kind)v->kind) {
	case VERDICT_NONE:
		snprintf(buf, len, "%s", "");
		return;
	case VERDICT_TOO_SHORT:
		snprintf(buf, len, "too short to judge");
		return;
	case VERDICT_STEADY:
		snprintf(buf, len, "steady (%s s rates within %d%%)", window(v, at, sizeof at), pct(v->spread));
		return;
	case VERDICT_NOISY:
		snprintf(buf, len, "noisy but steady (%s s rates within %d%%, no lasting change)", window(v, at, sizeof at),
		         pct(v->spread));
		return;
	case VERDICT_WARMUP:
		snprintf(buf, len, "first %.1f s at %d%% of the rest (warm-up)", secs(v->len_ns), pct(v->level));
		return;
	case VERDICT_FELL:
		fell_sentence(id, v, buf, len);
		return;
	case VERDICT_ROSE:
		amount(id, v->at_units, at, sizeof at);
		snprintf(buf, len, "rose %d%% after %s (%.1f s) and stayed there", pct(1.0 / v->level - 1.0), at,
		         secs(v->at_ns));
		return;
	case VERDICT_STALLED:
		snprintf(buf, len, "stalled %.1f s at %.1f s (no operation completed)", secs(v->len_ns), secs(v->at_ns));
		return;
	case VERDICT_KINDS:
		break;
	}
	snprintf(buf, len, "%s", "");
}
