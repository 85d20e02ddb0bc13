/* Concurrent clients (-c N): N forked processes, each one more instance of
 * the single run (its own data file and file-test directory inside the
 * scratch directory), started together at a barrier before every phase and
 * merged into one result per phase. */
#ifndef BONNIE_CLIENTS_H
#define BONNIE_CLIENTS_H

#include "bench.h"
#include "../interface/client_part.h" /* how the run is split: part_of_client */

/* Runs the enabled phases once in n >= 1 client processes inside b's
 * scratch directory and merges each phase into run (see client_window.h); hooks'
 * phase_begin/phase_end are called in this process around each phase.
 * Every client prepares a phase, then waits until all are ready; they are
 * released together, and the phase ends when the last one ends. A client
 * that fails, dies or is signalled stops all of them; every client is
 * waited for before this returns (waitpid(-1): the caller must have no
 * other children to wait for). Returns 0 when all phases completed,
 * -1 when one failed or was interrupted (run says which), -2 when the
 * clients could not be started (err says why and names the limit to
 * raise; run holds nothing). */
int clients_run(struct bench *b, uint32_t n, struct run_result *run, const struct runner_hooks *hooks,
                struct op_error *err);

#endif
