/* The run's configuration made final before the session uses it: the
 * options (--help and friends answered here), --phases, the seed drawn
 * without -z, a sweep's file size, and the default -s from the free
 * space. After run_config_size only autosize_run (phases/autosize.h)
 * writes to it, once, before the first run: what it sized by time. From
 * the first run on it is read-only; what one instance does is its phase
 * context's part (phases/client_share.h), and what changes from run to
 * run or count to count (the client count, the seed used, the counts
 * that ran) is in each struct run_result. */
#ifndef BONNIE_RUN_CONFIG_H
#define BONNIE_RUN_CONFIG_H

#include <stdbool.h>

#include "../lib/config.h"
#include "../lib/env.h"

/* run_config_parse's "go ahead with the run". */
#define RUN_GO (-1)

/* argv into cfg. Returns RUN_GO, or the exit status once --help,
 * --version or --list-phases was answered or a bad option said why. */
int run_config_parse(int argc, char **argv, struct config *cfg);

/* --phases into the phase mask, the seed when -z was not given, and a
 * sweep's per-count file size when -s was not. EXIT_OK, or EXIT_USAGE
 * after saying why. */
int run_config_finish(struct config *cfg);

/* The default -s (with a note when the free space under -d made it
 * smaller) and the free-space check, refusing a run that cannot fit
 * before anything is written (EXIT_SETUP after saying why); then a warning
 * when the reads may come from the page cache. An unusable -d is left for
 * bench_open to explain. */
int run_config_size(struct config *cfg, const struct env_info *env);

/* --align-probe, or by default on drives whose physical sectors are
 * larger than their logical ones (512e), where misalignment costs. */
bool run_wants_align_probe(const struct config *cfg, const struct env_info *env);

#endif
