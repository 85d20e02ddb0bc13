/* The run's plan (plan.h): each step makes a new plan of the one before
 * and writes bonnie's decisions into it alone. */
#include "plan.h"

#include "run_config.h"
#include "say.h"

#include "../lib/exitcodes.h"
#include "../lib/platform.h"
#include "../lib/limit_reason.h"
#include "../lib/free_space.h"
#include "../lib/units.h"
#include "../lib/wallclock.h"
#include "../phases/interface/client_part.h"
#include "../phases/interface/phase.h"
#include "../phases/phase_select.h"
#include "../phases/qd.h"
#include "../lib/qdio.h"
#include "../phases/runner/schedule.h"
#include "../phases/sizing/sizing.h"

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

static uint32_t seed_default(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (uint32_t)(ts.tv_sec ^ ts.tv_nsec ^ ((long)getpid() << 16));
}

/* --start-at: every phase time-based, the slot's length, the clock's
 * state; a host whose first planned phase has begun refuses (EXIT_SETUP):
 * it could not overlap the other hosts' first phase. */
static int plan_schedule(struct config *cfg)
{
	uint64_t now = wallclock_now_ns();

	if (cfg->start_at_ns == 0)
		return EXIT_OK;
	if (cfg->verify)
		return say_status(EXIT_USAGE, "--start-at and --verify: a scheduled phase works by time, a verified one "
		                  "makes one whole pass");
	if (cfg->level_given && cfg->level_ns == 0)
		return say_status(EXIT_USAGE, "--start-at needs --level-time above 0: every phase works for its slot");
	if (!cfg->level_given && !cfg->sweep_levels)
		cfg->level_ns = SCHEDULE_LEVEL_NS;
	cfg->decided.slot_ns = schedule_slot_ns(cfg->level_ns);
	wallclock_state(&cfg->decided.clock);
	if (now >= cfg->start_at_ns)
		return say_status(EXIT_SETUP, "--start-at: the first phase was planned %.3f s ago: this host started "
		                  "too late to join the schedule; give every host a later time",
		                  (double)(now - cfg->start_at_ns) / 1e9);
	if (cfg->decided.clock.sync == WALLCLOCK_UNSYNCED)
		say("note: the kernel says this host's clock is not synchronised (adjtimex): the hosts' phases "
		    "overlap only as well as their clocks agree");
	return EXIT_OK;
}

/* The queue-depth engine is set up once on no file before anything is
 * made. --qd-engine io_uring where the kernel will not set up a ring
 * (built without it, ENOSYS; a seccomp policy, EPERM) is refused, since
 * the other engine is not the measurement asked for. A limit that stops
 * an engine (worker threads under ulimit -u or -v, io_uring's own worker
 * under ulimit -u) is refused in the limit line, as the phase would stop
 * on it (phases/qd.c). Threads are set up at the deepest queue the run
 * makes; io_uring at depth 1 (auto: 2, qdio_engine_probe's), as before. */
static int qd_engine_check(const struct config *cfg)
{
	enum qdio_engine want = (enum qdio_engine)cfg->qd_engine;
	unsigned deepest, shallowest;
	struct qdio_limit lim;
	struct qdio *q;
	int rc;

	if (!cfg->qd)
		return EXIT_OK;
	qd_depth_span(cfg->decided.phase_mask, &deepest, &shallowest);
	if (deepest == 0)
		deepest = 1; /* none of the profile's phases chosen: the engine's least */
	rc = qdio_open_limit(&q, -1, want == QDIO_THREADS ? deepest : want == QDIO_URING ? 1 : 2, want, &lim);
	if (rc == 0 && want == QDIO_AUTO && qdio_engine_of(q) == QDIO_THREADS && deepest > 2) {
		qdio_close(q);
		rc = qdio_open_limit(&q, -1, deepest, QDIO_THREADS, &lim);
	}
	if (rc == 0) {
		qdio_close(q);
		return EXIT_OK;
	}
	if (lim.what[0])
		return say_status(EXIT_SETUP, "--qd: %s %s: %s", lim.what, lim.which, lim.why);
	if (want != QDIO_URING)
		return say_status(EXIT_SETUP, "--qd: cannot set up the %s engine: %s", qdio_engine_name(want),
		                  strerror(-rc));
	return say_status(EXIT_SETUP, "--qd-engine io_uring: io_uring cannot be set up here (%s); --qd-engine "
	                  "threads or auto keeps the depth with threads", strerror(-rc));
}

