/* Runs the phase list once: evicts the data file before reading phases,
 * times each phase's run() (wall clock and process CPU), and stops at the
 * first failure or stop request. */
#ifndef BONNIE_RUNNER_H
#define BONNIE_RUNNER_H

#include "phase.h"

/* Called around each phase that runs, for progress output. Optional. */
struct runner_hooks {
	void (*phase_begin)(void *arg, enum phase_id id);
	void (*phase_end)(void *arg, enum phase_id id, const struct phase_result *res);
	void *arg;
	/* Optional: called after the phase is prepared, right before its timed
	 * region (a client waits at the barrier here). Non-zero stops the run:
	 * the phase is marked interrupted. */
	int (*before_timed)(void *arg, enum phase_id id);
};

/* Fills run->phase[]. Phases not enabled by the configuration, and those
 * after a failure or a stop request, stay PHASE_NOT_RUN. Returns 0 when
 * every phase that ran completed, -1 if one failed or was interrupted. */
int runner_run(struct phase_ctx *ctx, struct run_result *run, const struct runner_hooks *hooks);

/* Prepares a phase_result for measuring (empty histogram, no error). */
void runner_result_init(struct phase_result *res);

#endif
