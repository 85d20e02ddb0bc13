/* The run's plan: what bonnie decided from the options. The options
 * (struct config, options/config.h) are what the user gave; run_config_parse
 * fills them and nothing writes them afterwards. The plan is made of them
 * in three steps, each a new plan value made of the one before, which it
 * never writes (this file alone writes the decisions, into the value it
 * makes), all before the first run:
 *
 *   plan_make          --phases into the phase mask, the seed drawn without
 *                      -z, a sweep's file size and level time;
 *   plan_fit           the default -s from the free space under -d and the
 *                      file size limit, refusing a run that cannot fit
 *                      (it needs the probe of -d, so it comes second);
 *   plan_size_by_time  what the calibrations measured in the scratch
 *                      directory (phases/sizing/autosize.h) made into sizes (it
 *                      needs the scratch directory, so it comes last).
 *
 * Only the last plan is handed out, as const, to everything: every phase
 * and output reads it (and each run's results), never the options or an
 * earlier step's plan; the benchmark instance is made ready for it
 * (bench_ready) once it exists, so nothing made of an earlier plan is
 * made again. What one instance does is its phase context's part
 * (phases/interface/client_part.h); what changes from run to run or count to count
 * (the client count, the seed used, the counts that ran) is in each
 * struct run_result. */
#ifndef BONNIE_PLAN_H
#define BONNIE_PLAN_H

#include "../options/config.h"
#include "../env/env.h"
#include "../phases/sizing/autosize.h"
#include "../phases/sizing/perchar_auto.h"

struct plan {
	struct config run;           /* the options with bonnie's decisions in: the sizes,
	                                counts, seed and level time that run, and run.decided
	                                (phase mask, what was sized and why) */
	struct perchar_size perchar; /* with run.decided.perchar_timed: the per-char size by
	                                time and which per-char phase it left out, and why */
};

/* A new plan p from the options: a copy of them with --phases resolved
 * into the phase mask, the seed when -z was not given, and a sweep's
 * per-count file size and level time. EXIT_OK, or EXIT_USAGE after saying
 * why. */
int plan_make(struct plan *p, const struct config *opts);

/* A new plan p of made (p and made apart): the default -s (with a note
 * when the free space under -d made it smaller) and the free-space check,
 * refusing a run that cannot fit before anything is written (EXIT_SETUP
 * after saying why); then a warning when the reads may come from the page
 * cache. An unusable -d is left for bench_open_scratch to explain. */
int plan_fit(struct plan *p, const struct plan *made, const struct env_info *env);

/* A new plan p of fitted (p and fitted apart) with the sizes the
 * calibrations in as give (the data file on a share, the per-char size and
 * the phases too slow for it, the file count and a time-based level's
 * pool), once for every run, count and client. */
void plan_size_by_time(struct plan *p, const struct plan *fitted, const struct autosize *as);

/* With the queue-depth profile (--qd, --phases qd), says in one line what
 * it will do: its file's size, each phase's cut, O_DIRECT, and the engine
 * that keeps the depth (io_uring, or the threads fallback). */
void plan_note_qd(const struct config *cfg);

#endif
