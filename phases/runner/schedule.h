/* The shared start schedule of --start-at: every phase of every level and
 * run gets a slot on the wall clock, computed from the options alone, so
 * that hosts started apart with the same options run each phase at the
 * same time. Slot k of the whole run starts at
 *
 *   start_at + k x slot_ns,   k = ((run - 1) x levels + level) x slots + rank
 *
 * where levels is the --clients count list's length (1 without it), slots
 * the phases the options give a slot (sched_mask) and rank the phase's
 * place among them in pipeline order. A slot is the level time and a gap
 * for the untimed work between phases (eviction, preparation, tidying). */
#ifndef BONNIE_SCHEDULE_H
#define BONNIE_SCHEDULE_H

#include "../../options/config.h"
#include "../interface/results.h"

#include <stdint.h>

/* With --start-at and no --level-time, each phase works this long. */
#define SCHEDULE_LEVEL_NS 5000000000ull

/* The gap after each phase's level time: at least 2 s, else half of it. */
uint64_t schedule_slot_ns(uint64_t level_ns);

/* The phases that get a slot: those phase_wanted() by cfg (with its size
 * already chosen). */
uint32_t schedule_mask(const struct config *cfg);

/* The planned CLOCK_REALTIME start of phase id in run run_index (from 1)
 * at `clients` clients; 0 without --start-at or when id has no slot. */
uint64_t schedule_planned_ns(const struct config *cfg, uint32_t run_index, uint32_t clients, enum phase_id id);

#endif
