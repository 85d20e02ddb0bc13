/* A hand-made sweep's words as bonnie writes them: judged first
 * (sweep_judge, as where a sweep ends), then read by the formatter. */
#ifndef BONNIE_UTIL_SWEEP_H
#define BONNIE_UTIL_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "../report/sweep/sweep.h"

/* Adds a hand-made run to the sweep by its view, built here as a run's
 * owner builds it (view_of_setup_run; the sweep reads no setup). */
void sweep_add_run(struct sweep *sw, const struct run_result *run);

/* Phase id's knee sentence, the answer, the p99 cell with knee factor k. */
void judged_knee_sentence(struct sweep *sw, enum phase_id id, double k, char *buf, size_t len);
void judged_answer_sentence(struct sweep *sw, double k, char *buf, size_t len);
void judged_p99_cell(struct sweep *sw, enum phase_id id, double k, char *buf, size_t len);

/* The CPU rule that fired at level l of phase id (judged with the default factor). */
enum sweep_cpu_rule judged_cpu_rule(struct sweep *sw, uint32_t l, enum phase_id id);

#endif
