/* Rates and CPU percentages from measured results. */
#include "metrics.h"

bool metric_reportable(const struct phase_result *r)
{
	return r->status == PHASE_DONE;
}

static double per_second(uint64_t units, uint64_t ns)
{
	return ns ? (double)units * 1e9 / (double)ns : 0.0;
}

double metric_rate(enum phase_id id, const struct phase_result *r)
{
	double v = per_second(r->units, r->elapsed_ns);

	return phase_unit(id) == RATE_BYTES ? v / 1024.0 : v;
}

uint64_t metric_rate_int(enum phase_id id, const struct phase_result *r)
{
	return (uint64_t)metric_rate(id, r);
}

double metric_rate_unsynced(enum phase_id id, const struct phase_result *r)
{
	uint64_t ns = r->elapsed_ns > r->sync_ns ? r->elapsed_ns - r->sync_ns : r->elapsed_ns;
	double v = per_second(r->units, ns);

	return phase_unit(id) == RATE_BYTES ? v / 1024.0 : v;
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
