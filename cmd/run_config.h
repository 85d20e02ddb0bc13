/* The options as the user gave them (struct config): run_config_parse
 * fills them, --help and friends answered here, and nothing writes them
 * afterwards. What bonnie decides from them (the phase mask, the seed, the
 * sizes and counts) is the run's plan (plan.h), made from a copy. */
#ifndef BONNIE_RUN_CONFIG_H
#define BONNIE_RUN_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "../options/config.h"
#include "../env/env.h"

/* run_config_parse's "go ahead with the run". */
#define RUN_GO (-1)

/* argv into cfg. Returns RUN_GO, or the exit status once --help,
 * --version or --list-phases was answered or a bad option said why. */
int run_config_parse(int argc, char **argv, struct config *cfg);

/* argv into cfg again, for --like (cmd/like.c), which puts a result's
 * settings before the user's own options: OPT_RUN, or OPT_ERROR with
 * err (errlen bytes) saying why. */
int run_config_reparse(int argc, char **argv, struct config *cfg, char *err, size_t errlen);

/* --align-probe, or by default on drives whose physical sectors are
 * larger than their logical ones (512e), where misalignment costs. */
bool run_wants_align_probe(const struct config *cfg, const struct env_info *env);

#endif
