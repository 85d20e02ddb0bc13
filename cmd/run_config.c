/* Finalising the run's configuration (run_config.h). */
#include "run_config.h"

#include "say.h"

#include "../lib/exitcodes.h"
#include "../lib/options.h"
#include "../lib/platform.h"
#include "../lib/proclimit.h"
#include "../lib/space.h"
#include "../lib/units.h"
#include "../phases/client_share.h"
#include "../phases/phase_select.h"
#include "../phases/sizing.h"
#include "../report/report.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A sweep without -s runs the pipeline once per client count: 1 GiB a
 * count keeps `--clients 1,10,50,100,300,700` within minutes (README). */
#define SWEEP_FILE_SIZE (1ull << 30)

/* A sweep's levels of more than one client repeat each data phase's whole
 * passes until 5 s after the common start: the start skew of many clients
 * on few cores (about a second at 700 on 2) is then a small part of the
 * phase, where a single pass of a split size was mostly skew. */
#define SWEEP_LEVEL_NS 5000000000ull

static void machine_default(char *buf, size_t len)
{
	if (gethostname(buf, len) != 0)
		snprintf(buf, len, "localhost");
	buf[len - 1] = '\0';
	buf[strcspn(buf, ".")] = '\0'; /* short name, as bonnie++ prints it */
}

static uint32_t seed_default(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint32_t)(ts.tv_sec ^ ts.tv_nsec ^ ((long)getpid() << 16));
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

int run_config_finish(struct config *cfg)
{
	char err[512];

	if (cfg->phases_arg && (phase_select_parse(cfg->phases_arg, &cfg->phase_mask, err, sizeof err) != 0 ||
	                        phase_select_check(cfg->phases_arg, cfg->phase_mask, cfg, err, sizeof err) != 0))
		return say_status(EXIT_USAGE, "%s", err);
	if (!cfg->seed_given)
		cfg->seed = seed_default();
	if (cfg->sweep_levels && !cfg->level_given)
		cfg->level_ns = SWEEP_LEVEL_NS;
	if (cfg->sweep_levels && !cfg->file_size_given) {
		cfg->file_size = SWEEP_FILE_SIZE;
		cfg->file_size_given = true;
		cfg->file_size_auto = true;
	}
	return EXIT_OK;
}

bool run_wants_align_probe(const struct config *cfg, const struct env_info *env)
{
	const struct env_device *d = &env->dev;
	bool auto_on = d->present && d->logical_block > 0 && d->physical_block > d->logical_block;

	return cfg->align_probe > 0 || (cfg->align_probe < 0 && auto_on);
}

/* Without -s: the default size, with a note when the space left made it smaller. */
static void choose_default_size(struct config *cfg, const struct space *sp, bool probe)
{
	bool reduced;
	char have[32], use[32];

	cfg->file_size = sizing_default_size(cfg, sp, probe, &reduced);
	if (reduced) {
		units_format_human(sp->bytes_free, have, sizeof have);
		units_format_size(cfg->file_size, use, sizeof use);
		say("note: only %s free under %s: using -s %s", have, cfg->dir, use);
	}
}

static int fit_to_space(struct config *cfg, const struct env_info *env)
{
	bool probe = run_wants_align_probe(cfg, env);
	struct op_error e = {0};
	struct space sp;

	if (!cfg->file_size_given)
		cfg->file_size_auto = true;
	if (space_of(cfg->dir, &sp) != 0 || sp.unlimited) {
		if (!cfg->file_size_given)
			cfg->file_size = SIZING_DEFAULT_FILE_SIZE;
		return EXIT_OK;
	}
	if (!cfg->file_size_given)
		choose_default_size(cfg, &sp, probe);
	if (sizing_check(cfg, &sp, probe, &e) != 0) {
		say_error("", &e);
		return EXIT_SETUP;
	}
	return EXIT_OK;
}

/* A file size limit (ulimit -f) under the largest file the run would
 * write is refused before anything is made; without -s the default size
 * is brought under it. */
static int fit_to_file_limit(struct config *cfg)
{
	uint64_t limit = file_size_limit(), least = clients_min_size(cfg->chunk, config_most_clients(cfg));
	char size[32];
	bool data;

	if (sizing_largest_file(cfg, &data) <= limit)
		return EXIT_OK;
	if (data && !cfg->file_size_given && limit - limit % cfg->chunk >= least) {
		cfg->file_size = limit - limit % cfg->chunk;
		units_format_size(cfg->file_size, size, sizeof size);
		say("note: the file size limit (RLIMIT_FSIZE) is %llu bytes: using -s %s", (unsigned long long)limit,
		    size);
		if (sizing_largest_file(cfg, &data) <= limit)
			return EXIT_OK;
	}
	units_format_size(sizing_largest_file(cfg, &data), size, sizeof size);
	return say_status(EXIT_SETUP, "the file size limit (RLIMIT_FSIZE) is %llu bytes, under the %s of %s this run "
	                  "writes: raise it with ulimit -f, or use a smaller %s", (unsigned long long)limit,
	                  data ? "data file" : "largest file", size, data ? "-s or -f" : "-n max");
}

/* Without eviction, reads of a file under twice the RAM come from memory. */
static void warn_if_cached(const struct config *cfg, const struct env_info *env)
{
	uint64_t ram = cfg->ram_given ? cfg->ram_bytes : env->ram_bytes;

	if (!sizing_reads_may_be_cached(cfg, ram, plat_can_evict()))
		return;
	say("warning: %s and the %llu MiB file is under twice the %llu MiB of RAM: read rates may come "
	    "from the page cache",
	    cfg->evict ? "this system cannot drop the page cache" : "--no-evict",
	    (unsigned long long)(cfg->file_size >> 20), (unsigned long long)(ram >> 20));
}

int run_config_size(struct config *cfg, const struct env_info *env)
{
	int status = fit_to_space(cfg, env);

	if (status == EXIT_OK)
		status = fit_to_file_limit(cfg);

	if (status == EXIT_OK)
		warn_if_cached(cfg, env);
	return status;
}
