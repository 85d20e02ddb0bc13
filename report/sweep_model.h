/* The client sweep as derived facts (--clients LIST): what each phase did
 * at each client count, and where its knee is. Pure functions from results
 * into structs, no output: the text table, the knee sentences, the JSON
 * and the HTML charts (sweep.c, html_sweep.c) all read these, so they
 * cannot disagree, and each is testable without I/O. */
#ifndef BONNIE_SWEEP_MODEL_H
#define BONNIE_SWEEP_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "../lib/config.h"
#include "../phases/results.h"

/* Throughput "stops rising" below this gain over the previous count. */
#define SWEEP_MIN_GAIN 1.05

struct sweep_point {
	bool ran;     /* the phase completed at this count */
	double rate;  /* aggregate, in the phase's unit: KiB/s, seeks/s, files/s */
	uint64_t p50, p99, max; /* latency, ns */
	unsigned reasons; /* confidence reasons at this count (enum conf_reason) */
};

struct sweep {
	uint32_t levels;
	uint32_t clients[MAX_SWEEP_LEVELS];
	struct sweep_point point[MAX_SWEEP_LEVELS][PHASE_COUNT];
};

/* Where a phase's knee is, as indexes into the sweep's levels (-1: none). */
struct sweep_knee {
	int first;        /* first level the phase completed at */
	int levels;       /* levels it completed at */
	int peak;         /* last level before throughput stopped rising (< +5%) */
	bool still_rising; /* it never stopped: peak is the last level */
	int p99_over;     /* first level whose p99 is above k x the first level's */
	int last;         /* last level it completed at */
};

/* Appends run (the results at run->clients clients) as the next level;
 * ignored past MAX_SWEEP_LEVELS. */
void sweep_add(struct sweep *sw, const struct run_result *run);

/* Whether phase id completed at any level. */
bool sweep_phase_ran(const struct sweep *sw, enum phase_id id);

/* The knee of phase id with factor k; false when the phase completed at
 * fewer than two client counts. */
bool sweep_knee(const struct sweep *sw, enum phase_id id, double k, struct sweep_knee *out);

#endif
