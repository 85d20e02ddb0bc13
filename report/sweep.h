/* The client sweep (--clients LIST): what each phase did at each client
 * count, the sweep table, and the knee of each phase in one sentence. */
#ifndef BONNIE_SWEEP_H
#define BONNIE_SWEEP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../lib/config.h"
#include "../lib/json.h"
#include "../phases/results.h"

/* Throughput "stops rising" below this gain over the previous count. */
#define SWEEP_MIN_GAIN 1.05

struct sweep_point {
	bool ran;     /* the phase completed at this count */
	double rate;  /* aggregate, in the phase's unit: KiB/s, seeks/s, files/s */
	uint64_t p50, p99, max; /* latency, ns */
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
};

/* Appends run (the results at run->clients clients) as the next level;
 * ignored past MAX_SWEEP_LEVELS. */
void sweep_add(struct sweep *sw, const struct run_result *run);

/* The knee of phase id with factor k; false when the phase completed at
 * fewer than two client counts. */
bool sweep_knee(const struct sweep *sw, enum phase_id id, double k, struct sweep_knee *out);

/* The sweep table: per phase and client count, the aggregate rate and
 * the p50, p99 and maximum latency. */
void report_sweep_table(FILE *out, const struct sweep *sw);

/* One sentence per phase, e.g. "ran_create: throughput peaks at 64
 * clients; p99 latency passes 2x its 1-client value at 128 clients." */
void report_sweep_knees(FILE *out, const struct sweep *sw, double k);

/* Phase id's sentence of report_sweep_knees into buf (no newline). */
void sweep_knee_sentence(const struct sweep *sw, enum phase_id id, double k, char *buf, size_t len);

/* Ends the JSON document like report_json_end, with a "sweep" member
 * after the runs: the counts asked (asked[0..nasked)), the counts done
 * (the sweep's levels, fewer when it stopped early), points and knees. */
void report_sweep_json_end(struct json *j, const struct sweep *sw, const uint32_t *asked, uint32_t nasked,
                           double k);

/* Where a sweep is: the phase starting at a client count, steps (phases
 * at counts) done out of the total, and seconds since the sweep began. */
struct sweep_step {
	uint32_t clients, level, levels;
	enum phase_id phase;
	uint32_t done, total;
	uint64_t elapsed_s;
};

/* One progress line: rewritten in place ("\r", erase line) when live (a
 * terminal), else a plain line each step. */
void report_sweep_progress(FILE *out, bool live, const struct sweep_step *st);

#endif
