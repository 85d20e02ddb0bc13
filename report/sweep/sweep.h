/* The client sweep's outputs (--clients LIST): the sweep table, the knee
 * of each phase in one sentence, the JSON member and the progress line.
 * What they say is computed in sweep_model.h, once (sweep_judge): each
 * reads the judged sweep's fields, the knee factor among them. */
#ifndef BONNIE_SWEEP_H
#define BONNIE_SWEEP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../model/sweep_model.h"
#include "../../lib/json.h"

/* The sweep table: per phase and client count, the aggregate rate (with
 * repeats the median and its spread), the p50, p99 and maximum latency,
 * Jain's fairness index of the clients' rates and the overlap (marked MARK_OVERLAP
 * under SWEEP_MIN_OVERLAP), and a legend. */
void report_sweep_table(FILE *out, const struct sweep *sw);

/* One line per phase of short sentences, e.g. "ran_create: Throughput
 * peaks at 64 clients: 812 files/s, the highest rate. p99 latency passes
 * 2x and 10 ms at 128 clients: 14 ms against 3.1 ms at 64 clients." */
void report_sweep_knees(FILE *out, const struct sweep *sw);

/* Phase id's sentence of report_sweep_knees into buf (no newline). */
void sweep_knee_sentence(const struct sweep *sw, enum phase_id id, char *buf, size_t len);

/* The noise rule of the sweep in one sentence ("Single run per count:
 * rate differences under 25% are not judged ...", or the repeats'). */
void sweep_noise_sentence(const struct sweep *sw, char *buf, size_t len);

/* The answer for the whole sweep: "This server takes up to 100 clients
 * before p99 latency of put_block passes 2x and 10 ms (at 300 clients);
 * judged from put_block, get_block." (see sweep_answer), the CPU limit of
 * a judged phase after it, or "Inconclusive: " and why. */
void sweep_answer_sentence(const struct sweep *sw, char *buf, size_t len);

/* A sentence of the sweep fits this (the answer names up to 8 phases). */
#define SWEEP_LINE 640

/* The mark that left level l of phase id out of the answers (its
 * SWEEP_UNTRUSTED reason's, or MARK_OVERLAP for a low overlap), and that mark's
 * words ("under 0.5 s"). */
char sweep_left_out_mark(const struct sweep *sw, uint32_t l, enum phase_id id);
const char *sweep_mark_words(char mark);

/* The latency rule in words: "2x and 10 ms", or "2x" without a floor. */
void sweep_rule_words(const struct sweep *sw, char *buf, size_t len);

/* The HTML knee table's p99 cell, naming the rule that decided: "50",
 * "2x at 4, under the 10 ms floor", "not passed (within 2x)"... */
void sweep_p99_cell(const struct sweep *sw, enum phase_id id, char *buf, size_t len);

/* Why level l of phase id was CPU-bound: "one client used 98% of a core",
 * "the clients used 1.9 of 2 cores". */
void sweep_cpu_words(const struct sweep *sw, uint32_t l, enum phase_id id, char *buf, size_t len);

/* "s" for counts other than 1. */
const char *sweep_plural(uint32_t n);

/* Ends the JSON document like report_json_end, with a "sweep" member
 * after the runs: the counts asked (asked[0..nasked)), the counts done
 * (the sweep's levels, fewer when it stopped early), points and knees. */
void report_sweep_json_end(struct json *j, const struct sweep *sw, const uint32_t *asked, uint32_t nasked,
                           uint64_t level_ns);

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