int plan_make(struct plan *p, const struct config *opts)
{
	struct config *cfg = &p->run;
	char err[512];

	*p = (struct plan){.run = *opts};
	if (cfg->phases_arg && phase_select_parse(cfg->phases_arg, &cfg->decided.phase_mask, err, sizeof err) != 0)
		return say_status(EXIT_USAGE, "%s", err);
	/* --phases qd (or one of its rows) runs the profile; --qd adds it to a --phases list */
	if (cfg->decided.phase_mask & qd_mask())
		cfg->qd = true;
	else if (cfg->qd && cfg->decided.phase_mask)
		cfg->decided.phase_mask |= qd_mask();
	if (cfg->phases_arg && phase_select_check(cfg->phases_arg, cfg->decided.phase_mask, cfg, err, sizeof err) != 0)
		return say_status(EXIT_USAGE, "%s", err);
	if (cfg->qd && (cfg->concurrency > 1 || cfg->sweep_levels))
		return say_status(EXIT_USAGE, "--qd: the queue-depth profile keeps its depth from one process: "
		                              "not with -c N or --clients");
	if (cfg->qd && cfg->file_size_given && cfg->file_size < QD_SEQ_BLOCK)
		return say_status(EXIT_USAGE, "--qd: -s must be at least 1 MiB (the profile's sequential block)");
	if (qd_engine_check(cfg) != EXIT_OK)
		return EXIT_SETUP;
	if (!cfg->seed_given)
		cfg->seed = seed_default();
	if (cfg->sweep_levels && !cfg->level_given)
		cfg->level_ns = SWEEP_LEVEL_NS;
	if (cfg->sweep_levels && !cfg->file_size_given) {
		cfg->file_size = SWEEP_FILE_SIZE;
		cfg->decided.file_size_auto = true;
	}
	return plan_schedule(cfg);
}

/* Whether plan_fit chooses the size: no -s, and not a sweep's (plan_make). */
static bool size_open(const struct config *cfg)
{
	return !cfg->file_size_given && !cfg->sweep_levels;
}

/* Without -s: the default size, with a note when the space left made it smaller. */
static void choose_default_size(struct config *cfg, const struct space *sp, bool probe)
{
	bool reduced;
	char have[32], use[32];

	cfg->file_size = sizing_default_size(cfg, sp, probe, &reduced);
	/* a --phases qd run does not use -s: its profile's size is its own note */
	if (reduced && phase_select_asks_bonnie(cfg, true)) {
		units_format_human(sp->bytes_free, have, sizeof have);
		units_format_size(cfg->file_size, use, sizeof use);
		say("note: only %s free under %s: using -s %s", have, cfg->dir, use);
	}
}

/* A time-based level with -n given: its creates run by time too, so
 * their pool is not the count's 4x (16384 files at -n 4, taken in 0.4 s
 * here by 100 clients, which left the deletes a few milliseconds of work
 * a client, less than the time slice that starts the last of them) but
 * what the file system can hold: an eighth of the free inodes, of the
 * free space a file, at most FILES_POOL_MAX_K; never under the count's
 * pool. The space check counts twice it (the creates and the top-ups).
 * Only in a --clients sweep: on a --start-at schedule (-c N on several
 * hosts) the top-up of so large a pool before the deletes ran past the
 * phase's slot (6 s here), and the hosts' deletes no longer overlapped.
 * Without -n the calibration sizes it (plan_size_by_time). */
static void pool_by_room(struct config *cfg, const struct space *sp)
{
	uint64_t k = FILES_POOL_MAX_K, per;

	if (!cfg->sweep_levels || !cfg->files_given || cfg->files_k == 0 || !config_level_timed(cfg) ||
	    config_most_clients(cfg) < 2)
		return;
	if (sp->inodes_free && sp->inodes_free / 8 / 1024 < k)
		k = sp->inodes_free / 8 / 1024;
	per = cfg->file_max > 0 ? ((uint64_t)cfg->file_max + sp->block - 1) / (sp->block ? sp->block : 1) *
	                              (sp->block ? sp->block : 1) : 0;
	if (per && sp->bytes_free / 8 / per / 1024 < k)
		k = sp->bytes_free / 8 / per / 1024;
	cfg->decided.files_pool_k = files_auto_pool_k(cfg->files_k, (uint32_t)k);
}

/* On ZFS the default data file is made larger than what the ARC (and
 * L2ARC) may hold, as the default is sized past the page cache elsewhere:
 * dropping the page cache does not empty the ARC. Where the free space
 * does not allow it, the default stays and the reads are marked. */
