/* The options from the command line (run_config.h). */
#include "run_config.h"

#include "say.h"

#include "../lib/exitcodes.h"
#include "../options/options.h"
#include "../report/report.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void machine_default(char *buf, size_t len)
{
	if (gethostname(buf, len) != 0)
		snprintf(buf, len, "localhost");
	buf[len - 1] = '\0';
	buf[strcspn(buf, ".")] = '\0'; /* short name, as bonnie++ prints it */
}

int run_config_parse(int argc, char **argv, struct config *cfg)
{
	char err[512], host[256];

	machine_default(host, sizeof host);
	switch (options_parse(argc, argv, host, cfg, err, sizeof err)) {
	case OPT_ERROR:
		return say_status(EXIT_USAGE, "%s", err);
	case OPT_HELP:
		options_usage(stdout);
		return say_finish(EXIT_OK);
	case OPT_VERSION:
		printf("bonnie %s\n", BONNIE_VERSION);
		return say_finish(EXIT_OK);
	case OPT_LIST_PHASES:
		report_phase_list(stdout);
		return say_finish(EXIT_OK);
	case OPT_RUN:
		break;
	}
	return RUN_GO;
}

int run_config_reparse(int argc, char **argv, struct config *cfg, char *err, size_t errlen)
{
	char host[256];

	machine_default(host, sizeof host);
	return options_parse(argc, argv, host, cfg, err, errlen);
}

bool run_wants_align_probe(const struct config *cfg, const struct env_info *env)
{
	const struct env_device *d = &env->dev;
	bool auto_on = d->present && d->logical_block > 0 && d->physical_block > d->logical_block;

	/* on ZFS the probe says why it cannot measure there, wherever a disk has 4K sectors */
	if (env->zfs.present && zfs_largest_physical(&env->zfs) > 512)
		auto_on = true;

	return cfg->align_probe > 0 || (cfg->align_probe < 0 && auto_on);
}
