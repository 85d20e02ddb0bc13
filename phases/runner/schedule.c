/* The shared start schedule; see schedule.h. */
#include "schedule.h"
#include "../interface/phase.h"

uint64_t schedule_slot_ns(uint64_t level_ns)
{
	uint64_t gap = level_ns / 2 > 2000000000u ? level_ns / 2 : 2000000000u;

	return level_ns + gap;
}

uint32_t schedule_mask(const struct config *cfg)
{
	uint32_t mask = 0;

	for (int i = 0; i < PHASE_COUNT; i++)
		if (phase_wanted(cfg, phase_table[i]))
			mask |= 1u << i;
	return mask;
}

static uint32_t bits(uint32_t m)
{
	uint32_t n = 0;

	for (; m; m &= m - 1)
		n++;
	return n;
}

/* The level of a --clients sweep that runs `clients`: the first entry of
 * the list with that count (0 without a list). */
static uint32_t level_of(const struct config *cfg, uint32_t clients)
{
	for (uint32_t l = 0; l < cfg->sweep_levels; l++)
		if (cfg->sweep[l] == clients)
			return l;
	return 0;
}

uint64_t schedule_planned_ns(const struct config *cfg, uint32_t run_index, uint32_t clients, enum phase_id id)
{
	uint32_t mask = cfg->decided.sched_mask, levels = cfg->sweep_levels ? cfg->sweep_levels : 1;
	uint64_t k;

	if (cfg->start_at_ns == 0 || !(mask & (1u << id)))
		return 0;
	k = ((uint64_t)(run_index ? run_index - 1 : 0) * levels + level_of(cfg, clients)) * bits(mask) +
	    bits(mask & ((1u << id) - 1u));
	return cfg->start_at_ns + k * cfg->decided.slot_ns;
}
