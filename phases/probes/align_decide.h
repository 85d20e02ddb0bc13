/* The align probe's decision: is a shifted 4 KiB write slower than an
 * aligned one, beyond the rounds' own spread? A pure function of the
 * paired rounds, so it can be tested on made-up pairs. */
#ifndef BONNIE_ALIGN_DECIDE_H
#define BONNIE_ALIGN_DECIDE_H

#include "../interface/results.h"

/* A shifted write this many times slower than an aligned one is a penalty.
 * A 512e drive's read-modify-write costs about 2-3x; the probe must catch
 * 1.5x, and asks the whole bound to clear this factor, not just the median. */
#define ALIGN_PENALTY_FACTOR 1.15
/* Fewest pairs a decision is made on: with 8, the bound is the smallest and
 * largest ratio, so a penalty needs every pair slower by the factor. */
#define ALIGN_MIN_PAIRS 8u
/* Writes of each kind in one pair, made in runs of ALIGN_RUN_WRITES that
 * alternate between the kinds. */
#define ALIGN_ROUND_WRITES 32u
#define ALIGN_RUN_WRITES 4u
/* No round starts after this many seconds of rounds: the probe then says
 * what it saw, inconclusive unless the pairs decided. */
#define ALIGN_TIME_LIMIT_S 15u
/* A probe that waited for a CPU this share of its time or more bounds no
 * penalty: at a load of 30-80 a 1.5x hold on every shifted write measured
 * 0.97x, more than the dilution below accounts for. */
#define ALIGN_MAX_WAIT 0.5
/* Each side of the bound leaves out at most this chance. */
#define ALIGN_TAIL 0.025

/* Judges pairs[0..n-1] (n <= ALIGN_MAX_PAIRS) into v: ALIGN_PENALTY when
 * the bound's low end is at or above ALIGN_PENALTY_FACTOR, ALIGN_NO_PENALTY
 * when its high end is below it and so is the penalty the pairs' wait for
 * a CPU could dilute to that high end (v->hidden: on a busy machine the
 * wait adds to both kinds of write and a 1.5x penalty measured 1.03x),
 * ALIGN_INCONCLUSIVE otherwise or with fewer than ALIGN_MIN_PAIRS pairs. */
void align_decide(const struct align_pair *pairs, size_t n, struct align_verdict *v);

#endif
