/* Rates and CPU percentages from measured results. */
#include "metrics.h"

#include "../../lib/units.h"

#include <limits.h>

bool metric_reportable(const struct phase_result *r)
{
	return r->status == PHASE_DONE;
}

/* The time a rate divides by: the active span where a phase measured one. */
static uint64_t rate_ns(const struct phase_result *r)
{
	return r->span_ns ? r->span_ns : r->elapsed_ns;
}

double metric_rate(enum phase_id id, const struct phase_result *r)
{
	return phase_rate_shown(id, units_per_second(r->units, rate_ns(r)));
}

double metric_rate_unsynced(enum phase_id id, const struct phase_result *r)
{
	uint64_t ns = rate_ns(r) > r->sync_ns ? rate_ns(r) - r->sync_ns : rate_ns(r);
	return phase_rate_shown(id, units_per_second(r->units, ns));
}

unsigned metric_cpu_pct(const struct phase_result *r)
{
	if (r->elapsed_ns == 0)
		return 0;
	return (unsigned)((double)r->cpu_ns * 100.0 / (double)r->elapsed_ns);
}

bool metric_low_confidence(const struct phase_result *r)
{
	return r->elapsed_ns < METRIC_MIN_TRUSTED_NS;
}

bool metric_has_sync_split(enum phase_id id)
{
	return phase_is(id, FACT_SYNC_SPLIT);
}

uint64_t metric_latency_pct(const struct phase_result *r, double p)
{
	return hist_percentile(&r->latency, p);
}

bool metric_count_supports(uint64_t count, double p)
{
	if (p >= 100.0)
		return count > 0;
	return (double)count * (1.0 - p / 100.0) >= 1.0 - 1e-9;
}

bool metric_pct_supported(const struct phase_result *r, double p)
{
	return p < 100.0 && metric_count_supports(r->latency.count, p);
}

int metric_device_pct(const struct phase_result *r)
{
	uint64_t want = r->read_bytes ? r->read_bytes : r->bytes;
	uint64_t got = r->read_bytes ? r->dev.read_bytes : r->dev.write_bytes;

	if (!r->dev.valid || want == 0)
		return -1;
	return got / want >= (uint64_t)INT_MAX / 100 ? INT_MAX : (int)(got * 100 / want);
}

bool metric_read_ahead_explains(const struct phase_result *r)
{
	uint64_t window = (uint64_t)r->dev.read_ahead_kb * 1024u;

	if (!r->dev.valid || window == 0 || r->dev.read_bytes <= r->read_bytes)
		return false;
	return r->dev.read_bytes - r->read_bytes <= 2 * window;
}

int metric_arc_hit_pct(const struct phase_result *r)
{
	uint64_t all = r->arc.hits + r->arc.misses;

	return r->arc.counted && all ? (int)(r->arc.hits * 100 / all) : -1;
}

bool metric_cached(enum phase_id id, const struct phase_result *r)
{
	int pct = metric_device_pct(r);

	/* the ARC may hold the file: cached, unless device-true counters show the disks served
	 * it (counters that also count other traffic, or a cache under the daemon, cannot) */
	if (phase_is(id, FACT_DATA_FILE) && r->read_bytes > 0 && (r->flags & RESULT_ARC_HOLDS) &&
	    (pct < 50 || r->dev.caveat != 0))
		return true;
	return phase_is(id, FACT_DATA_FILE) && r->read_bytes > 0 && pct >= 0 && pct < 50;
}