static void size_past_arc(struct config *cfg, const struct env_info *env, const struct space *sp, bool probe)
{
	uint64_t want = zfs_default_size(&env->zfs.arc, cfg->file_size);
	struct config bigger = *cfg;
	struct op_error e = {0};
	char arc[32], size[32];

	if (!env->zfs.present || want <= cfg->file_size)
		return;
	want -= want % cfg->chunk;
	bigger.file_size = want;
	units_format_human(env->zfs.arc.c_max + env->zfs.arc.l2_size, arc, sizeof arc);
	units_format_size(want, size, sizeof size);
	if (sp->bytes_free / 2 >= want && sizing_check(&bigger, sp, probe, &e) == 0) {
		cfg->file_size = want;
		say("note: ZFS's ARC may hold %s: using -s %s, so that reads reach the disks", arc, size);
	} else {
		say("note: ZFS's ARC may hold %s, and the free space does not allow -s %s: reads may come from the ARC "
		    "(marked c)", arc, size);
	}
}

static int fit_to_space(struct config *cfg, const struct env_info *env)
{
	bool probe = run_wants_align_probe(cfg, env);
	struct op_error e = {0};
	struct space sp;

	if (!cfg->file_size_given)
		cfg->decided.file_size_auto = true;
	/* its free space is no reason: nothing can be written there at all */
	if (space_read_only(cfg->dir))
		return say_status(EXIT_SETUP, "cannot write under %s: its file system is mounted read-only (-d names "
		                  "where to test)", cfg->dir);
	if (space_of(cfg->dir, &sp) != 0 || sp.unlimited) {
		if (size_open(cfg))
			cfg->file_size = SIZING_DEFAULT_FILE_SIZE;
		return EXIT_OK;
	}
	if (size_open(cfg)) {
		choose_default_size(cfg, &sp, probe);
		size_past_arc(cfg, env, &sp, probe);
	}
	pool_by_room(cfg, &sp);
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
	if (data && size_open(cfg) && limit - limit % cfg->chunk >= least) {
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

int plan_fit(struct plan *p, const struct plan *made, const struct env_info *env)
{
	int status;

	*p = *made;
	status = fit_to_space(&p->run, env);
	if (status == EXIT_OK)
		status = fit_to_file_limit(&p->run);
	if (status == EXIT_OK)
		warn_if_cached(&p->run, env);
	if (p->run.start_at_ns)
		p->run.decided.sched_mask = schedule_mask(&p->run);
	return status;
}

void plan_size_by_time(struct plan *p, const struct plan *fitted, const struct autosize *as)
{
	struct config *cfg = &p->run;

	*p = *fitted;

	if (as->data_ran) {
		cfg->decided.file_size_timed = true;
		cfg->file_size = data_auto_size(&as->data, cfg->chunk,
		                                clients_min_size(cfg->chunk, config_most_clients(cfg)), cfg->file_size);
	}
	if (as->perchar_ran) {
		cfg->decided.perchar_timed = true;
		perchar_auto_size(&as->perchar, cfg->chunk, cfg->file_size, &p->perchar);
		cfg->perchar_size = p->perchar.bytes;
		cfg->decided.auto_skipped |= perchar_skipped(&p->perchar);
		if (cfg->decided.auto_skipped)
			cfg->decided.phase_mask = phase_select_without(cfg->decided.phase_mask, cfg->decided.auto_skipped);
	}
	if (as->files_ran) {
		cfg->files_k = as->files.decided_k;
		cfg->decided.files_by_rate = true;
		cfg->decided.files_bound = (uint8_t)as->files.bound;
		if (config_level_timed(cfg) && config_most_clients(cfg) > 1 && !as->files.slow)
			cfg->decided.files_pool_k = files_auto_pool_k(cfg->files_k, as->files.pool_max_k);
	}
}

void plan_note_qd(const struct config *cfg)
{
	enum qdio_engine e = qdio_engine_probe((enum qdio_engine)cfg->qd_engine);
	char size[32], cut[64] = "one whole pass each";

	if (!cfg->qd || cfg->concurrency > 1 || cfg->sweep_levels)
		return;
	units_format_size(qd_planned_size(cfg), size, sizeof size);
	if (cfg->qd_ns)
		snprintf(cut, sizeof cut, "%.3g s each, round the file again as needed", (double)cfg->qd_ns / 1e9);
	say("note: queue-depth profile: 8 phases on a %s file (%s), O_DIRECT where the file system takes it, "
	    "depth kept by %s%s",
	    size, cut, e == QDIO_AUTO ? "nothing: neither io_uring nor threads could be set up" :
	    e == QDIO_URING ? "io_uring" :
	    cfg->qd_engine == QDIO_THREADS ? "threads (--qd-engine threads)" : "threads (io_uring is not available here)",
	    cfg->qd_engine == QDIO_AUTO ? "; the Q1T1 rows by pread/pwrite (psync), one at a time" : "");
}
