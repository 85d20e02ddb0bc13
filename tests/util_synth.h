/* Synthetic results for formatter tests: known inputs whose rates, CPU
 * percentages and latencies can be worked out by hand. */
#ifndef BONNIE_TEST_SYNTH_H
#define BONNIE_TEST_SYNTH_H

#include "../options/config.h"
#include "../phases/interface/results.h"

/* A finished phase: units counted, elapsed and CPU ns, and 100 operations
 * of one latency value (so every percentile and max = min = lat_ns). */
void synth_phase(struct run_result *run, enum phase_id id, uint64_t units, uint64_t elapsed_ns,
                 uint64_t cpu_ns, uint64_t lat_ns);

/* Defaults as options_parse gives them, machine "vm", seed 12345,
 * -s 512m -n 4. */
void synth_config(struct config *cfg);

/* All twelve phases with the hand-computed values listed in util_synth.c. */
void synth_full_run(struct run_result *run);

/* The full run with a per-char write of 83 operations, the per-char read
 * not run, a short block read (0.25 s) served from the page cache (10% of
 * its reads from the device), device counters for the others, and random
 * create failed (ENOSPC) with the random stat and delete not run. */
void synth_mixed_run(struct run_result *run);

/* Run index (1-based) of a -x set: the full run with its times scaled by
 * a few percent that differ from run to run. */
void synth_repeat_run(struct run_result *run, unsigned index);

/* The full run at one count of a --clients 1,2,4 sweep: the aggregate
 * rate rises to 2 clients and flattens at 4, latencies rise 5x at 4 (a
 * knee), with each client's spread and overlap filled. */
void synth_sweep_run(struct run_result *run, uint32_t clients);

/* Each finished phase's timeline in tls (100 ms intervals before its
 * final sync; per-char write falls to 40% for its second half, per-char
 * read pauses for 1 s: noisy) and its verdict judged from it, as a run's
 * phases do. */
void synth_timelines(struct run_result *run, struct run_timelines *tls);

/* Splits a CSV line (trailing newline allowed) into at most max fields;
 * returns the field count. Fields point into buf, which is modified. */
int synth_split_csv(char *buf, char **fields, int max);

/* Switches this process to de_DE.UTF-8 and asserts that the locale really
 * prints 1.5 as "1,5"; fails the test when the locale is missing. */
void synth_enter_comma_locale(void);

/* The view of run as the run session builds it (one static view: the
 * next call overwrites it). */
struct run_view;
const struct run_view *synth_view(const struct config *cfg, const struct run_result *run);
/* The session's view of cfg as the output table builds it (outputs_plan);
 * one static view, replaced by the next call. */
struct session_view;
const struct session_view *synth_session(const struct config *cfg);

/* Formats with fn into a malloc'd string (open_memstream). */
char *synth_capture_csv(const struct config *cfg, const struct run_result *run);
char *synth_capture_table(const struct config *cfg, const struct run_result *run);

#endif
