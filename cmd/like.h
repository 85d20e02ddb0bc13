/* bonnie --like RESULT: the run takes the settings of a result (a bonnie
 * JSON, a --share post, a bonnie++ CSV line or table, read by input/ as
 * compare reads them) as options put before the user's own, and says
 * what it took, what the result does not record and which of its
 * settings an option given beside --like replaced. */
#ifndef BONNIE_CMD_LIKE_H
#define BONNIE_CMD_LIKE_H

#include "../options/config.h"

/* What the re-parsed options point into; kept until the run ends. */
struct like_args {
	char *buf;   /* the settings' words */
	char **argv; /* argv[0], the settings, then the user's options */
};

/* cfg holds argv's options with cfg->like_path set: reads the result and
 * parses the settings and argv into cfg. Returns RUN_GO (run_config.h), or
 * the exit status once it said why not: EXIT_USAGE when the file cannot
 * be read, holds no result or results of different settings, or its
 * settings are not options bonnie takes. What this host cannot honour
 * (space, limits) the plan refuses as for the same options typed. */
int like_apply(int argc, char **argv, struct config *cfg, struct like_args *keep);

void like_release(struct like_args *keep);

#endif
