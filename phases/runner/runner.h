/* Runs the phase list once: evicts the data file where the phase table says,
 * times each phase's run() (wall clock and process CPU), and stops at the
 * first failure or stop request. */
#ifndef BONNIE_RUNNER_H
#define BONNIE_RUNNER_H

#include "../interface/phase.h"

/* Called around each phase that runs, for progress output. Optional. */
struct runner_hooks {
	void (*phase_begin)(void *arg, enum phase_id id);
	void (*phase_end)(void *arg, enum phase_id id, const struct phase_result *res);
	void *arg;
	/* Optional: called after the phase is prepared, right before its timed
	 * region (a client waits at the barrier here). Non-zero stops the run:
	 * the phase is marked interrupted. */
	int (*before_timed)(void *arg, enum phase_id id);
	/* Optional, with concurrent clients: client number client (from 0),
	 * process pid, has been stopped (SIGSTOP, SIGTSTP) for 10 seconds; the
	 * run waits for it. Called once per stop. */
	void (*client_stopped)(void *arg, uint32_t client, long pid);
};

/* Runs the count descriptors of table in order (bonnie's pipeline is
 * phase_table, PHASE_COUNT; tests pass tables of null phases), each into
 * run->phase[its id]; every slot starts PHASE_NOT_RUN. Phases not enabled
 * by the configuration, and those after a failure or a stop request, stay
 * PHASE_NOT_RUN. Returns 0 when every phase that ran completed, -1 if one
 * failed or was interrupted, or a stop request came between phases. */
int runner_run(struct phase_ctx *ctx, const struct phase *const *table, size_t count, struct run_result *run,
               const struct runner_hooks *hooks);

/* How the loop runs one phase into res: in this process (runner_run), or
 * in every client at once (clients_run). Returns 0 when it completed. */
struct phase_exec {
	int (*run)(void *arg, const struct phase *ph, struct phase_result *res);
	void *arg;
};

/* The one phase loop of a run, whoever executes the phases: every slot of
 * run starts PHASE_NOT_RUN, phases not wanted by cfg are skipped, a stop
 * request between phases ends the run (run->interrupted), hooks'
 * phase_begin/phase_end are called around each exec->run, and the first
 * phase that does not complete ends it. Returns 0 or -1 as runner_run. */
int runner_loop(const struct config *cfg, const struct phase *const *table, size_t count, struct run_result *run,
                const struct runner_hooks *hooks, const struct phase_exec *exec);

/* The counts run used (struct run_counts), from cfg (the whole run's) and
 * run's merged results: seeks as given, else as done; files as the plan
 * fixed them (files NULL: concurrent clients, each with its own plan), as
 * given, else as the creates made. runner_run calls it; so does
 * clients_run, for what all clients did together. */
void runner_note_counts(const struct config *cfg, const struct file_plan *files, struct run_result *run);

/* Runs one phase into res (initialised by runner_result_init): evicts the
 * data file if its row says so before preparation (FACT_EVICT_BEFORE), then
 * prepare (untimed), evicts it if the row says so after preparation
 * (FACT_EVICT_PREPARED, a buffered read), run (timed: wall clock, CPU,
 * device counters; hooks->before_timed, if set, is called just before it)
 * and, when run completed, finish (untimed).
 * Returns 0 when the phase completed, -1 otherwise. */
int runner_run_phase(struct phase_ctx *ctx, const struct phase *ph, struct phase_result *res,
                     const struct runner_hooks *hooks);

/* A phase that completed and timed no operation measured nothing: it
 * fails (op "measure" on the scratch directory, naming the phase and, in
 * a time-based level, the level's time) rather than stand as done at a
 * rate of 0. Returns -1 then, else rc. Both executors call it on their
 * final result: a client's part of 0 is no failure, the clients' sum is. */
int runner_check_measured(const struct phase_ctx *ctx, enum phase_id id, struct phase_result *res, int rc);

/* The devices' counters before a phase (before->valid false without
 * counters), and what they moved since (out untouched when unknown); with
 * concurrent clients the parent reads them once around the whole phase. */
struct env_counters;
void runner_device_before(const struct env_counters *c, struct dev_io *before);
void runner_device_delta(const struct dev_io *before, const struct env_counters *c, struct dev_io *out);

/* The same for ZFS's ARC (hits, misses, whether it may hold the data
 * file) and, after a data-file write, the dataset's compressratio; nothing
 * off ZFS (ctx->zfs NULL). */
struct zfs_arc;
void runner_arc_before(const struct phase_ctx *ctx, struct zfs_arc *before);
void runner_arc_delta(const struct phase_ctx *ctx, enum phase_id id, const struct zfs_arc *before,
                      struct phase_result *res);

/* Prepares a phase_result for measuring (empty histogram, no error):
 * phase_result_init (interface/accumulate.h), by the runner's name. */
void runner_result_init(struct phase_result *res);

#endif
